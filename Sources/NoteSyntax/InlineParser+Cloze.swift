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
      Self.clozeTail(bytes, answerStart: closingBracket + 2, closingParen, &builder)
      builder.close(node, at: closingParen + 1)
      return closingParen + 1
    }
    var answerOpener = closingBracket + 1
    while answerOpener < end && ByteClass.isSpaceOrTab(bytes[answerOpener]) { answerOpener += 1 }
    if answerOpener > closingBracket + 1 && answerOpener < end && bytes[answerOpener] == UInt8(ascii: "(") {
      let closingParen = parenOrBreak(from: answerOpener + 1)
      if closingParen < end && bytes[closingParen] == UInt8(ascii: ")") && closingParen > answerOpener + 1 {
        let node = builder.open(.cloze, at: i)
        clozeHead(i, closingBracket, closeLength: 1, &builder)
        builder.leaf(.delimiter, answerOpener, answerOpener + 1)
        builder.finding(.clozeSpaceBeforeAnswer, closingBracket + 1, answerOpener)
        Self.clozeTail(bytes, answerStart: answerOpener + 1, closingParen, &builder)
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

  /// The answer from `answerStart` to the `)` at `closingParen`, the `)`, and a nested-parenthesis
  /// finding. Static: it reads the bytes alone, and a call to a method that is not mutating
  /// from the mutating parse copies the whole parser.
  private static func clozeTail(
    _ bytes: UnsafeBufferPointer<UInt8>, answerStart: Int, _ closingParen: Int, _ builder: inout TreeBuilder
  ) {
    builder.leaf(.clozeAnswer, answerStart, closingParen)
    builder.leaf(.delimiter, closingParen, closingParen + 1)
    var parenthesis = answerStart
    while parenthesis < closingParen && bytes[parenthesis] != UInt8(ascii: "(") { parenthesis += 1 }
    if parenthesis < closingParen { builder.finding(.clozeNestedParenthesis, parenthesis, closingParen + 1) }
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
    var targetStart = LineMarkers.skipSpaces(bytes, start, end)
    var targetEnd = LineMarkers.trimEnd(bytes, targetStart, end)
    guard targetStart < targetEnd else { return false }
    if bytes[targetStart] == UInt8(ascii: "<") {
      guard let close = (targetStart..<targetEnd).first(where: { bytes[$0] == UInt8(ascii: ">") }) else { return false }
      targetStart += 1
      targetEnd = close
    } else {
      // The target ends at the first space; only a title may follow.
      if let space = (targetStart..<targetEnd).first(where: { ByteClass.isSpaceOrTab(bytes[$0]) }) {
        let title = LineMarkers.skipSpaces(bytes, space, targetEnd)
        guard bytes[title] == UInt8(ascii: "\"") || bytes[title] == UInt8(ascii: "'") else { return false }
        targetEnd = space
      }
    }
    guard targetStart < targetEnd else { return false }
    return hasScheme(bytes, targetStart, targetEnd) || hasLinkedFileExtension(bytes, targetStart, targetEnd)
  }

  /// `scheme://`, or `scheme:` of a scheme that takes no `//` (`mailto:`, `tel:`,
  /// `obsidian:`…), at `start`.
  private static func hasScheme(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
    guard ByteClass.isASCIIAlphanumeric(bytes[start]), !ByteClass.isDigit(bytes[start]) else { return false }
    var schemeEnd = start + 1
    while schemeEnd < end
      && (ByteClass.isASCIIAlphanumeric(bytes[schemeEnd]) || bytes[schemeEnd] == UInt8(ascii: "+")
        || bytes[schemeEnd] == UInt8(ascii: "-")
        || bytes[schemeEnd] == UInt8(ascii: "."))
    {
      schemeEnd += 1
    }
    guard schemeEnd < end, bytes[schemeEnd] == UInt8(ascii: ":"), schemeEnd - start >= 2 else { return false }
    if schemeEnd + 2 < end && bytes[schemeEnd + 1] == UInt8(ascii: "/") && bytes[schemeEnd + 2] == UInt8(ascii: "/") {
      return true
    }
    let scheme = String(decoding: bytes[start..<schemeEnd], as: UTF8.self).lowercased()
    return schemeEnd + 1 < end && ["mailto", "tel", "obsidian", "zotero", "file", "data", "kindle"].contains(scheme)
  }

  /// Whether the path `start..<end` (a `#fragment` or `?query` aside) ends in a note's or an
  /// image's extension, any case.
  private static func hasLinkedFileExtension(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
    let pathEnd = (start..<end).first { bytes[$0] == UInt8(ascii: "#") || bytes[$0] == UInt8(ascii: "?") } ?? end
    guard let dot = (start..<pathEnd).last(where: { bytes[$0] == UInt8(ascii: ".") }), dot > start else { return false }
    let ext = String(decoding: bytes[(dot + 1)..<pathEnd], as: UTF8.self).lowercased()
    return linkedFileExtensions.contains(ext)
  }

  /// The extensions of notes and images.
  static let linkedFileExtensions: Set<String> = [
    "md", "markdown", "png", "jpg", "jpeg", "gif", "svg", "webp", "avif", "bmp", "tif", "tiff", "heic",
  ]
}
