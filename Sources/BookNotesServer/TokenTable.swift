import NoteIntelligence
import NoteSyntax

/// A semantic-token result's tokens as sent — five integers each — with each token's
/// byte start and byte length, kept in chunks so that a keystroke costs what it changes.
///
/// A keystroke replaces a few tokens and moves every later one by the edit's length.
/// In one flat array that move would visit every later start and shift every later
/// integer whenever the number of tokens changed: the note's size, on every keystroke.
/// Here only the chunks holding the replaced tokens are rewritten; each later chunk
/// takes the move as a pending shift of its starts, and the chunks' first indices are
/// renumbered (a few hundred integers in a 10 MB note).
struct TokenTable: Sendable {
  /// Up to ``TokenTable/chunkSize`` × 2 consecutive tokens (never none).
  struct Chunk: Sendable {
    /// Five integers per token, as encoded.
    var data: [UInt32]
    /// Each token's start, less ``shift``.
    var stored: [Int]
    /// Each token's length in bytes (the integers hold it in the negotiated encoding).
    var lengths: [UInt32]
    /// Added to every stored start: the moves of edits before the chunk.
    var shift = 0

    var count: Int { stored.count }
    func start(_ index: Int) -> Int { stored[index] + shift }
  }

  static let chunkSize = 1024

  private(set) var chunks: [Chunk] = []
  /// The index of each chunk's first token; one extra entry holding the count.
  private var firstIndices: [Int] = [0]

  /// The tokens encoded as `data`, starting at `starts` (sorted, one per token) and
  /// `lengths` bytes long.
  init(data: [UInt32], starts: [Int], lengths: [UInt32]) {
    precondition(data.count == starts.count * 5 && lengths.count == starts.count, "five integers per token")
    chunks = Self.chunked(data: data[...], starts: starts[...], lengths: lengths[...])
    renumber(from: 0)
  }

  var count: Int { firstIndices[firstIndices.count - 1] }

  /// Every integer, in order (what a full result sends).
  var data: [UInt32] { chunks.flatMap(\.data) }

  /// Every start, in order.
  var starts: [Int] { chunks.flatMap { chunk in chunk.stored.map { $0 + chunk.shift } } }

  /// Every byte length, in order.
  var lengths: [UInt32] { chunks.flatMap(\.lengths) }

  /// The start of token `index`.
  func start(at index: Int) -> Int {
    let (c, i) = locate(index)
    return chunks[c].start(i)
  }

  /// The byte length of token `index`.
  func length(at index: Int) -> UInt32 {
    let (c, i) = locate(index)
    return chunks[c].lengths[i]
  }

  /// How many of the tokens `old`, from its first forward (or from its last backward),
  /// moved by `shift` bytes, are `fresh`'s tokens taken the same way, while `accept`
  /// holds for the fresh one: the same start and byte length, and the type and
  /// modifiers their integers encode. A chunk at a time, read in place.
  func sameTokens(
    _ fresh: ArraySlice<SemanticToken>, old: Range<Int>, backward: Bool, movedBy shift: Int,
    while accept: (SemanticToken) -> Bool
  ) -> Int {
    let most = min(fresh.count, old.count)
    var matched = 0
    var stopped = false
    while matched < most && !stopped {
      let (c, first) = locate(backward ? old.upperBound - 1 - matched : old.lowerBound + matched)
      let base = chunks[c].shift + shift
      chunks[c].data.withUnsafeBufferPointer { data in
        chunks[c].stored.withUnsafeBufferPointer { stored in
          chunks[c].lengths.withUnsafeBufferPointer { lengths in
            var i = first
            while matched < most {
              let token = backward ? fresh[fresh.endIndex - 1 - matched] : fresh[fresh.startIndex + matched]
              guard accept(token), stored[i] + base == token.start, lengths[i] == UInt32(token.length),
                data[i * 5 + 3] == SemanticTokenLegend.wire(token.type),
                data[i * 5 + 4] == SemanticTokenLegend.wire(token.modifiers)
              else {
                stopped = true
                return
              }
              matched += 1
              // The chunk's end: the next token is in the next chunk.
              if backward {
                if i == 0 { return }
                i -= 1
              } else {
                i += 1
                if i == stored.count { return }
              }
            }
          }
        }
      }
    }
    return matched
  }

  /// The integers of the tokens `range`.
  func integers(_ range: Range<Int>) -> [UInt32] {
    var result: [UInt32] = []
    result.reserveCapacity(range.count * 5)
    var index = range.lowerBound
    while index < range.upperBound {
      let (c, i) = locate(index)
      let end = min(chunks[c].count, i + range.upperBound - index)
      result.append(contentsOf: chunks[c].data[(i * 5)..<(end * 5)])
      index += end - i
    }
    return result
  }

  /// The index of the first token starting at or after byte `offset` (`count` if none).
  func firstToken(atOrAfter offset: Int) -> Int {
    // The first chunk whose last token starts at or after `offset`.
    var low = 0
    var high = chunks.count
    while low < high {
      let mid = (low + high) / 2
      let chunk = chunks[mid]
      if chunk.start(chunk.count - 1) < offset { low = mid + 1 } else { high = mid }
    }
    guard low < chunks.count else { return count }
    let chunk = chunks[low]
    var lo = 0
    var hi = chunk.count - 1
    while lo < hi {
      let mid = (lo + hi) / 2
      if chunk.start(mid) < offset { lo = mid + 1 } else { hi = mid }
    }
    return firstIndices[low] + lo
  }

  /// Replaces the tokens `range` with the tokens encoded as `data` starting at `starts`
  /// and `lengths` bytes long, and moves every token after them by `shift` bytes.
  mutating func replace(
    _ range: Range<Int>, data: [UInt32], starts: [Int], lengths: [UInt32], shiftingTheRestBy shift: Int
  ) {
    precondition(data.count == starts.count * 5 && lengths.count == starts.count, "five integers per token")
    guard !chunks.isEmpty else {
      self = TokenTable(data: data, starts: starts, lengths: lengths)
      return
    }
    // The chunks holding the range (the last one when it is at the end), and the
    // next one too when what they would keep is small, so chunks do not dwindle.
    let first = locate(min(range.lowerBound, count - 1)).chunk
    var last = range.isEmpty ? first : locate(min(range.upperBound - 1, count - 1)).chunk
    let kept = firstIndices[last + 1] - firstIndices[first] - range.count + starts.count
    if kept < Self.chunkSize / 2 && last + 1 < chunks.count { last += 1 }

    var newData: [UInt32] = []
    var newStarts: [Int] = []
    var newLengths: [UInt32] = []
    let total = firstIndices[last + 1] - firstIndices[first] - range.count + starts.count
    newData.reserveCapacity(total * 5)
    newStarts.reserveCapacity(total)
    newLengths.reserveCapacity(total)
    for c in first...last {
      let chunk = chunks[c]
      let base = firstIndices[c]
      // The chunk's tokens before the range, then the new ones, then those after it.
      let before = max(0, min(chunk.count, range.lowerBound - base))
      newData.append(contentsOf: chunk.data[..<(before * 5)])
      for i in 0..<before { newStarts.append(chunk.start(i)) }
      newLengths.append(contentsOf: chunk.lengths[..<before])
      if range.lowerBound >= base && range.lowerBound <= base + chunk.count
        && (c == last || range.lowerBound < base + chunk.count)
      {
        newData.append(contentsOf: data)
        newStarts.append(contentsOf: starts)
        newLengths.append(contentsOf: lengths)
      }
      let after = max(before, min(chunk.count, range.upperBound - base))
      newData.append(contentsOf: chunk.data[(after * 5)...])
      for i in after..<chunk.count { newStarts.append(chunk.start(i) + shift) }
      newLengths.append(contentsOf: chunk.lengths[after...])
    }
    let replacement = Self.chunked(data: newData[...], starts: newStarts[...], lengths: newLengths[...])
    chunks.replaceSubrange(first...last, with: replacement)
    if shift != 0 {
      for c in (first + replacement.count)..<chunks.count { chunks[c].shift += shift }
    }
    renumber(from: first)
  }

  /// The chunk holding token `index` (`index < count`) and its index in it.
  private func locate(_ index: Int) -> (chunk: Int, index: Int) {
    let low = firstIndices.lastIndex(atMost: index, among: chunks.count)
    return (low, index - firstIndices[low])
  }

  private mutating func renumber(from first: Int) {
    firstIndices.removeSubrange((first + 1)...)
    var index = firstIndices[first]
    for c in first..<chunks.count {
      index += chunks[c].count
      firstIndices.append(index)
    }
  }

  /// `data`, `starts` and `lengths` cut into chunks of ``chunkSize`` tokens, the last
  /// one taking up to twice that.
  private static func chunked(
    data: ArraySlice<UInt32>, starts: ArraySlice<Int>, lengths: ArraySlice<UInt32>
  ) -> [Chunk] {
    var chunks: [Chunk] = []
    var i = starts.startIndex
    let dataBase = data.startIndex - starts.startIndex * 5
    let lengthBase = lengths.startIndex - starts.startIndex
    while i < starts.endIndex {
      let end = starts.endIndex - i <= chunkSize * 2 ? starts.endIndex : i + chunkSize
      chunks.append(
        Chunk(
          data: Array(data[(dataBase + i * 5)..<(dataBase + end * 5)]), stored: Array(starts[i..<end]),
          lengths: Array(lengths[(lengthBase + i)..<(lengthBase + end)])))
      i = end
    }
    return chunks
  }
}
