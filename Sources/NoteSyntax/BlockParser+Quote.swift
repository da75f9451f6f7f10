extension BlockParser {
  /// A quote: its `>` lines and lazy continuation lines, each a `quoteLine` holding its
  /// markers and what the line holds (text, a heading, code, an HTML block, a break); a
  /// setext heading's lines are one `quoteLine`. Quotes, lists and items inside it hold
  /// their lines' `quoteLine`s, each line in the innermost container open on it. A
  /// citation may end the quote's last line when that line is the quote's own text. A
  /// quote in a list item whose content starts at `itemColumn` starts at its `>`.
  /// Returns the start of the line after it.
  @discardableResult mutating func blockquote(_ s: Int, itemColumn: Int? = nil) -> Int {
    let node = builder.open(.blockquote, at: s)
    let quote = readQuoteLines(from: s, itemColumn: itemColumn)
    let lines = quote.lines
    var cited = -1
    if let last = lines.lastIndex(where: { $0.hasText }), lines[last].role == .text, lines[last].depth == 1 {
      cited = last
    }
    // The quotes, lists and items open inside the quote, and where the next line's
    // containers and markers are in `quote`.
    var containers: [Int] = []
    var nextOpened = 0
    var nextMark = 0
    var index = 0
    while index < lines.count {
      let line = lines[index]
      while containers.count >= Int(line.kept) { builder.close(containers.removeLast(), at: line.start) }
      for _ in 0..<line.opened {
        containers.append(builder.open(quote.opened[nextOpened], at: line.start))
        nextOpened += 1
      }
      let lineNode = builder.open(.quoteLine, at: line.start)
      quoteMarks(quote, line, &nextMark)
      switch line.role {
      case .text where line.opened > 0 && quote.opened[nextOpened - 1] == .listItem && line.hasText:
        // An item's first line: a `Q:` or `A:` opening it pairs as at the top level.
        itemOpeningText(line.content, line.lineEnd, line.end, column: 0)
      case .text:
        quoteText(line, callout: index == 0 && line.depth == 1, citation: index == cited)
      case .headingText:
        index = quoteSetextHeading(quote, from: index, &nextMark)
      case .blank, .underline, .tableDelimiter, .tableRow, .footnoteText, .definitionText:
        break
      case .tableHeader:
        index = quoteTable(quote, from: index, &nextMark)
      case .footnoteDefinition:
        index = quoteFootnote(quote, from: index, &nextMark)
      case .linkDefinition:
        index = quoteLinkDefinition(quote, from: index, &nextMark)
      case .heading:
        heading(line.content, line.first, line.lineEnd, Int(line.level))
      case .thematicBreak:
        builder.leaf(.thematicBreak, line.first, line.next)
      case .fenceStart:
        guard
          let fence = LineMarkers.openingCodeFence(bytes, line.first, line.lineEnd)
            ?? LineMarkers.openingDelimitedBlock(bytes, line.first, line.lineEnd)
        else { break }
        fenceNodes(.codeBlockStart, fence.run.lowerBound, fence.run, info: fence.info, next: line.next)
      case .code:
        if line.next > line.content { builder.leaf(.codeLines, line.content, line.next) }
      case .fenceEnd:
        var runEnd = line.first
        while runEnd < line.end && bytes[runEnd] == bytes[line.first] { runEnd += 1 }
        fenceNodes(.codeBlockEnd, line.first, line.first..<runEnd, next: line.next)
      case .html, .htmlContinuing:
        builder.leaf(.htmlBlock, line.content, line.next, flags: line.role == .html ? 0 : SyntaxNode.continuingFlag)
      case .indentedCode, .indentedCodeContinuing:
        let flags = line.role == .indentedCode ? 0 : SyntaxNode.continuingFlag
        builder.leaf(.indentedCode, line.content, line.next, flags: flags)
      }
      builder.close(lineNode, at: lines[index].next)
      index += 1
    }
    let end = lines[lines.count - 1].next
    while let container = containers.popLast() { builder.close(container, at: end) }
    builder.close(node, at: end)
    return end
  }

  /// A table inside a quote, from its header line at `index` (whose `quoteLine` and
  /// markers are open): the table holds each row and the later lines' markers. Returns
  /// the index of its last line.
  private mutating func quoteTable(_ quote: QuoteLines, from index: Int, _ nextMark: inout Int) -> Int {
    let lines = quote.lines
    let header = lines[index]
    let columns = LineMarkers.tableCells(bytes, header.content, header.end).count
    let table = builder.open(.table, at: header.content)
    var current = index
    while current < lines.count && (current == index || [.tableDelimiter, .tableRow].contains(lines[current].role)) {
      let line = lines[current]
      if current > index { quoteMarks(quote, line, &nextMark) }
      if line.role == .tableDelimiter {
        let row = builder.open(.tableRow, at: line.content)
        builder.close(row, at: line.next)
      } else {
        tableRow(line.content, line.end, columns: columns, next: line.next)
      }
      current += 1
    }
    builder.close(table, at: lines[current - 1].next)
    return current - 1
  }

  /// A footnote definition inside a quote, from its first line at `index` (whose
  /// `quoteLine` and markers are open) over the lines that continue its text: the
  /// definition holds its label, each line's text and the later lines' markers. Returns
  /// the index of its last line.
  private mutating func quoteFootnote(_ quote: QuoteLines, from index: Int, _ nextMark: inout Int) -> Int {
    let lines = quote.lines
    let line = lines[index]
    guard let definition = LineMarkers.footnoteDefinition(bytes, line.first, line.lineEnd) else { return index }
    let footnote = builder.open(.footnoteDefinition, at: line.first)
    builder.leaf(.footnoteLabel, definition.label.lowerBound, definition.label.upperBound)
    inlineContent(LineMarkers.skipSpaces(bytes, definition.end, line.end), line.end)
    var current = index + 1
    while current < lines.count && lines[current].role == .footnoteText {
      quoteMarks(quote, lines[current], &nextMark)
      inlineContent(lines[current].content, lines[current].end)
      current += 1
    }
    builder.close(footnote, at: lines[current - 1].next)
    return current - 1
  }

  /// The markers of `line`, the next ones of `quote.marks` from `next`.
  mutating func quoteMarks(_ quote: QuoteLines, _ line: QuoteLine, _ next: inout Int) {
    for _ in 0..<line.marks {
      let mark = quote.marks[next]
      builder.leaf(mark.kind, mark.range.lowerBound, mark.range.upperBound)
      next += 1
    }
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
    inlineContent(textStart, textEnd)
    if let cited { builder.leaf(.citation, cited.lowerBound, cited.upperBound) }
  }

  /// A setext heading inside a quote, from its first line at `index` (whose `quoteLine`
  /// and marker are open) to its underline: the heading holds each line's text and the
  /// later lines' markers, then the underline. Returns the underline's index.
  private mutating func quoteSetextHeading(_ quote: QuoteLines, from index: Int, _ nextMark: inout Int) -> Int {
    let lines = quote.lines
    let heading = builder.open(.heading, at: lines[index].content)
    var current = index
    while lines[current].role == .headingText {
      let line = lines[current]
      if current > index { quoteMarks(quote, line, &nextMark) }
      inlineContent(line.content, line.end)
      current += 1
    }
    let underline = lines[current]
    builder.setFlags(heading, underline.level)
    quoteMarks(quote, underline, &nextMark)
    builder.leaf(.headingMarker, underline.first, underline.end)
    builder.close(heading, at: underline.next)
    return current
  }

  /// The chapter-and-verse annotation of a quote's last line: a trailing parenthetical
  /// holding a digit (`(p. 42)`, `(ch. 3)`), a dash and a reference ending the line
  /// (`— p. 6`, `-- Kahneman, ch. 3`: ``DashCitation``), or a whole line starting with
  /// a dash (`— p. 42`).
  func citationRange(_ start: Int, _ end: Int) -> Range<Int>? {
    if ByteClass.isLongDash(bytes, start, end)
      || (start + 1 < end && bytes[start] == UInt8(ascii: "-") && bytes[start + 1] == UInt8(ascii: "-"))
    {
      return start..<end
    }
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
