import NoteText

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
  /// where `bytes[i]` is `first`, `second` or `third`: sixteen bytes without any are
  /// skipped at once.
  @inline(__always)
  mutating func find(
    in bytes: UnsafeBufferPointer<UInt8>, from start: Int, end: Int, bytes first: UInt8, _ second: UInt8,
    _ third: UInt8? = nil, _ matches: (Int) -> Bool
  ) -> Int {
    var i = start
    if start >= from && start <= result {
      if found { return min(result, end) }
      if end <= result { return max(start, end) }
      i = result
    } else {
      from = start
    }
    while i < end {
      i = ByteScan.firstIndex(of: first, second, third ?? second, in: bytes, from: i, to: end)
      if i == end || matches(i) { break }
      i += 1
    }
    result = max(i, start)
    found = i < end
    return result
  }
}
