public import NoteSyntax

/// Semantic tokens cached per top-level block.
///
/// Entries are keyed by `SyntaxNode.blockIdentity` and hold the block's node, which
/// keeps the block (and so its identity) alive. An edit reuses every block it did not
/// touch, so after an edit only the new blocks are tokenized. A full pass evicts the
/// entries of blocks that are no longer in the note; a range pass evicts them once the
/// cache holds more than twice the note's blocks.
///
/// Not thread-safe: keep one per document, owned by whoever serializes its requests.
public final class SemanticTokenCache {
  private struct Entry {
    let block: SyntaxNode
    let tokens: [SemanticToken]
  }

  private var entries: [ObjectIdentifier: Entry] = [:]

  /// Blocks tokenized (not served from the cache) by the latest pass.
  public private(set) var lastComputedBlocks = 0

  public init() {}

  /// Number of cached blocks.
  public var count: Int { entries.count }

  /// Drops every entry.
  public func removeAll() { entries.removeAll() }

  /// The tokens of `doc` (or those overlapping `range`), absolute and sorted by start.
  public func tokens(for doc: NoteDocument, in range: Range<Int>? = nil) -> [SemanticToken] {
    var seen: [ObjectIdentifier: Entry] = [:]
    var result: [SemanticToken] = []
    lastComputedBlocks = 0
    for block in doc.tree.blocks(touching: range) {
      let identity = block.blockIdentity
      let entry: Entry
      if let cached = entries[identity] {
        entry = cached
      } else {
        let tokens = SemanticTokens.tokens(for: block, text: doc.text, findings: block.blockFindings)
        entry = Entry(block: block, tokens: tokens)
        lastComputedBlocks += 1
      }
      seen[identity] = entry
      result.append(contentsOf: entry.tokens.lazy.map { $0.shifted(by: block.startOffset) })
    }
    if range == nil || entries.count + seen.count > 2 * max(doc.tree.blockCount, 16) {
      entries = seen
    } else {
      entries.merge(seen) { _, new in new }
    }
    return result.filtered(to: range)
  }
}
