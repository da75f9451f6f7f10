/// The first position at or after a start that satisfies a fixed predicate, remembered,
/// so that searches from increasing starts cost one scan in all (100,000 `?[` without a
/// `]` all get the same answer). A search that found nothing remembers how far it
/// looked, and a later one with a further end goes on from there.
struct ForwardSearch {
  private var from = Int.max
  /// The first match at or after `from`, or (when `found` is false) how far the search
  /// looked without finding one.
  private var result = Int.min
  private var found = false

  /// The first `i` in `start..<end` with `matches(i)`, or `end`. `matches` holds only
  /// where `bytes[i]` is `first` or `second`: sixteen bytes without either are skipped at once.
  @inline(__always)
  mutating func find(
    in bytes: UnsafeBufferPointer<UInt8>, from start: Int, end: Int, bytes first: UInt8, _ second: UInt8,
    _ matches: (Int) -> Bool
  ) -> Int {
    find(in: bytes, from: start, end: end, bytes: first, second, second, matches)
  }

  /// As above, with three bytes.
  @inline(__always)
  mutating func find(
    in bytes: UnsafeBufferPointer<UInt8>, from start: Int, end: Int, bytes first: UInt8, _ second: UInt8,
    _ third: UInt8, _ matches: (Int) -> Bool
  ) -> Int {
    var i = start
    if start >= from && start <= result {
      if found { return min(result, end) }
      if end <= result { return max(start, end) }
      i = result
    } else {
      from = start
    }
    let a = ByteScan.Vector(repeating: Int8(bitPattern: first))
    let b = ByteScan.Vector(repeating: Int8(bitPattern: second))
    let c = ByteScan.Vector(repeating: Int8(bitPattern: third))
    while i < end {
      // Long stretches without any of the bytes (a closer searched to the end of a
      // large paragraph) go 64 bytes a step.
      while i + 64 <= end && !ByteScan.holdsAny(bytes, i, a, b, c) { i += 64 }
      if i == end { break }
      if i + 16 <= end {
        let v = ByteScan.loadVector(bytes, i)
        let lane = ByteScan.firstLane((v .== a) .| (v .== b) .| (v .== c))
        i += lane
        if lane == 16 { continue }
      }
      if matches(i) { break }
      i += 1
    }
    result = max(i, start)
    found = i < end
    return result
  }
}
