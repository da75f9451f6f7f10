extension Array where Element: Comparable {
  /// Among the first `count` elements, sorted starts of consecutive parts, the index of
  /// the part holding `value` (0 when `value` is before them all).
  @inlinable
  public func lastIndex(atMost value: Element, among count: Int) -> Int {
    var low = 0
    var high = count - 1
    while low < high {
      let mid = (low + high + 1) / 2
      if self[mid] <= value { low = mid } else { high = mid - 1 }
    }
    return low
  }
}
