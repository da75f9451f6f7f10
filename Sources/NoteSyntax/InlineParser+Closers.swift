/// Closing delimiters: where a code span, strong span or emphasis that opens at a
/// position closes, if it does, and what a large paragraph's pieces know of closers
/// absent from the text after them (``InlineParser/KnownAbsence``).
extension InlineParser {
  @inline(__always)
  func isNonSpace(_ i: Int) -> Bool { !ByteClass.isWhitespace(p[i]) }

  mutating func codeClose(at i: Int, _ end: Int) -> Int? {
    guard i + 2 < end, isNonSpace(i + 1) else { return nil }
    let p = self.p
    return Self.closer(
      Closer.backtick, &backticks, &farRegion, &foundAbsent, knownAbsence, p, from: i + 2, end: end,
      topLevel: end == regionEnd && region.streaming, byte: UInt8(ascii: "`")
    ) { Self.closesCode(p, $0) }
  }

  mutating func strongClose(at i: Int, _ end: Int) -> Int? {
    guard i + 4 < end, p[i + 1] == UInt8(ascii: "*"), isNonSpace(i + 2) else { return nil }
    let p = self.p
    let limit = regionEnd
    // The closer's second `*` is inside the span too.
    return Self.closer(
      Closer.doubleStar, &doubleStars, &farRegion, &foundAbsent, knownAbsence, p, from: i + 3, end: end - 1,
      topLevel: end == regionEnd && region.streaming, byte: UInt8(ascii: "*")
    ) { Self.closesStrong(p, $0, limit) }
  }

  mutating func emphasisClose(at i: Int, _ end: Int) -> Int? {
    guard i + 2 < end, isNonSpace(i + 1) else { return nil }
    let p = self.p
    let limit = regionEnd
    return Self.closer(
      Closer.star, &stars, &farRegion, &foundAbsent, knownAbsence, p, from: i + 2, end: end,
      topLevel: end == regionEnd && region.streaming, byte: UInt8(ascii: "*")
    ) { Self.closesEmphasis(p, $0, limit) }
  }

  mutating func underscoreClose(at i: Int, _ start: Int, _ end: Int) -> Int? {
    guard i + 2 < end, isNonSpace(i + 1), p[i + 1] != UInt8(ascii: "_") else { return nil }
    if i > start && ByteClass.isASCIIAlphanumeric(p[i - 1]) { return nil }
    let p = self.p
    let limit = regionEnd
    return Self.closer(
      Closer.underscore, &underscores, &farRegion, &foundAbsent, knownAbsence, p, from: i + 2, end: end,
      topLevel: end == regionEnd && region.streaming, byte: UInt8(ascii: "_")
    ) { Self.closesUnderscore(p, $0, limit) }
  }

  /// The first closer of `kind` (`byte` where `matches`) from `start` before `end`.
  ///
  /// Inside a span (`end` known) the search reads no further than `end`. At the top
  /// level of a large paragraph's piece it reads on to the text's end, found as it goes
  /// in `far`: none is `nil` and adds `kind` to `absent`, and a kind in `assumed` is
  /// `nil` without reading.
  @inline(__always)
  private static func closer(
    _ kind: UInt8, _ search: inout ForwardSearch, _ far: inout Region, _ absent: inout UInt8, _ known: KnownAbsence,
    _ p: UnsafeBufferPointer<UInt8>, from start: Int, end: Int, topLevel: Bool, byte: UInt8,
    _ matches: (Int) -> Bool
  ) -> Int? {
    guard start < end else { return nil }
    if topLevel {
      if known.assumed & kind != 0 { return nil }
      let horizon = known.afterKinds & kind != 0 ? known.after : Int.max
      let found = find(&search, &far, p, from: start, horizon: horizon, bytes: byte, byte, matches)
      if found >= end {
        absent |= kind
        return nil
      }
      return found
    }
    let found = search.find(in: p, from: start, end: end, bytes: byte, byte, matches)
    return found < end ? found : nil
  }

  /// Whether a code span's closing backtick is at `x`.
  @inline(__always)
  static func closesCode(_ p: UnsafeBufferPointer<UInt8>, _ x: Int) -> Bool {
    p[x] == UInt8(ascii: "`") && !ByteClass.isWhitespace(p[x - 1])
  }

  /// Whether a strong span's closing `**` starts at `x` (`limit`: the end of the text).
  @inline(__always)
  static func closesStrong(_ p: UnsafeBufferPointer<UInt8>, _ x: Int, _ limit: Int) -> Bool {
    x + 1 < limit && p[x] == UInt8(ascii: "*") && p[x + 1] == UInt8(ascii: "*") && !ByteClass.isWhitespace(p[x - 1])
  }

  /// Whether an emphasis's closing `*` is at `x`.
  @inline(__always)
  static func closesEmphasis(_ p: UnsafeBufferPointer<UInt8>, _ x: Int, _ limit: Int) -> Bool {
    p[x] == UInt8(ascii: "*") && !ByteClass.isWhitespace(p[x - 1]) && p[x - 1] != UInt8(ascii: "*")
      && (x + 1 >= limit || p[x + 1] != UInt8(ascii: "*"))
  }

  /// Whether an emphasis's closing `_` is at `x`.
  @inline(__always)
  static func closesUnderscore(_ p: UnsafeBufferPointer<UInt8>, _ x: Int, _ limit: Int) -> Bool {
    p[x] == UInt8(ascii: "_") && !ByteClass.isWhitespace(p[x - 1]) && p[x - 1] != UInt8(ascii: "_")
      && (x + 1 >= limit || !(ByteClass.isASCIIAlphanumeric(p[x + 1]) || p[x + 1] == UInt8(ascii: "_")))
  }

  /// Whether `start..<end` holds a closer of a kind in `kinds` (each checked with a
  /// search of its own, so the parse's searches are left as they are).
  func holdsCloser(of kinds: UInt8, from start: Int, to end: Int) -> Bool {
    let p = self.p
    let limit = regionEnd
    func holds(_ kind: UInt8, _ byte: UInt8, _ matches: (Int) -> Bool) -> Bool {
      guard kinds & kind != 0 else { return false }
      var search = ForwardSearch()
      return search.find(in: p, from: start, end: end, bytes: byte, byte, matches) < end
    }
    return holds(Closer.backtick, UInt8(ascii: "`")) { Self.closesCode(p, $0) }
      || holds(Closer.doubleStar, UInt8(ascii: "*")) { Self.closesStrong(p, $0, limit) }
      || holds(Closer.star, UInt8(ascii: "*")) { Self.closesEmphasis(p, $0, limit) }
      || holds(Closer.underscore, UInt8(ascii: "_")) { Self.closesUnderscore(p, $0, limit) }
  }

  /// At a piece's end: checks that no closer the pieces before assumed absent lies in
  /// its text `start..<end`.
  mutating func checkAssumption(from start: Int, to end: Int) {
    guard assumedAbsent != 0 else { return }
    // A closer's test reads the byte after it.
    region.reach = max(region.reach, end + 1)
    contradictsAssumption = holdsCloser(of: assumedAbsent, from: start, to: end)
  }
}
