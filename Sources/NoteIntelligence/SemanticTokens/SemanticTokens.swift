public import NoteSyntax

/// Computes the semantic tokens of a note, one top-level block at a time.
///
/// Tokens never overlap and never span a line; the innermost construct wins; plain
/// paragraph and list text gets no token. Parts of tokens that a finding's range
/// covers carry the `invalid` modifier.
public enum SemanticTokens {
  /// The tokens of one top-level block, with offsets relative to the block's start so
  /// they stay valid when an edit elsewhere moves the block.
  public static func tokens(for block: SyntaxNode, in doc: NoteDocument) -> [SemanticToken] {
    let range = block.range
    let findings = doc.tree.findings.filter { $0.range.overlaps(range) || range.contains($0.range.lowerBound) }
    return tokens(for: block, text: doc.text, findings: findings)
  }

  /// The tokens of the whole note (or of the blocks touching `range`), absolute and
  /// sorted by start, without caching.
  public static func tokens(for doc: NoteDocument, in range: Range<Int>? = nil) -> [SemanticToken] {
    var result: [SemanticToken] = []
    let findings = FindingsByBlock(doc.tree.findings)
    for block in doc.tree.blocks(touching: range) {
      let relative = tokens(for: block, text: doc.text, findings: findings.findings(in: block.range))
      result.append(contentsOf: relative.lazy.map { $0.shifted(by: block.startOffset) })
    }
    return result.filtered(to: range)
  }

  /// The tokens of `block` relative to its start, given the findings inside it.
  static func tokens(for block: SyntaxNode, text: TextStorage, findings: some Collection<SyntaxFinding>)
    -> [SemanticToken]
  {
    var collector = TokenCollector(bytes: text.bytes(in: block.range), base: block.startOffset)
    collector.walk(block, inherited: nil)
    let invalid = findings.map {
      ($0.range.lowerBound - block.startOffset)..<($0.range.upperBound - block.startOffset)
    }
    return TokenCollector.merged(TokenCollector.markingInvalid(collector.tokens, invalid))
  }
}

/// Findings sorted by block, so each block's findings are found by binary search.
struct FindingsByBlock {
  let all: [SyntaxFinding]

  init(_ findings: [SyntaxFinding]) { all = findings }

  /// The findings that start inside `range` (a top-level block's range).
  func findings(in range: Range<Int>) -> ArraySlice<SyntaxFinding> {
    var low = 0
    var high = all.count
    while low < high {
      let mid = (low + high) / 2
      if all[mid].range.lowerBound < range.lowerBound { low = mid + 1 } else { high = mid }
    }
    var end = low
    while end < all.count && all[end].range.lowerBound < range.upperBound { end += 1 }
    return all[low..<end]
  }
}

extension SyntaxTree {
  /// The top-level blocks that touch `range` (every block when `range` is nil).
  func blocks(touching range: Range<Int>?) -> [SyntaxNode] {
    guard let range else { return topLevelBlocks }
    guard let first = blockIndex(containing: range.lowerBound) else { return [] }
    var result: [SyntaxNode] = []
    var index = first
    while index < blockCount {
      let node = block(at: index)
      if node.startOffset >= range.upperBound && !(range.isEmpty && node.startOffset == range.lowerBound) { break }
      result.append(node)
      index += 1
    }
    return result
  }
}

extension Array where Element == SemanticToken {
  /// The tokens that overlap `range` (all of them when `range` is nil).
  func filtered(to range: Range<Int>?) -> [SemanticToken] {
    guard let range else { return self }
    return filter { $0.start < range.upperBound && $0.end > range.lowerBound }
  }
}
