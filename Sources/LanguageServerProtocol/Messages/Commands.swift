public import JSONCore

/// `workspace/executeCommand`: runs a command the server advertised.
public struct ExecuteCommandParams: LSPRequest, Hashable {
  public static let method = "workspace/executeCommand"
  public typealias Response = JSONValue
  public var command: String
  public var arguments: [JSONValue]?

  public init(command: String, arguments: [JSONValue]? = nil) {
    self.command = command
    self.arguments = arguments
  }
}

/// The commands a server runs (`executeCommandProvider`).
public struct ExecuteCommandOptions: Codable, Sendable, Hashable {
  public var commands: [String]

  public init(commands: [String]) { self.commands = commands }
}

/// `window/showDocument`, a server→client request: show a document, optionally with a selection.
public struct ShowDocumentParams: LSPRequest, Hashable {
  public static let method = "window/showDocument"
  public typealias Response = ShowDocumentResult
  public var uri: DocumentURI
  public var external: Bool?
  public var takeFocus: Bool?
  public var selection: Range?

  public init(uri: DocumentURI, external: Bool? = nil, takeFocus: Bool? = nil, selection: Range? = nil) {
    self.uri = uri
    self.external = external
    self.takeFocus = takeFocus
    self.selection = selection
  }
}

public struct ShowDocumentResult: Codable, Sendable, Hashable {
  public var success: Bool

  public init(success: Bool) { self.success = success }
}
