extension BlockParser {
  /// Consecutive `>` lines: one quote, with a citation at its end when there is one.
  mutating func blockquote(_ s: Int) {
    let node = builder.open(.blockquote, at: s)
    var lines: [(start: Int, marker: Int, content: Int, end: Int, next: Int)] = []
    var lineStart = s
    while lineStart < n {
      let e = examineLine(lineStart)
      guard let marker = LineMarkers.quoteMarker(p, lineStart, e) else { break }
      var content = marker + 1
      if content < e && ByteClass.isSpaceOrTab(p[content]) { content += 1 }
      let next = nextLine(e)
      lines.append((lineStart, marker, content, LineMarkers.trimEnd(p, content, e), next))
      lineStart = next
    }
    let citationLine = lines.lastIndex { $0.end > $0.content }
    for (index, line) in lines.enumerated() {
      let lineNode = builder.open(.quoteLine, at: line.start)
      builder.leaf(.quoteMarker, line.marker, line.marker + 1)
      var textEnd = line.end
      var citation: Range<Int>?
      if index == citationLine, let found = citationRange(line.content, line.end) {
        citation = found
        textEnd = LineMarkers.trimEnd(p, line.content, found.lowerBound)
      }
      if textEnd > line.content {
        let content = builder.open(.inlineContent, at: line.content)
        var parser = InlineParser(buffer: p, regionEnd: textEnd)
        parser.parse(line.content, textEnd, into: &builder)
        builder.close(content, at: textEnd)
      }
      if let citation { builder.leaf(.citation, citation.lowerBound, citation.upperBound) }
      builder.close(lineNode, at: line.next)
    }
    builder.close(node, at: lines.last?.next ?? s)
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
