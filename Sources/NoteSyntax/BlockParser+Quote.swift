extension BlockParser {
  /// One `>` line: where it starts, its marker, its text, and the next line's start.
  struct QuoteLine {
    var start: Int
    /// The `>`.
    var marker: Int
    var content: Int
    var end: Int
    var next: Int
    /// The end of a callout's `[!type]` marker, which starts at `content`; -1 for none.
    var callout = -1

    var hasText: Bool { end > content }
  }

  /// Consecutive `>` lines: one quote, with a citation at its end when there is one.
  mutating func blockquote(_ s: Int) {
    let node = builder.open(.blockquote, at: s)
    // The lines from the last one with text on: that one may hold the citation.
    var pending: [QuoteLine] = []
    var lineStart = s
    var end = s
    while lineStart < byteCount {
      let e = examineLine(lineStart)
      guard let marker = LineMarkers.quoteMarker(bytes, lineStart, e) else { break }
      var content = marker + 1
      if content < e && ByteClass.isSpaceOrTab(bytes[content]) { content += 1 }
      let next = nextLine(e)
      var line = QuoteLine(
        start: lineStart, marker: marker, content: content, end: LineMarkers.trimEnd(bytes, content, e), next: next)
      // A quote's first line may open a callout (`> [!note] Title`).
      if lineStart == s, let callout = LineMarkers.calloutMarker(bytes, content, line.end) {
        line.callout = callout.end
      }
      if line.hasText {
        quoteLines(pending, citation: false)
        pending.removeAll(keepingCapacity: true)
      }
      pending.append(line)
      end = next
      lineStart = next
    }
    quoteLines(pending, citation: true)
    builder.close(node, at: end)
  }

  /// Adds quote lines; with `citation`, the first (when it has text) is the quote's last
  /// line with text, where a citation may end it.
  private mutating func quoteLines(_ lines: [QuoteLine], citation: Bool) {
    for (index, line) in lines.enumerated() {
      let lineNode = builder.open(.quoteLine, at: line.start)
      builder.leaf(.quoteMarker, line.marker, line.marker + 1)
      var textStart = line.content
      if line.callout >= 0 {
        // A callout's title is its first line's text, never a citation.
        builder.leaf(.calloutMarker, line.content, line.callout)
        textStart = LineMarkers.skipSpaces(bytes, line.callout, line.end)
      }
      var textEnd = line.end
      var cited: Range<Int>?
      if citation && index == 0 && line.hasText && line.callout < 0,
        let found = citationRange(line.content, line.end)
      {
        cited = found
        textEnd = LineMarkers.trimEnd(bytes, line.content, found.lowerBound)
      }
      if textEnd > textStart {
        let content = builder.open(.inlineContent, at: textStart)
        var parser = InlineParser(buffer: bytes, regionEnd: textEnd)
        parser.parse(textStart, textEnd, into: &builder)
        builder.close(content, at: textEnd)
      }
      if let cited { builder.leaf(.citation, cited.lowerBound, cited.upperBound) }
      builder.close(lineNode, at: line.next)
    }
  }

  /// Whether text at `start` starts like a citation that is a whole line (a dash).
  func startsLikeACitation(_ start: Int, _ end: Int) -> Bool {
    ByteClass.isLongDash(bytes, start, end)
      || (start + 1 < end && bytes[start] == UInt8(ascii: "-") && bytes[start + 1] == UInt8(ascii: "-"))
  }

  /// The chapter-and-verse annotation of a quote's last line: a trailing parenthetical
  /// holding a digit (`(p. 42)`, `(ch. 3)`), a dash and a reference ending the line
  /// (`— p. 6`, `-- Kahneman, ch. 3`: ``DashCitation``), or a whole line starting with
  /// a dash (`— p. 42`).
  func citationRange(_ start: Int, _ end: Int) -> Range<Int>? {
    if startsLikeACitation(start, end) { return start..<end }
    guard end > start, bytes[end - 1] == UInt8(ascii: ")") else { return DashCitation.find(bytes, start, end) }
    var open = end - 2
    var hasDigit = false
    while open >= start && bytes[open] != UInt8(ascii: "(") && bytes[open] != UInt8(ascii: ")") {
      if ByteClass.isDigit(bytes[open]) { hasDigit = true }
      open -= 1
    }
    guard open >= start, bytes[open] == UInt8(ascii: "("), hasDigit else { return nil }
    // A cloze's answer `](…)` or a link target is not a citation.
    if open > start && bytes[open - 1] == UInt8(ascii: "]") { return nil }
    return open..<end
  }
}
