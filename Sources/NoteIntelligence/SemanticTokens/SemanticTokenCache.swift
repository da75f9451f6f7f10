public import NoteSyntax

/// Semantic tokens cached per top-level block: after an edit only the new blocks are
/// tokenized.
///
/// Every cached block's tokens live in one buffer of 12-byte tokens, relative to their
/// block's start; an entry per block (in an array) says where, and a hash table keyed
/// by block identity finds the entry. An edit keeps every block it did not touch as the
/// same object, so a pass after it computes only the new blocks. Entries hold the
/// block's node, which keeps the block (and so its identity) alive. A pass over the
/// whole note drops the entries it did not use; a pass over part of the note keeps only
/// its own entries once the cache holds more than twice the note's blocks. Tokens of
/// dropped entries stay in the buffer until they are as many as the live ones.
///
/// Not thread-safe: keep one per document, owned by whoever serializes its requests.
public final class SemanticTokenCache {
  private struct Entry {
    let block: SyntaxNode
    /// The block's tokens: `storage[first..<first + count]`.
    var first: Int32
    var count: Int32
    /// The latest pass that used the entry.
    var pass: UInt32
  }

  /// One block of a pass: its entry and where the block starts now.
  private struct Visit {
    var entry: Int32
    var blockStart: Int
  }

  private var storage: [PackedToken] = []
  private var entries: [Entry] = []
  private var table = IdentityTable()
  /// Tokens in `storage` that no entry refers to any more.
  private var unused = 0
  private var pass: UInt32 = 0

  /// Blocks tokenized (not served from the cache) by the latest pass.
  public private(set) var lastComputedBlocks = 0

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
    let pass = self.pass
    let blockCount = doc.tree.blockCount
    // Worked on as locals: no exclusivity checks or copies in the loop.
    var storage = self.storage
    var entries = self.entries
    var table = self.table
    self.storage = []
    self.entries = []
    self.table = IdentityTable()
    defer {
      self.storage = storage
      self.entries = entries
      self.table = table
    }
    if entries.isEmpty && range == nil {
      // About one token per 48 bytes in prose; dense notes grow the buffer once or twice.
      storage.reserveCapacity(doc.utf8Count / 48 + 16)
      entries.reserveCapacity(blockCount)
      table = IdentityTable(minimumCapacity: blockCount)
    }
    var visits: [Visit] = []
    visits.reserveCapacity(range == nil ? blockCount : 8)
    var computed = 0
    if let range {
      for block in doc.tree.blocks(touching: range) {
        Self.visit(block, doc, pass, &storage, &entries, &table, &visits, &computed)
      }
    } else {
      for block in doc.tree.blockSequence {
        Self.visit(block, doc, pass, &storage, &entries, &table, &visits, &computed)
      }
    }
    lastComputedBlocks = computed
    let result = Self.assemble(visits, entries, storage, range)
    let stale = range == nil ? entries.count > visits.count : entries.count > 2 * max(blockCount, 16)
    if stale { Self.evict(olderThan: pass, &entries, &storage, &table, &unused) }
    return result
  }

  /// Finds or computes `block`'s entry and records the visit.
  @inline(__always)
  private static func visit(
    _ block: SyntaxNode, _ doc: NoteDocument, _ pass: UInt32, _ storage: inout [PackedToken],
    _ entries: inout [Entry], _ table: inout IdentityTable, _ visits: inout [Visit], _ computed: inout Int
  ) {
    let identity = block.blockIdentity
    if let found = table.value(for: identity) {
      entries[found].pass = pass
      visits.append(Visit(entry: Int32(found), blockStart: block.startOffset))
      return
    }
    let first = storage.count
    TokenCollector.collect(block, in: doc, into: &storage)
    entries.append(Entry(block: block, first: Int32(first), count: Int32(storage.count - first), pass: pass))
    table.insert(identity, entries.count - 1)
    visits.append(Visit(entry: Int32(entries.count - 1), blockStart: block.startOffset))
    computed += 1
  }

  /// The absolute tokens of the visited blocks, in order (only those overlapping `range`).
  private static func assemble(
    _ visits: [Visit], _ entries: [Entry], _ storage: [PackedToken], _ range: Range<Int>?
  ) -> [SemanticToken] {
    var total = 0
    for visit in visits { total += Int(entries[Int(visit.entry)].count) }
    return [SemanticToken](unsafeUninitializedCapacity: total) { buffer, initialized in
      var k = 0
      storage.withUnsafeBufferPointer { tokens in
        entries.withUnsafeBufferPointer { entries in
          for visit in visits {
            let entry = entries[Int(visit.entry)]
            let first = Int(entry.first)
            for t in first..<(first + Int(entry.count)) {
              let token = tokens[t].absolute(blockStart: visit.blockStart)
              if let range, !(token.start < range.upperBound && token.end > range.lowerBound) { continue }
              (buffer.baseAddress! + k).initialize(to: token)
              k += 1
            }
          }
        }
      }
      initialized = k
    }
  }

  /// Keeps the entries used by pass `current` or later; compacts the token buffer once
  /// most of it is unused.
  private static func evict(
    olderThan current: UInt32, _ entries: inout [Entry], _ storage: inout [PackedToken], _ table: inout IdentityTable,
    _ unused: inout Int
  ) {
    var kept: [Entry] = []
    kept.reserveCapacity(entries.count)
    for entry in entries {
      if entry.pass == current { kept.append(entry) } else { unused += Int(entry.count) }
    }
    if 2 * unused > storage.count {
      var compacted: [PackedToken] = []
      compacted.reserveCapacity(storage.count - unused)
      for i in kept.indices {
        let first = Int(kept[i].first)
        kept[i].first = Int32(compacted.count)
        compacted.append(contentsOf: storage[first..<(first + Int(kept[i].count))])
      }
      storage = compacted
      unused = 0
    }
    table = IdentityTable(minimumCapacity: kept.count)
    for (i, entry) in kept.enumerated() { table.insert(entry.block.blockIdentity, i) }
    entries = kept
  }
}
