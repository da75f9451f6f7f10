/// Collects one block's preorder nodes and findings while it is parsed, storing buffer
/// positions relative to the block's start.
struct TreeBuilder {
  /// The node buffer: its capacity, then the nodes, in one allocation. `nodes` and
  /// `capacity` mirror it so that adding a node touches no object (no uniqueness or
  /// exclusivity checks).
  private final class Storage: ManagedBuffer<Int, PackedNode> {
    static func make(capacity: Int) -> Storage {
      unsafeDowncast(create(minimumCapacity: capacity) { _ in capacity }, to: Storage.self)
    }

    /// The first node; valid while the storage lives (the builder holds it).
    var nodes: UnsafeMutablePointer<PackedNode> { withUnsafeMutablePointerToElements { $0 } }
  }

  private var storage: Storage
  private var nodes: UnsafeMutablePointer<PackedNode>
  private var capacity: Int
  /// Nodes of the current block.
  private(set) var count = 0
  var findings: [SyntaxFinding] = []
  var base = 0
  /// The regions of the current block copied from another block (``copyRegion(of:_:into:moving:)``).
  private var copies: [RegionCopy] = []
  private var copySource: Block?

  /// A builder with room for `capacity` nodes before it grows.
  init(capacity: Int = 256) {
    self.capacity = max(capacity, 16)
    storage = Storage.make(capacity: self.capacity)
    nodes = storage.nodes
  }

  /// Moves the nodes into a buffer twice as large.
  private mutating func grow() {
    let larger = Storage.make(capacity: 2 * capacity)
    larger.nodes.moveInitialize(from: nodes, count: count)
    storage = larger
    nodes = larger.nodes
    capacity *= 2
  }

  mutating func reset(base: Int) {
    self.base = base
    count = 0
    if !findings.isEmpty { findings.removeAll(keepingCapacity: true) }
    if copySource != nil {
      copies = []
      copySource = nil
    }
  }

  @inline(__always)
  private mutating func append(_ node: PackedNode) {
    if count == capacity { grow() }
    (nodes + count).initialize(to: node)
    count += 1
  }

  /// Opens a node; close it with `close(_:at:)` once its children are added.
  @inline(__always)
  mutating func open(_ kind: NodeKind, at start: Int) -> Int {
    append(PackedNode(kind: kind, offset: UInt32(start - base), length: 0, end: 0))
    return count - 1
  }

  @inline(__always)
  mutating func close(_ index: Int, at end: Int) {
    precondition(index < count)
    nodes[index].length = UInt32(end - base) - nodes[index].offset
    nodes[index].end = UInt32(count)
  }

  /// Where closed node `index` ends, as a buffer position.
  func end(of index: Int) -> Int { base + Int(nodes[index].offset) + Int(nodes[index].length) }

  /// Sets the flags of node `index` (a heading's level).
  @inline(__always)
  mutating func setFlags(_ index: Int, _ flags: UInt8) {
    precondition(index < count)
    nodes[index].flags = flags
  }

  /// Adds a node with no children.
  @inline(__always)
  mutating func leaf(_ kind: NodeKind, _ start: Int, _ end: Int, flags: UInt8 = 0) {
    append(
      PackedNode(
        kind: kind, flags: flags, offset: UInt32(start - base), length: UInt32(end - start), end: UInt32(count + 1)))
  }

  /// Adds copies of `source[range]`, whole subtrees of another block, their offsets
  /// moved by `moved` bytes.
  mutating func copy(_ source: UnsafeBufferPointer<PackedNode>, _ range: Range<Int>, moving moved: Int) {
    while count + range.count > capacity { grow() }
    let renumbered = count - range.lowerBound
    for index in range {
      var node = source[index]
      node.offset = UInt32(Int(node.offset) + moved)
      node.end = UInt32(Int(node.end) + renumbered)
      (nodes + count).initialize(to: node)
      count += 1
    }
  }

  mutating func finding(_ code: FindingCode, _ start: Int, _ end: Int) {
    findings.append(SyntaxFinding(code: code, range: (start - base)..<(end - base)))
  }

  /// Copies `source`'s `inlineContent` node `index` (without the node itself, already
  /// opened as `node`), its offsets moved by `moved` bytes, and notes the copy.
  mutating func copyRegion(of source: Block, _ index: Int, into node: Int, moving moved: Int) {
    source.withNodes { copy($0, (index + 1)..<Int($0[index].end), moving: moved) }
    copySource = source
    copies.append(RegionCopy(node: UInt32(node), sourceNode: UInt32(index), moved: Int32(moved)))
  }

  /// The finished block; `reach` is one past the last buffer position the parse read.
  func makeBlock(reach: Int, context: BlockContext, next: BlockContext) -> Block {
    // Copies into the block, of exact size: the builder's buffers keep their capacity
    // for the next block, and a block must not pin that capacity.
    Block.make(
      nodes: UnsafeBufferPointer(start: nodes, count: count),
      findings: findings.isEmpty ? [] : findings.withUnsafeBufferPointer { Array($0) },
      examined: reach - base, context: context, next: next,
      copied: copySource.map { CopiedRegions(source: $0, regions: copies) })
  }
}
