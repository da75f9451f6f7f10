import Testing

@testable import BookNotesServer

/// The token starts with a pending shift read as a plain array that every edit shifts
/// whole.
@Suite struct TokenStartsTests {
  @Test(arguments: [1, 2, 3, 4, 5])
  func randomReplacementsMatchShiftingEveryStart(seed: UInt64) {
    var random = SplitMix(seed: seed)
    var plain = Array(stride(from: 0, to: 2000, by: 10))
    var starts = TokenStarts(plain)
    for step in 0..<400 {
      // A range of tokens replaced by fresh ones inside the old gap, then the rest moved.
      let lower = Int(random.next() % UInt64(plain.count + 1))
      let upper = min(plain.count, lower + Int(random.next() % 4))
      let before = lower > 0 ? plain[lower - 1] : -1
      let shift = Int(random.next() % 21) - 10
      let next = upper < plain.count ? plain[upper] + shift : Int.max
      var fresh: [Int] = []
      var position = before + 1
      for _ in 0..<Int(random.next() % 4) where position < next {
        fresh.append(position)
        position += 1
      }
      plain.replaceSubrange(lower..<upper, with: fresh)
      for index in (lower + fresh.count)..<plain.count { plain[index] += shift }
      starts.replace(lower..<upper, with: fresh, shiftingTheRestBy: shift)
      #expect(starts.count == plain.count)
      #expect(starts.values == plain, "seed \(seed) step \(step)")
      if starts.values != plain { return }
    }
  }
}
