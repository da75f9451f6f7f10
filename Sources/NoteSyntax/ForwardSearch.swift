/// The first position at or after a start that satisfies a fixed predicate, remembered
/// so that a run of searches from increasing starts costs one scan in total.
///
/// This is what keeps inline parsing linear on inputs like 100,000 `?[` without a `]`:
/// every opener asks for the next `]`, and all of them get the same cached answer.
struct ForwardSearch {
  private var from = Int.max
  private var result = Int.min

  /// The first `i` in `start..<end` with `matches(i)`, or `end`. `matches` holds only
  /// where `p[i]` is `first` or `second`: sixteen bytes without either are skipped at once.
  @inline(__always)
  mutating func find(
    in p: UnsafeBufferPointer<UInt8>, from start: Int, end: Int, bytes first: UInt8, _ second: UInt8,
    _ matches: (Int) -> Bool
  ) -> Int {
    if start >= from && start <= result { return result }
    let a = ByteScan.Vector(repeating: Int8(bitPattern: first))
    let b = ByteScan.Vector(repeating: Int8(bitPattern: second))
    var i = start
    while i < end {
      if i + 16 <= end {
        let v = ByteScan.loadVector(p, i)
        let lane = ByteScan.firstLane((v .== a) .| (v .== b))
        i += lane
        if lane == 16 { continue }
      }
      if matches(i) { break }
      i += 1
    }
    from = start
    result = i
    return i
  }
}
