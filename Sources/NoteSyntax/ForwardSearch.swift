/// The first position at or after a start that satisfies a fixed predicate, remembered
/// so that a run of searches from increasing starts costs one scan in total.
///
/// This is what keeps inline parsing linear on inputs like 100,000 `?[` without a `]`:
/// every opener asks for the next `]`, and all of them get the same cached answer.
struct ForwardSearch {
  private var from = Int.max
  private var result = Int.min

  /// The first `i` in `start..<end` with `matches(i)`, or `end`.
  @inline(__always)
  mutating func find(from start: Int, end: Int, _ matches: (Int) -> Bool) -> Int {
    if start >= from && start <= result { return result }
    var i = start
    while i < end && !matches(i) { i += 1 }
    from = start
    result = i
    return i
  }
}
