/// Closing delimiters: where a span construct (code, strong, emphasis, highlight…)
/// that opens at a position closes, if it does, and what a large paragraph's pieces know of closers
/// absent from the text after them (``InlineParser/KnownAbsence``).
extension InlineParser {
  @inline(__always)
  func isNonSpace(_ i: Int) -> Bool { !ByteClass.isWhitespace(bytes[i]) }

  /// Where the span construct `span` (at `index` of the grammar) that opens at `i`
  /// closes, if it does: its closing delimiter's position, before `end`.
  @inline(__always)
  mutating func spanClose(_ span: Span, _ index: Int, at i: Int, _ start: Int, _ end: Int) -> Int? {
    let count = span.count
    let mark = span.mark
    guard i + 2 * count < end, !span.flanking || isNonSpace(i + count) else { return nil }
    if count == 2 && bytes[i + 1] != mark { return nil }
    if span.outsideWords {
      if bytes[i + 1] == mark || (i > start && ByteClass.isASCIIAlphanumeric(bytes[i - 1])) { return nil }
    }
    let bytes = self.bytes
    let limit = regionEnd
    let matches = { (x: Int) in Self.closes(span, bytes, x, limit) }
    // The closing delimiter lies wholly inside the span.
    let from = i + count + 1
    let to = end - (count - 1)
    guard from < to else { return nil }
    // Inside a span (`end` known) the search reads no further than `end`. At the top
    // level of a large paragraph's piece it reads on to the text's end, found as it
    // goes in `farRegion`: finding none adds the kind to `foundAbsent`, and a kind
    // the pieces before found absent is none without reading.
    let ordinal = grammar.spanOrdinals[index]
    guard end == regionEnd && region.streaming else {
      let found = spanClosers.with(ordinal) { $0.find(in: bytes, from: from, end: to, bytes: mark, mark, matches) }
      return found < to ? found : nil
    }
    let kind = grammar.spanBits[index]
    if knownAbsence.assumed & kind != 0 { return nil }
    // What the old piece says holds for its own text (a paragraph, or a quote line's or
    // list item's line): for a search that reaches it from before, inside that text. An
    // opener at or past it may lie in a later text, which the old piece says nothing of.
    let horizon = knownAbsence.afterKinds & kind != 0 && i < knownAbsence.after ? knownAbsence.after : Int.max
    let found = spanClosers.with(ordinal) { search in
      Self.find(&search, &farRegion, bytes, from: from, horizon: horizon, bytes: mark, mark, matches)
    }
    guard found < to else {
      foundAbsent |= kind
      return nil
    }
    return found
  }

  /// Whether `span`'s closing delimiter starts at `x` (`limit`: the end of the text).
  @inline(__always)
  static func closes(_ span: Span, _ bytes: UnsafeBufferPointer<UInt8>, _ x: Int, _ limit: Int) -> Bool {
    let mark = span.mark
    let after = x + span.count
    guard after <= limit, !span.flanking || !ByteClass.isWhitespace(bytes[x - 1]) else { return false }
    if bytes[x] != mark || (span.count == 2 && bytes[x + 1] != mark) { return false }
    if !span.closerBeforeDigit && after < limit && ByteClass.isDigit(bytes[after]) { return false }
    if span.closerAloneInItsRun && (bytes[x - 1] == mark || (after < limit && bytes[after] == mark)) { return false }
    if span.outsideWords && after < limit
      && (ByteClass.isASCIIAlphanumeric(bytes[after]) || bytes[after] == UInt8(ascii: "_"))
    {
      return false
    }
    return true
  }

  /// Whether `start..<end` holds a closer of a kind in `kinds` (each checked with a
  /// search of its own, so the parse's searches are left as they are).
  func holdsCloser(of kinds: ClosersAbsent, from start: Int, to end: Int) -> Bool {
    let bytes = self.bytes
    let limit = regionEnd
    func holds(_ kind: ClosersAbsent, _ byte: UInt8, _ matches: (Int) -> Bool) -> Bool {
      guard kinds & kind != 0 else { return false }
      var search = ForwardSearch()
      return search.find(in: bytes, from: start, end: end, bytes: byte, byte, matches) < end
    }
    for (index, construct) in InlineGrammar.constructs.enumerated() {
      guard case .span(let span) = construct.parse else { continue }
      if holds(InlineGrammar.Absence.spanBits[index], span.mark, { Self.closes(span, bytes, $0, limit) }) {
        return true
      }
    }
    return holds(InlineGrammar.Absence.bracket, UInt8(ascii: "]")) { bytes[$0] == UInt8(ascii: "]") }
      || holds(InlineGrammar.Absence.parenthesis, UInt8(ascii: ")")) { bytes[$0] == UInt8(ascii: ")") }
  }

  /// At a piece's end (where it is cut, or the text's end): checks that no closer the
  /// pieces before assumed absent lies in its text `start..<end` (a link's `]` or `)`
  /// only on its first line), and works out those absent from the next piece on: every
  /// kind assumed or found absent, but a link's `]` or `)` only while its line goes on
  /// past the cut.
  mutating func finishPiece(from start: Int, to end: Int) {
    let assumed = knownAbsence.assumed
    var absent = (assumed | foundAbsent) & ~InlineGrammar.Absence.onTheLine
    if assumed != 0 {
      // A closer's test reads the byte after it.
      region.reach = max(region.reach, end + 1)
      let firstBreak =
        assumed & InlineGrammar.Absence.onTheLine != 0 ? ByteScan.lineBreak(bytes, from: start, to: end) : end
      contradictsAssumption =
        holdsCloser(of: assumed & ~InlineGrammar.Absence.onTheLine, from: start, to: end)
        || holdsCloser(of: assumed & InlineGrammar.Absence.onTheLine, from: start, to: firstBreak)
      if firstBreak == end { absent |= assumed & InlineGrammar.Absence.onTheLine }
    }
    if foundAbsent & InlineGrammar.Absence.bracket != 0
      && ByteScan.lineBreak(bytes, from: bracketAbsentFrom, to: end) == end
    {
      absent |= InlineGrammar.Absence.bracket
    }
    if foundAbsent & InlineGrammar.Absence.parenthesis != 0
      && ByteScan.lineBreak(bytes, from: parenthesisAbsentFrom, to: end) == end
    {
      absent |= InlineGrammar.Absence.parenthesis
    }
    absentAfterPiece = absent
  }

  /// For a link or image at the top level of a large paragraph's piece, whose `[` is
  /// at `bracket`: as ``linkClose(bracket:_:)``, but a `]` or `)` missing from the line
  /// is found absent (the pieces after it check that none follows on the line), so the
  /// piece's examined span does not run to the line's end.
  mutating func topLevelLinkClose(bracket: Int) -> (Int, Int)? {
    guard let closingBracket = bracketOnTheLine(from: bracket + 1) else {
      bracketAbsentFrom = bracket
      return nil
    }
    region.reach = max(region.reach, closingBracket + 2)
    guard closingBracket + 1 < bytes.count, bytes[closingBracket + 1] == UInt8(ascii: "(") else { return nil }
    guard let closingParen = onTheLine(InlineGrammar.Absence.parenthesis, UInt8(ascii: ")"), from: closingBracket + 2)
    else {
      parenthesisAbsentFrom = closingBracket
      return nil
    }
    region.reach = max(region.reach, closingParen + 1)
    let bytes = self.bytes
    let space = spaces.find(
      in: bytes, from: closingBracket + 2, end: closingParen, bytes: ByteClass.space, ByteClass.tab
    ) {
      ByteClass.isSpaceOrTab(bytes[$0])
    }
    return space < closingParen ? nil : (closingBracket, closingParen)
  }

  /// The first `]` from `i` on its line, or `nil` (``onTheLine(_:_:from:)``).
  mutating func bracketOnTheLine(from i: Int) -> Int? {
    onTheLine(InlineGrammar.Absence.bracket, UInt8(ascii: "]"), from: i)
  }

  /// The first `closer` from `i` on its line, or `nil` (and `kind` found absent) when
  /// there is none: none read before the line's end, the buffer's, or where an old piece
  /// after an edit starts that assumed none to the end of its line
  /// (``KnownAbsence/after``); and at once, on the piece's first line, when the pieces
  /// before assumed none.
  private mutating func onTheLine(_ kind: ClosersAbsent, _ closer: UInt8, from i: Int) -> Int? {
    let bytes = self.bytes
    if knownAbsence.assumed & kind != 0 && isOnFirstLine(i) { return nil }
    // What the old piece says holds for its own line: for a search that reaches it
    // from before, on the same line.
    let after = knownAbsence.after
    let horizon = knownAbsence.afterKinds & kind != 0 && i < after ? min(after, bytes.count) : bytes.count
    var search = kind == InlineGrammar.Absence.bracket ? bracketsOrBreaks : parensOrBreaks
    defer { if kind == InlineGrammar.Absence.bracket { bracketsOrBreaks = search } else { parensOrBreaks = search } }
    let found = search.find(in: bytes, from: i, end: max(i, horizon), bytes: closer, ByteClass.lf, ByteClass.cr) {
      bytes[$0] == closer || ByteClass.isLineBreak(bytes[$0])
    }
    if found < horizon && bytes[found] == closer { return found }
    if found == bytes.count { lineSearchedToBufferEnd = true }
    foundAbsent |= kind
    return nil
  }

  /// Whether no line break lies between the piece's text start and `i`.
  private mutating func isOnFirstLine(_ i: Int) -> Bool {
    let bytes = self.bytes
    return pieceLineBreaks.find(in: bytes, from: pieceTextStart, end: i, bytes: ByteClass.lf, ByteClass.cr) {
      ByteClass.isLineBreak(bytes[$0])
    } == i
  }
}
