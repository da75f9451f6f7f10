/// Byte scans sixteen bytes a step for the loops every byte goes through. A step
/// compares a `SIMD16<Int8>` with vectors (the compiler does not vectorize comparisons
/// with scalars) and reads the mask as two words (`any` is not inlined).
public enum ByteScan {
  public typealias Vector = SIMD16<Int8>

  @inlinable @inline(__always)
  public static func loadVector(_ bytes: UnsafeBufferPointer<UInt8>, _ i: Int) -> Vector {
    UnsafeRawPointer(bytes.baseAddress! + i).loadUnaligned(as: Vector.self)
  }

  /// The first lane set in `mask`, 16 when none is (lanes are in memory order on the
  /// little-endian machines Swift runs on).
  @inlinable @inline(__always)
  public static func firstLane(_ mask: SIMDMask<Vector>) -> Int {
    let words = unsafeBitCast(mask, to: SIMD2<UInt64>.self)
    if words[0] != 0 { return words[0].trailingZeroBitCount &>> 3 }
    if words[1] != 0 { return 8 &+ words[1].trailingZeroBitCount &>> 3 }
    return 16
  }

  /// Whether one of the 64 bytes at `i` equals a lane of `a`, `b` or `c` (each a byte
  /// repeated).
  @inlinable @inline(__always)
  public static func holdsAny(_ bytes: UnsafeBufferPointer<UInt8>, _ i: Int, _ a: Vector, _ b: Vector, _ c: Vector)
    -> Bool
  {
    var mask = SIMDMask<Vector>(repeating: false)
    for lane in stride(from: 0, to: 64, by: 16) {
      let v = loadVector(bytes, i &+ lane)
      mask = mask .| (v .== a) .| (v .== b) .| (v .== c)
    }
    let words = unsafeBitCast(mask, to: SIMD2<UInt64>.self)
    return words[0] | words[1] != 0
  }

  /// The UTF-16 code units and the scalars that start in the sixteen bytes at `i`.
  @inlinable @inline(__always)
  public static func units(_ bytes: UnsafeBufferPointer<UInt8>, _ i: Int) -> (utf16: Int, scalars: Int) {
    units(loadVector(bytes, i))
  }

  /// The UTF-16 code units and the scalars that start in `range` of `bytes`.
  @inlinable
  public static func units(_ bytes: UnsafeBufferPointer<UInt8>, in range: Range<Int>) -> (utf16: Int, scalars: Int) {
    var (utf16, scalars) = (0, 0)
    var i = range.lowerBound
    while i &+ 16 <= range.upperBound {
      let step = units(loadVector(bytes, i))
      utf16 &+= step.utf16
      scalars &+= step.scalars
      i &+= 16
    }
    for byte in bytes[i..<range.upperBound] where byte & 0xC0 != 0x80 {
      utf16 &+= byte >= 0xF0 ? 2 : 1
      scalars &+= 1
    }
    return (utf16, scalars)
  }

  @usableFromInline @inline(__always)
  static func units(_ v: Vector) -> (utf16: Int, scalars: Int) {
    // Signed: continuation bytes 0x80…0xBF are below -64; lead bytes of four 0xF0…0xFF at least -16.
    let starts = unsafeBitCast(v .>= Vector(repeating: -64), to: SIMD2<UInt64>.self)
    let fours = unsafeBitCast((v .>= Vector(repeating: -16)) .& (v .< Vector(repeating: 0)), to: SIMD2<UInt64>.self)
    let scalars = (starts[0].nonzeroBitCount &+ starts[1].nonzeroBitCount) &>> 3
    let pairs = (fours[0].nonzeroBitCount &+ fours[1].nonzeroBitCount) &>> 3
    return (scalars &+ pairs, scalars)
  }

  /// The first index in `start..<end` whose byte is `a`, `b` or `c`, or `end`: 64 bytes a
  /// step through stretches without any of them.
  @inlinable @inline(__always)
  public static func firstIndex(
    of a: UInt8, _ b: UInt8, _ c: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int
  ) -> Int {
    let (va, vb, vc) = (
      Vector(repeating: Int8(bitPattern: a)), Vector(repeating: Int8(bitPattern: b)),
      Vector(repeating: Int8(bitPattern: c))
    )
    var i = start
    while i &+ 64 <= end && !holdsAny(bytes, i, va, vb, vc) { i &+= 64 }
    while i &+ 16 <= end {
      let v = loadVector(bytes, i)
      let lane = firstLane((v .== va) .| (v .== vb) .| (v .== vc))
      if lane < 16 { return i &+ lane }
      i &+= 16
    }
    while i < end {
      let byte = bytes[i]
      if byte == a || byte == b || byte == c { return i }
      i &+= 1
    }
    return end
  }

  /// The first index in `start..<end` holding `\n` or `\r`, or `end`.
  @inlinable @inline(__always)
  public static func lineBreak(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int {
    firstIndex(of: 0x0A, 0x0D, 0x0D, in: bytes, from: start, to: end)
  }

  /// How many bytes of `bytes` are `\n` or `\r` (a `\r\n` counts two): sixteen bytes a
  /// step, the matches of a step counted in its mask's words.
  @inlinable
  public static func lineBreakCount(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
    let lf = Vector(repeating: 0x0A)
    let cr = Vector(repeating: 0x0D)
    var count = 0
    var i = 0
    while i &+ 16 <= bytes.count {
      let v = loadVector(bytes, i)
      let words = unsafeBitCast((v .== lf) .| (v .== cr), to: SIMD2<UInt64>.self)
      // A matching lane is a byte of eight set bits.
      count &+= (words[0].nonzeroBitCount &+ words[1].nonzeroBitCount) &>> 3
      i &+= 16
    }
    for byte in bytes[i...] where byte == 0x0A || byte == 0x0D { count &+= 1 }
    return count
  }

  /// The high bits of the sixteen bytes in `low` and `high` (a vector read as two
  /// words) as a 16-bit mask, lane 0 the lowest bit: the multiplication gathers the eight
  /// high bits of a word into its top byte.
  @inlinable @inline(__always)
  public static func laneBits(_ low: UInt64, _ high: UInt64) -> UInt32 {
    let gather: UInt64 = 0x0002_0408_1020_4081
    let lowLanes = ((low & highBits) &* gather) &>> 56
    let highLanes = ((high & highBits) &* gather) &>> 56
    return UInt32(truncatingIfNeeded: lowLanes | highLanes &<< 8)
  }

  @inlinable @inline(__always) public static var highBits: UInt64 { 0x8080_8080_8080_8080 }

  /// Whether a lane of `v` is not ASCII (its high bit is set).
  @inlinable @inline(__always)
  public static func holdsNonASCII(_ v: Vector) -> Bool {
    let words = unsafeBitCast(v, to: SIMD2<UInt64>.self)
    return (words[0] | words[1]) & highBits != 0
  }

  /// The first index at or after `start` whose byte is not ASCII, or `end`: 64 bytes a
  /// step while they are ASCII (most of a note).
  @inlinable @inline(__always)
  public static func nonASCII(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int {
    var i = start
    while i + 64 <= end {
      let v =
        loadVector(bytes, i) | loadVector(bytes, i &+ 16) | loadVector(bytes, i &+ 32) | loadVector(bytes, i &+ 48)
      if holdsNonASCII(v) { break }
      i += 64
    }
    while i + 16 <= end && !holdsNonASCII(loadVector(bytes, i)) { i += 16 }
    while i < end && bytes[i] < 0x80 { i += 1 }
    return i
  }
}
