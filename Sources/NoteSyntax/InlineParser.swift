/// Parses the inline text of one block region into nodes: code, strong, emphasis,
/// cloze, image, link, hashtag, emoji and plain text, tried in that order at each
/// position (the spec's order). Never fails: anything that does not match is text.
///
/// Works on bytes. Closing delimiters are found with cached forward searches, so the
/// cost stays linear in the region's length even on pathological input.
struct InlineParser {
  let p: UnsafeBufferPointer<UInt8>
  /// End of the whole region being parsed (searches never go past it).
  let regionEnd: Int
  /// Whether lines after a line break are checked for malformed `Q:`/`A:` markers.
  let checksQuestionMarkers: Bool

  static let maxDepth = 32

  private var lineEnds = ForwardSearch()
  private var brackets = ForwardSearch()
  private var parens = ForwardSearch()
  private var spaces = ForwardSearch()
  private var backticks = ForwardSearch()
  private var stars = ForwardSearch()
  private var doubleStars = ForwardSearch()
  private var underscores = ForwardSearch()

  init(buffer: UnsafeBufferPointer<UInt8>, regionEnd: Int, checksQuestionMarkers: Bool = false) {
    self.p = buffer
    self.regionEnd = regionEnd
    self.checksQuestionMarkers = checksQuestionMarkers
  }

  /// Parses `start..<end` and adds its nodes to `builder`.
  mutating func parse(_ start: Int, _ end: Int, into builder: inout TreeBuilder, depth: Int = 0) {
    let special = ByteClass.inlineSpecial
    var i = start
    var textStart = start
    while i < end {
      if i + 16 <= end {
        let lane = ByteScan.firstInlineCandidateLane(p, i)
        i += lane
        if lane == 16 { continue }
      }
      let b = p[i]
      if !special[Int(b)] {
        i += 1
        continue
      }
      let matchStart = i
      var matchedEnd = -1
      switch b {
      case UInt8(ascii: "`"):
        if let close = codeClose(at: i, end) {
          flush(&textStart, i, &builder)
          let node = builder.open(.code, at: i)
          builder.leaf(.delimiter, i, i + 1)
          let breaks = lineEnd(from: i + 1, close) < close
          builder.leaf(.text, i + 1, close, flags: breaks ? PackedNode.holdsLineBreak : 0)
          builder.leaf(.delimiter, close, close + 1)
          builder.close(node, at: close + 1)
          matchedEnd = close + 1
        }
      case UInt8(ascii: "*"):
        if depth < Self.maxDepth, let close = strongClose(at: i, end) {
          flush(&textStart, i, &builder)
          matchedEnd = span(.strong, i, close, delimiter: 2, &builder, depth)
        } else if depth < Self.maxDepth, let close = emphasisClose(at: i, end) {
          flush(&textStart, i, &builder)
          matchedEnd = span(.emphasis, i, close, delimiter: 1, &builder, depth)
        }
      case UInt8(ascii: "_"):
        if depth < Self.maxDepth, let close = underscoreClose(at: i, start, end) {
          flush(&textStart, i, &builder)
          matchedEnd = span(.emphasis, i, close, delimiter: 1, &builder, depth)
        }
      case UInt8(ascii: "?"):
        if i + 1 < end && p[i + 1] == UInt8(ascii: "[") {
          flush(&textStart, i, &builder)
          matchedEnd = cloze(at: i, end, &builder)
        }
      case UInt8(ascii: "!"):
        if i + 1 < end && p[i + 1] == UInt8(ascii: "["), let (k, close) = linkClose(bracket: i + 1, end) {
          flush(&textStart, i, &builder)
          matchedEnd = link(.image, i, bracket: i + 1, k, close, &builder)
        }
      case UInt8(ascii: "["):
        if let (k, close) = linkClose(bracket: i, end) {
          flush(&textStart, i, &builder)
          matchedEnd = link(.link, i, bracket: i, k, close, &builder)
        }
      case UInt8(ascii: "#"):
        if i == start || ByteClass.isWhitespace(p[i - 1]), let tagEnd = hashtagEnd(at: i, end) {
          flush(&textStart, i, &builder)
          builder.leaf(.hashtag, i, tagEnd)
          matchedEnd = tagEnd
        }
      case ByteClass.lf, ByteClass.cr:
        flush(&textStart, i, &builder)
        var breakEnd = i + 1
        if b == ByteClass.cr && breakEnd < end && p[breakEnd] == ByteClass.lf { breakEnd += 1 }
        builder.leaf(.lineBreak, i, breakEnd)
        matchedEnd = breakEnd
        // A `Q:` or `A:` marker (any case) needs the line's end; other lines do not.
        if checksQuestionMarkers && breakEnd + 1 < end && p[breakEnd + 1] == UInt8(ascii: ":")
          && (p[breakEnd] & ~0x20 == UInt8(ascii: "Q") || p[breakEnd] & ~0x20 == UInt8(ascii: "A"))
        {
          matchedEnd = LineMarkers.paragraphLineMarker(p, breakEnd, lineEnd(from: breakEnd, end), &builder)
        }
      default:
        let (scalar, length) = ByteClass.scalar(in: p, at: i, end: end)
        if ByteClass.isEmoji(scalar) {
          var j = i + length
          while j < end && p[j] >= 0x80 {
            let (next, nextLength) = ByteClass.scalar(in: p, at: j, end: end)
            guard ByteClass.isEmoji(next) || ByteClass.isEmojiContinuation(next) else { break }
            j += nextLength
          }
          flush(&textStart, i, &builder)
          builder.leaf(.emoji, i, j)
          matchedEnd = j
        } else {
          i += length
          continue
        }
      }
      if matchedEnd > matchStart {
        i = matchedEnd
        textStart = i
      } else {
        i += 1
      }
    }
    flush(&textStart, end, &builder)
  }

  @inline(__always)
  private func flush(_ textStart: inout Int, _ end: Int, _ builder: inout TreeBuilder) {
    if end > textStart { builder.leaf(.text, textStart, end) }
    textStart = end
  }

  /// Strong or emphasis from `start` to the closing delimiter at `close`; returns the end.
  private mutating func span(
    _ kind: NodeKind, _ start: Int, _ close: Int, delimiter: Int, _ builder: inout TreeBuilder, _ depth: Int
  ) -> Int {
    let node = builder.open(kind, at: start)
    builder.leaf(.delimiter, start, start + delimiter)
    parse(start + delimiter, close, into: &builder, depth: depth + 1)
    builder.leaf(.delimiter, close, close + delimiter)
    builder.close(node, at: close + delimiter)
    return close + delimiter
  }

  // MARK: Closing delimiters

  @inline(__always)
  private func isNonSpace(_ i: Int) -> Bool { !ByteClass.isWhitespace(p[i]) }

  private mutating func lineEnd(from i: Int, _ end: Int) -> Int {
    let p = self.p
    let found = lineEnds.find(in: p, from: i, end: regionEnd, bytes: ByteClass.lf, ByteClass.cr) {
      ByteClass.isLineBreak(p[$0])
    }
    return min(found, end)
  }

  private mutating func codeClose(at i: Int, _ end: Int) -> Int? {
    guard i + 2 < end, isNonSpace(i + 1) else { return nil }
    let p = self.p
    let close = backticks.find(in: p, from: i + 2, end: regionEnd, bytes: UInt8(ascii: "`"), UInt8(ascii: "`")) {
      p[$0] == UInt8(ascii: "`") && !ByteClass.isWhitespace(p[$0 - 1])
    }
    return close < end ? close : nil
  }

  private mutating func strongClose(at i: Int, _ end: Int) -> Int? {
    guard i + 4 < end, p[i + 1] == UInt8(ascii: "*"), isNonSpace(i + 2) else { return nil }
    let p = self.p
    let limit = regionEnd
    let close = doubleStars.find(in: p, from: i + 3, end: limit, bytes: UInt8(ascii: "*"), UInt8(ascii: "*")) {
      $0 + 1 < limit && p[$0] == UInt8(ascii: "*") && p[$0 + 1] == UInt8(ascii: "*")
        && !ByteClass.isWhitespace(p[$0 - 1])
    }
    return close + 1 < end ? close : nil
  }

  private mutating func emphasisClose(at i: Int, _ end: Int) -> Int? {
    guard i + 2 < end, isNonSpace(i + 1) else { return nil }
    let p = self.p
    let limit = regionEnd
    let close = stars.find(in: p, from: i + 2, end: limit, bytes: UInt8(ascii: "*"), UInt8(ascii: "*")) {
      p[$0] == UInt8(ascii: "*") && !ByteClass.isWhitespace(p[$0 - 1]) && p[$0 - 1] != UInt8(ascii: "*")
        && ($0 + 1 >= limit || p[$0 + 1] != UInt8(ascii: "*"))
    }
    return close < end ? close : nil
  }

  private mutating func underscoreClose(at i: Int, _ start: Int, _ end: Int) -> Int? {
    guard i + 2 < end, isNonSpace(i + 1), p[i + 1] != UInt8(ascii: "_") else { return nil }
    if i > start && ByteClass.isASCIIAlphanumeric(p[i - 1]) { return nil }
    let p = self.p
    let limit = regionEnd
    let close = underscores.find(in: p, from: i + 2, end: limit, bytes: UInt8(ascii: "_"), UInt8(ascii: "_")) {
      p[$0] == UInt8(ascii: "_") && !ByteClass.isWhitespace(p[$0 - 1]) && p[$0 - 1] != UInt8(ascii: "_")
        && ($0 + 1 >= limit || !(ByteClass.isASCIIAlphanumeric(p[$0 + 1]) || p[$0 + 1] == UInt8(ascii: "_")))
    }
    return close < end ? close : nil
  }

  private mutating func closeBracket(from i: Int) -> Int {
    let p = self.p
    return brackets.find(in: p, from: i, end: regionEnd, bytes: UInt8(ascii: "]"), UInt8(ascii: "]")) {
      p[$0] == UInt8(ascii: "]")
    }
  }

  private mutating func closeParen(from i: Int) -> Int {
    let p = self.p
    return parens.find(in: p, from: i, end: regionEnd, bytes: UInt8(ascii: ")"), UInt8(ascii: ")")) {
      p[$0] == UInt8(ascii: ")")
    }
  }

  /// For a link or image whose `[` is at `bracket`: the positions of its `]` and closing `)`.
  private mutating func linkClose(bracket: Int, _ end: Int) -> (Int, Int)? {
    let lineEnd = lineEnd(from: bracket, end)
    let k = closeBracket(from: bracket + 1)
    guard k + 1 < lineEnd, p[k + 1] == UInt8(ascii: "(") else { return nil }
    let m = closeParen(from: k + 2)
    guard m < lineEnd else { return nil }
    let p = self.p
    let space = spaces.find(in: p, from: k + 2, end: regionEnd, bytes: ByteClass.space, ByteClass.tab) {
      ByteClass.isSpaceOrTab(p[$0])
    }
    return space < m ? nil : (k, m)
  }

  private func link(
    _ kind: NodeKind, _ start: Int, bracket: Int, _ k: Int, _ close: Int, _ builder: inout TreeBuilder
  ) -> Int {
    let node = builder.open(kind, at: start)
    builder.leaf(.delimiter, start, bracket + 1)
    if k > bracket + 1 { builder.leaf(.linkText, bracket + 1, k) }
    builder.leaf(.delimiter, k, k + 2)
    if close > k + 2 { builder.leaf(.linkTarget, k + 2, close) }
    builder.leaf(.delimiter, close, close + 1)
    builder.close(node, at: close + 1)
    return close + 1
  }

  // MARK: Hashtags

  private func hashtagEnd(at i: Int, _ end: Int) -> Int? {
    var j = i + 1
    var lastNonSlash = i
    var hasNonDigit = false
    while j < end {
      let b = p[j]
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
        let (scalar, length) = ByteClass.scalar(in: p, at: j, end: end)
        guard ByteClass.isTagScalar(scalar) else { break }
        if scalar.properties.generalCategory != .decimalNumber { hasNonDigit = true }
        j += length
        lastNonSlash = j
      }
    }
    return hasNonDigit && lastNonSlash > i + 1 ? lastNonSlash : nil
  }

  // MARK: Clozes

  /// A cloze or a malformed one at `i` (`?[` is there); returns its end.
  private mutating func cloze(at i: Int, _ end: Int, _ builder: inout TreeBuilder) -> Int {
    let lineEnd = lineEnd(from: i, end)
    let k = closeBracket(from: i + 2)
    guard k < lineEnd else {
      let node = builder.open(.malformedCloze, at: i)
      builder.leaf(.delimiter, i, i + 2)
      builder.close(node, at: i + 2)
      builder.finding(.clozeUnclosedHint, i, lineEnd)
      return i + 2
    }
    if k + 1 < lineEnd && p[k + 1] == UInt8(ascii: "(") {
      let m = closeParen(from: k + 2)
      if m >= lineEnd {
        let node = builder.open(.malformedCloze, at: i)
        clozeHead(i, k, closeLength: 2, &builder)
        if lineEnd > k + 2 { builder.leaf(.clozeAnswer, k + 2, lineEnd) }
        builder.close(node, at: lineEnd)
        builder.finding(.clozeUnclosedAnswer, i, lineEnd)
        return lineEnd
      }
      if m == k + 2 {
        let node = builder.open(.malformedCloze, at: i)
        clozeHead(i, k, closeLength: 2, &builder)
        builder.leaf(.delimiter, m, m + 1)
        builder.close(node, at: m + 1)
        builder.finding(.clozeEmptyAnswer, k + 1, m + 1)
        return m + 1
      }
      let node = builder.open(.cloze, at: i)
      clozeHead(i, k, closeLength: 2, &builder)
      clozeTail(answerStart: k + 2, m, &builder)
      builder.close(node, at: m + 1)
      return m + 1
    }
    var s = k + 1
    while s < lineEnd && ByteClass.isSpaceOrTab(p[s]) { s += 1 }
    if s > k + 1 && s < lineEnd && p[s] == UInt8(ascii: "(") {
      let m = closeParen(from: s + 1)
      if m < lineEnd && m > s + 1 {
        let node = builder.open(.cloze, at: i)
        clozeHead(i, k, closeLength: 1, &builder)
        builder.leaf(.delimiter, s, s + 1)
        builder.finding(.clozeSpaceBeforeAnswer, k + 1, s)
        clozeTail(answerStart: s + 1, m, &builder)
        builder.close(node, at: m + 1)
        return m + 1
      }
    }
    let node = builder.open(.malformedCloze, at: i)
    clozeHead(i, k, closeLength: 1, &builder)
    builder.close(node, at: k + 1)
    builder.finding(.clozeMissingAnswer, i, k + 1)
    return k + 1
  }

  /// `?[`, the hint, and `]` or `](` at `k`.
  private func clozeHead(_ i: Int, _ k: Int, closeLength: Int, _ builder: inout TreeBuilder) {
    builder.leaf(.delimiter, i, i + 2)
    if k > i + 2 { builder.leaf(.clozeHint, i + 2, k) }
    builder.leaf(.delimiter, k, k + closeLength)
  }

  /// The answer from `answerStart` to the `)` at `m`, the `)`, and a nested-parenthesis finding.
  private func clozeTail(answerStart: Int, _ m: Int, _ builder: inout TreeBuilder) {
    builder.leaf(.clozeAnswer, answerStart, m)
    builder.leaf(.delimiter, m, m + 1)
    var j = answerStart
    while j < m && p[j] != UInt8(ascii: "(") { j += 1 }
    if j < m { builder.finding(.clozeNestedParenthesis, j, m + 1) }
  }
}
