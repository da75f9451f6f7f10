/// The sequence of a note's stored blocks: the memo table of the block rule.
///
/// Blocks are kept in chunks that store lengths only; a chunk knows how far its blocks
/// looked past its start. An edit replaces the blocks it invalidated and rebuilds one
/// small prefix index, so blocks after an edit shift without being visited. A large
/// paragraph, quote or list is stored as several blocks, its pieces (see ``Pieces``):
/// the tree's blocks are the stored blocks that do not continue another ("heads"), each
/// with the pieces after it.
struct BlockList: Sendable {
  /// `@unchecked Sendable`: holds immutable blocks (see ``Block``).
  final class Chunk: @unchecked Sendable {
    let blocks: [Block]
    /// `starts[i]` is block `i`'s offset from the chunk's start; one extra entry at the end.
    let starts: [Int]
    /// The furthest `start + examined` of any block, from the chunk's start.
    let reach: Int
    /// Whether any block of the chunk has findings (chunks without are skipped when collecting them).
    let hasFindings: Bool
    /// How many of its blocks do not continue the block before them.
    let heads: Int

    init(_ blocks: [Block]) {
      self.blocks = blocks
      var starts = [Int](repeating: 0, count: blocks.count + 1)
      var offset = 0
      var reach = 0
      for (i, block) in blocks.enumerated() {
        starts[i] = offset
        reach = max(reach, offset + block.examined)
        offset += block.length
      }
      starts[blocks.count] = offset
      self.starts = starts
      self.reach = reach
      hasFindings = blocks.contains { $0.hasFindings }
      heads = blocks.reduce(0) { $1.continues ? $0 : $0 + 1 }
    }

    /// A chunk whose index the caller computed as the blocks were made (see `init(_:)`).
    init(blocks: [Block], starts: [Int], reach: Int, hasFindings: Bool, heads: Int) {
      self.blocks = blocks
      self.starts = starts
      self.reach = reach
      self.hasFindings = hasFindings
      self.heads = heads
    }

    var length: Int { starts[starts.count - 1] }
  }

  static let chunkSize = 128

  private(set) var chunks: [Chunk] = []
  /// Offset of each chunk; one extra entry holding the total length.
  private(set) var offsets: [Int] = [0]
  /// Index of each chunk's first block; one extra entry holding the block count.
  private(set) var indices: [Int] = [0]
  /// Heads before each chunk; one extra entry holding the number of heads.
  private(set) var headIndices: [Int] = [0]

  init(_ blocks: [Block]) {
    var i = 0
    while i < blocks.count {
      let end = min(blocks.count, i + Self.chunkSize)
      chunks.append(Chunk(Array(blocks[i..<end])))
      i = end
    }
    rebuildIndex(from: 0)
  }

  /// The chunks of a fresh parse (none empty).
  init(chunks: [Chunk]) {
    self.chunks = chunks
    rebuildIndex(from: 0)
  }

  var count: Int { indices[indices.count - 1] }
  /// The number of heads: the tree's blocks.
  var headCount: Int { headIndices[headIndices.count - 1] }
  var length: Int { offsets[offsets.count - 1] }

  private mutating func rebuildIndex(from first: Int) {
    offsets.removeSubrange((first + 1)...)
    indices.removeSubrange((first + 1)...)
    headIndices.removeSubrange((first + 1)...)
    var offset = offsets[first]
    var index = indices[first]
    var heads = headIndices[first]
    for c in first..<chunks.count {
      offset += chunks[c].length
      index += chunks[c].blocks.count
      heads += chunks[c].heads
      offsets.append(offset)
      indices.append(index)
      headIndices.append(heads)
    }
  }

  /// The index of head number `head` (`head < headCount`).
  func blockIndex(ofHead head: Int) -> Int {
    let low = headIndices.lastIndex(atMost: head, among: chunks.count)
    let chunk = chunks[low]
    var remaining = head - headIndices[low]
    if chunk.heads == chunk.blocks.count { return indices[low] + remaining }
    for (i, block) in chunk.blocks.enumerated() where !block.continues {
      if remaining == 0 { return indices[low] + i }
      remaining -= 1
    }
    preconditionFailure("head \(head) not in its chunk")
  }

  /// The number of the head that block `index` is or continues.
  func head(ofBlock index: Int) -> Int {
    var index = index
    while index > 0 && block(at: index).block.continues { index -= 1 }
    let c = chunk(ofBlock: index)
    var head = headIndices[c]
    for block in chunks[c].blocks[..<(index - indices[c])] where !block.continues { head += 1 }
    return head
  }

  /// The tree's block starting with stored block `index` (a head): the block itself,
  /// or its pieces merged when blocks after it continue it.
  func joined(at index: Int) -> (block: Block, start: Int) {
    let (first, start) = block(at: index)
    guard index + 1 < count, block(at: index + 1).block.continues else { return (first, start) }
    var pieces: [(block: Block, start: Int)] = [(first, 0)]
    var next = index + 1
    while next < count {
      let (piece, pieceStart) = block(at: next)
      guard piece.continues else { break }
      pieces.append((piece, pieceStart - start))
      next += 1
    }
    return (Block.merged(pieces), start)
  }

  /// The index of the stored block containing `offset` (the last one for the end).
  func blockIndex(containing offset: Int) -> Int? {
    guard !chunks.isEmpty else { return nil }
    let (chunk, block) = position(of: offset)
    return indices[chunk] + block
  }

  /// The chunk whose span holds `offset` and the index in it of the stored block
  /// containing it (the last ones for the end); the list is not empty.
  private func position(of offset: Int) -> (chunk: Int, block: Int) {
    let low = offsets.lastIndex(atMost: offset, among: chunks.count)
    let starts = chunks[low].starts
    return (low, starts.lastIndex(atMost: offset - offsets[low], among: starts.count - 1))
  }

  private func chunk(ofBlock index: Int) -> Int {
    indices.lastIndex(atMost: index, among: chunks.count)
  }

  /// The block at `index` and its offset.
  func block(at index: Int) -> (block: Block, start: Int) {
    let c = chunk(ofBlock: index)
    let i = index - indices[c]
    return (chunks[c].blocks[i], offsets[c] + chunks[c].starts[i])
  }

  /// The index of the block that starts exactly at `offset`, if one does.
  func blockIndex(startingAt offset: Int) -> Int? {
    guard !chunks.isEmpty, offset < length else { return nil }
    let (chunk, block) = position(of: offset)
    return chunks[chunk].starts[block] == offset - offsets[chunk] ? indices[chunk] + block : nil
  }

  /// The index of the first block starting at or after `offset`, if any.
  func blockIndex(startingAtOrAfter offset: Int) -> Int? {
    guard !chunks.isEmpty, offset < length else { return nil }
    let (chunk, block) = position(of: max(offset, 0))
    let index = indices[chunk] + block
    if chunks[chunk].starts[block] + offsets[chunk] >= offset { return index }
    return index + 1 < count ? index + 1 : nil
  }

  /// The first block from index `first` on whose examined span `[start, start + examined)`
  /// reaches past `offset`.
  func firstBlock(reachingPast offset: Int, from first: Int = 0) -> Int? {
    guard first < count else { return nil }
    for c in chunk(ofBlock: first)..<chunks.count where offsets[c] + chunks[c].reach > offset {
      let chunk = chunks[c]
      for i in max(0, first - indices[c])..<chunk.blocks.count
      where offsets[c] + chunk.starts[i] + chunk.blocks[i].examined > offset {
        return indices[c] + i
      }
    }
    return nil
  }

  /// Replaces the blocks `range` with `replacement`.
  mutating func replace(_ range: Range<Int>, with replacement: [Block]) {
    if chunks.isEmpty {
      self = BlockList(replacement)
      return
    }
    let first = chunk(ofBlock: min(range.lowerBound, count - 1))
    let last = range.upperBound >= count ? chunks.count - 1 : chunk(ofBlock: range.upperBound)
    var merged = Array(chunks[first].blocks[..<(range.lowerBound - indices[first])])
    merged.append(contentsOf: replacement)
    let tailStart = range.upperBound - indices[last]
    if tailStart < chunks[last].blocks.count { merged.append(contentsOf: chunks[last].blocks[tailStart...]) }
    var newChunks: [Chunk] = []
    var i = 0
    while i < merged.count {
      let end = merged.count - i <= Self.chunkSize * 2 ? merged.count : i + Self.chunkSize
      newChunks.append(Chunk(Array(merged[i..<end])))
      i = end
    }
    chunks.replaceSubrange(first...last, with: newChunks)
    rebuildIndex(from: first)
  }

  /// Calls `body` with each block that has findings and its offset, in order.
  func forEachBlockWithFindings(_ body: (Block, Int) -> Void) {
    for (c, chunk) in chunks.enumerated() where chunk.hasFindings {
      for (i, block) in chunk.blocks.enumerated() where block.hasFindings {
        body(block, offsets[c] + chunk.starts[i])
      }
    }
  }

  /// Calls `body` with each stored block and its offset, in order.
  func forEach(_ body: (Block, Int) -> Void) {
    for (c, chunk) in chunks.enumerated() {
      for (i, block) in chunk.blocks.enumerated() { body(block, offsets[c] + chunk.starts[i]) }
    }
  }

  /// Calls `body` with each of the tree's blocks (pieces merged) and its offset, in order.
  func forEachJoined(_ body: (Block, Int) -> Void) {
    // Every note's blocks are walked when a library is indexed: a block is handed on
    // when the next head is reached, and pieces are gathered only for a large block.
    var head: Block?
    var headStart = 0
    var pieces: [(block: Block, start: Int)] = []
    for (c, chunk) in chunks.enumerated() {
      let base = offsets[c]
      for (i, block) in chunk.blocks.enumerated() {
        let offset = base + chunk.starts[i]
        if block.continues, let first = head {
          if pieces.isEmpty { pieces.append((first, 0)) }
          pieces.append((block, offset - headStart))
          continue
        }
        if let first = head {
          if pieces.isEmpty {
            body(first, headStart)
          } else {
            body(Block.merged(pieces), headStart)
            pieces.removeAll(keepingCapacity: true)
          }
        }
        head = block
        headStart = offset
      }
    }
    if let first = head { body(pieces.isEmpty ? first : Block.merged(pieces), headStart) }
  }
}
