extension BlockParser {
  /// One `>` line: where it starts, its marker, its text, and the next line's start.
  struct QuoteLine {
    var start: Int
    var marker: Int
    var content: Int
    var end: Int
    var next: Int

    var hasText: Bool { end > content }
  }

  /// Consecutive `>` lines: one quote, with a citation at its end when there is one. A
  /// quote running past `Pieces.largeBlock` bytes (and each piece after it, `continuing`)
  /// is cut before a line with text at least `Pieces.minimum` bytes into the piece,
  /// where the 32 bytes before it pass ``Pieces/endsRun(_:from:to:)`` (or after
  /// `Pieces.maximumLines` lines): a line with text follows, so no line before the cut
  /// holds the quote's citation.
  mutating func blockquote(_ s: Int, continuing: Bool) -> BlockContext {
    let node = builder.open(.blockquote, at: s)
    let minimum = continuing ? Pieces.minimum : Pieces.largeBlock
    // The lines from the last one with text on: that one may hold the citation.
    var pending: [QuoteLine] = []
    var lineStart = s
    var end = s
    var lines = 0
    while lineStart < n {
      let e: Int
      if let end = examineShortLine(lineStart) {
        e = end
      } else {
        // A long line: read whole only if it is a quote line.
        guard LineMarkers.quoteMarker(p, lineStart, lineStart + Pieces.largeBlock) != nil else { break }
        e = examineLine(lineStart)
      }
      guard let marker = LineMarkers.quoteMarker(p, lineStart, e) else { break }
      var content = marker + 1
      if content < e && ByteClass.isSpaceOrTab(p[content]) { content += 1 }
      let next = nextLine(e)
      let line = QuoteLine(
        start: lineStart, marker: marker, content: content, end: LineMarkers.trimEnd(p, content, e), next: next)
      if line.hasText {
        if cutsLargeBlocks && lines > 0 && lineStart - s >= minimum
          && (lines >= Pieces.maximumLines || Pieces.endsRun(p, from: lineStart - 32, to: lineStart))
        {
          quoteLines(pending, citation: false)
          builder.close(node, at: lineStart)
          return .continuing(.quote)
        }
        quoteLines(pending, citation: false)
        pending.removeAll(keepingCapacity: true)
      }
      pending.append(line)
      lines += 1
      end = next
      lineStart = next
    }
    quoteLines(pending, citation: true)
    builder.close(node, at: end)
    return .text
  }

  /// Adds quote lines; with `citation`, the first (when it has text) is the quote's last
  /// line with text, where a citation may end it.
  private mutating func quoteLines(_ lines: [QuoteLine], citation: Bool) {
    for (index, line) in lines.enumerated() {
      let lineNode = builder.open(.quoteLine, at: line.start)
      builder.leaf(.quoteMarker, line.marker, line.marker + 1)
      var textEnd = line.end
      var cited: Range<Int>?
      if citation && index == 0 && line.hasText, let found = citationRange(line.content, line.end) {
        cited = found
        textEnd = LineMarkers.trimEnd(p, line.content, found.lowerBound)
      }
      if textEnd > line.content {
        let content = builder.open(.inlineContent, at: line.content)
        var parser = InlineParser(buffer: p, regionEnd: textEnd)
        parser.parse(line.content, textEnd, into: &builder)
        builder.close(content, at: textEnd)
      }
      if let cited { builder.leaf(.citation, cited.lowerBound, cited.upperBound) }
      builder.close(lineNode, at: line.next)
    }
  }

  /// The chapter-and-verse annotation of a quote's last line: a trailing parenthetical
  /// holding a digit (`(p. 42)`, `(ch. 3)`), or a whole line starting with a dash (`— p. 42`).
  func citationRange(_ start: Int, _ end: Int) -> Range<Int>? {
    if ByteClass.isLongDash(p, start, end)
      || (start + 1 < end && p[start] == UInt8(ascii: "-") && p[start + 1] == UInt8(ascii: "-"))
    {
      return start..<end
    }
    guard end > start, p[end - 1] == UInt8(ascii: ")") else { return nil }
    var open = end - 2
    var hasDigit = false
    while open >= start && p[open] != UInt8(ascii: "(") && p[open] != UInt8(ascii: ")") {
      if ByteClass.isDigit(p[open]) { hasDigit = true }
      open -= 1
    }
    guard open >= start, p[open] == UInt8(ascii: "("), hasDigit else { return nil }
    // A cloze's answer `](…)` or a link target is not a citation.
    if open > start && p[open - 1] == UInt8(ascii: "]") { return nil }
    return open..<end
  }
}
