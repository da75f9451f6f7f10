import NoteText

/// The sequence of a note's top-level blocks: the memo table of the block rule.
///
/// Blocks are kept in chunks that store lengths only; a chunk knows how far its blocks
/// looked past its start. An edit replaces the blocks it invalidated and rebuilds one
/// small prefix index, so blocks after an edit shift without being visited.
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
    /// Each block's kind and the kinds of its nodes, side by side: a pass that looks for
    /// some kinds of blocks reads these, not the blocks it passes over.
    let kinds: [BlockKinds]

    init(_ blocks: [Block]) {
      self.blocks = blocks
      kinds = blocks.map { BlockKinds(kind: $0.kind, held: $0.heldKinds) }
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
    }

    /// A chunk whose index the caller computed as the blocks were made (see `init(_:)`).
    init(blocks: [Block], starts: [Int], reach: Int, hasFindings: Bool) {
      self.blocks = blocks
      self.starts = starts
      self.reach = reach
      self.hasFindings = hasFindings
      kinds = blocks.map { BlockKinds(kind: $0.kind, held: $0.heldKinds) }
    }

    var length: Int { starts[starts.count - 1] }
  }

  /// A block's kind and the kinds of its nodes (its own among them).
  struct BlockKinds {
    let kind: NodeKind
    let held: NodeKindSet
  }

  static let chunkSize = 128

  private(set) var chunks: [Chunk] = []
  /// Offset of each chunk; one extra entry holding the total length.
  private(set) var offsets: [Int]
  /// Index of each chunk's first block; one extra entry holding the block count.
  private(set) var indices: [Int]

  init(_ blocks: [Block]) {
    var i = 0
    while i < blocks.count {
      let end = min(blocks.count, i + Self.chunkSize)
      chunks.append(Chunk(Array(blocks[i..<end])))
      i = end
    }
    offsets = Self.startingTable(count: chunks.count)
    indices = Self.startingTable(count: chunks.count)
    rebuildIndex(from: 0)
  }

  /// The chunks of a fresh parse (none empty).
  init(chunks: [Chunk]) {
    self.chunks = chunks
    offsets = Self.startingTable(count: chunks.count)
    indices = Self.startingTable(count: chunks.count)
    rebuildIndex(from: 0)
  }

  /// A list of no blocks, shared.
  static let empty = BlockList(chunks: [])

  var count: Int { indices[indices.count - 1] }
  var length: Int { offsets[offsets.count - 1] }

  /// Rebuilds the index from chunk `first` on.
  private mutating func rebuildIndex(from first: Int) {
    // Room for every chunk's entry first, so that they are filled without growing (and
    // a table the list shares is copied once).
    offsets.reserveCapacity(chunks.count + 1)
    indices.reserveCapacity(chunks.count + 1)
    offsets.removeSubrange((first + 1)...)
    indices.removeSubrange((first + 1)...)
    var offset = offsets[first]
    var index = indices[first]
    for c in first..<chunks.count {
      offset += chunks[c].length
      index += chunks[c].blocks.count
      offsets.append(offset)
      indices.append(index)
    }
  }

  /// A table holding its first entry, 0, with room for the entries of `count` chunks.
  private static func startingTable(count: Int) -> [Int] {
    var table: [Int] = []
    table.reserveCapacity(count + 1)
    table.append(0)
    return table
  }

  /// The index of the block containing `offset` (the last one for the end).
  func blockIndex(containing offset: Int) -> Int? {
    guard !chunks.isEmpty else { return nil }
    let (chunk, block) = position(of: offset)
    return indices[chunk] + block
  }

  /// The chunk whose span holds `offset` and the index in it of the block containing
  /// it (the last ones for the end); the list is not empty.
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

  /// The kind of block `index`, read from its chunk's index of kinds.
  func kind(ofBlock index: Int) -> NodeKind {
    let c = chunk(ofBlock: index)
    return chunks[c].kinds[index - indices[c]].kind
  }

  /// The range of block `index`, read from the chunks' starts.
  func range(ofBlock index: Int) -> Range<Int> {
    let c = chunk(ofBlock: index)
    let i = index - indices[c]
    return (offsets[c] + chunks[c].starts[i])..<(offsets[c] + chunks[c].starts[i + 1])
  }

  /// The index of the block that starts exactly at `offset`, if one does.
  func blockIndex(startingAt offset: Int) -> Int? {
    guard !chunks.isEmpty, offset < length else { return nil }
    let (chunk, block) = position(of: offset)
    return chunks[chunk].starts[block] == offset - offsets[chunk] ? indices[chunk] + block : nil
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
    let head = chunks[first].blocks[..<(range.lowerBound - indices[first])]
    let tailStart = min(range.upperBound - indices[last], chunks[last].blocks.count)
    let tail = chunks[last].blocks[tailStart...]
    // Made at its size: each growth is an allocation and a copy.
    var merged: [Block] = []
    merged.reserveCapacity(head.count + replacement.count + tail.count)
    merged += head
    merged += replacement
    merged += tail
    guard merged.count > Self.chunkSize * 2 || merged.isEmpty else {
      // One chunk (most edits) takes the array itself.
      chunks.replaceSubrange(first...last, with: CollectionOfOne(Chunk(merged)))
      rebuildIndex(from: first)
      return
    }
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

  /// Calls `body` with each block and its offset, in order.
  func forEach(_ body: (Block, Int) -> Void) {
    for (c, chunk) in chunks.enumerated() {
      for (i, block) in chunk.blocks.enumerated() { body(block, offsets[c] + chunk.starts[i]) }
    }
  }
}
