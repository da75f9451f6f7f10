public import NoteSyntax

/// Computes the semantic tokens of a note, one top-level block at a time.
///
/// Tokens never overlap and never span a line; the innermost construct wins; plain
/// paragraph and list text gets no token. Parts of tokens that a finding's range
/// covers carry the `invalid` modifier.
public enum SemanticTokenizer {
  /// The tokens of one top-level block, with offsets relative to the block's
  /// start so they stay valid when an edit elsewhere moves the block.
  public static func tokens(for block: SyntaxNode, in doc: NoteDocument) -> [SemanticToken] {
    TokenCollector.tokens(for: block, in: doc)
  }

  /// The tokens of the whole note (or of the blocks touching `range`), absolute and
  /// sorted by start, computed afresh (with a cache used for this call only).
  public static func tokens(for doc: NoteDocument, in range: Range<Int>? = nil) -> [SemanticToken] {
    SemanticTokenCache().tokens(for: doc, in: range)
  }
}

extension Array where Element == SemanticToken {
  /// The tokens that overlap `range` (all of them when `range` is nil).
  func filtered(to range: Range<Int>?) -> [SemanticToken] {
    guard let range else { return self }
    return filter { $0.start < range.upperBound && $0.end > range.lowerBound }
  }
}
