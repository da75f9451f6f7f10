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
    // The citation ends the last line of text outside the quote's pairs.
    var cited = -1
    if let last = lines.lastIndex(where: { $0.hasText && $0.role != .question && $0.role != .answer }),
      lines[last].role == .text, lines[last].depth == 1
    {
      cited = last
    }
    // The quotes, lists and items open inside the quote, and where the next line's
    // containers and markers are in `quote`.
    var containers: [Int] = []
    var nextOpened = 0
    var markers = LineMarks(marks: quote.marks)
    // The `Q:`/`A:` pair open, and the answer and last line of an item opening with a marker.
    var pair = 0
    var item: (answer: Int?, last: Int) = (nil, -1)
    // The closing fence's line of a code block answering a pair's bare `A:`.
    var codeAnswer = -1
    var nextCodeAnswer = 0
    var nextDefinition = 0
    // The fenced code block open, whose closing fence a `fenceEnd` line holds.
    var code = BlockContext.text
    var index = 0
    while index < lines.count {
      let line = lines[index]
      while containers.count >= Int(line.kept) { builder.close(containers.removeLast(), at: line.start) }
      for _ in 0..<line.opened {
        containers.append(builder.open(quote.opened[nextOpened], at: line.start))
        nextOpened += 1
      }
      if line.role == .question && (index == 0 || lines[index - 1].role != .question) {
        pair = builder.open(.questionAnswer, at: line.start)
      }
      let lineNode = builder.open(.quoteLine, at: line.start)
      writeMarks(line.marks, &markers)
      let codeLine = index <= codeAnswer ? builder.open(.answer, at: line.content) : -1
      let content = builder.count
      switch line.role {
      case .text where line.opened > 0 && quote.opened[nextOpened - 1] == .listItem && line.hasText:
        // An item's first line: a `Q:` or `A:` opening it pairs as at the top level, and
        // an `A:` line going on with its text answers it.
        itemOpeningText(line.content, line.lineEnd, line.end, column: 0)
        item = quoteItemText(quote, index)
      case .text where index == item.answer:
        itemOpeningText(line.content, line.lineEnd, line.end, column: 0)
      case .text:
        quoteText(
          line, callout: index == 0 && line.depth == 1, citation: index == cited, flagsMarker: index > item.last)
      case .question, .answer:
        let opens = index == 0 || lines[index - 1].role != line.role
        if nextCodeAnswer < quote.codeAnswers.count && quote.codeAnswers[nextCodeAnswer].answer == index {
          codeAnswer = quote.codeAnswers[nextCodeAnswer].closing
          nextCodeAnswer += 1
        }
        let next = index + 1 < lines.count ? lines[index + 1] : line
        let last = next.role != line.role || next.first == next.lineEnd || index + 1 == lines.count
        quotePairLine(line, opens: opens, last: last && codeAnswer < index)
      case .headingText:
        let last = quote.last(from: index, continuing: .headingText)
        let underline = lines[last + 1]
        let marker = LeafLine(
          content: underline.first, end: underline.end, next: underline.next, marks: underline.marks)
        let text = lines[index...last].lazy.map(\.leafText)
        setextHeading(at: line.content, text, underline: marker, level: Int(underline.level), &markers)
        index = last + 1
      case .blank, .leafLine:
        break
      case .tableHeader:
        let last = quote.last(from: index, continuing: .leafLine)
        let header = line.leafText
        let columns = LineMarkers.tableCells(bytes, header.content, header.end).count
        let rows = lines[(index + 2)..<(last + 1)].lazy.map(\.leafText)
        table(header: header, delimiter: lines[index + 1].leafText, rows: rows, columns: columns, &markers)
        index = last
      case .linkDefinition:
        let last = quote.last(from: index, continuing: .leafLine)
        let definition = quote.definitions[nextDefinition]
        nextDefinition += 1
        let text = lines[index...last].lazy.map {
          LeafLine(content: $0.first, end: $0.lineEnd, next: $0.next, marks: $0.marks)
        }
        linkReferenceDefinition(at: line.first, definition, text, &markers)
        index = last
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
        code = .code(fence: fence.character, length: fence.run.count)
      case .code:
        if line.next > line.content { builder.leaf(.codeLines, line.content, line.next) }
      case .fenceEnd:
        // The closing fence as the top level finds it (a `$$` may end a line of text).
        guard let run = LineMarkers.closingCodeFence(bytes, line.first, line.lineEnd, code) else { break }
        fenceNodes(.codeBlockEnd, line.first, run, next: line.next)
      case .html, .htmlContinuing:
        builder.leaf(.htmlBlock, line.content, line.next, flags: line.role == .html ? 0 : SyntaxNode.continuingFlag)
      case .indentedCode, .indentedCodeContinuing:
        let flags = line.role == .indentedCode ? 0 : SyntaxNode.continuingFlag
        builder.leaf(.indentedCode, line.content, line.next, flags: flags)
      }
      // The text of a line going on with a paragraph says so: an item's text ends before
      // a line that does not (``SyntaxNode/continuesBlock``).
      if line.role == .text && line.continues && builder.count > content {
        builder.setFlags(content, SyntaxNode.continuingFlag)
      }
      if codeLine >= 0 { builder.close(codeLine, at: line.next) }
      builder.close(lineNode, at: lines[index].next)
      if index == codeAnswer
        || (line.role == .answer && codeAnswer < index
          && (index + 1 == lines.count || lines[index + 1].role != .answer))
      {
        builder.close(pair, at: line.next)
      }
      index += 1
    }
    let end = lines[lines.count - 1].next
    while let container = containers.popLast() { builder.close(container, at: end) }
    builder.close(node, at: end)
    return end
  }

  /// A quote's paragraph line: its callout marker (the quote's first line only), its
  /// inline text and, with `citation`, the citation ending it. A `Q:` or `A:` opening the
  /// line is a marker flagged as in a paragraph (with `flagsMarker`).
  private mutating func quoteText(_ line: QuoteLine, callout mayOpenCallout: Bool, citation: Bool, flagsMarker: Bool) {
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
    if citation && !callout && line.hasText, let found = Self.citationRange(bytes, line.content, line.end) {
      cited = found
      textEnd = LineMarkers.trimEnd(bytes, line.content, found.lowerBound)
    }
    if !callout && LineMarkers.openingPromptMarker(bytes, textStart, textEnd) != nil {
      // Parsed afresh, never copied from an earlier parse: its nodes depend on its item too.
      let node = builder.open(.inlineContent, at: textStart)
      let text = flagsMarker ? LineMarkers.paragraphLineMarker(bytes, textStart, textEnd, &builder) : textStart
      inline(text, textEnd)
      builder.close(node, at: textEnd)
    } else {
      inlineContent(textStart, textEnd)
    }
    if let cited { builder.leaf(.citation, cited.lowerBound, cited.upperBound) }
  }

  /// The chapter-and-verse annotation of a quote's last line: a trailing parenthetical
  /// holding a digit (`(p. 42)`, `(ch. 3)`), a dash and a reference ending the line
  /// (`— p. 6`, `-- Kahneman, ch. 3`: ``DashCitation``), or a whole line starting with
  /// a dash (`— p. 42`).
  /// Static: it reads the bytes alone, and a call from the mutating parse to a method that
  /// is not mutating copies the whole parser.
  static func citationRange(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Range<Int>? {
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

extension BlockParser.QuoteLine {
  /// The line as a leaf's text line.
  var leafText: LeafLine { LeafLine(content: content, end: end, next: next, marks: marks) }
}

extension BlockParser.QuoteLines {
  /// The index of the last line from `index` on that is `index` or has `role`.
  func last(from index: Int, continuing role: BlockParser.QuoteRole) -> Int {
    var last = index
    while last + 1 < lines.count && lines[last + 1].role == role { last += 1 }
    return last
  }
}
