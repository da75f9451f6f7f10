/// One node of a block's subtree, stored flat in preorder, its offsets relative to the
/// block's start (so a block is reused as it is when text before it moves).
@usableFromInline struct PackedNode: Sendable, Equatable {
  @usableFromInline var kind: NodeKind
  /// On a text leaf, `PackedNode.holdsLineBreak` or 0; on a heading, its level (in
  /// what would be padding).
  @usableFromInline var flags: UInt8 = 0
  /// Start, relative to the block's start (UTF-8 bytes).
  @usableFromInline var offset: UInt32
  @usableFromInline var length: UInt32
  /// Index of the first node after this node's subtree.
  @usableFromInline var end: UInt32

  /// Set on a text leaf whose bytes hold a line break (only a code span's text can).
  @inlinable static var holdsLineBreak: UInt8 { 1 }
}

/// What a block stores besides its nodes.
struct BlockHeader {
  let count: Int
  /// Findings with ranges relative to the block's start.
  let findings: [SyntaxFinding]
  let length: Int
  /// Bytes from the block's start that the parse looked at; at least `length`.
  let examined: Int
  /// The context the block was parsed in.
  let context: BlockContext
  /// The context of the block after it.
  let nextContext: BlockContext
  /// The kinds of the block's nodes, one bit per ``NodeKind`` raw value (two words:
  /// there are more than 64 kinds).
  let kinds: (UInt64, UInt64)
  /// The inline regions the parse copied from the block an edit replaced, if any.
  let copied: CopiedRegions?
}

/// The inline regions a block's parse copied from the block an edit replaced
/// (``InlineReuse``): their nodes are the old ones moved, so whatever is computed from a
/// region alone can be taken from the old block's result. A class, so that a block
/// without copies (most) stores one null reference: walks over every block's header stay
/// as fast as they were.
final class CopiedRegions {
  /// The block the regions were copied from; weak, so that blocks do not keep their
  /// predecessors alive.
  weak var source: Block?
  /// In order: each copied `inlineContent` node and the source's it copies.
  let regions: [RegionCopy]

  init(source: Block, regions: [RegionCopy]) {
    self.source = source
    self.regions = regions
  }
}

/// An `inlineContent` node copied from another block's: the two node indices, and how
/// far the offsets moved (relative to each block's start).
public struct RegionCopy: Sendable, Equatable {
  public let node: UInt32
  public let sourceNode: UInt32
  public let moved: Int32
}

/// A parsed top-level block, the memo entry of the block rule at one position in one
/// context: an immutable subtree, its findings and `examined`, the bytes its parse read
/// (the end-of-text check included). An edit outside them leaves the block valid where
/// it is reached in the same context.
///
/// One allocation, the nodes after the header. Nothing is written after ``make(nodes:findings:examined:context:next:)``,
/// so blocks are shared between threads; `ManagedBuffer` cannot say so, so the types
/// that hold blocks are `@unchecked Sendable`.
final class Block: ManagedBuffer<BlockHeader, PackedNode> {
  /// A block holding a copy of `nodes` (`nodes[0]` is the block node itself).
  static func make(
    nodes: UnsafeBufferPointer<PackedNode>, findings: [SyntaxFinding], examined: Int, context: BlockContext,
    next: BlockContext, copied: CopiedRegions? = nil
  ) -> Block {
    let length = Int(nodes[0].length)
    var kinds: (UInt64, UInt64) = (0, 0)
    for node in nodes {
      let raw = UInt64(node.kind.rawValue)
      if raw < 64 { kinds.0 |= 1 &<< raw } else { kinds.1 |= 1 &<< (raw - 64) }
    }
    let buffer = Block.create(minimumCapacity: nodes.count) { _ in
      BlockHeader(
        count: nodes.count, findings: findings, length: length, examined: max(examined, length), context: context,
        nextContext: next, kinds: kinds, copied: copied)
    }
    let block = unsafeDowncast(buffer, to: Block.self)
    block.withUnsafeMutablePointerToElements { $0.initialize(from: nodes.baseAddress!, count: nodes.count) }
    return block
  }

  var findings: [SyntaxFinding] { withUnsafeMutablePointerToHeader { $0.pointee.findings } }
  var length: Int { withUnsafeMutablePointerToHeader { $0.pointee.length } }
  var examined: Int { withUnsafeMutablePointerToHeader { $0.pointee.examined } }
  var context: BlockContext { withUnsafeMutablePointerToHeader { $0.pointee.context } }
  var nextContext: BlockContext { withUnsafeMutablePointerToHeader { $0.pointee.nextContext } }
  /// Whether a node of the block is of `kind`.
  func holds(_ kind: NodeKind) -> Bool {
    let raw = UInt64(kind.rawValue)
    return withUnsafeMutablePointerToHeader {
      raw < 64 ? $0.pointee.kinds.0 & (1 &<< raw) != 0 : $0.pointee.kinds.1 & (1 &<< (raw - 64)) != 0
    }
  }
  /// The regions copied from the block an edit replaced, with that block while it lives.
  var copiedRegions: (source: Block, regions: [RegionCopy])? {
    withUnsafeMutablePointerToHeader { header in
      guard let copied = header.pointee.copied, let source = copied.source else { return nil }
      return (source, copied.regions)
    }
  }
  /// The kinds of the block's nodes.
  var heldKinds: NodeKindSet { withUnsafeMutablePointerToHeader { NodeKindSet(bits: $0.pointee.kinds) } }
  var hasFindings: Bool { withUnsafeMutablePointerToHeader { !$0.pointee.findings.isEmpty } }
  var nodeCount: Int { withUnsafeMutablePointerToHeader { $0.pointee.count } }

  /// Node `index` (0 is the block node itself).
  @inline(__always)
  func node(_ index: Int) -> PackedNode {
    withUnsafeMutablePointers { header, nodes in
      precondition(index >= 0 && index < header.pointee.count, "node index out of range")
      return nodes[index]
    }
  }

  /// Calls `body` with the nodes, valid only inside it.
  @inline(__always)
  func withNodes<R>(_ body: (UnsafeBufferPointer<PackedNode>) throws -> R) rethrows -> R {
    try withUnsafeMutablePointers { header, nodes in
      try body(UnsafeBufferPointer(start: nodes, count: header.pointee.count))
    }
  }

  var kind: NodeKind { node(0).kind }

  /// Structural equality: same nodes, findings and contexts (examined spans may differ).
  func sameTree(as other: Block) -> Bool {
    if self === other { return true }
    guard findings == other.findings && context == other.context && nextContext == other.nextContext else {
      return false
    }
    return withNodes { a in other.withNodes { b in a.elementsEqual(b) } }
  }
}
