/// Clozes: `?[hint](answer)`, and the malformed ones the diagnostics name.
extension InlineParser {
  /// A cloze or a malformed one at `i` (`?[` is there); returns its end. Its parts end
  /// at the line's end (or at `end`, if sooner).
  mutating func cloze(at i: Int, _ end: Int, _ builder: inout TreeBuilder) -> Int {
    let k = bracketOrBreak(from: i + 2)
    guard k < end, p[k] == UInt8(ascii: "]") else {
      // No `]` on the line: `k` is the line's end (or past `end`).
      let lineEnd = min(k, end)
      let node = builder.open(.malformedCloze, at: i)
      builder.leaf(.delimiter, i, i + 2)
      builder.close(node, at: i + 2)
      builder.finding(.clozeUnclosedHint, i, lineEnd)
      return i + 2
    }
    if k + 1 < end && p[k + 1] == UInt8(ascii: "(") {
      let m = parenOrBreak(from: k + 2)
      if m >= end || p[m] != UInt8(ascii: ")") {
        let lineEnd = min(m, end)
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
    while s < end && ByteClass.isSpaceOrTab(p[s]) { s += 1 }
    if s > k + 1 && s < end && p[s] == UInt8(ascii: "(") {
      let m = parenOrBreak(from: s + 1)
      if m < end && p[m] == UInt8(ascii: ")") && m > s + 1 {
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

/// What makes `?[` a question mark before something else, not a cloze.
extension InlineParser {
  /// The longest link target read to tell a link from a cloze's answer: a longer answer
  /// is a cloze's, so a line of many openers stays linear.
  static let longestLinkTarget = 512

  /// Whether `?[` at `i` is a question mark before a footnote reference (`?[^1]`) or
  /// before a link whose target is a URL with a scheme (`https://…`, `mailto:…`) or a
  /// path ending in a note or image extension (`?[see](notes/x.md)`): text, not a cloze.
  mutating func isQuestionMarkBeforeLink(at i: Int, _ end: Int) -> Bool {
    if i + 2 < end && p[i + 2] == UInt8(ascii: "^") { return true }
    let k = bracketOrBreak(from: i + 2)
    guard k + 1 < end, p[k] == UInt8(ascii: "]"), p[k + 1] == UInt8(ascii: "(") else { return false }
    let m = parenOrBreak(from: k + 2)
    guard m < end, p[m] == UInt8(ascii: ")"), m - (k + 2) <= Self.longestLinkTarget else { return false }
    return Self.isLinkTarget(p, k + 2, m)
  }

  /// Whether `start..<end`, between a link's parentheses, is a URL with a scheme or a
  /// path to a note or an image (in `<…>` or without spaces, an optional `"title"`
  /// after it).
  static func isLinkTarget(_ p: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
    var s = LineMarkers.skipSpaces(p, start, end)
    var e = LineMarkers.trimEnd(p, s, end)
    guard s < e else { return false }
    if p[s] == UInt8(ascii: "<") {
      guard let close = (s..<e).first(where: { p[$0] == UInt8(ascii: ">") }) else { return false }
      s += 1
      e = close
    } else {
      // The target ends at the first space; only a title may follow.
      if let space = (s..<e).first(where: { ByteClass.isSpaceOrTab(p[$0]) }) {
        let title = LineMarkers.skipSpaces(p, space, e)
        guard p[title] == UInt8(ascii: "\"") || p[title] == UInt8(ascii: "'") else { return false }
        e = space
      }
    }
    guard s < e else { return false }
    return hasScheme(p, s, e) || hasLinkedFileExtension(p, s, e)
  }

  /// `scheme://`, or `scheme:` of a scheme that takes no `//` (`mailto:`, `tel:`,
  /// `obsidian:`…), at `s`.
  private static func hasScheme(_ p: UnsafeBufferPointer<UInt8>, _ s: Int, _ e: Int) -> Bool {
    guard ByteClass.isASCIIAlphanumeric(p[s]), !ByteClass.isDigit(p[s]) else { return false }
    var j = s + 1
    while j < e
      && (ByteClass.isASCIIAlphanumeric(p[j]) || p[j] == UInt8(ascii: "+") || p[j] == UInt8(ascii: "-")
        || p[j] == UInt8(ascii: "."))
    {
      j += 1
    }
    guard j < e, p[j] == UInt8(ascii: ":"), j - s >= 2 else { return false }
    if j + 2 < e && p[j + 1] == UInt8(ascii: "/") && p[j + 2] == UInt8(ascii: "/") { return true }
    let scheme = String(decoding: p[s..<j], as: UTF8.self).lowercased()
    return j + 1 < e && ["mailto", "tel", "obsidian", "zotero", "file", "data", "kindle"].contains(scheme)
  }

  /// Whether the path `s..<e` (a `#fragment` or `?query` aside) ends in a note's or an
  /// image's extension, any case.
  private static func hasLinkedFileExtension(_ p: UnsafeBufferPointer<UInt8>, _ s: Int, _ e: Int) -> Bool {
    let pathEnd = (s..<e).first { p[$0] == UInt8(ascii: "#") || p[$0] == UInt8(ascii: "?") } ?? e
    guard let dot = (s..<pathEnd).last(where: { p[$0] == UInt8(ascii: ".") }), dot > s else { return false }
    let ext = String(decoding: p[(dot + 1)..<pathEnd], as: UTF8.self).lowercased()
    return linkedFileExtensions.contains(ext)
  }

  /// The extensions of notes and images.
  static let linkedFileExtensions: Set<String> = [
    "md", "markdown", "png", "jpg", "jpeg", "gif", "svg", "webp", "avif", "bmp", "tif", "tiff", "heic",
  ]
}
