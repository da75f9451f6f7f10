/// `textDocument/documentSymbol`, answered with hierarchical symbols.
public struct DocumentSymbolParams: LSPRequest, Hashable {
  public static let method = "textDocument/documentSymbol"
  public typealias Response = [DocumentSymbol]?
  public var textDocument: TextDocumentIdentifier

  public init(textDocument: TextDocumentIdentifier) { self.textDocument = textDocument }
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
