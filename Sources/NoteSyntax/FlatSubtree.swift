/// A node's subtree as the block stores it, `root..<end` in preorder, read by index with
/// no reference counting; valid inside ``SyntaxNode/withFlatSubtree(_:)``'s closure.
public struct FlatSubtree {
  @usableFromInline let nodes: UnsafeBufferPointer<PackedNode>
  public let root: Int
  /// One past the last index of the subtree.
  public let end: Int
  /// The absolute start of the node's top-level block.
  public let blockStart: Int

  init(nodes: UnsafeBufferPointer<PackedNode>, root: Int, blockStart: Int) {
    self.nodes = nodes
    self.root = root
    self.end = Int(nodes[root].end)
    self.blockStart = blockStart
  }

  @inlinable public func kind(_ index: Int) -> NodeKind { nodes[index].kind }

  /// The start of node `index`, relative to its top-level block's start.
  @inlinable public func relativeStart(_ index: Int) -> Int { Int(nodes[index].offset) }

  @inlinable public func length(_ index: Int) -> Int { Int(nodes[index].length) }

  /// Whether the text of leaf `index` holds a line break (only a code span's text can).
  @inlinable public func holdsLineBreak(_ index: Int) -> Bool { nodes[index].flags & PackedNode.holdsLineBreak != 0 }

  /// The level (1–6) of heading `index`: an ATX heading's `#` count, 1 for a setext
  /// heading underlined with `=`, 2 with `-`.
  @inlinable public func headingLevel(_ index: Int) -> Int { max(1, Int(nodes[index].flags)) }

  /// The index after node `index`'s subtree: its next sibling, or its parent's next.
  @inlinable public func subtreeEnd(_ index: Int) -> Int { Int(nodes[index].end) }
}

extension SyntaxNode {
  /// Calls `body` with this node's subtree as a flat preorder view.
  public func withFlatSubtree<R>(_ body: (FlatSubtree) throws -> R) rethrows -> R {
    try block.withNodes { nodes in
      try body(FlatSubtree(nodes: nodes, root: index, blockStart: blockStart))
    }
  }
}
