/// `textDocument/didOpen`.
public struct DidOpenTextDocumentParams: LSPNotification, Hashable {
  public static let method = "textDocument/didOpen"
  public var textDocument: TextDocumentItem

  public init(textDocument: TextDocumentItem) { self.textDocument = textDocument }
}

/// One change: replaces `range` with `text`, or the whole document when `range` is absent.
public struct TextDocumentContentChangeEvent: Codable, Sendable, Hashable {
  public var range: Range?
  public var rangeLength: Int?
  public var text: String

  public init(range: Range? = nil, rangeLength: Int? = nil, text: String) {
    self.range = range
    self.rangeLength = rangeLength
    self.text = text
  }

  /// Whether this change replaces the whole document.
  public var isFullText: Bool { range == nil }
}

/// `textDocument/didChange`: changes to apply in order.
public struct DidChangeTextDocumentParams: LSPNotification, Hashable {
  public static let method = "textDocument/didChange"
  public var textDocument: VersionedTextDocumentIdentifier
  public var contentChanges: [TextDocumentContentChangeEvent]

  public init(textDocument: VersionedTextDocumentIdentifier, contentChanges: [TextDocumentContentChangeEvent]) {
    self.textDocument = textDocument
    self.contentChanges = contentChanges
  }
}

/// `textDocument/didClose`.
public struct DidCloseTextDocumentParams: LSPNotification, Hashable {
  public static let method = "textDocument/didClose"
  public var textDocument: TextDocumentIdentifier

  public init(textDocument: TextDocumentIdentifier) { self.textDocument = textDocument }
}

/// `textDocument/didSave`.
public struct DidSaveTextDocumentParams: LSPNotification, Hashable {
  public static let method = "textDocument/didSave"
  public var textDocument: TextDocumentIdentifier
  public var text: String?

  public init(textDocument: TextDocumentIdentifier, text: String? = nil) {
    self.textDocument = textDocument
    self.text = text
  }
}
