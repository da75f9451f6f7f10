/// One node of a block's subtree, stored flat in preorder.
///
/// Offsets are relative to the start of the block, so a block is position
/// independent and is reused unchanged when text before it changes.
@usableFromInline struct PackedNode: Sendable, Equatable {
  @usableFromInline var kind: NodeKind
  /// On a text leaf, `PackedNode.holdsLineBreak` or 0; on a heading, its level (in
  /// what would be padding).
  @usableFromInline var flags: UInt8 = 0
  /// Start, relative to the block's start (UTF-8 bytes).
  @usableFromInline var offset: UInt32
  /// Length in UTF-8 bytes.
  @usableFromInline var length: UInt32
  /// Index of the first node after this node's subtree.
  @usableFromInline var end: UInt32

  /// Set on a text leaf whose bytes hold a line break (only a code span's text can).
  @inlinable static var holdsLineBreak: UInt8 { 1 }
}

/// What a block stores besides its nodes.
struct BlockHeader {
  /// Number of nodes.
  let count: Int
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
  /// The kinds of the block's nodes, one bit per ``NodeKind`` raw value (two words:
  /// there are more than 64 kinds).
  let kinds: (UInt64, UInt64)
}

/// A parsed top-level block: an immutable subtree, its findings and how far its parse looked.
///
/// Blocks are the grain of incremental reparsing: the memo entry of the block rule at
/// one position in one context. `examined` is how many bytes from the block's start the
/// parse read (including the end-of-text check), so an edit outside
/// `[start, start + examined)` cannot change the result as long as the block is reached
/// in the same `context`.
///
/// One allocation: the nodes are stored after the header, in the object itself.
/// Nothing is written after ``make(nodes:findings:examined:context:next:)``, so a block
/// may be shared between threads; `ManagedBuffer` cannot say so (its `Sendable` is
/// unavailable), so the types that hold blocks are `@unchecked Sendable`.
final class Block: ManagedBuffer<BlockHeader, PackedNode> {
  /// A block holding a copy of `nodes` (`nodes[0]` is the block node itself).
  static func make(
    nodes: UnsafeBufferPointer<PackedNode>, findings: [SyntaxFinding], examined: Int, context: BlockContext,
    next: BlockContext
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
        nextContext: next, kinds: kinds)
    }
    let block = unsafeDowncast(buffer, to: Block.self)
    block.withUnsafeMutablePointerToElements { $0.initialize(from: nodes.baseAddress!, count: nodes.count) }
    return block
  }

  // `PackedNode` is trivial: the nodes need no deinitialization.

  /// Findings with ranges relative to the block's start.
  var findings: [SyntaxFinding] { withUnsafeMutablePointerToHeader { $0.pointee.findings } }
  /// Length of the block in bytes.
  var length: Int { withUnsafeMutablePointerToHeader { $0.pointee.length } }
  /// Bytes from the block's start that the parse looked at; at least `length`.
  var examined: Int { withUnsafeMutablePointerToHeader { $0.pointee.examined } }
  /// The context the block was parsed in.
  var context: BlockContext { withUnsafeMutablePointerToHeader { $0.pointee.context } }
  /// The context of the block after it.
  var nextContext: BlockContext { withUnsafeMutablePointerToHeader { $0.pointee.nextContext } }
  /// Whether a node of the block is of `kind`.
  func holds(_ kind: NodeKind) -> Bool {
    let raw = UInt64(kind.rawValue)
    return withUnsafeMutablePointerToHeader {
      raw < 64 ? $0.pointee.kinds.0 & (1 &<< raw) != 0 : $0.pointee.kinds.1 & (1 &<< (raw - 64)) != 0
    }
  }
  /// Whether the block has findings.
  var hasFindings: Bool { withUnsafeMutablePointerToHeader { !$0.pointee.findings.isEmpty } }
  /// Number of nodes.
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

  /// Whether this block is a piece that continues the block before it (see ``Pieces``).
  var continues: Bool { context.continues }

  /// One block from a large block's pieces (each with its start relative to the first's):
  /// the first piece's node spans them all, the children of the others follow its own
  /// (their offsets and indices moved; inside a long quote line's or list item's text,
  /// the children of that text, ``appendTextPiece(_:at:to:lastChild:lastTextChild:)``),
  /// and a text leaf cut in
  /// two where one piece ends and the next begins is one leaf again. The nodes and
  /// findings a parse without pieces makes.
  static func merged(_ pieces: [(block: Block, start: Int)]) -> Block {
    var nodes: [PackedNode] = []
    nodes.reserveCapacity(pieces.reduce(0) { $0 + $1.block.nodeCount })
    var findings: [SyntaxFinding] = []
    var examined = 0
    var lastChild = -1
    // The last child of the last line's (or item's) text, once known from a piece inside it.
    var lastTextChild = -1
    for (block, start) in pieces {
      for finding in block.findings { findings.append(finding.shifted(by: start)) }
      examined = max(examined, start + block.examined)
      if !nodes.isEmpty && block.context.piece.isInsideText {
        block.withNodes {
          appendTextPiece($0, at: start, to: &nodes, lastChild: &lastChild, lastTextChild: &lastTextChild)
        }
        continue
      }
      lastTextChild = -1
      block.withNodes { piece in
        if nodes.isEmpty { nodes.append(piece[0]) }
        var child = 1
        while child < piece.count {
          let childEnd = Int(piece[child].end)
          let offset = UInt32(start) + piece[child].offset
          if child == 1 && childEnd == 2 && piece[child].kind == .text && lastChild >= 0
            && nodes[lastChild].kind == .text && Int(nodes[lastChild].end) == lastChild + 1
            && nodes[lastChild].offset + nodes[lastChild].length == offset
          {
            nodes[lastChild].length += piece[child].length
            child = childEnd
            continue
          }
          lastChild = nodes.count
          let shift = nodes.count - child
          for index in child..<childEnd {
            var node = piece[index]
            node.offset += UInt32(start)
            node.end = UInt32(Int(node.end) + shift)
            nodes.append(node)
          }
          child = childEnd
        }
      }
    }
    let last = pieces[pieces.count - 1]
    nodes[0].length = UInt32(last.start + last.block.length)
    nodes[0].end = UInt32(nodes.count)
    return nodes.withUnsafeBufferPointer { buffer in
      Block.make(
        nodes: buffer, findings: findings, examined: examined, context: pieces[0].block.context,
        next: last.block.nextContext)
    }
  }

  /// Appends a piece from inside a long quote line's or list item's text (its nodes: the
  /// blockquote or list, the line or item, its text, then what that holds): its line and
  /// text continue the merged tree's last line or item (`lastChild`) and its text, whose
  /// last text leaf and the piece's first are one again; what follows the piece's text
  /// (a citation, the next lines or items) follows theirs. `lastTextChild`, when not -1,
  /// is the last child of that text, as the piece before left it (so that a line of
  /// many pieces is not walked again for each).
  private static func appendTextPiece(
    _ piece: UnsafeBufferPointer<PackedNode>, at start: Int, to nodes: inout [PackedNode], lastChild: inout Int,
    lastTextChild: inout Int
  ) {
    let line = lastChild
    // The line's text is its last child; that text's last child, a leaf the piece's
    // first text may continue.
    func lastChildOf(_ parent: Int) -> Int {
      var last = -1
      var child = parent + 1
      while child < Int(nodes[parent].end) {
        last = child
        child = Int(nodes[child].end)
      }
      return last
    }
    let text = lastChildOf(line)
    let leaf = lastTextChild >= 0 ? lastTextChild : lastChildOf(text)
    let base = nodes.count
    var skip = 0
    if piece.count > 3 && piece[3].kind == .text && piece[3].end == 4 && leaf >= 0 && nodes[leaf].kind == .text
      && Int(nodes[leaf].end) == leaf + 1 && nodes[leaf].offset + nodes[leaf].length == UInt32(start) + piece[3].offset
    {
      nodes[leaf].length += piece[3].length
      skip = 1
    }
    // Where the piece's node `index` (past its line's text's first) lands.
    func landing(_ index: Int) -> UInt32 { UInt32(base + index - 3 - skip) }
    for index in (3 + skip)..<piece.count {
      var node = piece[index]
      node.offset += UInt32(start)
      node.end = landing(Int(node.end))
      nodes.append(node)
    }
    for (merged, own) in [(line, 1), (text, 2)] {
      nodes[merged].length = UInt32(start) + piece[own].offset + piece[own].length - nodes[merged].offset
      nodes[merged].end = landing(Int(piece[own].end))
    }
    // The text's last child now: the piece's own last one, unless the piece goes on past
    // its line (the next piece inside text continues another one).
    lastTextChild = -1
    if Int(piece[1].end) == piece.count {
      var last = -1
      var child = 3
      while child < Int(piece[2].end) {
        last = child
        child = Int(piece[child].end)
      }
      lastTextChild = last < 0 || (last == 3 && skip == 1) ? leaf : Int(landing(last))
    }
    var child = Int(piece[1].end)
    while child < piece.count {
      lastChild = Int(landing(child))
      child = Int(piece[child].end)
    }
  }

  /// Structural equality: same nodes, findings and contexts (examined spans may differ).
  func sameTree(as other: Block) -> Bool {
    if self === other { return true }
    guard findings == other.findings && context == other.context && nextContext == other.nextContext else {
      return false
    }
    return withNodes { a in other.withNodes { b in a.elementsEqual(b) } }
  }
}
