public import NoteSyntax

/// Values computed per top-level block, kept by block identity.
///
/// An edit keeps every block it did not touch as the same object, so after an edit
/// only the new blocks are computed. Entries hold the block's node, which keeps the
/// block (and so its identity) alive; values must not depend on where the block is
/// (use offsets relative to its start). A pass over the whole note evicts the entries
/// it did not use; a pass over part of the note keeps only its own entries once the
/// cache holds more than twice the note's blocks.
///
/// Not thread-safe: keep one per document, owned by whoever serializes its requests.
public struct BlockCache<Value> {
  private struct Entry {
    let block: SyntaxNode
    let value: Value
    var pass: UInt32
  }

  /// The entries, and their indices by block identity (an open-addressing table: a
  /// dictionary of objects cost an allocation and a hash per block on a note's first
  /// pass).
  private var entries: [Entry] = []
  private var table = IdentityTable()
  private var pass: UInt32 = 0
  /// Entries the current pass used.
  private var used = 0

  /// Blocks computed (not served from the cache) by the latest pass.
  public private(set) var lastComputedBlocks = 0

  public init() {}

  /// Number of cached blocks.
  public var count: Int { entries.count }

  /// The slots of the table that finds an entry by its block.
  var tableSize: Int { table.size }

  /// Drops every entry.
  public mutating func removeAll() {
    entries = []
    table = IdentityTable()
  }

  /// Drops the entries of the blocks `isStale` picks.
  public mutating func removeAll(where isStale: (SyntaxNode) -> Bool) {
    keep { !isStale($0.block) }
  }

  /// Keeps the entries `keeps` picks, and indexes them again.
  private mutating func keep(where keeps: (Entry) -> Bool) {
    entries = entries.filter(keeps)
    table = IdentityTable(minimumCapacity: entries.count)
    for index in entries.indices { table.insert(entries[index].block.blockIdentity, index) }
  }

  /// Starts a pass over (some of) a note's blocks, about `expectedValues` of which need a
  /// value: an empty cache makes room for that many at once, and grows past them as needed.
  /// (Room for every block of a large note is a table hundreds of kilobytes long, zeroed
  /// page by page, when most blocks need no value.)
  public mutating func beginPass(expectedValues: Int) {
    pass &+= 1
    used = 0
    lastComputedBlocks = 0
    if entries.isEmpty {
      entries.reserveCapacity(expectedValues)
      table = IdentityTable(minimumCapacity: expectedValues)
    }
  }

  /// The value of `block`, from the cache or computed by `compute`.
  public mutating func value(for block: SyntaxNode, compute: (SyntaxNode) -> Value) -> Value {
    let identity = block.blockIdentity
    used += 1
    if let found = table.value(for: identity) {
      entries[found].pass = pass
      return entries[found].value
    }
    let value = compute(block)
    entries.append(Entry(block: block, value: value, pass: pass))
    table.insert(identity, entries.count - 1)
    lastComputedBlocks += 1
    return value
  }

  /// Ends a pass over all the note's blocks (`complete`; blocks that need no value
  /// may be skipped) or some of them: evicts the entries this pass did not use when
  /// there are too many of them.
  public mutating func endPass(blockCount: Int, complete: Bool) {
    let current = pass
    if complete {
      guard entries.count > used else { return }
      keep { $0.pass == current }
    } else if entries.count > 2 * max(blockCount, 16) {
      keep { $0.pass == current }
    }
  }
}
