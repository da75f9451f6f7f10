/// One node of a block's subtree, stored flat in preorder.
///
/// Offsets are relative to the start of the block, so a block is position
/// independent and is reused unchanged when text before it changes.
@usableFromInline struct PackedNode: Sendable, Equatable {
  @usableFromInline var kind: NodeKind
  /// Start, relative to the block's start (UTF-8 bytes).
  @usableFromInline var offset: UInt32
  /// Length in UTF-8 bytes.
  @usableFromInline var length: UInt32
  /// Index of the first node after this node's subtree.
  @usableFromInline var end: UInt32
}

/// A parsed top-level block: an immutable subtree, its findings and how far its parse looked.
///
/// Blocks are the grain of incremental reparsing: the memo entry of the block rule at
/// one position in one context. `examined` is how many bytes from the block's start the
/// parse read (including the end-of-text check), so an edit outside
/// `[start, start + examined)` cannot change the result as long as the block is reached
/// in the same `context`.
final class Block: Sendable {
  /// `nodes[0]` is the block node itself.
  let nodes: [PackedNode]
  /// Findings with ranges relative to the block's start.
  let findings: [SyntaxFinding]
  /// Length of the block in bytes.
  let length: Int
  /// Bytes from the block's start that the parse looked at; at least `length`.
  let examined: Int
  /// The context the block was parsed in.
  let context: BlockContext
  /// The context of the block after it.
  let nextContext: BlockContext

  init(nodes: [PackedNode], findings: [SyntaxFinding], examined: Int, context: BlockContext, next: BlockContext) {
    self.nodes = nodes
    self.findings = findings
    self.length = Int(nodes[0].length)
    self.examined = max(examined, Int(nodes[0].length))
    self.context = context
    self.nextContext = next
  }

  var kind: NodeKind { nodes[0].kind }

  /// Structural equality: same nodes, findings and contexts (examined spans may differ).
  func sameTree(as other: Block) -> Bool {
    self === other
      || (nodes == other.nodes && findings == other.findings && context == other.context
        && nextContext == other.nextContext)
  }
}
