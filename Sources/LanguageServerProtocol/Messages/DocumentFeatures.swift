public import JSONCore

/// `textDocument/documentSymbol`, answered with hierarchical symbols.
public struct DocumentSymbolParams: LSPRequest, Hashable {
  public static let method = "textDocument/documentSymbol"
  public typealias Response = DocumentSymbolAnswer
  public var textDocument: TextDocumentIdentifier

  public init(textDocument: TextDocumentIdentifier) { self.textDocument = textDocument }

  /// A written answer is the response's JSON as it is: an outline of hundreds of
  /// kilobytes is not copied again.
  public static func encode(response: DocumentSymbolAnswer) throws -> [UInt8] {
    if case .json(let bytes) = response { return bytes }
    var writer = JSONWriter()
    response.writeJSON(to: &writer)
    return writer.bytes
  }
}

/// The answer to `textDocument/documentSymbol`: symbols as values, or the JSON array a
/// handler has already written (the outline of a large note is streamed into a
/// ``JSONWriter`` without building a tree of values first).
public enum DocumentSymbolAnswer: Codable, Sendable, Hashable, FastJSONEncodable {
  case symbols([DocumentSymbol])
  /// A JSON array of `DocumentSymbol` objects.
  case json([UInt8])

  public init(from decoder: any Decoder) throws {
    self = .symbols(try [DocumentSymbol](from: decoder))
  }

  public func encode(to encoder: any Encoder) throws {
    switch self {
    case .symbols(let symbols): try symbols.encode(to: encoder)
    case .json(let bytes): try JSONParser.parse(bytes).encode(to: encoder)
    }
  }

  public func writeJSON(to writer: inout JSONWriter) {
    switch self {
    case .symbols(let symbols): symbols.writeJSON(to: &writer)
    case .json(let bytes): writer.writeRaw(bytes)
    }
  }
}

public struct DocumentSymbol: Codable, Sendable, Hashable {
  public var name: String
  public var detail: String?
  public var kind: SymbolKind
  public var range: Range
  public var selectionRange: Range
  public var children: [DocumentSymbol]?

  public init(
    name: String, detail: String? = nil, kind: SymbolKind, range: Range, selectionRange: Range,
    children: [DocumentSymbol]? = nil
  ) {
    self.name = name
    self.detail = detail
    self.kind = kind
    self.range = range
    self.selectionRange = selectionRange
    self.children = children
  }
}

/// `textDocument/foldingRange`.
public struct FoldingRangeParams: LSPRequest, Hashable {
  public static let method = "textDocument/foldingRange"
  public typealias Response = [FoldingRange]?
  public var textDocument: TextDocumentIdentifier

  public init(textDocument: TextDocumentIdentifier) { self.textDocument = textDocument }
}

public struct FoldingRange: Codable, Sendable, Hashable {
  public var startLine: Int
  public var startCharacter: Int?
  public var endLine: Int
  public var endCharacter: Int?
  public var kind: FoldingRangeKind?
  public var collapsedText: String?

  public init(
    startLine: Int, startCharacter: Int? = nil, endLine: Int, endCharacter: Int? = nil,
    kind: FoldingRangeKind? = nil, collapsedText: String? = nil
  ) {
    self.startLine = startLine
    self.startCharacter = startCharacter
    self.endLine = endLine
    self.endCharacter = endCharacter
    self.kind = kind
    self.collapsedText = collapsedText
  }
}

/// `textDocument/hover`.
public struct HoverParams: LSPRequest, Hashable {
  public static let method = "textDocument/hover"
  public typealias Response = Hover?
  public var textDocument: TextDocumentIdentifier
  public var position: Position

  public init(textDocument: TextDocumentIdentifier, position: Position) {
    self.textDocument = textDocument
    self.position = position
  }
}

public struct Hover: Codable, Sendable, Hashable {
  public var contents: MarkupContent
  public var range: Range?

  public init(contents: MarkupContent, range: Range? = nil) {
    self.contents = contents
    self.range = range
  }
}

extension Position: FastJSONEncodable {
  public func writeJSON(to writer: inout JSONWriter) {
    writer.beginValue()
    writeMembers(to: &writer)
  }

  fileprivate func writeMembers(to writer: inout JSONWriter) {
    writer.appendASCII("{\"line\":")
    writer.appendNumber(line)
    writer.appendASCII(",\"character\":")
    writer.appendNumber(character)
    writer.appendASCII("}")
  }
}

extension Range: FastJSONEncodable {
  public func writeJSON(to writer: inout JSONWriter) {
    writer.beginValue()
    writer.appendASCII("{\"start\":")
    start.writeMembers(to: &writer)
    writer.appendASCII(",\"end\":")
    end.writeMembers(to: &writer)
    writer.appendASCII("}")
  }
}

/// Outlines of large notes hold thousands of symbols: written directly, members in
/// declaration order, `detail` and `children` left out when absent (as `JSONEncoder` does).
extension DocumentSymbol: FastJSONEncodable {
  public func writeJSON(to writer: inout JSONWriter) {
    writer.beginObject()
    writer.key("name")
    writer.write(name)
    if let detail {
      writer.key("detail")
      writer.write(detail)
    }
    writer.key("kind")
    writer.write(kind.rawValue)
    writer.key("range")
    range.writeJSON(to: &writer)
    writer.key("selectionRange")
    selectionRange.writeJSON(to: &writer)
    if let children {
      writer.key("children")
      children.writeJSON(to: &writer)
    }
    writer.endObject()
  }
}
