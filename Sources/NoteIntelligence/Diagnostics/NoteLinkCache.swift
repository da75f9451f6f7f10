public import NoteSyntax

/// The links of a note that may name notes or headings (wiki links, and Markdown links
/// whose target ends with a note's extension or starts with `#`; the link checks read
/// them on every keystroke), found per run of top-level blocks (``SyntaxTree/BlockRun``) and
/// kept in the runs' order.
///
/// An edit keeps every run of blocks it did not touch as the same object, so after a
/// keystroke the runs before and after the edit are recognised by comparing
/// identities in order — no lookup — and only the runs between are looked at. Their
/// blocks that an earlier call also saw are not scanned again: their links are kept
/// per block while a kept run holds them.
///
/// Not thread-safe: keep one per document, owned by whoever serializes its requests.
public final class NoteLinkCache {
  private struct RunEntry {
    let identity: ObjectIdentifier
    /// Keeps the run, and so its identity, alive.
    let owner: AnyObject
    /// The run's links, relative to its start.
    let links: [LinkUse]
    /// The blocks whose links ``NoteLinkCache/blockEntries`` keeps for this run.
    let blocks: [ObjectIdentifier]
  }

  /// One block's links, relative to its start, kept while a kept run holds the block.
  private struct BlockEntry {
    /// Keeps the block, and so its identity, alive.
    let owner: AnyObject
    let links: [LinkUse]
    /// How many kept runs hold the block.
    var runs: Int
  }

  /// The runs of the latest call, in order.
  private var runs: [RunEntry] = []
  private var blockEntries: [ObjectIdentifier: BlockEntry] = [:]

  /// Runs of blocks scanned (not kept from the latest call) by the latest call.
  public private(set) var lastComputedRuns = 0
  /// Blocks scanned for links by the latest call.
  public private(set) var lastScannedBlocks = 0
  /// Inline regions of those blocks whose links were taken from the blocks they replaced.
  public private(set) var lastCopiedRegions = 0

  public init() {}

  /// Number of kept runs.
  public var count: Int { runs.count }

  /// The links of `doc` that may name a note or heading (``LinkTarget/mayNameNote(_:in:)``,
  /// and every wiki link), in order: what ``NoteLinkCache/fresh(in:)`` gives.
  public func links(in doc: NoteDocument) -> [LinkUse] {
    lastComputedRuns = 0
    lastScannedBlocks = 0
    lastCopiedRegions = 0
    var current: [SyntaxTree.BlockRun] = []
    current.reserveCapacity(runs.count + 4)
    doc.tree.forEachRun { current.append($0) }
    // The runs kept at both ends, by identity in order.
    var prefix = 0
    let shorter = min(runs.count, current.count)
    while prefix < shorter && runs[prefix].identity == current[prefix].identity { prefix += 1 }
    var suffix = 0
    while suffix < shorter - prefix
      && runs[runs.count - 1 - suffix].identity == current[current.count - 1 - suffix].identity
    {
      suffix += 1
    }
    let oldMiddle = prefix..<(runs.count - suffix)
    let newMiddle = prefix..<(current.count - suffix)
    if !oldMiddle.isEmpty || !newMiddle.isEmpty {
      // The first call scans every block: keeping each block's links as well would only cost.
      let keepsBlocks = !runs.isEmpty
      var reusable: [ObjectIdentifier: RunEntry] = [:]
      for entry in runs[oldMiddle] { reusable[entry.identity] = entry }
      var entries: [RunEntry] = []
      entries.reserveCapacity(newMiddle.count)
      for run in current[newMiddle] {
        if let entry = reusable.removeValue(forKey: run.identity) {
          entries.append(entry)
        } else {
          entries.append(scan(run, in: doc, keepingBlocks: keepsBlocks))
        }
      }
      // Runs no longer in the note release their blocks.
      for entry in reusable.values {
        for block in entry.blocks {
          blockEntries[block]?.runs -= 1
          if blockEntries[block]?.runs == 0 { blockEntries[block] = nil }
        }
      }
      runs.replaceSubrange(oldMiddle, with: entries)
    }
    var links: [LinkUse] = []
    for (entry, run) in zip(runs, current) where !entry.links.isEmpty {
      for link in entry.links {
        // Reference links are kept unresolved, so that an edit to a definition needs no scan.
        if link.unresolvedLabel == nil {
          links.append(link.shifted(by: run.start))
        } else if let resolved = link.shifted(by: run.start).resolved(
          in: doc, keep: { LinkTarget.mayNameNote($0, in: doc) })
        {
          links.append(resolved)
        }
      }
    }
    return links
  }

  /// The links of a run not kept from the latest call, relative to its start.
  private func scan(_ run: SyntaxTree.BlockRun, in doc: NoteDocument, keepingBlocks: Bool) -> RunEntry {
    lastComputedRuns += 1
    var found: [LinkUse] = []
    var blocks: [ObjectIdentifier] = []
    run.forEachBlock { block in
      guard block.kind != .blankLine else { return }
      guard keepingBlocks else {
        lastScannedBlocks += 1
        LinkUse.append(
          of: block, in: doc, keep: { LinkTarget.mayNameNote($0, in: doc) }, resolving: false, to: &found)
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
      // The block an edit replaced is still kept here: the regions its parse copied from
      // that block take their links from it.
      var copied: CopiedLinks?
      if let (source, regions) = block.copiedRegions, let old = blockEntries[ObjectIdentifier(source)] {
        copied = CopiedLinks(links: old.links, copies: regions)
      }
      LinkUse.append(
        of: block, in: doc, keep: { LinkTarget.mayNameNote($0, in: doc) }, resolving: false, reusing: copied,
        to: &own)
      lastCopiedRegions += copied?.regions ?? 0
      blockEntries[identity] = BlockEntry(owner: block.blockObject, links: own.map { $0.shifted(by: -start) }, runs: 1)
      found.append(contentsOf: own)
    }
    return RunEntry(
      identity: run.identity, owner: run.owner, links: found.map { $0.shifted(by: -run.start) }, blocks: blocks)
  }

  /// The same links computed from scratch, reading every block.
  public static func fresh(in doc: NoteDocument) -> [LinkUse] {
    LinkUse.all(in: doc, keep: { LinkTarget.mayNameNote($0, in: doc) })
  }
}
