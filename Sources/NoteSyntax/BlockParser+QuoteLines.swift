/// Reading a quote's lines as CommonMark reads the text after each `>`: paragraph text,
/// headings, thematic breaks, fenced and indented code, HTML blocks, blank lines, and
/// lazy continuation lines (a line without `>` that goes on with the quote's paragraph).
extension BlockParser {
  /// What a quote's line holds.
  enum QuoteRole {
    /// A line of a paragraph: inline text.
    case text
    /// A line of a paragraph that a setext underline below makes a heading.
    case headingText
    /// A setext underline (`===` or `---`) under the quote's paragraph.
    case underline(level: Int, run: Range<Int>)
    case blank
    /// An ATX heading whose `#` run starts at `marker`.
    case heading(level: Int, marker: Int)
    /// A thematic break starting at `first`.
    case thematicBreak(first: Int)
    /// The opening line of a fenced code block.
    case fenceStart(LineMarkers.CodeFence)
    /// A line inside a fenced code block.
    case code
    /// The closing fence of a fenced code block.
    case fenceEnd(Range<Int>)
    /// A line of an HTML block; `continuing` after its first line.
    case html(continuing: Bool)
    /// A line of indented code; `continuing` after the block's first line.
    case indentedCode(continuing: Bool)
  }

  /// One line of a quote: where it starts, its marker, its text, and the next line's start.
  struct QuoteLine {
    var start: Int
    /// The `>`; -1 on a lazy continuation line.
    var marker: Int
    /// The text after the `>` and its optional space (on a lazy line, after the indentation).
    var content: Int
    /// The end of the text, trailing spaces left out.
    var end: Int
    /// The end of the line (its line break or the end of the text).
    var lineEnd: Int
    var next: Int
    var role: QuoteRole
    /// The end of a callout's `[!type]` marker, which starts at `content`; -1 for none.
    var callout = -1

    var hasText: Bool { end > content }
  }

  /// The block open inside a quote while its lines are read.
  private enum QuoteOpen {
    case none
    case paragraph
    case fence(BlockContext)
    case html(kind: Int)
    /// Indented code, which goes on after blank lines when more code follows.
    case indentedCode
  }

  /// The lines of the quote whose first `>` line starts at `s`, each with its role.
  mutating func readQuoteLines(from s: Int) -> [QuoteLine] {
    var lines: [QuoteLine] = []
    var open = QuoteOpen.none
    // The first line of the paragraph open, whose lines an underline makes a heading.
    var paragraphStart = 0
    var lineStart = s
    while lineStart < byteCount {
      let e = examineLine(lineStart)
      let next = nextLine(e)
      guard let marker = LineMarkers.quoteMarker(bytes, lineStart, e) else {
        // A lazy continuation line: a line that would go on with a paragraph goes on
        // with the quote's open paragraph (indented four columns, it starts no block).
        guard case .paragraph = open, !startsBlockAfterParagraph(lineStart, e) else { break }
        let text = LineMarkers.skipSpaces(bytes, lineStart, e)
        lines.append(
          QuoteLine(
            start: lineStart, marker: -1, content: text, end: LineMarkers.trimEnd(bytes, text, e), lineEnd: e,
            next: next, role: .text))
        lineStart = next
        continue
      }
      // The optional space after `>`: a space, or one column of a tab (the rest of the
      // tab indents the text).
      var content = marker + 1
      var (columns, first) = LineMarkers.indentation(bytes, content, e, fromColumn: marker - lineStart + 1)
      if content < e && bytes[content] == ByteClass.space {
        content += 1
        columns -= 1
      } else if content < e && bytes[content] == ByteClass.tab {
        columns -= 1
      }
      var line = QuoteLine(
        start: lineStart, marker: marker, content: content, end: LineMarkers.trimEnd(bytes, content, e), lineEnd: e,
        next: next, role: .blank)
      let blank = first == e
      switch open {
      case .fence(let context):
        if columns < 4, let run = LineMarkers.closingCodeFence(bytes, first, e, context) {
          line.role = .fenceEnd(run)
          open = .none
        } else {
          line.role = .code
        }
      case .html(let kind) where !(kind >= 6 && blank):
        line.role = .html(continuing: true)
        if kind < 6 && LineMarkers.endsHTMLBlock(bytes, content, e, kind: kind) { open = .none }
      case .paragraph where !blank && columns < 4 && LineMarkers.setextLevel(bytes, first, e) != nil:
        let level = LineMarkers.setextLevel(bytes, first, e) ?? 1
        line.role = .underline(level: level, run: first..<line.end)
        for index in paragraphStart..<lines.count { lines[index].role = .headingText }
        open = .none
      case .paragraph where !startsBlockAfterParagraph(content, e):
        line.role = .text
      default:
        if blank {
          line.role = .blank
          if case .indentedCode = open {} else { open = .none }
        } else {
          var continuesCode = false
          if case .indentedCode = open { continuesCode = true }
          open = startQuoteBlock(&line, columns: columns, first: first, lineEnd: e, continuesCode: continuesCode)
          if case .paragraph = open { paragraphStart = lines.count }
        }
      }
      lines.append(line)
      lineStart = next
    }
    return lines
  }

  /// Whether the text `s..<e` ends a paragraph before it: a blank line or a block that
  /// interrupts one (``LineMarkers/isParagraphBreak(_:_:_:)``), unless indented four
  /// columns or more.
  private func startsBlockAfterParagraph(_ s: Int, _ e: Int) -> Bool {
    let (columns, first) = LineMarkers.indentation(bytes, s, e)
    return first == e || (columns < 4 && LineMarkers.isParagraphBreak(bytes, s, e))
  }

  /// The block a quote's line `first..<lineEnd` (its text indented `columns`) starts,
  /// with its role set, in the order of the rules outside quotes; returns what stays open.
  private func startQuoteBlock(
    _ line: inout QuoteLine, columns: Int, first: Int, lineEnd e: Int, continuesCode: Bool
  ) -> QuoteOpen {
    if columns >= 4 {
      line.role = .indentedCode(continuing: continuesCode)
      return .indentedCode
    }
    if let fence = LineMarkers.openingCodeFence(bytes, first, e) {
      line.role = .fenceStart(fence)
      return .fence(.code(fence: fence.character, length: fence.run.count))
    }
    if let kind = LineMarkers.htmlBlockKind(bytes, first, e) {
      line.role = .html(continuing: false)
      return kind >= 6 || !LineMarkers.endsHTMLBlock(bytes, line.content, e, kind: kind) ? .html(kind: kind) : .none
    }
    if let level = LineMarkers.headingLevel(bytes, first, e) {
      line.role = .heading(level: level, marker: first)
      return .none
    }
    if LineMarkers.isThematicBreak(bytes, first, e) {
      line.role = .thematicBreak(first: first)
      return .none
    }
    line.role = .text
    return .paragraph
  }
}
