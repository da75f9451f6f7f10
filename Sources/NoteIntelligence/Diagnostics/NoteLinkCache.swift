public import NoteSyntax

/// The links of a note that may name other notes (`link-missing-note` checks them on
/// every keystroke), found per top-level block and cached by block identity.
///
/// An edit keeps every block it did not touch as the same object, so after a keystroke
/// only the reparsed blocks are scanned for links; the others' links are read from the
/// cache and moved to where their block is now. Blank lines have no links and are
/// skipped.
///
/// Not thread-safe: keep one per document, owned by whoever serializes its requests.
public final class NoteLinkCache {
  /// A block's links, relative to its start.
  private var cache = BlockCache<[LinkUse]>()

  public init() {}

  /// Blocks scanned (not served from the cache) by the latest call.
  public var lastComputedBlocks: Int { cache.lastComputedBlocks }

  /// Number of cached blocks.
  public var count: Int { cache.count }

  /// The links and images of `doc` whose target may name a note (before any `#`, it
  /// ends with `.md` or `.markdown`), in order: what ``NoteLinkCache/fresh(in:)`` gives.
  public func links(in doc: NoteDocument) -> [LinkUse] {
    let blockCount = doc.tree.blockCount
    cache.beginPass(blockCount: blockCount)
    var links: [LinkUse] = []
    doc.tree.forEachBlock { block in
      guard block.kind != .blankLine else { return }
      let relative = cache.value(for: block) { block in
        var found: [LinkUse] = []
        LinkUse.append(of: block, in: doc, keep: { LinkTarget.mayNameNote($0, in: doc) }, to: &found)
        let start = block.startOffset
        return found.map { $0.shifted(by: -start) }
      }
      guard !relative.isEmpty else { return }
      let start = block.startOffset
      for link in relative { links.append(link.shifted(by: start)) }
    }
    cache.endPass(blockCount: blockCount, complete: true)
    return links
  }

  /// The same links computed from scratch, reading every block.
  public static func fresh(in doc: NoteDocument) -> [LinkUse] {
    LinkUse.all(in: doc, keep: { LinkTarget.mayNameNote($0, in: doc) })
  }
}
