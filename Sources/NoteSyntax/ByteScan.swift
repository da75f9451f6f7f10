/// Word-at-a-time byte scans (eight bytes per step) for the loops every byte goes
/// through: finding line breaks, counting line lengths, checking UTF-8.
enum ByteScan {
  static let ones: UInt64 = 0x0101_0101_0101_0101
  static let highBits: UInt64 = 0x8080_8080_8080_8080

  @inline(__always)
  static func hasZeroByte(_ v: UInt64) -> Bool { (v &- ones) & ~v & highBits != 0 }

  @inline(__always)
  static func hasByte(_ word: UInt64, _ byte: UInt8) -> Bool { hasZeroByte(word ^ (ones &* UInt64(byte))) }

  /// Whether the eight bytes are ASCII with no line break.
  @inline(__always)
  static func isPlainASCII(_ word: UInt64) -> Bool {
    word & highBits == 0 && !hasByte(word, 0x0A) && !hasByte(word, 0x0D)
  }

  @inline(__always)
  static func load(_ p: UnsafeBufferPointer<UInt8>, _ i: Int) -> UInt64 {
    UnsafeRawPointer(p.baseAddress! + i).loadUnaligned(as: UInt64.self)
  }

  /// The first index in `start..<end` holding `\n` or `\r`, or `end`.
  @inline(__always)
  static func lineBreak(_ p: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int {
    var i = start
    while i + 8 <= end {
      let word = load(p, i)
      if hasByte(word, 0x0A) || hasByte(word, 0x0D) { break }
      i += 8
    }
    while i < end {
      let b = p[i]
      if b == 0x0A || b == 0x0D { return i }
      i += 1
    }
    return end
  }

  /// The first index at or after `start` whose byte is not ASCII, or `end`.
  @inline(__always)
  static func nonASCII(_ p: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int {
    var i = start
    while i + 8 <= end && load(p, i) & highBits == 0 { i += 8 }
    while i < end && p[i] < 0x80 { i += 1 }
    return i
  }
}
