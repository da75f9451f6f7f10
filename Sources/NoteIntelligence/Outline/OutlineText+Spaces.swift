extension OutlineText {
  /// The index of the first space in `bytes` at or after `start`, or the count: eight
  /// bytes at a time.
  static func nextSpace(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
    guard let base = bytes.baseAddress else { return start }
    let count = bytes.count
    let raw = UnsafeRawPointer(base)
    var index = start
    while index + 8 <= count {
      let x = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) ^ 0x2020_2020_2020_2020
      // The lowest byte flagged is the first space (a flag above a zero byte may be false).
      let found = (x &- 0x0101_0101_0101_0101) & ~x & 0x8080_8080_8080_8080
      if found != 0 { return index + found.trailingZeroBitCount / 8 }
      index += 8
    }
    while index < count && base[index] != 0x20 { index += 1 }
    return index
  }

  /// The spaces of a text read eight bytes at a time (``spaces(_:at:end:)``), and what
  /// the last byte of the eight before was.
  struct SpaceEdge {
    /// Whether the byte before the current eight is a space.
    var spaceBefore = false
    /// Whether the byte before the current eight is beyond ASCII.
    var highBefore = false

    /// The eight bytes of `raw` from `offset` (those at `end` and past it read as `x`,
    /// neither a space nor beyond ASCII) as a mask with 0x80 in each byte that is a
    /// space; `nil` when a byte beyond ASCII is next to a space, here or across the edge
    /// with the eight before (a space may then be part of a larger character). A byte
    /// beyond ASCII is never flagged: no byte of a larger character is a space's.
    @inline(__always)
    mutating func spaces(_ raw: UnsafeRawPointer, at offset: Int, end: Int) -> UInt64? {
      let word: UInt64
      if offset + 8 <= end {
        word = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
      } else {
        var tail: UInt64 = 0x7878_7878_7878_7878
        withUnsafeMutableBytes(of: &tail) { $0.baseAddress!.copyMemory(from: raw + offset, byteCount: end - offset) }
        word = tail
      }
      let lows: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
      let highs = word & ~lows
      let x = word ^ 0x2020_2020_2020_2020
      let spaces = ~(((x & lows) &+ lows) | x | lows)
      if highs != 0 || highBefore {
        let touching =
          (spaces << 8) & highs | (spaces >> 8) & highs | (spaceBefore ? highs & 0x80 : 0)
          | (highBefore ? spaces & 0x80 : 0)
        if touching != 0 { return nil }
      }
      highBefore = highs & 0x8000_0000_0000_0000 != 0
      return spaces
    }

    /// Moves past the eight bytes whose spaces are `spaces`.
    @inline(__always)
    mutating func pass(_ spaces: UInt64) { spaceBefore = spaces & 0x8000_0000_0000_0000 != 0 }
  }
}
