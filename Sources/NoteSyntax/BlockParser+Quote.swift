extension BlockParser {
  /// A quote: its `>` lines and lazy continuation lines, each a `quoteLine` holding its
  /// markers and what the line holds (text, a heading, code, an HTML block, a break); a
  /// setext heading's lines are one `quoteLine`. Quotes, lists and items inside it hold
  /// their lines' `quoteLine`s, each line in the innermost container open on it. A
  /// citation may end the quote's last line when that line is the quote's own text.
  mutating func blockquote(_ s: Int) {
    let node = builder.open(.blockquote, at: s)
    let quote = readQuoteLines(from: s)
    let lines = quote.lines
    var cited = -1
    if let last = lines.lastIndex(where: { $0.hasText }), case .text = lines[last].role, lines[last].depth == 1 {
      cited = last
    }
    // The quotes, lists and items open inside the quote.
    var containers: [Int] = []
    var index = 0
    while index < lines.count {
      let line = lines[index]
      while containers.count >= line.kept { builder.close(containers.removeLast(), at: line.start) }
      for kind in quote.opened[line.opened] { containers.append(builder.open(kind, at: line.start)) }
      let lineNode = builder.open(.quoteLine, at: line.start)
      for mark in quote.marks[line.marks] { builder.leaf(mark.kind, mark.range.lowerBound, mark.range.upperBound) }
      switch line.role {
      case .text:
        quoteText(line, callout: index == 0 && line.depth == 1, citation: index == cited)
      case .headingText:
        index = quoteSetextHeading(quote, from: index)
      case .blank, .underline:
        break
      case .heading(let level, let marker):
        heading(line.content, marker, line.lineEnd, level)
      case .thematicBreak(let first):
        builder.leaf(.thematicBreak, first, line.next)
      case .fenceStart(let fence):
        let start = builder.open(.codeBlockStart, at: fence.run.lowerBound)
        builder.leaf(.codeFence, fence.run.lowerBound, fence.run.upperBound)
        if !fence.info.isEmpty { builder.leaf(.codeInfo, fence.info.lowerBound, fence.info.upperBound) }
        builder.close(start, at: line.next)
      case .code:
        if line.next > line.content { builder.leaf(.codeLines, line.content, line.next) }
      case .fenceEnd(let run):
        let end = builder.open(.codeBlockEnd, at: run.lowerBound)
        builder.leaf(.codeFence, run.lowerBound, run.upperBound)
        builder.close(end, at: line.next)
      case .html(let continuing):
        builder.leaf(.htmlBlock, line.content, line.next, flags: continuing ? SyntaxNode.continuingFlag : 0)
      case .indentedCode(let continuing):
        builder.leaf(.indentedCode, line.content, line.next, flags: continuing ? SyntaxNode.continuingFlag : 0)
      }
      builder.close(lineNode, at: lines[index].next)
      index += 1
    }
    let end = lines[lines.count - 1].next
    while let container = containers.popLast() { builder.close(container, at: end) }
    builder.close(node, at: end)
  }

  /// A quote's paragraph line: its callout marker (the quote's first line only), its
  /// inline text and, with `citation`, the citation ending it.
  private mutating func quoteText(_ line: QuoteLine, callout mayOpenCallout: Bool, citation: Bool) {
    var textStart = line.content
    var callout = false
    // A quote's first line may open a callout (`> [!note] Title`), whose title is never a citation.
    if mayOpenCallout, let marker = LineMarkers.calloutMarker(bytes, line.content, line.end) {
      builder.leaf(.calloutMarker, line.content, marker.end)
      textStart = LineMarkers.skipSpaces(bytes, marker.end, line.end)
      callout = true
    }
    var textEnd = line.end
    var cited: Range<Int>?
    if citation && !callout && line.hasText, let found = citationRange(line.content, line.end) {
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
  }

  /// A setext heading inside a quote, from its first line at `index` (whose `quoteLine`
  /// and marker are open) to its underline: the heading holds each line's text and the
  /// later lines' markers, then the underline. Returns the underline's index.
  private mutating func quoteSetextHeading(_ quote: QuoteLines, from index: Int) -> Int {
    let lines = quote.lines
    let heading = builder.open(.heading, at: lines[index].content)
    var current = index
    while case .headingText = lines[current].role {
      let line = lines[current]
      if current > index {
        for mark in quote.marks[line.marks] { builder.leaf(mark.kind, mark.range.lowerBound, mark.range.upperBound) }
      }
      inlineContent(line.content, line.end)
      current += 1
    }
    let underline = lines[current]
    if case .underline(let level, let run) = underline.role {
      builder.setFlags(heading, UInt8(level))
      for mark in quote.marks[underline.marks] { builder.leaf(mark.kind, mark.range.lowerBound, mark.range.upperBound) }
      builder.leaf(.headingMarker, run.lowerBound, run.upperBound)
    }
    builder.close(heading, at: underline.next)
    return current
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
