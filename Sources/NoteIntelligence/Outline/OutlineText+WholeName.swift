extension OutlineText {
  /// Whether `bytes`, which fit the name's bytes, are the whole name: ASCII words one
  /// space apart (no space at either end), fewer than `maxWords` spaces. Read eight
  /// bytes at a time: most headings, questions and answers are such a text.
  static func isWholeName(_ bytes: UnsafeBufferPointer<UInt8>, maxWords: Int) -> Bool {
    guard let base = bytes.baseAddress, bytes.count > 0 else { return true }
    let count = bytes.count
    guard base[0] != 0x20 && base[count - 1] != 0x20 else { return false }
    let raw = UnsafeRawPointer(base)
    var spaceCount = 0
    // Whether the byte before the current eight is a space.
    var spaceBefore = false
    var offset = 0
    while offset < count {
      guard let isSpace = asciiSpaces(raw, at: offset, end: count) else { return false }
      if isSpace != 0 {
        // Two spaces side by side, here or across the edge with the eight before.
        if isSpace & (isSpace >> 8) != 0 || (spaceBefore && isSpace & 0x80 != 0) { return false }
        spaceCount += isSpace.nonzeroBitCount
        if spaceCount >= maxWords { return false }
      }
      spaceBefore = isSpace & 0x8000_0000_0000_0000 != 0
      offset += 8
    }
    return true
  }

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

  /// The eight bytes of `raw` from `offset` (those at `end` and past it read as `x`,
  /// neither a space nor beyond ASCII) as a mask with 0x80 in each byte that is a space;
  /// `nil` when one of them is beyond ASCII.
  @inline(__always)
  static func asciiSpaces(_ raw: UnsafeRawPointer, at offset: Int, end: Int) -> UInt64? {
    let word: UInt64
    if offset + 8 <= end {
      word = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
    } else {
      var tail: UInt64 = 0x7878_7878_7878_7878
      withUnsafeMutableBytes(of: &tail) { $0.baseAddress!.copyMemory(from: raw + offset, byteCount: end - offset) }
      word = tail
    }
    let lows: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
    guard word & ~lows == 0 else { return nil }
    let x = word ^ 0x2020_2020_2020_2020
    return ~(((x & lows) &+ lows) | x | lows)
  }
}
