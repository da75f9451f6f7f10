public import JSONCore

/// `textDocument/codeAction`.
public struct CodeActionParams: LSPRequest, Hashable {
  public static let method = "textDocument/codeAction"
  public typealias Response = [CodeAction]?
  public var textDocument: TextDocumentIdentifier
  public var range: Range
  public var context: CodeActionContext

  public init(textDocument: TextDocumentIdentifier, range: Range, context: CodeActionContext) {
    self.textDocument = textDocument
    self.range = range
    self.context = context
  }
}

public struct CodeActionContext: Codable, Sendable, Hashable {
  public var diagnostics: [Diagnostic]
  public var only: [CodeActionKind]?
  public var triggerKind: Int?

  public init(diagnostics: [Diagnostic], only: [CodeActionKind]? = nil, triggerKind: Int? = nil) {
    self.diagnostics = diagnostics
    self.only = only
    self.triggerKind = triggerKind
  }
}

public struct Command: Codable, Sendable, Hashable {
  public var title: String
  public var command: String
  public var arguments: [JSONValue]?

  public init(title: String, command: String, arguments: [JSONValue]? = nil) {
    self.title = title
    self.command = command
    self.arguments = arguments
  }
}

/// Edits to several documents: keyed by URI (`changes`), or per document with its
/// version and with files created or renamed (`documentChanges`, for clients that
/// declare `workspace.workspaceEdit.documentChanges` and its `resourceOperations`).
public struct WorkspaceEdit: Codable, Sendable, Hashable {
  public var changes: [DocumentURI: [TextEdit]]?
  public var documentChanges: [DocumentChange]?

  public init(changes: [DocumentURI: [TextEdit]]? = nil, documentChanges: [DocumentChange]? = nil) {
    self.changes = changes
    self.documentChanges = documentChanges
  }
}

public struct CodeAction: Codable, Sendable, Hashable {
  public var title: String
  public var kind: CodeActionKind?
  public var diagnostics: [Diagnostic]?
  public var isPreferred: Bool?
  public var edit: WorkspaceEdit?
  public var command: Command?
  public var data: JSONValue?

  public init(
    title: String, kind: CodeActionKind? = nil, diagnostics: [Diagnostic]? = nil, isPreferred: Bool? = nil,
    edit: WorkspaceEdit? = nil, command: Command? = nil, data: JSONValue? = nil
  ) {
    self.title = title
    self.kind = kind
    self.diagnostics = diagnostics
    self.isPreferred = isPreferred
    self.edit = edit
    self.command = command
    self.data = data
  }
}
