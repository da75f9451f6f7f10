/// What an outline entry stands for.
public enum OutlineSymbolKind: String, Sendable, CaseIterable {
  /// The note's book: its title.
  case book
  /// A heading directly under the book (or at the top of a note without a title).
  case chapter
  /// A heading nested under another heading.
  case section
  /// A `Q:`/`A:` pair.
  case question
  /// A cloze deletion.
  case cloze
  /// A blockquote.
  case quote
  /// A `Summary:` or `tl;dr:` line.
  case summary
  /// A hashtag (for workspace-wide symbol lists; the outline of one note lists none).
  case tag
}

/// One entry of a note's outline, with its nested entries.
public struct OutlineSymbol: Sendable, Hashable {
  public var name: String
  public var detail: String?
  public var kind: OutlineSymbolKind
  /// Everything the entry covers (UTF-8 byte offsets), e.g. a heading's whole section.
  public var range: Range<Int>
  /// The part to select when the entry is chosen, e.g. a heading's text; inside `range`.
  public var selectionRange: Range<Int>
  public var children: [OutlineSymbol]

  public init(
    name: String, detail: String? = nil, kind: OutlineSymbolKind, range: Range<Int>, selectionRange: Range<Int>,
    children: [OutlineSymbol] = []
  ) {
    self.name = name
    self.detail = detail
    self.kind = kind
    self.range = range
    self.selectionRange = selectionRange
    self.children = children
  }
}
