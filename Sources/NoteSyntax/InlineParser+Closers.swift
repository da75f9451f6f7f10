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
      || holds(Closer.bracket, UInt8(ascii: "]")) { p[$0] == UInt8(ascii: "]") }
      || holds(Closer.parenthesis, UInt8(ascii: ")")) { p[$0] == UInt8(ascii: ")") }
  }

  /// At a piece's end (where it is cut, or the text's end): checks that no closer the
  /// pieces before assumed absent lies in its text `start..<end` (a link's `]` or `)`
  /// only on its first line), and works out those absent from the next piece on: every
  /// kind assumed or found absent, but a link's `]` or `)` only while its line goes on
  /// past the cut.
  mutating func finishPiece(from start: Int, to end: Int) {
    let assumed = knownAbsence.assumed
    var absent = (assumed | foundAbsent) & ~Closer.onTheLine
    if assumed != 0 {
      // A closer's test reads the byte after it.
      region.reach = max(region.reach, end + 1)
      let firstBreak = assumed & Closer.onTheLine != 0 ? ByteScan.lineBreak(p, from: start, to: end) : end
      contradictsAssumption =
        holdsCloser(of: assumed & ~Closer.onTheLine, from: start, to: end)
        || holdsCloser(of: assumed & Closer.onTheLine, from: start, to: firstBreak)
      if firstBreak == end { absent |= assumed & Closer.onTheLine }
    }
    if foundAbsent & Closer.bracket != 0 && ByteScan.lineBreak(p, from: bracketAbsentFrom, to: end) == end {
      absent |= Closer.bracket
    }
    if foundAbsent & Closer.parenthesis != 0 && ByteScan.lineBreak(p, from: parenthesisAbsentFrom, to: end) == end {
      absent |= Closer.parenthesis
    }
    absentAfterPiece = absent
  }

  /// For a link or image at the top level of a large paragraph's piece, whose `[` is
  /// at `bracket`: as ``linkClose(bracket:_:)``, but a `]` or `)` missing from the line
  /// is found absent (the pieces after it check that none follows on the line), so the
  /// piece's examined span does not run to the line's end.
  mutating func topLevelLinkClose(bracket: Int) -> (Int, Int)? {
    guard let k = onTheLine(Closer.bracket, UInt8(ascii: "]"), from: bracket + 1) else {
      bracketAbsentFrom = bracket
      return nil
    }
    region.reach = max(region.reach, k + 2)
    guard k + 1 < p.count, p[k + 1] == UInt8(ascii: "(") else { return nil }
    guard let m = onTheLine(Closer.parenthesis, UInt8(ascii: ")"), from: k + 2) else {
      parenthesisAbsentFrom = k
      return nil
    }
    region.reach = max(region.reach, m + 1)
    let p = self.p
    let space = spaces.find(in: p, from: k + 2, end: m, bytes: ByteClass.space, ByteClass.tab) {
      ByteClass.isSpaceOrTab(p[$0])
    }
    return space < m ? nil : (k, m)
  }

  /// The first `closer` from `i` on its line, or `nil` (and `kind` found absent) when
  /// there is none: none read before the line's end, the buffer's, or where an old piece
  /// after an edit starts that assumed none to the end of its line
  /// (``KnownAbsence/after``); and at once, on the piece's first line, when the pieces
  /// before assumed none.
  private mutating func onTheLine(_ kind: UInt8, _ closer: UInt8, from i: Int) -> Int? {
    let p = self.p
    if knownAbsence.assumed & kind != 0 && isOnFirstLine(i) { return nil }
    // What the old piece says holds for its own line: for a search that reaches it
    // from before, on the same line.
    let after = knownAbsence.after
    let horizon = knownAbsence.afterKinds & kind != 0 && i < after ? min(after, p.count) : p.count
    var search = kind == Closer.bracket ? bracketsOrBreaks : parensOrBreaks
    defer { if kind == Closer.bracket { bracketsOrBreaks = search } else { parensOrBreaks = search } }
    let found = search.find(in: p, from: i, end: max(i, horizon), bytes: closer, ByteClass.lf, ByteClass.cr) {
      p[$0] == closer || ByteClass.isLineBreak(p[$0])
    }
    if found < horizon && p[found] == closer { return found }
    if found == p.count { lineSearchedToBufferEnd = true }
    foundAbsent |= kind
    return nil
  }

  /// Whether no line break lies between the piece's text start and `i`.
  private mutating func isOnFirstLine(_ i: Int) -> Bool {
    let p = self.p
    return pieceLineBreaks.find(in: p, from: pieceTextStart, end: i, bytes: ByteClass.lf, ByteClass.cr) {
      ByteClass.isLineBreak(p[$0])
    } == i
  }
}
