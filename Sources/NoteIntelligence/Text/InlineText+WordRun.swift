extension InlineText {
  /// Where the run of words that ``append(_:)`` copies at once ends: from `start`, past
  /// every byte that is no space, tab or line break and every single space that such a
  /// byte follows, up to the first other whitespace or `scanEnd` (a single space's
  /// successor may take it one byte past `scanEnd`, as the byte-by-byte rule does).
  ///
  /// Eight bytes at a time: a word of prose is one or two steps rather than a step a
  /// byte, and only a byte below `!` (a space, a tab, a line break or a control
  /// character) is looked at alone.
  static func wordRunEnd(in text: UnsafeBufferPointer<UInt8>, from start: Int, scanEnd: Int) -> Int {
    guard let base = text.baseAddress else { return start }
    let count = text.count
    let raw = UnsafeRawPointer(base)
    var end = start
    while end < scanEnd {
      if end + 8 <= scanEnd {
        let word = raw.loadUnaligned(fromByteOffset: end, as: UInt64.self)
        // 0x80 in each byte below 0x21; the lowest flag is exact (a borrow may flag bytes
        // above it, never below), and a byte of 0x80 or more is never flagged.
        let below = (word &- 0x2121_2121_2121_2121) & ~word & 0x8080_8080_8080_8080
        guard below != 0 else {
          end += 8
          continue
        }
        end += below.trailingZeroBitCount / 8
      }
      let byte = base[end]
      if byte == 0x20 && end + 1 < count && !isSpace(base[end + 1]) {
        end += 2
      } else if isSpace(byte) {
        break
      } else {
        end += 1
      }
    }
    return end
  }
}
