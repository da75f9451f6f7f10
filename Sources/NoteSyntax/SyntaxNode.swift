/// A node of a note's syntax tree: a cheap view (a block, an index, the block's start).
/// `@unchecked Sendable`: the block is immutable (see ``Block``).
public struct SyntaxNode: @unchecked Sendable, CustomStringConvertible {
  let block: Block
  let index: Int
  let blockStart: Int

  private var packed: PackedNode { block.node(index) }

  public var kind: NodeKind { packed.kind }

  /// UTF-8 offsets into the note.
  public var range: Range<Int> {
    let p = packed
    let start = blockStart + Int(p.offset)
    return start..<(start + Int(p.length))
  }

  /// Whether this node's subtree may hold a node of `kind`: `false` only when no node
  /// of its block is of that kind, so a pass looking for one kind (hashtags, links)
  /// skips most blocks without visiting their nodes.
  public func mayHold(_ kind: NodeKind) -> Bool { block.holds(kind) }

  /// A heading's level (1–6): an ATX heading's `#` count, 1 for a setext heading
  /// underlined with `=`, 2 with `-`; 1 for any other node.
  public var headingLevel: Int { kind == .heading ? max(1, Int(packed.flags)) : 1 }

  /// The flag of an HTML block or indented code node that continues the one before it
  /// (such blocks are stored in runs of lines, each a top-level block), and of a quote
  /// line's `inlineContent` that goes on with the paragraph of the line above.
  static let continuingFlag: UInt8 = 1

  /// Whether this HTML block or indented code node is a run of lines that continues the
  /// block before it (the same HTML block or listing), or this `inlineContent` of a quote's
  /// line goes on with the paragraph of the line above.
  public var continuesBlock: Bool {
    (kind == .htmlBlock || kind == .indentedCode || kind == .inlineContent) && packed.flags == Self.continuingFlag
  }

  public var startOffset: Int { blockStart + Int(packed.offset) }
  public var endOffset: Int { let p = packed; return blockStart + Int(p.offset) + Int(p.length) }
  public var length: Int { Int(packed.length) }

  /// Identifies the stored block this node belongs to, for caches per block; it is not
  /// reused while the node or its ``blockObject`` is held.
  public var blockIdentity: ObjectIdentifier { ObjectIdentifier(block) }

  /// The stored block this node belongs to, opaque: holding it keeps ``blockIdentity``
  /// from being reused, with one reference instead of a whole node.
  public var blockObject: AnyObject { block }

  /// The inline regions the parse of this node's top-level block copied from the block
  /// an edit replaced, and that block (its ``blockObject``), while it lives: the nodes of
  /// each copied `inlineContent` node are the source's moved, over the same bytes.
  public var copiedRegions: (source: AnyObject, regions: [RegionCopy])? {
    block.copiedRegions.map { ($0.source, $0.regions) }
  }

  /// The findings of the top-level block this node belongs to, in note offsets.
  public var blockFindings: [SyntaxFinding] {
    block.findings.isEmpty ? [] : block.findings.map { $0.shifted(by: blockStart) }
  }

  public var hasChildren: Bool { Int(packed.end) > index + 1 }

  /// The direct children, in order.
  public var children: Children { Children(node: self) }

  /// The first direct child of the given kind, found in the block's flat nodes: only
  /// the child found is made a node (each node made holds the block).
  public func child(_ kind: NodeKind) -> SyntaxNode? {
    let found = block.withNodes { nodes -> Int? in
      var position = index + 1
      let end = Int(nodes[index].end)
      while position < end {
        if nodes[position].kind == kind { return position }
        position = Int(nodes[position].end)
      }
      return nil
    }
    return found.map { SyntaxNode(block: block, index: $0, blockStart: blockStart) }
  }

  /// Calls `body` for every node of this subtree (this node included) in preorder.
  public func forEachDescendant(_ body: (SyntaxNode) -> Void) {
    let end = Int(packed.end)
    var i = index
    while i < end {
      body(SyntaxNode(block: block, index: i, blockStart: blockStart))
      i += 1
    }
  }

  public var description: String { "\(kind) \(range.lowerBound)..<\(range.upperBound)" }

  /// The direct children of a node.
  public struct Children: Sequence, Sendable {
    let node: SyntaxNode

    public func makeIterator() -> Iterator {
      Iterator(
        block: node.block, position: node.index + 1, end: Int(node.block.node(node.index).end),
        blockStart: node.blockStart)
    }

    /// `@unchecked Sendable`: the block it reads is immutable (see ``Block``).
    public struct Iterator: IteratorProtocol, @unchecked Sendable {
      let block: Block
      var position: Int
      let end: Int
      let blockStart: Int

      public mutating func next() -> SyntaxNode? {
        guard position < end else { return nil }
        let node = SyntaxNode(block: block, index: position, blockStart: blockStart)
        position = Int(block.node(position).end)
        return node
      }
    }
  }
}
