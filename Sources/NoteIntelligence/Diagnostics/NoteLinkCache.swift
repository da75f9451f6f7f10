public import NoteSyntax

/// The links of a note that may name other notes (`link-missing-note` checks them on
/// every keystroke), found per run of top-level blocks (``SyntaxTree/BlockRun``) and
/// cached by the run's identity.
///
/// An edit keeps every run of blocks it did not touch as the same object, so after a
/// keystroke only the new runs are scanned for links; the others' links are read from
/// the cache and moved to where their run is now. A keystroke in a note of 100,000
/// blocks looks up under a thousand runs. In a new run, the blocks that a run made new
/// by an earlier call also held are not scanned again: their links are kept per block
/// until a call does not use them (a run of a large block's pieces holds some 300 KB).
///
/// Not thread-safe: keep one per document, owned by whoever serializes its requests.
public final class NoteLinkCache {
  private struct Entry {
    /// Keeps the run, and so its identity, alive.
    let owner: AnyObject
    /// The run's links, relative to its start.
    let links: [LinkUse]
    var pass: UInt32
    /// The blocks whose links ``NoteLinkCache/blockEntries`` keeps for this run.
    var blocks: [ObjectIdentifier] = []
  }

  /// One block's links, relative to its start, kept while a cached run holds the block.
  private struct BlockEntry {
    /// Keeps the block, and so its identity, alive.
    let owner: AnyObject
    let links: [LinkUse]
    /// How many cached runs hold the block.
    var runs: Int
  }

  private var entries: [ObjectIdentifier: Entry] = [:]
  private var blockEntries: [ObjectIdentifier: BlockEntry] = [:]
  private var pass: UInt32 = 0

  /// Runs of blocks scanned (not served from the cache) by the latest call.
  public private(set) var lastComputedRuns = 0
  /// Blocks scanned for links by the latest call.
  public private(set) var lastScannedBlocks = 0

  public init() {}

  /// Number of cached runs.
  public var count: Int { entries.count }

  /// The links and images of `doc` whose target may name a note (before any `#`, it
  /// ends with `.md` or `.markdown`), in order: what ``NoteLinkCache/fresh(in:)`` gives.
  ///
  /// A new run after the first call is made of blocks that mostly stood in an earlier
  /// run (an edit makes a new run around the blocks it reparsed): their links are kept
  /// per block while a cached run holds them, so only the reparsed blocks are scanned,
  /// even in a run of a large block's pieces (some 300 KB).
  public func links(in doc: NoteDocument) -> [LinkUse] {
    pass &+= 1
    lastComputedRuns = 0
    lastScannedBlocks = 0
    // The first call scans every block: keeping each block's links as well would only cost.
    let keepsBlocks = !entries.isEmpty
    let current = pass
    var links: [LinkUse] = []
    var used = 0
    doc.tree.forEachRun { run in
      used += 1
      let relative: [LinkUse]
      if let entry = entries[run.identity] {
        entries[run.identity]?.pass = current
        relative = entry.links
      } else {
        var found: [LinkUse] = []
        var blocks: [ObjectIdentifier] = []
        run.forEachBlock { block in
          guard block.kind != .blankLine else { return }
          guard keepsBlocks else {
            lastScannedBlocks += 1
            LinkUse.append(of: block, in: doc, keep: { LinkTarget.mayNameNote($0, in: doc) }, to: &found)
            return
          }
          let start = block.startOffset
          let identity = block.blockIdentity
          blocks.append(identity)
          if let entry = blockEntries[identity] {
            blockEntries[identity]?.runs += 1
            for link in entry.links { found.append(link.shifted(by: start)) }
            return
          }
          lastScannedBlocks += 1
          var own: [LinkUse] = []
          LinkUse.append(of: block, in: doc, keep: { LinkTarget.mayNameNote($0, in: doc) }, to: &own)
          blockEntries[identity] = BlockEntry(
            owner: block.blockObject, links: own.map { $0.shifted(by: -start) }, runs: 1)
          found.append(contentsOf: own)
        }
        relative = found.map { $0.shifted(by: -run.start) }
        entries[run.identity] = Entry(owner: run.owner, links: relative, pass: current, blocks: blocks)
        lastComputedRuns += 1
      }
      for link in relative { links.append(link.shifted(by: run.start)) }
    }
    if entries.count > used {
      var kept: [ObjectIdentifier: Entry] = [:]
      kept.reserveCapacity(used)
      for (identity, entry) in entries {
        if entry.pass == current {
          kept[identity] = entry
          continue
        }
        for block in entry.blocks {
          blockEntries[block]?.runs -= 1
          if blockEntries[block]?.runs == 0 { blockEntries[block] = nil }
        }
      }
      entries = kept
    }
    return links
  }

  /// The same links computed from scratch, reading every block.
  public static func fresh(in doc: NoteDocument) -> [LinkUse] {
    LinkUse.all(in: doc, keep: { LinkTarget.mayNameNote($0, in: doc) })
  }
}
