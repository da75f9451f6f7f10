/// Collects the flat preorder nodes and the findings of one block while it is parsed.
///
/// Offsets given to the builder are positions in the parse buffer; it stores them
/// relative to the block's start.
struct TreeBuilder {
  var nodes: [PackedNode] = []
  var findings: [SyntaxFinding] = []
  var base = 0

  init() {
    nodes.reserveCapacity(256)
  }

  mutating func reset(base: Int) {
    self.base = base
    nodes.removeAll(keepingCapacity: true)
    findings.removeAll(keepingCapacity: true)
  }

  /// Opens a node; close it with `close(_:at:)` once its children are added.
  @inline(__always)
  mutating func open(_ kind: NodeKind, at start: Int) -> Int {
    nodes.append(PackedNode(kind: kind, offset: UInt32(start - base), length: 0, end: 0))
    return nodes.count - 1
  }

  @inline(__always)
  mutating func close(_ index: Int, at end: Int) {
    nodes[index].length = UInt32(end - base) - nodes[index].offset
    nodes[index].end = UInt32(nodes.count)
  }

  /// Adds a node with no children.
  @inline(__always)
  mutating func leaf(_ kind: NodeKind, _ start: Int, _ end: Int, flags: UInt8 = 0) {
    nodes.append(
      PackedNode(
        kind: kind, flags: flags, offset: UInt32(start - base), length: UInt32(end - start),
        end: UInt32(nodes.count + 1)))
  }

  /// Removes nodes back to `count` (an abandoned attempt).
  mutating func truncate(to count: Int) {
    nodes.removeSubrange(count...)
  }

  mutating func finding(_ code: FindingCode, _ start: Int, _ end: Int) {
    findings.append(SyntaxFinding(code: code, range: (start - base)..<(end - base)))
  }

  /// The finished block; `reach` is one past the last buffer position the parse read.
  func makeBlock(reach: Int, context: BlockContext, next: BlockContext) -> Block {
    // Copies into the block, of exact size: the builder's buffers keep their capacity
    // for the next block, and a block must not pin that capacity.
    nodes.withUnsafeBufferPointer { nodes in
      Block.make(
        nodes: nodes,
        findings: findings.isEmpty ? [] : findings.withUnsafeBufferPointer { Array($0) },
        examined: reach - base, context: context, next: next)
    }
  }
}
