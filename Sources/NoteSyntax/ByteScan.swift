/// Byte scans sixteen or eight bytes per step for the loops every byte goes through:
/// finding line breaks, counting line lengths, checking UTF-8, skipping plain inline
/// text.
///
/// The sixteen-byte steps use `SIMD16<Int8>` compared with vectors (not scalars, which
/// the compiler does not vectorize) and read the mask as two words (`any` is not
/// inlined).
enum ByteScan {
  typealias Vector = SIMD16<Int8>

  @inline(__always)
  static func loadVector(_ bytes: UnsafeBufferPointer<UInt8>, _ i: Int) -> Vector {
    UnsafeRawPointer(bytes.baseAddress! + i).loadUnaligned(as: Vector.self)
  }

  /// The first lane set in `mask`, 16 when none is (lanes are in memory order on the
  /// little-endian machines Swift runs on).
  @inline(__always)
  static func firstLane(_ mask: SIMDMask<Vector>) -> Int {
    let words = unsafeBitCast(mask, to: SIMD2<UInt64>.self)
    if words[0] != 0 { return words[0].trailingZeroBitCount &>> 3 }
    if words[1] != 0 { return 8 &+ words[1].trailingZeroBitCount &>> 3 }
    return 16
  }

  /// Whether one of the 64 bytes at `i` equals a lane of `a`, `b` or `c` (each a byte
  /// repeated).
  @inline(__always)
  static func holdsAny(_ bytes: UnsafeBufferPointer<UInt8>, _ i: Int, _ a: Vector, _ b: Vector, _ c: Vector) -> Bool {
    var mask = SIMDMask<Vector>(repeating: false)
    for lane in stride(from: 0, to: 64, by: 16) {
      let v = loadVector(bytes, i &+ lane)
      mask = mask .| (v .== a) .| (v .== b) .| (v .== c)
    }
    let words = unsafeBitCast(mask, to: SIMD2<UInt64>.self)
    return words[0] | words[1] != 0
  }

  /// For sixteen bytes at `i` without a line break, how many UTF-16 code units and
  /// scalars they hold (scalars started in them); `nil` when one is a line break.
  @inline(__always)
  static func unitsWithoutBreaks(_ bytes: UnsafeBufferPointer<UInt8>, _ i: Int) -> (utf16: Int32, scalars: Int32)? {
    let v = loadVector(bytes, i)
    let breaks = unsafeBitCast(
      (v .== Vector(repeating: 0x0A)) .| (v .== Vector(repeating: 0x0D)), to: SIMD2<UInt64>.self)
    guard breaks[0] | breaks[1] == 0 else { return nil }
    let (utf16, scalars) = units(v)
    return (Int32(truncatingIfNeeded: utf16), Int32(truncatingIfNeeded: scalars))
  }

  /// The UTF-16 code units and the scalars that start in the sixteen bytes at `i`.
  @inline(__always)
  static func units(_ bytes: UnsafeBufferPointer<UInt8>, _ i: Int) -> (utf16: Int, scalars: Int) {
    units(loadVector(bytes, i))
  }

  @inline(__always)
  private static func units(_ v: Vector) -> (utf16: Int, scalars: Int) {
    // Signed: continuation bytes 0x80…0xBF are below -64; lead bytes of four 0xF0…0xFF at least -16.
    let starts = unsafeBitCast(v .>= Vector(repeating: -64), to: SIMD2<UInt64>.self)
    let fours = unsafeBitCast((v .>= Vector(repeating: -16)) .& (v .< Vector(repeating: 0)), to: SIMD2<UInt64>.self)
    let scalars = (starts[0].nonzeroBitCount &+ starts[1].nonzeroBitCount) &>> 3
    let pairs = (fours[0].nonzeroBitCount &+ fours[1].nonzeroBitCount) &>> 3
    return (scalars &+ pairs, scalars)
  }

  /// The first of the sixteen bytes at `i` that is `\n` or `\r`, 16 when none is.
  @inline(__always)
  static func firstLineBreakLane(_ bytes: UnsafeBufferPointer<UInt8>, _ i: Int) -> Int {
    let v = loadVector(bytes, i)
    return firstLane((v .== Vector(repeating: 0x0A)) .| (v .== Vector(repeating: 0x0D)))
  }

  /// The first of the sixteen bytes at `i` that is `\n`, `\r` or not ASCII, 16 when none is.
  @inline(__always)
  static func firstBreakOrNonASCIILane(_ bytes: UnsafeBufferPointer<UInt8>, _ i: Int) -> Int {
    let v = loadVector(bytes, i)
    let breaks = (v .== Vector(repeating: 0x0A)) .| (v .== Vector(repeating: 0x0D))
    return firstLane(breaks .| (v .< Vector(repeating: 0)))
  }

  /// The first index in `start..<end` holding `\n` or `\r`, or `end`.
  @inline(__always)
  static func lineBreak(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int {
    var i = start
    let lf = Vector(repeating: 0x0A)
    let cr = Vector(repeating: 0x0D)
    while i + 64 <= end && !holdsAny(bytes, i, lf, cr, cr) { i += 64 }
    while i + 16 <= end {
      let lane = firstLineBreakLane(bytes, i)
      if lane < 16 { return i + lane }
      i += 16
    }
    while i < end {
      let b = bytes[i]
      if b == 0x0A || b == 0x0D { return i }
      i += 1
    }
    return end
  }

  /// The first index in `start..<end` holding `\n` or `\r` (or `end`), and whether the
  /// bytes before it are all ASCII. The bytes of the steps without a line break are
  /// gathered into one vector and their high bits read once, after the break is found.
  @inline(__always)
  static func lineBreakAndASCII(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> (Int, Bool) {
    var i = start
    var seen = Vector(repeating: 0)
    let lf = Vector(repeating: 0x0A)
    let cr = Vector(repeating: 0x0D)
    while i + 16 <= end {
      let v = loadVector(bytes, i)
      let lane = firstLane((v .== lf) .| (v .== cr))
      if lane == 16 {
        seen |= v
        i += 16
        continue
      }
      // Only the lanes before the line break count.
      let bits = lane &* 8
      let low: UInt64 = bits >= 64 ? ~0 : (1 &<< UInt64(bits)) &- 1
      let upper: UInt64 = bits <= 64 ? 0 : (1 &<< UInt64(bits &- 64)) &- 1
      let words = unsafeBitCast(v, to: SIMD2<UInt64>.self)
      let gathered = unsafeBitCast(seen, to: SIMD2<UInt64>.self)
      let high = gathered[0] | gathered[1] | (words[0] & low) | (words[1] & upper)
      return (i + lane, high & highBits == 0)
    }
    var ascii = !holdsNonASCII(seen)
    while i < end {
      let b = bytes[i]
      if b == 0x0A || b == 0x0D { break }
      if b >= 0x80 { ascii = false }
      i += 1
    }
    return (i, ascii)
  }

  /// The high bit of each byte of a word.
  @inline(__always) static var highBits: UInt64 { 0x8080_8080_8080_8080 }

  /// Whether a lane of `v` is not ASCII (its high bit is set).
  @inline(__always)
  static func holdsNonASCII(_ v: Vector) -> Bool {
    let words = unsafeBitCast(v, to: SIMD2<UInt64>.self)
    return (words[0] | words[1]) & highBits != 0
  }

  /// The first index at or after `start` whose byte is not ASCII, or `end`.
  @inline(__always)
  static func nonASCII(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int {
    var i = start
    // Sixty-four bytes a step while they are all ASCII (most of a note).
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

/// The ASCII bytes that start inline constructs (``InlineGrammar/asciiTriggers``) as
/// vectors: the sixteen-byte step of the parser's scan of plain text compares each
/// sixteen bytes with all of them at once. Two bytes that differ in one bit share a
/// comparison (`!` and `#`: `v | 0x02 == 0x23`), so the grammar's eleven take seven.
struct InlineTriggers: Sendable {
  typealias Vector = ByteScan.Vector

  /// How many comparisons (a byte, or two that differ in one bit) the scan makes.
  static let capacity = 7

  // Seven comparisons, unused ones repeating the first: fixed fields, so that the scan
  // needs no loop (a construct whose first byte needs an eighth adds a field here).
  // Lane by lane, a byte `v` matches comparison `k` when `v | mk == tk`.
  private let t0, t1, t2, t3, t4, t5, t6: Vector
  private let m0, m1, m2, m3, m4, m5, m6: Vector

  /// The comparisons that match exactly `bytes`: each byte paired with the first later
  /// one that differs from it in one bit, if any.
  static func comparisons(_ bytes: [UInt8]) -> [(target: UInt8, mask: UInt8)] {
    var left = bytes
    var result: [(target: UInt8, mask: UInt8)] = []
    while let first = left.first {
      left.removeFirst()
      if let pair = left.firstIndex(where: { ($0 ^ first).nonzeroBitCount == 1 }) {
        let bit = left[pair] ^ first
        left.remove(at: pair)
        result.append((first | bit, bit))
      } else {
        result.append((first, 0))
      }
    }
    return result
  }

  init(_ bytes: [UInt8]) {
    let found = Self.comparisons(bytes)
    precondition(!found.isEmpty && found.count <= Self.capacity, "between 1 and 7 comparisons of ASCII triggers")
    let comparisons = (0..<Self.capacity).map { found[$0 < found.count ? $0 : 0] }
    let targets = comparisons.map { Vector(repeating: Int8(bitPattern: $0.target)) }
    let masks = comparisons.map { Vector(repeating: Int8(bitPattern: $0.mask)) }
    (t0, t1, t2, t3, t4, t5, t6) = (targets[0], targets[1], targets[2], targets[3], targets[4], targets[5], targets[6])
    (m0, m1, m2, m3, m4, m5, m6) = (masks[0], masks[1], masks[2], masks[3], masks[4], masks[5], masks[6])
  }

  /// The first of the sixteen bytes at `i` that is a trigger, a control byte (line
  /// breaks among them) or not ASCII; 16 when none is.
  @inline(__always)
  func firstLane(_ bytes: UnsafeBufferPointer<UInt8>, _ i: Int) -> Int {
    let v = ByteScan.loadVector(bytes, i)
    // Signed: below 0x20 or at least 0x80.
    var mask = v .< Vector(repeating: 0x20)
    mask = mask .| ((v | m0) .== t0) .| ((v | m1) .== t1) .| ((v | m2) .== t2)
    mask = mask .| ((v | m3) .== t3) .| ((v | m4) .== t4) .| ((v | m5) .== t5) .| ((v | m6) .== t6)
    return ByteScan.firstLane(mask)
  }
}
