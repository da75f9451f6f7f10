public import NoteSyntax

/// Semantic tokens cached per top-level block (see ``BlockCache``): after an edit only
/// the new blocks are tokenized.
///
/// Not thread-safe: keep one per document, owned by whoever serializes its requests.
public final class SemanticTokenCache {
  private var cache = BlockCache<[SemanticToken]>()

  /// Blocks tokenized (not served from the cache) by the latest pass.
  public var lastComputedBlocks: Int { cache.lastComputedBlocks }

  public init() {}

  /// Number of cached blocks.
  public var count: Int { cache.count }

  /// Drops every entry.
  public func removeAll() { cache.removeAll() }

  /// The tokens of `doc` (or those overlapping `range`), absolute and sorted by start.
  public func tokens(for doc: NoteDocument, in range: Range<Int>? = nil) -> [SemanticToken] {
    let blockCount = doc.tree.blockCount
    cache.beginPass(blockCount: blockCount)
    var result: [SemanticToken] = []
    for block in doc.tree.blocks(touching: range) {
      let tokens = cache.value(for: block) { TokenCollector.tokens(for: $0, in: doc) }
      result.append(contentsOf: tokens.lazy.map { $0.shifted(by: block.startOffset) })
    }
    cache.endPass(blockCount: blockCount, complete: range == nil)
    return result.filtered(to: range)
  }
}
