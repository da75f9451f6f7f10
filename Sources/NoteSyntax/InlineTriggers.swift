import NoteText

/// The ASCII bytes that start inline constructs (``InlineGrammar/asciiTriggers``) as
/// at most four ranges (``ranges(_:)``), one addition and one comparison each, for the
/// sixteen-byte step of the inline scan. A range also holds the bytes between its
/// triggers: the scan stops there too, and the parser passes over them
/// (``InlineGrammar/startsConstruct``).
struct InlineTriggers: Sendable {
  typealias Vector = ByteScan.Vector

  static let capacity = 4

  // Four ranges, unused ones repeating the first: fixed fields, so that the scan needs
  // no loop. Lane by lane, a byte `v` is in range `k` when `v &+ sk < lk` (signed):
  // `sk` moves the range's lowest byte to -128 and `lk` is -128 plus its length.
  private let s0, s1, s2, s3: Vector
  private let l0, l1, l2, l3: Vector

  /// `bytes` as at most ``capacity`` ranges, in order: each byte its own range, then the
  /// two ranges with the fewest bytes between them joined, until few enough remain.
  static func ranges(_ bytes: [UInt8]) -> [ClosedRange<UInt8>] {
    var ranges = Set(bytes).sorted().map { $0...$0 }
    while ranges.count > capacity {
      let closest = (1..<ranges.count).min {
        ranges[$0].lowerBound - ranges[$0 - 1].upperBound < ranges[$1].lowerBound - ranges[$1 - 1].upperBound
      }!
      ranges[closest - 1] = ranges[closest - 1].lowerBound...ranges[closest].upperBound
      ranges.remove(at: closest)
    }
    return ranges
  }

  init(_ bytes: [UInt8]) {
    let found = Self.ranges(bytes)
    precondition(!found.isEmpty && found.allSatisfy { $0.upperBound < 0x80 }, "ASCII triggers")
    let ranges = (0..<Self.capacity).map { found[$0 < found.count ? $0 : 0] }
    let shifts = ranges.map { Vector(repeating: Int8(truncatingIfNeeded: 0x80 - Int($0.lowerBound))) }
    let limits = ranges.map {
      Vector(repeating: Int8(truncatingIfNeeded: -128 + Int($0.upperBound) - Int($0.lowerBound) + 1))
    }
    (s0, s1, s2, s3) = (shifts[0], shifts[1], shifts[2], shifts[3])
    (l0, l1, l2, l3) = (limits[0], limits[1], limits[2], limits[3])
  }

  /// The first of the sixteen bytes at `i` that is in a trigger range, a control byte
  /// (line breaks among them) or not ASCII; 16 when none is.
  @inline(__always)
  func firstLane(_ bytes: UnsafeBufferPointer<UInt8>, _ i: Int) -> Int {
    let v = ByteScan.loadVector(bytes, i)
    // Signed: below 0x20 or at least 0x80.
    var mask = v .< Vector(repeating: 0x20)
    mask = mask .| ((v &+ s0) .< l0) .| ((v &+ s1) .< l1) .| ((v &+ s2) .< l2) .| ((v &+ s3) .< l3)
    return ByteScan.firstLane(mask)
  }
}
