import NoteText

/// What other layers follow of the question-and-answer grammar.
public enum QuestionAnswerGrammar {
  /// The most lines a question runs over before its `A:` line, the `Q:` line included:
  /// a paragraph that opens with `Q:` and has no answer is read no further than this
  /// for one, and an `A:` after more is no answer.
  public static let maxQuestionLines = 32
}

/// Question-and-answer pairs: a `Q:` line and the lines that continue its question, then
/// an `A:` line and its answer (lines of text, or a fenced code block).
extension BlockParser {

  /// The most lines of a fenced code block that answers a question; a longer one (or
  /// one never closed) is a code block after an empty answer.
  static let maxCodeAnswerLines = 256

  /// A `Q:` line and the lines continuing the question, then (after at most one blank
  /// line, when the question is one line) an `A:` line and its lines up to a paragraph
  /// break, or, after a bare `A:`, a fenced code block. `Q:text` and `q: ` still pair,
  /// with one `qa-missing-space` finding. In a list item, lines after the `Q:` line are
  /// read from its content column `itemColumn`; one indented less continues the pair
  /// only where it would continue the item's paragraph.
  mutating func questionAnswer(_ s: Int, _ e: Int, itemColumn: Int? = nil) -> Bool {
    guard let question = LineMarkers.promptMarkerSpan(bytes, s, e, letter: UInt8(ascii: "Q")) else { return false }
    var questionEnd = e
    var answerLine = nextLine(e)
    var answerEnd = 0
    var answerText = answerLine
    var blankLine: Range<Int>?
    var lines = 1
    while true {
      guard answerLine < byteCount, lines <= QuestionAnswerGrammar.maxQuestionLines else { return false }
      let end = examineLine(answerLine)
      answerEnd = end
      var lineText = itemText(answerLine, end, itemColumn)
      // In a list item, a line indented less that starts no block continues the question
      // lazily, as it continues a paragraph; after a blank line it ends the item.
      if lineText == nil, blankLine == nil, !interruptsParagraph(answerLine, end),
        LineMarkers.listMarker(bytes, answerLine, end) == nil
      {
        lineText = LineMarkers.skipSpaces(bytes, answerLine, end)
      }
      guard let text = lineText else { return false }
      answerText = text
      if LineMarkers.promptMarkerSpan(bytes, text, end, letter: UInt8(ascii: "A")) != nil { break }
      // After a blank line, only the answer.
      guard blankLine == nil else { return false }
      if LineMarkers.isBlank(bytes, answerLine, end) {
        // A blank line only after a question of one line (`qa-blank-line-between`).
        guard lines == 1 else { return false }
        let afterBlank = nextLine(end)
        blankLine = answerLine..<afterBlank
        answerLine = afterBlank
        continue
      }
      guard !interruptsParagraph(text, end),
        LineMarkers.setextLevel(bytes, text, end) == nil
      else { return false }
      questionEnd = end
      answerLine = nextLine(end)
      lines += 1
    }
    let answer = LineMarkers.promptMarkerSpan(bytes, answerText, answerEnd, letter: UInt8(ascii: "A"))!
    let node = builder.open(.questionAnswer, at: s)
    prompt(.questionMarker, .question, s, e, questionEnd, marker: question, empty: .qaEmptyQuestion)
    if let blankLine { builder.finding(.qaBlankLineBetween, blankLine.lowerBound, blankLine.upperBound) }
    if LineMarkers.isBlank(bytes, answer.end, answerEnd),
      let after = codeAnswer(answerText, answerEnd, answer, itemColumn: itemColumn)
    {
      builder.close(node, at: after)
      return true
    }
    // The answer's lines: every line read to its end or to a break, so the block's
    // reach covers them and the line after.
    let (answerTextEnd, next, _) = paragraphExtent(answerEnd, itemColumn: itemColumn)
    prompt(.answerMarker, .answer, answerText, answerEnd, answerTextEnd, marker: answer, empty: .qaEmptyAnswer)
    builder.close(node, at: next)
    return true
  }

  /// The fenced code block after a bare `A:` line `s..<e` as its answer: the marker and an
  /// `answer` node holding the block; returns the line after the closing fence, or `nil`
  /// (the tree untouched) without a fence closed within ``maxCodeAnswerLines`` lines.
  private mutating func codeAnswer(
    _ s: Int, _ e: Int, _ marker: (end: Int, wellFormed: Bool), itemColumn: Int?
  ) -> Int? {
    let fenceLine = nextLine(e)
    guard fenceLine < byteCount, case let fenceEnd = examineLine(fenceLine),
      let fenceText = itemText(fenceLine, fenceEnd, itemColumn),
      let fence = LineMarkers.openingCodeFence(bytes, fenceText, fenceEnd)
    else { return nil }
    let context = BlockContext.code(fence: fence.character, length: fence.run.count)
    let linesStart = nextLine(fenceEnd)
    let lines = fencedLines(from: linesStart, context, column: itemColumn ?? 0, limit: Self.maxCodeAnswerLines)
    guard let closing = lines.closing else { return nil }
    builder.leaf(.answerMarker, s, marker.end)
    if !marker.wellFormed { builder.finding(.qaMissingSpace, s, s + 2) }
    let after = nextLine(closing.end)
    let answer = builder.open(.answer, at: fenceText)
    fenceNodes(.codeBlockStart, fenceText, fence.run, info: fence.info, next: linesStart)
    if closing.line > linesStart { builder.leaf(.codeLines, linesStart, closing.line) }
    fenceNodes(.codeBlockEnd, closing.text, closing.run, next: after)
    builder.close(answer, at: after)
    return after
  }

  /// A question's or answer's marker and text: the marker ends its first line at `e`,
  /// the text runs to `textEnd` (its last line's end). With no text, the `empty` finding.
  private mutating func prompt(
    _ kind: NodeKind, _ textKind: NodeKind, _ s: Int, _ e: Int, _ textEnd: Int,
    marker: (end: Int, wellFormed: Bool), empty: FindingCode?
  ) {
    builder.leaf(kind, s, marker.end)
    if !marker.wellFormed { builder.finding(.qaMissingSpace, s, s + 2) }
    var content = LineMarkers.skipSpaces(bytes, marker.end, e)
    // `Q:` or `A:` alone on its line, its text on the lines after.
    if content == e && textEnd > e { content = LineMarkers.skipSpaces(bytes, nextLine(e), textEnd) }
    let contentEnd = LineMarkers.trimEnd(bytes, content, textEnd)
    if contentEnd == content {
      if let empty { builder.finding(empty, s, marker.end) }
      return
    }
    promptText(textKind, content, contentEnd)
  }

  /// A `question` or `answer` node over the inline text `start..<end`.
  private mutating func promptText(_ textKind: NodeKind, _ start: Int, _ end: Int) {
    let node = builder.open(textKind, at: start)
    inline(start, end)
    builder.close(node, at: end)
  }

  /// Where the line `s..<e` is read from: its start at the top level; in a list item whose
  /// content starts at `itemColumn`, that column (a blank line at its start), or `nil`
  /// when the line is indented less and so ends the item.
  private func itemText(_ s: Int, _ e: Int, _ itemColumn: Int?) -> Int? {
    guard let itemColumn else { return s }
    let (columns, first) = LineMarkers.indentation(bytes, s, e)
    if first == e { return s }
    return columns >= itemColumn ? LineMarkers.skipColumns(bytes, s, e, itemColumn) : nil
  }
}

extension BlockParser {
  /// A list item's text from its first line `text..<e` to `contentEnd`. A `Q:` or `A:`
  /// marker opening it (`**Q:**` too) is a marker leaf with no finding: another item or
  /// a later line may answer it (``ListPairing``). In an item that opens with no marker,
  /// a marker starting a later line (at the item's content `column`, or on a lazy line) is
  /// flagged as in a paragraph. After an opening `Q:`, the first line that starts with
  /// `A:` is its answer: the question's text and the answer's are parsed apart, as a
  /// pair's are, the `A:` a marker leaf too.
  mutating func itemOpeningText(_ text: Int, _ e: Int, _ contentEnd: Int, column: Int) {
    let marker = LineMarkers.openingPromptMarker(bytes, text, e)
    // The text of an item of one line that no marker opens is parsed from its bytes
    // alone (the column matters to later lines only), so a reparse may copy it.
    if contentEnd <= e && marker?.wellFormed != true { return inlineContent(text, contentEnd) }
    let node = builder.open(.inlineContent, at: text)
    var start = text
    if let marker, marker.wellFormed {
      builder.leaf(marker.asks ? .questionMarker : .answerMarker, text, marker.end)
      start = marker.end
      if marker.asks, let answer = itemAnswerLine(after: e, contentEnd, column: column) {
        inline(start, answer.lineBreak.lowerBound)
        builder.leaf(.lineBreak, answer.lineBreak.lowerBound, answer.lineBreak.upperBound)
        builder.leaf(.answerMarker, answer.marker.lowerBound, answer.marker.upperBound)
        start = answer.marker.upperBound
      }
    }
    inline(start, contentEnd, questionMarkers: marker == nil, markerColumn: column)
    builder.close(node, at: contentEnd)
  }

  /// The first line of an item's text after the line ending at `e` (up to `contentEnd`)
  /// that starts with a well-formed `A:` (`**A:**`), read from the item's content
  /// `column` or a lazy line's start: the line break before it and the marker.
  private func itemAnswerLine(after e: Int, _ contentEnd: Int, column: Int) -> (
    lineBreak: Range<Int>, marker: Range<Int>
  )? {
    var lineEnd = e
    while lineEnd < contentEnd {
      var next = lineEnd + 1
      if bytes[lineEnd] == ByteClass.cr && next < contentEnd && bytes[next] == ByteClass.lf { next += 1 }
      let text = LineMarkers.skipColumns(bytes, next, contentEnd, column)
      let end = ByteScan.lineBreak(bytes, from: text, to: contentEnd)
      if let answer = LineMarkers.promptMarkerSpan(bytes, text, end, letter: UInt8(ascii: "A")), answer.wellFormed {
        return (lineEnd..<next, text..<answer.end)
      }
      lineEnd = end
    }
    return nil
  }
}

/// Question-and-answer pairs inside a quote, read from its lines (``QuoteLines``) as
/// ``BlockParser/questionAnswer(_:_:itemColumn:)`` and ``BlockParser/itemOpeningText(_:_:_:column:)``
/// read them at the top level.
extension BlockParser {
  /// Marks the pairs of `quote`'s paragraphs that open with `Q:`: the question's lines, then
  /// (after a blank line, when the question is one line) an `A:` line and the lines going
  /// on with it.
  mutating func readQuotePairs(_ quote: inout QuoteLines) {
    for start in quote.questions where quote.lines[start].role == .text {
      var text = paragraphLines(quote, from: start, wellFormed: false)
      if text.answer == nil && text.last == start && start + 1 < quote.lines.count,
        quote.lines[start + 1].role == .blank && quote.lines[start + 1].depth == quote.lines[start].depth
      {
        text = paragraphLines(quote, from: start + 1, wellFormed: false)
        if text.answer != start + 2 { continue }
      }
      guard let answer = text.answer, answer - start <= QuestionAnswerGrammar.maxQuestionLines else { continue }
      for index in start..<answer { quote.lines[index].role = .question }
      for index in answer...text.last { quote.lines[index].role = .answer }
    }
  }

  /// The answer and the last line of the text of a quote's list item whose first line is
  /// `index`, when a `Q:` or `A:` opens it: its lines' markers are its own (no finding),
  /// the first opening with a well-formed `A:` answering a well-formed `Q:`.
  mutating func quoteItemText(_ quote: QuoteLines, _ index: Int) -> (answer: Int?, last: Int) {
    let first = quote.lines[index]
    guard let marker = LineMarkers.openingPromptMarker(bytes, first.content, first.end) else { return (nil, -1) }
    let text = paragraphLines(quote, from: index, wellFormed: true)
    return (marker.asks && marker.wellFormed ? text.answer : nil, text.last)
  }

  /// The lines of text going on with the paragraph of a quote's line `index` (in the same
  /// containers, starting no block): the first that opens with an `A:` (`**A:**`; only a
  /// well-formed one with `wellFormed`), and the last.
  private mutating func paragraphLines(_ quote: QuoteLines, from index: Int, wellFormed: Bool) -> (
    answer: Int?, last: Int
  ) {
    let first = quote.lines[index]
    var answer: Int?
    var last = index
    while last + 1 < quote.lines.count, case let line = quote.lines[last + 1], line.role == .text,
      line.depth == first.depth && line.kept == first.depth, !interruptsParagraph(line.content, line.lineEnd)
    {
      last += 1
      if answer == nil,
        let marker = LineMarkers.promptMarkerSpan(bytes, line.content, line.end, letter: UInt8(ascii: "A")),
        marker.wellFormed || !wellFormed
      {
        answer = last
      }
    }
    return (answer, last)
  }

  /// The closing fence's line of the code block that answers the bare `A:` on a quote's
  /// line `index`: one opening on the next line, in its container, closed within
  /// ``maxCodeAnswerLines`` lines, as at the top level.
  func quoteCodeAnswer(_ quote: QuoteLines, after index: Int) -> Int? {
    let line = quote.lines[index]
    guard LineMarkers.openingPromptMarker(bytes, line.content, line.end)?.end == line.end,
      index + 1 < quote.lines.count, case let fence = quote.lines[index + 1], fence.role == .fenceStart,
      fence.depth == line.depth && fence.kept == line.depth
    else { return nil }
    var end = index + 2
    while end < quote.lines.count && quote.lines[end].role == .code && end - index <= Self.maxCodeAnswerLines {
      end += 1
    }
    return end < quote.lines.count && quote.lines[end].role == .fenceEnd ? end : nil
  }

  /// A line of a quote's pair: the `Q:` or `A:` marker that `opens` the question or the
  /// answer, and the line's text as a `question` or `answer` node. A marker with no text
  /// and no line after it (`last`) is an empty question or answer; a blank line, one
  /// between the question and the answer.
  mutating func quotePairLine(_ line: QuoteLine, opens: Bool, last: Bool) {
    let asks = line.role == .question
    guard line.first < line.lineEnd else { return builder.finding(.qaBlankLineBetween, line.start, line.next) }
    guard opens else { return promptText(asks ? .question : .answer, line.content, line.end) }
    let letter = UInt8(ascii: asks ? "Q" : "A")
    guard let marker = LineMarkers.promptMarkerSpan(bytes, line.content, line.end, letter: letter) else { return }
    prompt(
      asks ? .questionMarker : .answerMarker, asks ? .question : .answer, line.content, line.end, line.end,
      marker: marker, empty: last ? (asks ? .qaEmptyQuestion : .qaEmptyAnswer) : nil)
  }
}
