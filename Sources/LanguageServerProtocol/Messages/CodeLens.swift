public import JSONCore

/// `textDocument/codeLens`: the lenses of a document.
public struct CodeLensParams: LSPRequest, Hashable {
  public static let method = "textDocument/codeLens"
  public typealias Response = [CodeLens]?
  public var textDocument: TextDocumentIdentifier

  public init(textDocument: TextDocumentIdentifier) { self.textDocument = textDocument }
}

/// A command shown above a range: its title is what the editor shows.
public struct CodeLens: Codable, Sendable, Hashable {
  public var range: Range
  public var command: Command?
  public var data: JSONValue?

  public init(range: Range, command: Command? = nil, data: JSONValue? = nil) {
    self.range = range
    self.command = command
    self.data = data
  }
}

public struct CodeLensOptions: Codable, Sendable, Hashable {
  public var resolveProvider: Bool?
  public init(resolveProvider: Bool? = nil) { self.resolveProvider = resolveProvider }
}

extension CodeLensOptions: FastJSONEncodable {
  public func writeJSON(to writer: inout JSONWriter) {
    writer.beginObject()
    writer.member("resolveProvider", resolveProvider)
    writer.endObject()
  }
}
