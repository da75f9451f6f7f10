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
  private final class Entry {
    let block: SyntaxNode
    let value: Value
    var pass: UInt32

    init(block: SyntaxNode, value: Value, pass: UInt32) {
      self.block = block
      self.value = value
      self.pass = pass
    }
  }

  private var entries: [ObjectIdentifier: Entry] = [:]
  private var pass: UInt32 = 0
  /// Entries the current pass used.
  private var used = 0

  /// Blocks computed (not served from the cache) by the latest pass.
  public private(set) var lastComputedBlocks = 0

  public init() {}

  /// Number of cached blocks.
  public var count: Int { entries.count }

  /// Drops every entry.
  public mutating func removeAll() { entries.removeAll() }

  /// Drops the entries of the blocks `isStale` picks.
  public mutating func removeAll(where isStale: (SyntaxNode) -> Bool) {
    entries = entries.filter { !isStale($0.value.block) }
  }

  /// Starts a pass over (some of) the blocks of a note with `blockCount` blocks.
  public mutating func beginPass(blockCount: Int) {
    pass &+= 1
    used = 0
    lastComputedBlocks = 0
    if entries.isEmpty { entries.reserveCapacity(blockCount) }
  }

  /// The value of `block`, from the cache or computed by `compute`.
  public mutating func value(for block: SyntaxNode, compute: (SyntaxNode) -> Value) -> Value {
    let identity = block.blockIdentity
    used += 1
    if let entry = entries[identity] {
      entry.pass = pass
      return entry.value
    }
    let value = compute(block)
    entries[identity] = Entry(block: block, value: value, pass: pass)
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
      var stale: [ObjectIdentifier] = []
      for entry in entries.values where entry.pass != current { stale.append(entry.block.blockIdentity) }
      for identity in stale { entries.removeValue(forKey: identity) }
    } else if entries.count > 2 * max(blockCount, 16) {
      entries = entries.filter { $0.value.pass == current }
    }
  }
}
