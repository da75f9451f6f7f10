/// The inline regions of a block an edit replaced, for the reparse that replaces it.
///
/// An inline region (an `inlineContent` node: a quote's line, a list item's text, a
/// heading's text) is parsed by ``InlineParser`` from its bytes alone: the parse reads
/// nothing before the region's start or from its end on (`QuoteEditTests`, the
/// incremental property test and the parser fuzzer hold it to that). So a region of
/// the new parse whose bytes lie wholly before the edit, or wholly after what it
/// inserted, has the nodes of the old block's region over the same bytes, moved; the
/// reparse copies them instead of parsing them again. A region whose old parse made
/// findings is parsed again.
struct InlineReuse {
  /// The old block.
  let old: Block
  /// Where the old block starts in the parse buffer (before the edit, so at the same
  /// place in the old text and the new).
  let oldStart: Int
  /// The edit in the parse buffer: the bytes before `editStart` are the old text's, and
  /// those from `insertedEnd` on are the old text's moved by `delta`.
  let editStart: Int
  let insertedEnd: Int
  let delta: Int
  /// The old block's next node to look at: regions are asked for in order.
  private var cursor = 1
  /// Where the old block's findings start, relative to it, in order.
  private let findingStarts: [Int]

  init(old: Block, oldStart: Int, editStart: Int, insertedEnd: Int, delta: Int) {
    self.old = old
    self.oldStart = oldStart
    self.editStart = editStart
    self.insertedEnd = insertedEnd
    self.delta = delta
    findingStarts = old.hasFindings ? old.findings.map(\.range.lowerBound).sorted() : []
  }

  /// For the region `start..<end` of the new parse (buffer positions) in the block
  /// starting at `blockStart`: the index of the old block's `inlineContent` node over
  /// the same bytes, and how far its nodes' offsets move (from the old block's start to
  /// the new one's), when the edit left those bytes alone and their old parse made no
  /// findings.
  mutating func oldRegion(_ start: Int, _ end: Int, blockStart: Int) -> (index: Int, moved: Int)? {
    let oldRegionStart: Int
    if end < editStart {
      oldRegionStart = start
    } else if start > insertedEnd {
      oldRegionStart = start - delta
    } else {
      return nil
    }
    let relative = oldRegionStart - oldStart
    guard relative >= 0, let index = inlineContent(at: relative, length: end - start),
      !madeFindings(relative, end - start)
    else { return nil }
    return (index, start - oldRegionStart + oldStart - blockStart)
  }

  /// The old `inlineContent` node starting at `offset` (relative to the old block) and
  /// `length` long: the nodes before it are passed over, a region's nodes at once.
  private mutating func inlineContent(at offset: Int, length: Int) -> Int? {
    old.withNodes { nodes in
      while cursor < nodes.count {
        let node = nodes[cursor]
        let start = Int(node.offset)
        if start > offset { return nil }
        guard node.kind == .inlineContent else {
          cursor += 1
          continue
        }
        if start < offset {
          cursor = Int(node.end)
          continue
        }
        guard Int(node.length) == length else { return nil }
        defer { cursor = Int(node.end) }
        return cursor
      }
      return nil
    }
  }

  /// Whether a finding of the old block starts in `offset..<(offset + length)`.
  private func madeFindings(_ offset: Int, _ length: Int) -> Bool {
    guard !findingStarts.isEmpty else { return false }
    var low = 0
    var high = findingStarts.count
    while low < high {
      let middle = (low + high) / 2
      if findingStarts[middle] < offset { low = middle + 1 } else { high = middle }
    }
    return low < findingStarts.count && findingStarts[low] < offset + length
  }
}
