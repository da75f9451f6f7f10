public import NoteSyntax

/// Semantic tokens cached per top-level block: after an edit only the new blocks are
/// tokenized.
///
/// Every cached block's tokens live in one buffer of 12-byte tokens, relative to their
/// block's start; an entry per block (in an array) says where. An edit keeps every
/// block it did not touch as the same object, so a pass after it finds the entries of
/// the old blocks by identity (a hash table) and computes only the new blocks. Entries
/// hold their block, which keeps its identity from being reused.
///
/// A pass over the whole note drops the entries it did not use; a pass over part of the
/// note keeps only its own entries once the cache holds more than twice the note's
/// blocks. Tokens of dropped entries stay in the buffer until they are as many as the
/// live ones. The first pass over a note (an empty cache) looks nothing up, but fills
/// the hash table as it goes, sized for the note's blocks, so that the first keystroke's
/// pass only looks blocks up: building a 10 MB note's table (some 100,000 blocks) costs
/// milliseconds, which opening the note pays rather than a keystroke.
///
/// Not thread-safe: keep one per document, owned by whoever serializes its requests.
public final class SemanticTokenCache {
  struct Entry {
    /// The block, held so that its identity stays its own.
    let owner: AnyObject
    /// The block's tokens: `storage[first..<first + count]`.
    var first: Int32
    var count: Int32
    /// The latest pass that used the entry.
    var pass: UInt32
    /// Whether the block may hold reference links, whose tokens depend on the note's
    /// link reference definitions.
    var mayUseDefinitions: Bool
    /// Where the tokens of a large block's inline regions lie, relative to `first`: the
    /// next version of the block takes those of the regions its parse copied.
    var regions: [RegionSpan]
  }

  /// Blocks from this length on record their regions' tokens: a shorter one is walked
  /// again whole in about the time it takes to look its regions up.
  static let regionsFromLength = 4096

  private var storage: [PackedToken] = []
  private var entries: [Entry] = []
  /// Block identity → index in `entries`, for `entries[..<table.count]`.
  private var table = IdentityTable()
  /// Tokens in `storage` that no entry refers to any more.
  private var unused = 0
  private var pass: UInt32 = 0
  /// The definitions the cached entries' reference links were coloured with.
  private var references: LinkReferences.Stamp?

  /// Where a block's tokens are collected, kept from pass to pass: a keystroke in a
  /// block of a megabyte collects its hundred thousand tokens without growing it again.
  private let scratch = TokenScratch()

  /// Blocks tokenized (not served from the cache) by the latest pass.
  public private(set) var lastComputedBlocks = 0
  /// Inline regions of those blocks whose tokens were copied from the blocks they
  /// replaced (``RegionSpan``), in the latest pass.
  public private(set) var lastCopiedRegions = 0

  public init() {}

  /// Number of cached blocks.
  public var count: Int { entries.count }

  /// Drops every entry.
  public func removeAll() {
    storage = []
    entries = []
    table = IdentityTable()
    unused = 0
  }

  /// The tokens of `doc` (or those overlapping `range`), absolute and sorted by start.
  public func tokens(for doc: NoteDocument, in range: Range<Int>? = nil) -> [SemanticToken] {
    pass &+= 1
    let blockCount = doc.tree.blockCount
    if references !== doc.linkReferences.stamp {
      dropEntriesUsingDefinitions()
      references = doc.linkReferences.stamp
    }
    // Worked on in a local value: no exclusivity checks or copies in the loop.
    var run = Pass(storage: storage, entries: entries, table: table, number: pass, range: range, scratch: scratch)
    storage = []
    entries = []
    table = IdentityTable()
    if run.lookUp {
      run.indexEntries()
    } else if range == nil {
      // Blocks of one tree are distinct objects: with an empty cache none is looked up.
      // About one token per 40 bytes in prose; dense notes grow the buffer once or twice
      // (capacity reserved and never written costs no memory).
      run.storage.reserveCapacity(doc.utf8Count / 32 + 16)
      run.entries.reserveCapacity(blockCount)
      run.table = IdentityTable(minimumCapacity: blockCount)
    }
    if let range {
      for block in doc.tree.blocks(touching: range) { run.visit(block, in: doc) }
    } else {
      for block in doc.tree.blockSequence { run.visit(block, in: doc) }
      run.makeResult()
    }
    lastComputedBlocks = run.computed
    lastCopiedRegions = run.copiedRegions
    let stale = range == nil ? run.entries.count > run.visited : run.entries.count > 2 * max(blockCount, 16)
    if stale { run.evictUnused(&unused) }
    storage = run.storage
    entries = run.entries
    table = run.table
    return run.result
  }

  /// Drops the entries of blocks that may hold reference links: a label came, went or
  /// points elsewhere, so which of them are links may have changed.
  private func dropEntriesUsingDefinitions() {
    guard entries.contains(where: \.mayUseDefinitions) else { return }
    var kept: [Entry] = []
    kept.reserveCapacity(entries.count)
    for entry in entries {
      if entry.mayUseDefinitions { unused += Int(entry.count) } else { kept.append(entry) }
    }
    entries = kept
    if kept.isEmpty {
      storage.removeAll(keepingCapacity: true)
      unused = 0
    }
    table = IdentityTable(minimumCapacity: kept.count)
    for index in kept.indices { table.insert(ObjectIdentifier(kept[index].owner), index) }
  }

  /// One pass: the cache's buffers, moved in and out, and the tokens it returns.
  private struct Pass {
    var storage: [PackedToken]
    var entries: [Entry]
    var table: IdentityTable
    let number: UInt32
    let range: Range<Int>?
    /// Whether entries from earlier passes may be reused.
    let lookUp: Bool
    var result: [SemanticToken] = []
    /// For a pass over the whole note: each block's tokens in `storage` and where the
    /// block starts, in order; the result is made from them at the end, at its size.
    var runs: [(first: Int32, count: Int32, blockStart: Int)] = []
    /// Where the tokens of a block being computed are collected.
    let scratch: TokenScratch
    var visited = 0
    var computed = 0
    var copiedRegions = 0

    init(
      storage: [PackedToken], entries: [Entry], table: IdentityTable, number: UInt32, range: Range<Int>?,
      scratch: TokenScratch
    ) {
      self.scratch = scratch
      self.storage = storage
      self.entries = entries
      self.table = table
      self.number = number
      self.range = range
      lookUp = !entries.isEmpty
    }

    /// Adds the entries the table does not hold yet.
    mutating func indexEntries() {
      for index in table.count..<entries.count { table.insert(ObjectIdentifier(entries[index].owner), index) }
    }

    /// Finds or computes `block`'s entry and appends its tokens to the result.
    @inline(__always)
    mutating func visit(_ block: SyntaxNode, in doc: NoteDocument) {
      visited += 1
      // The token range, read without copying the entry (which would retain its block).
      let tokens: Range<Int>
      if lookUp, let found = table.value(for: block.blockIdentity) {
        entries[found].pass = number
        tokens = Int(entries[found].first)..<(Int(entries[found].first) + Int(entries[found].count))
      } else {
        let first = storage.count
        // Blank lines, about half the blocks of a note, have no tokens.
        var regions: [RegionSpan] = []
        if block.kind != .blankLine {
          let collected = collect(block, in: doc)
          let count = collected.count
          regions = collected.regions
          copiedRegions += collected.copied
          if count > 0 { storage.append(contentsOf: UnsafeBufferPointer(start: scratch.pointer, count: count)) }
        }
        tokens = first..<storage.count
        let mayUseDefinitions = block.mayHold(.referenceLink) || block.mayHold(.referenceImage)
        entries.append(
          Entry(
            owner: block.blockObject, first: Int32(first), count: Int32(tokens.count), pass: number,
            mayUseDefinitions: mayUseDefinitions, regions: regions))
        table.insert(block.blockIdentity, entries.count - 1)
        computed += 1
      }
      guard !tokens.isEmpty else { return }
      let blockStart = block.startOffset
      guard let range else {
        return runs.append((Int32(tokens.lowerBound), Int32(tokens.count), blockStart))
      }
      // Read in place and appended to room made once: a keystroke in a block of a
      // megabyte passes its tens of thousands of tokens here (the block is usually
      // wholly inside the range, so the room is used).
      let stored = storage
      result.reserveCapacity(result.count + tokens.count)
      stored.withUnsafeBufferPointer { stored in
        for t in tokens {
          let token = stored[t].absolute(blockStart: blockStart)
          if token.start < range.upperBound && token.end > range.lowerBound { result.append(token) }
        }
      }
    }

    /// Collects `block`'s tokens into the scratch; a large block records its regions, and
    /// takes the tokens of those its parse copied from the block it replaced when that
    /// block's entry is kept (``RegionSpan``).
    private func collect(_ block: SyntaxNode, in doc: NoteDocument) -> (count: Int, regions: [RegionSpan], copied: Int)
    {
      guard block.length >= SemanticTokenCache.regionsFromLength else {
        return TokenCollector.collect(block, in: doc, into: scratch)
      }
      guard lookUp, let copied = block.copiedRegions, let old = table.value(for: ObjectIdentifier(copied.source)),
        !entries[old].regions.isEmpty
      else { return TokenCollector.collect(block, in: doc, into: scratch, recordingRegions: true) }
      let first = Int(entries[old].first)
      let count = Int(entries[old].count)
      let spans = entries[old].regions
      return storage.withUnsafeBufferPointer { stored in
        let source = RegionSource(
          tokens: UnsafeBufferPointer(rebasing: stored[first..<(first + count)]), spans: spans, copies: copied.regions)
        return TokenCollector.collect(block, in: doc, into: scratch, reusing: source, recordingRegions: true)
      }
    }

    /// The result of a pass over the whole note, from its `runs`: written in place, a
    /// token at a time, into an array of its size.
    mutating func makeResult() {
      let total = runs.reduce(0) { $0 + Int($1.count) }
      // An empty array is the shared empty one (no storage of its own to write a count into).
      guard total > 0 else { return }
      let runs = self.runs
      result = storage.withUnsafeBufferPointer { tokens in
        [SemanticToken](unsafeUninitializedCapacity: total) { buffer, initialized in
          var next = 0
          for run in runs {
            let first = Int(run.first)
            for t in first..<(first + Int(run.count)) {
              (buffer.baseAddress! + next).initialize(to: tokens[t].absolute(blockStart: run.blockStart))
              next += 1
            }
          }
          initialized = next
        }
      }
    }

    /// Keeps the entries this pass used; compacts the token buffer once most of it is
    /// unused; rebuilds the table.
    mutating func evictUnused(_ unused: inout Int) {
      var kept: [Entry] = []
      kept.reserveCapacity(entries.count)
      for entry in entries {
        if entry.pass == number { kept.append(entry) } else { unused += Int(entry.count) }
      }
      if 2 * unused > storage.count {
        // In place, kept runs moved down in buffer order (the regions may overlap): the
        // buffer keeps its capacity and its pages, so the tokens that follow need no
        // fresh memory (a fresh buffer costs a keystroke in a 1 MiB block about 20 ms
        // of page faults each time the cache is compacted).
        var end = 0
        storage.withUnsafeMutableBufferPointer { buffer in
          guard let start = buffer.baseAddress else { return }
          let base = UnsafeMutableRawPointer(start)
          let stride = MemoryLayout<PackedToken>.stride
          for i in kept.indices.sorted(by: { kept[$0].first < kept[$1].first }) {
            let first = Int(kept[i].first)
            let count = Int(kept[i].count)
            if first != end {
              (base + end * stride).copyMemory(from: base + first * stride, byteCount: count * stride)
            }
            kept[i].first = Int32(end)
            end += count
          }
        }
        storage.removeLast(storage.count - end)
        unused = 0
      }
      entries = kept
      table = IdentityTable(minimumCapacity: kept.count)
      indexEntries()
    }
  }
}
