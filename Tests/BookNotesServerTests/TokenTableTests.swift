import BookNotesTestSupport
import Testing

@testable import BookNotesServer

/// The chunked token table read as three plain arrays (integers, starts and byte
/// lengths) that every edit rewrites whole.
@Suite struct TokenTableTests {
  /// Plain arrays with the table's meaning: five integers, one start and one byte length
  /// per token.
  struct Plain {
    var data: [UInt32] = []
    var starts: [Int] = []
    var lengths: [UInt32] = []

    mutating func replace(
      _ range: Range<Int>, data fresh: [UInt32], starts freshStarts: [Int], lengths freshLengths: [UInt32], shift: Int
    ) {
      data.replaceSubrange((range.lowerBound * 5)..<(range.upperBound * 5), with: fresh)
      starts.replaceSubrange(range, with: freshStarts)
      lengths.replaceSubrange(range, with: freshLengths)
      for index in (range.lowerBound + freshStarts.count)..<starts.count { starts[index] += shift }
    }
  }

  @Test(arguments: [1, 2, 3, 4, 5, 6])
  func randomReplacementsMatchRewritingPlainArrays(seed: UInt64) {
    var random = SplitMix(seed: seed)
    var serial: UInt32 = 0
    func tokens(_ count: Int, from start: Int, before limit: Int) -> (data: [UInt32], starts: [Int], lengths: [UInt32])
    {
      var data: [UInt32] = []
      var starts: [Int] = []
      var lengths: [UInt32] = []
      var position = start
      for _ in 0..<count where position < limit {
        starts.append(position)
        lengths.append(UInt32(1 + random.next() % 9))
        for _ in 0..<5 {
          serial &+= 1
          data.append(serial)
        }
        position += 1 + Int(random.next() % 3)
      }
      return (data, starts, lengths)
    }
    let initial = tokens(2_500 + Int(random.next() % 3_000), from: 0, before: .max)
    var plain = Plain(data: initial.data, starts: initial.starts, lengths: initial.lengths)
    var table = TokenTable(data: initial.data, starts: initial.starts, lengths: initial.lengths)
    for step in 0..<500 {
      // Mostly a keystroke's few tokens; sometimes a paste or a cut of thousands.
      let large = random.next() % 20 == 0
      let lower = Int(random.next() % UInt64(plain.starts.count + 1))
      let removed = large ? Int(random.next() % 3_000) : Int(random.next() % 4)
      let upper = min(plain.starts.count, lower + removed)
      let before = lower > 0 ? plain.starts[lower - 1] + 1 : 0
      let shift = large ? Int(random.next() % 20_001) - 10_000 : Int(random.next() % 21) - 10
      let next = upper < plain.starts.count ? plain.starts[upper] + shift : Int.max
      guard next > before || upper == plain.starts.count else { continue }
      let fresh = tokens(large ? Int(random.next() % 3_000) : Int(random.next() % 4), from: before, before: next)
      plain.replace(lower..<upper, data: fresh.data, starts: fresh.starts, lengths: fresh.lengths, shift: shift)
      table.replace(
        lower..<upper, data: fresh.data, starts: fresh.starts, lengths: fresh.lengths, shiftingTheRestBy: shift)
      #expect(table.count == plain.starts.count)
      #expect(table.starts == plain.starts, "seed \(seed) step \(step)")
      #expect(table.data == plain.data, "seed \(seed) step \(step)")
      #expect(table.lengths == plain.lengths, "seed \(seed) step \(step)")
      if table.starts != plain.starts || table.data != plain.data || table.lengths != plain.lengths { return }
      // Reading a token's start, a run of integers and the first token at an offset.
      if !plain.starts.isEmpty {
        let index = Int(random.next() % UInt64(plain.starts.count))
        #expect(table.start(at: index) == plain.starts[index])
        #expect(table.length(at: index) == plain.lengths[index])
        let end = min(plain.starts.count, index + Int(random.next() % 2_500))
        #expect(table.integers(index..<end) == Array(plain.data[(index * 5)..<(end * 5)]))
        let offset = plain.starts[index] - Int(random.next() % 2)
        #expect(table.firstToken(atOrAfter: offset) == (plain.starts.firstIndex { $0 >= offset } ?? plain.starts.count))
      }
      #expect(table.chunks.allSatisfy { $0.count > 0 && $0.count <= TokenTable.chunkSize * 2 })
    }
    #expect(table.firstToken(atOrAfter: .max) == plain.starts.count)
  }

  @Test func anEmptyTableTakesTokens() {
    var table = TokenTable(data: [], starts: [], lengths: [])
    #expect(table.count == 0 && table.firstToken(atOrAfter: 0) == 0)
    table.replace(0..<0, data: [1, 2, 3, 4, 5], starts: [7], lengths: [3], shiftingTheRestBy: 3)
    #expect(table.data == [1, 2, 3, 4, 5] && table.starts == [7] && table.lengths == [3])
    table.replace(0..<1, data: [], starts: [], lengths: [], shiftingTheRestBy: 0)
    #expect(table.count == 0 && table.chunks.isEmpty)
  }
}
