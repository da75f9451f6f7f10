/// Clozes: `?[hint](answer)`, and the malformed ones the diagnostics name.
extension InlineParser {
  /// A cloze or a malformed one at `i` (`?[` is there); returns its end. Its parts end
  /// at the line's end (or at `end`, if sooner).
  mutating func cloze(at i: Int, _ end: Int, _ builder: inout TreeBuilder) -> Int {
    let closingBracket = bracketOrBreak(from: i + 2)
    guard closingBracket < end, bytes[closingBracket] == UInt8(ascii: "]") else {
      // No `]` on the line: `closingBracket` is the line's end (or past `end`).
      let lineEnd = min(closingBracket, end)
      let node = builder.open(.malformedCloze, at: i)
      builder.leaf(.delimiter, i, i + 2)
      builder.close(node, at: i + 2)
      builder.finding(.clozeUnclosedHint, i, lineEnd)
      return i + 2
    }
    if closingBracket + 1 < end && bytes[closingBracket + 1] == UInt8(ascii: "(") {
      let closingParen = parenOrBreak(from: closingBracket + 2)
      if closingParen >= end || bytes[closingParen] != UInt8(ascii: ")") {
        let lineEnd = min(closingParen, end)
        let node = builder.open(.malformedCloze, at: i)
        clozeHead(i, closingBracket, closeLength: 2, &builder)
        if lineEnd > closingBracket + 2 { builder.leaf(.clozeAnswer, closingBracket + 2, lineEnd) }
        builder.close(node, at: lineEnd)
        builder.finding(.clozeUnclosedAnswer, i, lineEnd)
        return lineEnd
      }
      if closingParen == closingBracket + 2 {
        let node = builder.open(.malformedCloze, at: i)
        clozeHead(i, closingBracket, closeLength: 2, &builder)
        builder.leaf(.delimiter, closingParen, closingParen + 1)
        builder.close(node, at: closingParen + 1)
        builder.finding(.clozeEmptyAnswer, closingBracket + 1, closingParen + 1)
        return closingParen + 1
      }
      let node = builder.open(.cloze, at: i)
      clozeHead(i, closingBracket, closeLength: 2, &builder)
      clozeTail(answerStart: closingBracket + 2, closingParen, &builder)
      builder.close(node, at: closingParen + 1)
      return closingParen + 1
    }
    var s = closingBracket + 1
    while s < end && ByteClass.isSpaceOrTab(bytes[s]) { s += 1 }
    if s > closingBracket + 1 && s < end && bytes[s] == UInt8(ascii: "(") {
      let closingParen = parenOrBreak(from: s + 1)
      if closingParen < end && bytes[closingParen] == UInt8(ascii: ")") && closingParen > s + 1 {
        let node = builder.open(.cloze, at: i)
        clozeHead(i, closingBracket, closeLength: 1, &builder)
        builder.leaf(.delimiter, s, s + 1)
        builder.finding(.clozeSpaceBeforeAnswer, closingBracket + 1, s)
        clozeTail(answerStart: s + 1, closingParen, &builder)
        builder.close(node, at: closingParen + 1)
        return closingParen + 1
      }
    }
    let node = builder.open(.malformedCloze, at: i)
    clozeHead(i, closingBracket, closeLength: 1, &builder)
    builder.close(node, at: closingBracket + 1)
    builder.finding(.clozeMissingAnswer, i, closingBracket + 1)
    return closingBracket + 1
  }

  /// `?[`, the hint, and `]` or `](` at `closingBracket`.
  private func clozeHead(_ i: Int, _ closingBracket: Int, closeLength: Int, _ builder: inout TreeBuilder) {
    builder.leaf(.delimiter, i, i + 2)
    if closingBracket > i + 2 { builder.leaf(.clozeHint, i + 2, closingBracket) }
    builder.leaf(.delimiter, closingBracket, closingBracket + closeLength)
  }

  /// The answer from `answerStart` to the `)` at `closingParen`, the `)`, and a nested-parenthesis finding.
  private func clozeTail(answerStart: Int, _ closingParen: Int, _ builder: inout TreeBuilder) {
    builder.leaf(.clozeAnswer, answerStart, closingParen)
    builder.leaf(.delimiter, closingParen, closingParen + 1)
    var j = answerStart
    while j < closingParen && bytes[j] != UInt8(ascii: "(") { j += 1 }
    if j < closingParen { builder.finding(.clozeNestedParenthesis, j, closingParen + 1) }
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
    if i + 2 < end && bytes[i + 2] == UInt8(ascii: "^") { return true }
    let closingBracket = bracketOrBreak(from: i + 2)
    guard closingBracket + 1 < end, bytes[closingBracket] == UInt8(ascii: "]"),
      bytes[closingBracket + 1] == UInt8(ascii: "(")
    else { return false }
    let closingParen = parenOrBreak(from: closingBracket + 2)
    guard closingParen < end, bytes[closingParen] == UInt8(ascii: ")"),
      closingParen - (closingBracket + 2) <= Self.longestLinkTarget
    else { return false }
    return Self.isLinkTarget(bytes, closingBracket + 2, closingParen)
  }

  /// Whether `start..<end`, between a link's parentheses, is a URL with a scheme or a
  /// path to a note or an image (in `<…>` or without spaces, an optional `"title"`
  /// after it).
  static func isLinkTarget(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
    var s = LineMarkers.skipSpaces(bytes, start, end)
    var e = LineMarkers.trimEnd(bytes, s, end)
    guard s < e else { return false }
    if bytes[s] == UInt8(ascii: "<") {
      guard let close = (s..<e).first(where: { bytes[$0] == UInt8(ascii: ">") }) else { return false }
      s += 1
      e = close
    } else {
      // The target ends at the first space; only a title may follow.
      if let space = (s..<e).first(where: { ByteClass.isSpaceOrTab(bytes[$0]) }) {
        let title = LineMarkers.skipSpaces(bytes, space, e)
        guard bytes[title] == UInt8(ascii: "\"") || bytes[title] == UInt8(ascii: "'") else { return false }
        e = space
      }
    }
    guard s < e else { return false }
    return hasScheme(bytes, s, e) || hasLinkedFileExtension(bytes, s, e)
  }

  /// `scheme://`, or `scheme:` of a scheme that takes no `//` (`mailto:`, `tel:`,
  /// `obsidian:`…), at `s`.
  private static func hasScheme(_ bytes: UnsafeBufferPointer<UInt8>, _ s: Int, _ e: Int) -> Bool {
    guard ByteClass.isASCIIAlphanumeric(bytes[s]), !ByteClass.isDigit(bytes[s]) else { return false }
    var j = s + 1
    while j < e
      && (ByteClass.isASCIIAlphanumeric(bytes[j]) || bytes[j] == UInt8(ascii: "+") || bytes[j] == UInt8(ascii: "-")
        || bytes[j] == UInt8(ascii: "."))
    {
      j += 1
    }
    guard j < e, bytes[j] == UInt8(ascii: ":"), j - s >= 2 else { return false }
    if j + 2 < e && bytes[j + 1] == UInt8(ascii: "/") && bytes[j + 2] == UInt8(ascii: "/") { return true }
    let scheme = String(decoding: bytes[s..<j], as: UTF8.self).lowercased()
    return j + 1 < e && ["mailto", "tel", "obsidian", "zotero", "file", "data", "kindle"].contains(scheme)
  }

  /// Whether the path `s..<e` (a `#fragment` or `?query` aside) ends in a note's or an
  /// image's extension, any case.
  private static func hasLinkedFileExtension(_ bytes: UnsafeBufferPointer<UInt8>, _ s: Int, _ e: Int) -> Bool {
    let pathEnd = (s..<e).first { bytes[$0] == UInt8(ascii: "#") || bytes[$0] == UInt8(ascii: "?") } ?? e
    guard let dot = (s..<pathEnd).last(where: { bytes[$0] == UInt8(ascii: ".") }), dot > s else { return false }
    let ext = String(decoding: bytes[(dot + 1)..<pathEnd], as: UTF8.self).lowercased()
    return linkedFileExtensions.contains(ext)
  }

  /// The extensions of notes and images.
  static let linkedFileExtensions: Set<String> = [
    "md", "markdown", "png", "jpg", "jpeg", "gif", "svg", "webp", "avif", "bmp", "tif", "tiff", "heic",
  ]
}
