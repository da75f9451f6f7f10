/// An immutable syntax tree of a note: its top-level blocks, shared with the tree before
/// an edit wherever the edit did not touch them (caches look blocks up by identity).
public struct SyntaxTree: Sendable {
  let blocks: BlockList

  /// The length of the note in UTF-8 bytes.
  public var length: Int { blocks.length }

  public var blockCount: Int { blocks.count }

  public func block(at index: Int) -> SyntaxNode {
    let (block, start) = blocks.block(at: index)
    return SyntaxNode(block: block, index: 0, blockStart: start)
  }

  public func blockKind(at index: Int) -> NodeKind { blocks.kind(ofBlock: index) }

  /// The range of the block at `index`, read from the block list's index.
  public func blockRange(at index: Int) -> Range<Int> { blocks.range(ofBlock: index) }

  /// Every top-level block, in order, without building an array.
  public var blockSequence: Blocks { Blocks(list: blocks) }

  /// The top-level blocks of a tree, in order.
  public struct Blocks: Sequence, Sendable {
    let list: BlockList

    public func makeIterator() -> Iterator { Iterator(list: list) }

    public struct Iterator: IteratorProtocol, Sendable {
      let list: BlockList
      var chunk = 0
      var index = 0

      init(list: BlockList) { self.list = list }

      public mutating func next() -> SyntaxNode? {
        guard chunk < list.chunks.count else { return nil }
        let current = list.chunks[chunk]
        let node = SyntaxNode(
          block: current.blocks[index], index: 0, blockStart: list.offsets[chunk] + current.starts[index])
        index += 1
        if index == current.blocks.count {
          chunk += 1
          index = 0
        }
        return node
      }

      /// The next block that `include` takes, given the block's kind and the kinds of
      /// its nodes (its own among them), with its index in the tree. The kinds are read
      /// from the block list's index: the blocks passed over are not read, nor made nodes.
      public mutating func next(where include: (NodeKind, NodeKindSet) -> Bool) -> (index: Int, block: SyntaxNode)? {
        while chunk < list.chunks.count {
          let current = list.chunks[chunk]
          let count = current.blocks.count
          while index < count {
            let found = index
            index += 1
            let kinds = current.kinds[found]
            guard include(kinds.kind, kinds.held) else { continue }
            let node = SyntaxNode(
              block: current.blocks[found], index: 0, blockStart: list.offsets[chunk] + current.starts[found])
            let position = list.indices[chunk] + found
            if index == count {
              chunk += 1
              index = 0
            }
            return (position, node)
          }
          chunk += 1
          index = 0
        }
        return nil
      }
    }
  }

  /// The top-level blocks that touch `range` (all of them when `range` is nil).
  public func blocks(touching range: Range<Int>?) -> [SyntaxNode] {
    guard let range else { return Array(blockSequence) }
    return blockIndices(touching: range).map(block(at:))
  }

  /// The indices of the blocks ``blocks(touching:)`` gives for `range`, without making them.
  public func blockIndices(touching range: Range<Int>) -> Range<Int> {
    guard let first = blocks.blockIndex(containing: range.lowerBound) else { return 0..<0 }
    var end = first
    while end < blocks.count {
      let start = blocks.range(ofBlock: end).lowerBound
      if start >= range.upperBound && !(range.isEmpty && start == range.lowerBound) { break }
      end += 1
    }
    return first..<end
  }

  /// A run of up to 256 consecutive top-level blocks. An edit makes new runs only around
  /// what it reparsed, so a value computed from a run (relative to its start) is kept by
  /// ``identity`` while ``owner`` is held: a few hundred lookups a keystroke, not one a block.
  public struct BlockRun {
    let chunk: BlockList.Chunk
    /// Where the run's first block starts.
    public let start: Int

    /// The run's identity, stable across edits that leave the run as it is.
    public var identity: ObjectIdentifier { ObjectIdentifier(chunk) }
    /// What keeps ``identity`` from being reused.
    public var owner: AnyObject { chunk }
    /// The run's length in bytes.
    public var length: Int { chunk.length }
    /// The run's first block.
    public var firstBlock: SyntaxNode { SyntaxNode(block: chunk.blocks[0], index: 0, blockStart: start) }

    /// Calls `body` with each of the run's blocks in order.
    public func forEachBlock(_ body: (SyntaxNode) -> Void) {
      for index in chunk.blocks.indices {
        body(SyntaxNode(block: chunk.blocks[index], index: 0, blockStart: start + chunk.starts[index]))
      }
    }
  }

  /// Calls `body` with each run of blocks in order.
  public func forEachRun(_ body: (BlockRun) -> Void) {
    for (index, chunk) in blocks.chunks.enumerated() { body(BlockRun(chunk: chunk, start: blocks.offsets[index])) }
  }

  /// Calls `body` with each top-level block in order.
  public func forEachBlock(_ body: (SyntaxNode) -> Void) {
    blocks.forEach { body(SyntaxNode(block: $0, index: 0, blockStart: $1)) }
  }

  /// The index of the top-level block containing `offset` (the last block for the end).
  public func blockIndex(containing offset: Int) -> Int? {
    blocks.blockIndex(containing: offset)
  }

  /// The malformed-syntax findings of the whole note, in document order.
  public var findings: [SyntaxFinding] {
    var result: [SyntaxFinding] = []
    forEachFinding { result.append($0) }
    return result
  }

  /// Calls `body` with each finding of the whole note, in document order, without
  /// gathering them.
  public func forEachFinding(_ body: (SyntaxFinding) -> Void) {
    blocks.forEachBlockWithFindings { block, start in
      for finding in block.findings { body(finding.shifted(by: start)) }
    }
  }

  /// Whether two trees have the same blocks, node for node, with the same findings,
  /// contexts and examined spans.
  public func isStructurallyEqual(to other: SyntaxTree) -> Bool {
    guard blocks.count == other.blocks.count, blocks.length == other.blocks.length else { return false }
    for i in 0..<blocks.count {
      let a = blocks.block(at: i)
      let b = other.blocks.block(at: i)
      guard a.start == b.start, a.block.sameTree(as: b.block), a.block.examined == b.block.examined else {
        return false
      }
    }
    return true
  }

  /// How many of this tree's blocks are the very same objects as in `other`.
  public func sharedBlockCount(with other: SyntaxTree) -> Int {
    var identities = Set<ObjectIdentifier>()
    other.blocks.forEach { block, _ in identities.insert(ObjectIdentifier(block)) }
    var shared = 0
    blocks.forEach { block, _ in if identities.contains(ObjectIdentifier(block)) { shared += 1 } }
    return shared
  }
}
