/// Parses the inline text of one block region into nodes: the constructs of
/// ``InlineGrammar``, tried in its order at each position, and plain text. Never
/// fails: anything that does not match is text.
///
/// Works on bytes. Closing delimiters are found with cached forward searches, so the
/// cost stays linear in the region's length even on pathological input. Searches for
/// what cannot cross a line break (a cloze's or a link's brackets) stop at the line's
/// end, so a construct in a long line reads no further than it needs.
struct InlineParser {
  let bytes: UnsafeBufferPointer<UInt8>
  /// End of the whole region being parsed: searches never go past it.
  private(set) var regionEnd: Int
  /// Whether lines after a line break are checked for malformed `Q:`/`A:` markers.
  private(set) var checksQuestionMarkers: Bool
  /// In a list item, its content column: the indentation up to it comes before a line's text.
  private(set) var markerColumn = 0

  static let maxDepth = 32

  private var lineEnds = ForwardSearch()
  var bracketsOrBreaks = ForwardSearch()
  var parensOrBreaks = ForwardSearch()
  var spaces = ForwardSearch()
  var footnoteSpaces = ForwardSearch()
  var openingBrackets = ForwardSearch()
  /// The grammar's tables: which bytes start constructs, and which constructs.
  let grammar = InlineGrammar.Tables.shared
  /// One search for each span construct's closer.
  var spanClosers = SpanSearches()

  init(buffer: UnsafeBufferPointer<UInt8>, regionEnd: Int, checksQuestionMarkers: Bool = false) {
    self.bytes = buffer
    self.regionEnd = regionEnd
    self.checksQuestionMarkers = checksQuestionMarkers
  }

  /// Readies this parser for another region of the same buffer, ending at `regionEnd`:
  /// what its searches remember may depend on the region's end, so they start afresh.
  /// One parser serves every region of a block parse, which spares making one (and
  /// taking a reference to the grammar's tables) per region.
  mutating func startRegion(endingAt regionEnd: Int, checksQuestionMarkers: Bool, markerColumn: Int = 0) {
    self.regionEnd = regionEnd
    self.checksQuestionMarkers = checksQuestionMarkers
    self.markerColumn = markerColumn
    lineEnds = ForwardSearch()
    bracketsOrBreaks = ForwardSearch()
    parensOrBreaks = ForwardSearch()
    spaces = ForwardSearch()
    footnoteSpaces = ForwardSearch()
    openingBrackets = ForwardSearch()
    spanClosers = SpanSearches()
  }

  /// The end of the line that `i` is in, looked for no further than `end`.
  @inline(__always)
  private mutating func lineEnd(from i: Int, _ end: Int) -> Int {
    let bytes = self.bytes
    return lineEnds.find(in: bytes, from: i, end: end, bytes: ByteClass.lf, ByteClass.cr) {
      ByteClass.isLineBreak(bytes[$0])
    }
  }

  /// The first `]` or line break from `i` (a search that never leaves the line).
  @inline(__always)
  mutating func bracketOrBreak(from i: Int) -> Int {
    Self.closerOrBreak(UInt8(ascii: "]"), from: i, &bracketsOrBreaks, bytes, end: regionEnd)
  }

  /// The first `)` or line break from `i`.
  @inline(__always)
  mutating func parenOrBreak(from i: Int) -> Int {
    Self.closerOrBreak(UInt8(ascii: ")"), from: i, &parensOrBreaks, bytes, end: regionEnd)
  }

  /// The first `closer` or line break from `i` before `end`, with `search` (the one kept
  /// for that closer).
  @inline(__always)
  private static func closerOrBreak(
    _ closer: UInt8, from i: Int, _ search: inout ForwardSearch, _ bytes: UnsafeBufferPointer<UInt8>, end: Int
  ) -> Int {
    search.find(in: bytes, from: i, end: end, bytes: closer, ByteClass.lf, ByteClass.cr) {
      bytes[$0] == closer || ByteClass.isLineBreak(bytes[$0])
    }
  }

  /// Parses `start..<end` and adds its nodes to `builder`. A hashtag or `_` at `start`
  /// needs nothing before it; elsewhere the byte before it counts.
  /// `first`, when given, is where the text starts: a construct inside brackets reads
  /// the bytes from `start` (its own opening) as what comes before its text.
  mutating func parse(_ start: Int, _ end: Int, from first: Int? = nil, into builder: inout TreeBuilder, depth: Int = 0)
  {
    let triggers = grammar.triggers
    var i = first ?? start
    var textStart = i
    while i < end {
      i = nextConstructStart(from: i, before: end, triggers)
      guard i < end else { break }
      i = construct(at: i, start, end, &textStart, &builder, depth)
    }
    flush(&textStart, end, &builder)
  }

  /// The first position from `i` before `end` where a construct may start
  /// (``InlineGrammar/startsConstruct``), or `end`: sixteen bytes a step.
  @inline(__always)
  func nextConstructStart(from i: Int, before end: Int, _ triggers: InlineTriggers) -> Int {
    let startsConstruct = grammar.startsConstruct
    // Sixteen bytes are read while the buffer holds them, past `end` too: a region's
    // last bytes take one step rather than one each.
    let readable = bytes.count
    var i = i
    while i < end {
      guard i + 16 <= readable else {
        while i < end && !startsConstruct[Int(bytes[i])] { i += 1 }
        return i
      }
      let lane = triggers.firstLane(bytes, i)
      if lane == 16 {
        i += 16
        continue
      }
      i += lane
      if i >= end { return end }
      if startsConstruct[Int(bytes[i])] { return i }
      i += 1
    }
    return end
  }

  /// The construct (or text) at `i`, a byte that may start one, inside `start..<end`:
  /// tries each construct the byte may start, in the grammar's order; the first that
  /// matches adds its nodes (after the text before it). Returns where parsing goes on.
  @inline(__always)
  mutating func construct(
    at i: Int, _ start: Int, _ end: Int, _ textStart: inout Int, _ builder: inout TreeBuilder, _ depth: Int
  ) -> Int {
    let b = Int(bytes[i])
    var candidates = grammar.dispatch[b]
    while candidates & 0xFF != 0xFF {
      let index = Int(candidates & 0xFF)
      candidates >>= 8
      let matchedEnd: Int?
      switch grammar.parses[index] {
      case .escape:
        guard i + 1 < end, ByteClass.isASCIIPunctuation(bytes[i + 1]) else { continue }
        flush(&textStart, i, &builder)
        builder.leaf(.delimiter, i, i + 1)
        // The escaped character starts the text that follows.
        textStart = i + 1
        return i + 2
      case .span(let span):
        matchedEnd = self.span(span, index, at: i, start, end, &textStart, &builder, depth)
      case .footnoteReference:
        guard let close = footnoteClose(at: i, end) else { continue }
        flush(&textStart, i, &builder)
        matchedEnd = footnoteReference(i, close, &builder)
      case .wikiLink:
        guard let linkEnd = wikiLink(at: i, end, &textStart, &builder) else { continue }
        matchedEnd = linkEnd
      case .cloze:
        guard i + 1 < end && bytes[i + 1] == UInt8(ascii: "["), !isQuestionMarkBeforeLink(at: i, end) else { continue }
        flush(&textStart, i, &builder)
        matchedEnd = cloze(at: i, end, &builder)
      case .link(let kind):
        let bracket = kind == .image ? i + 1 : i
        guard bracket < end && bytes[bracket] == UInt8(ascii: "[") else { continue }
        if let (closingBracket, close) = linkClose(bracket: bracket, end) {
          flush(&textStart, i, &builder)
          matchedEnd = link(kind, i, bracket: bracket, closingBracket, close, &builder)
        } else {
          guard let referenceEnd = referenceLink(kind, at: i, bracket: bracket, end, &textStart, &builder, depth) else {
            continue
          }
          matchedEnd = referenceEnd
        }
      case .hashtag:
        guard i == start || ByteClass.isWhitespace(bytes[i - 1]), let tagEnd = Self.hashtagEnd(bytes, at: i, end) else {
          continue
        }
        flush(&textStart, i, &builder)
        builder.leaf(.hashtag, i, tagEnd)
        matchedEnd = tagEnd
      case .emoji:
        // U+4000…U+9FFF (most CJK ideographs) hold no emoji: lead bytes E4…E9.
        if b >= 0xE4 && b <= 0xE9 && i + 2 < end { return i + 3 }
        let (runEnd, isEmoji) = Self.emojiRun(bytes, at: i, end)
        guard isEmoji else { return runEnd }
        flush(&textStart, i, &builder)
        builder.leaf(.emoji, i, runEnd)
        matchedEnd = runEnd
      case .lineBreak:
        matchedEnd = lineBreak(at: i, end, &textStart, &builder)
      }
      if let matchedEnd, matchedEnd > i {
        textStart = matchedEnd
        return matchedEnd
      }
    }
    return i + 1
  }

  /// A line break at `i`, and the `Q:` or `A:` marker the next line of a paragraph may
  /// start with; returns its end.
  @inline(__always)
  private mutating func lineBreak(at i: Int, _ end: Int, _ textStart: inout Int, _ builder: inout TreeBuilder) -> Int {
    flush(&textStart, i, &builder)
    var breakEnd = i + 1
    if bytes[i] == ByteClass.cr && breakEnd < end && bytes[breakEnd] == ByteClass.lf { breakEnd += 1 }
    builder.leaf(.lineBreak, i, breakEnd)
    guard checksQuestionMarkers else { return breakEnd }
    // A `Q:` or `A:` marker (any case) needs the first three bytes of the line's text (in
    // a list item, after its indentation up to the item's content); other lines do not.
    let text = markerColumn == 0 ? breakEnd : LineMarkers.skipColumns(bytes, breakEnd, end, markerColumn)
    if text + 1 < end && bytes[text + 1] == UInt8(ascii: ":")
      && (bytes[text] & ~0x20 == UInt8(ascii: "Q") || bytes[text] & ~0x20 == UInt8(ascii: "A"))
    {
      let lineEnd = lineEnd(from: text, min(end, text + 3))
      return LineMarkers.paragraphLineMarker(bytes, text, lineEnd, &builder)
    }
    return breakEnd
  }

  /// The end of the run of emoji at `i` of `bytes`; when the scalar there is none, its
  /// end. Static, like ``hashtagEnd(_:at:_:)``: it reads the bytes alone, and a call to a
  /// method that is not mutating from the mutating parse copies the whole parser.
  @inline(__always)
  private static func emojiRun(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int, _ end: Int) -> (end: Int, isEmoji: Bool)
  {
    let (scalar, length) = ByteClass.scalar(in: bytes, at: i, end: end)
    guard ByteClass.isEmoji(scalar) else { return (i + length, false) }
    var j = i + length
    while j < end && bytes[j] >= 0x80 {
      let (next, nextLength) = ByteClass.scalar(in: bytes, at: j, end: end)
      guard ByteClass.isEmoji(next) || ByteClass.isEmojiContinuation(next) else { break }
      j += nextLength
    }
    return (j, true)
  }

  @inline(__always)
  func flush(_ textStart: inout Int, _ end: Int, _ builder: inout TreeBuilder) {
    if end > textStart { builder.leaf(.text, textStart, end) }
    textStart = end
  }

  /// The span construct `span` (at `index` of the grammar) at `i`, if it closes: its
  /// delimiters and contents, after the text before it; returns its end.
  @inline(__always)
  private mutating func span(
    _ span: Span, _ index: Int, at i: Int, _ start: Int, _ end: Int, _ textStart: inout Int,
    _ builder: inout TreeBuilder, _ depth: Int
  ) -> Int? {
    if span.contents == .inline && depth >= Self.maxDepth { return nil }
    guard let close = spanClose(span, index, at: i, start, end) else { return nil }
    flush(&textStart, i, &builder)
    let count = span.count
    let node = builder.open(span.node, at: i)
    builder.leaf(.delimiter, i, i + count)
    switch span.contents {
    case .inline:
      parse(i + count, close, into: &builder, depth: depth + 1)
    case .raw:
      let breaks = lineEnd(from: i + count, close) < close
      builder.leaf(.text, i + count, close, flags: breaks ? PackedNode.holdsLineBreak : 0)
    }
    builder.leaf(.delimiter, close, close + count)
    builder.close(node, at: close + count)
    return close + count
  }

  /// For a link or image whose `[` is at `bracket`: the positions of its `]` and closing
  /// `)`, both on the `[`'s line and before `end`.
  private mutating func linkClose(bracket: Int, _ end: Int) -> (Int, Int)? {
    let closingBracket = bracketOrBreak(from: bracket + 1)
    guard closingBracket + 1 < end, bytes[closingBracket] == UInt8(ascii: "]"),
      bytes[closingBracket + 1] == UInt8(ascii: "(")
    else { return nil }
    let closingParen = parenOrBreak(from: closingBracket + 2)
    guard closingParen < end, bytes[closingParen] == UInt8(ascii: ")") else { return nil }
    let bytes = self.bytes
    let space = spaces.find(
      in: bytes, from: closingBracket + 2, end: closingParen, bytes: ByteClass.space, ByteClass.tab
    ) {
      ByteClass.isSpaceOrTab(bytes[$0])
    }
    return space < closingParen ? nil : (closingBracket, closingParen)
  }

  private func link(
    _ kind: NodeKind, _ start: Int, bracket: Int, _ closingBracket: Int, _ close: Int, _ builder: inout TreeBuilder
  ) -> Int {
    let node = builder.open(kind, at: start)
    builder.leaf(.delimiter, start, bracket + 1)
    if closingBracket > bracket + 1 { builder.leaf(.linkText, bracket + 1, closingBracket) }
    builder.leaf(.delimiter, closingBracket, closingBracket + 2)
    if close > closingBracket + 2 { builder.leaf(.linkTarget, closingBracket + 2, close) }
    builder.leaf(.delimiter, close, close + 1)
    builder.close(node, at: close + 1)
    return close + 1
  }

  // MARK: Hashtags

  /// The end of the hashtag whose `#` is at `i` of `bytes`, if one starts there.
  private static func hashtagEnd(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int, _ end: Int) -> Int? {
    var j = i + 1
    var lastNonSlash = i
    var hasNonDigit = false
    while j < end {
      let b = bytes[j]
      if b < 0x80 {
        if ByteClass.isASCIIAlphanumeric(b) || b == UInt8(ascii: "_") || b == UInt8(ascii: "-") {
          if !ByteClass.isDigit(b) { hasNonDigit = true }
          j += 1
          lastNonSlash = j
        } else if b == UInt8(ascii: "/") {
          j += 1
        } else {
          break
        }
      } else {
        let (scalar, length) = ByteClass.scalar(in: bytes, at: j, end: end)
        guard ByteClass.isTagScalar(scalar) else { break }
        if !ByteClass.isDecimalNumber(scalar) { hasNonDigit = true }
        j += length
        lastNonSlash = j
      }
    }
    return hasNonDigit && lastNonSlash > i + 1 ? lastNonSlash : nil
  }
}
