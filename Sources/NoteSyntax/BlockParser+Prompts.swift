import NoteText

/// What other layers follow of the question-and-answer grammar.
public enum QuestionAnswerGrammar {
  /// The most lines a question runs over before its `A:` line, the `Q:` line included:
  /// a paragraph that opens with `Q:` and has no answer is read no further than this
  /// for one, and an `A:` after more is no answer.
  public static let maxQuestionLines = 32
}

/// Where a pair's parts are: the question's last line, a blank line before the answer, the
/// `A:` line, the answer's last line (a code block's closing fence), the code's opening fence.
typealias PairExtent = (
  questionLast: TextLine, blank: TextLine?, answer: TextLine, answerLast: TextLine, fence: TextLine?
)

/// The grammar of `Q:`/`A:` pairs in one place, for every container: a container reads its
/// lines (``BlockParser/line(after:in:)``), ``BlockParser/pairExtent(_:from:)`` decides a
/// pair's extent from them, and ``BlockParser/itemAnswer(_:after:before:)`` the answer of an
/// item that opens with `Q:`. The top level and list items write the result as nodes; a quote
/// turns it into its lines' roles (``BlockParser/readQuotePairs(_:)``), which its writer reads.
extension BlockParser {
  /// The most lines of a fenced code block that answers a question; a longer one (or
  /// one never closed) is a code block after an empty answer.
  static let maxCodeAnswerLines = 256

  /// The pair the `Q:` line `question` opens: the lines going on with the question (at most
  /// ``QuestionAnswerGrammar/maxQuestionLines``), then, after at most one blank line when
  /// the question is one line, an `A:` line and its lines to a paragraph break, or after a
  /// bare `A:` a fenced code block (its opening and closing fences' lines). `nil`: no pair.
  mutating func pairExtent(_ container: TextLines, from question: TextLine) -> PairExtent? {
    var questionLast = question
    var blank: TextLine?
    var count = 1
    while true {
      guard count <= QuestionAnswerGrammar.maxQuestionLines,
        let next = line(after: blank ?? questionLast, in: container)
      else { return nil }
      if let marker = LineMarkers.promptMarkerSpan(bytes, next.text, next.end, letter: UInt8(ascii: "A")) {
        if LineMarkers.isBlank(bytes, marker.end, next.end), let code = codeAnswer(after: next, in: container) {
          return (questionLast, blank, next, code.closing, code.fence)
        }
        // A setext underline below the answer makes the paragraph a heading: no pair.
        var answerLast = next
        while let after = line(after: answerLast, in: container) {
          if underline(after, in: container) != nil { return nil }
          guard after.continues else { break }
          answerLast = after
        }
        return (questionLast, blank, next, answerLast, nil)
      }
      // After a blank line, only the answer; a blank line only after a question of one line;
      // a line that would underline the question as a heading ends it.
      guard blank == nil, next.continues && underline(next, in: container) == nil || next.blank && count == 1
      else { return nil }
      if next.blank {
        blank = next
      } else {
        questionLast = next
        count += 1
      }
    }
  }

  /// The first line going on with the text of an item whose first line is `first` (up to
  /// `end`) that opens with a well-formed `A:`, the end of the line above it, and the last
  /// line going on with the item's text.
  mutating func itemAnswer(_ container: TextLines, after first: TextLine, before end: Int = .max) -> (
    answer: TextLine?, above: Int, last: TextLine
  ) {
    var answer: TextLine?
    var above = first.end
    var last = first
    while let next = line(after: last, in: container), next.continues, next.position < end {
      if answer == nil,
        LineMarkers.promptMarkerSpan(bytes, next.text, next.end, letter: UInt8(ascii: "A"))?.wellFormed == true
      {
        answer = next
        above = last.end
      }
      last = next
    }
    return (answer, above, last)
  }

  /// The opening and closing fences' lines of a fenced code block that opens on the line
  /// after the bare `A:` line `answer`, in its container, closed within
  /// ``maxCodeAnswerLines`` lines.
  private mutating func codeAnswer(after answer: TextLine, in container: TextLines) -> (
    fence: TextLine, closing: TextLine
  )? {
    switch container {
    case .buffer(let itemColumn):
      let start = nextLine(answer.end)
      guard start < byteCount, case let end = examineLine(start), let text = itemText(start, end, itemColumn),
        let fence = LineMarkers.openingCodeFence(bytes, text, end),
        let closing = fencedLines(
          from: nextLine(end), .code(fence: fence.character, length: fence.run.count), column: itemColumn ?? 0,
          limit: Self.maxCodeAnswerLines
        ).closing
      else { return nil }
      return (
        TextLine(position: start, text: text, end: end),
        TextLine(position: closing.line, text: closing.text, end: closing.end)
      )
    case .quote(let lines, let depth):
      let index = answer.position
      guard index + 1 < lines.count, case let fence = lines[index + 1], fence.role == .fenceStart,
        fence.depth == depth && fence.kept == depth
      else { return nil }
      var end = index + 2
      while end < lines.count && lines[end].role == .code && end - index <= Self.maxCodeAnswerLines { end += 1 }
      guard end < lines.count && lines[end].role == .fenceEnd else { return nil }
      return (fence.textLine(index + 1), lines[end].textLine(end))
    }
  }
}

/// A pair's nodes at the top level and in a list item, and an item's opening text.
extension BlockParser {
  /// The pair a `Q:` line `s..<e` opens (``pairExtent(_:from:)``), as nodes: `Q:text` and
  /// `q: ` still pair, with one `qa-missing-space` finding. In a list item, lines after the
  /// `Q:` line are read from its content column `itemColumn`.
  mutating func questionAnswer(_ s: Int, _ e: Int, itemColumn: Int? = nil) -> Bool {
    guard let question = LineMarkers.promptMarkerSpan(bytes, s, e, letter: UInt8(ascii: "Q")),
      let pair = pairExtent(.buffer(itemColumn: itemColumn), from: TextLine(position: s, text: s, end: e))
    else { return false }
    let node = builder.open(.questionAnswer, at: s)
    prompt(.questionMarker, .question, s, e, pair.questionLast.end, marker: question, empty: .qaEmptyQuestion)
    if let blank = pair.blank { builder.finding(.qaBlankLineBetween, blank.position, nextLine(blank.end)) }
    let (answer, last) = (pair.answer, pair.answerLast)
    let marker = LineMarkers.promptMarkerSpan(bytes, answer.text, answer.end, letter: UInt8(ascii: "A"))!
    guard let fence = pair.fence, let opening = LineMarkers.openingCodeFence(bytes, fence.text, fence.end) else {
      prompt(.answerMarker, .answer, answer.text, answer.end, last.end, marker: marker, empty: .qaEmptyAnswer)
      builder.close(node, at: nextLine(last.end))
      return true
    }
    // A code block after a bare `A:`: an `answer` node holds it.
    prompt(.answerMarker, .answer, answer.text, answer.end, answer.end, marker: marker, empty: nil)
    let code = builder.open(.answer, at: fence.text)
    let after = fencedCode(fence.text, fence.end, opening, column: itemColumn ?? 0)
    builder.close(code, at: after)
    builder.close(node, at: after)
    return true
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
      let first = TextLine(position: text, text: text, end: e)
      if marker.asks, case let item = itemAnswer(.buffer(itemColumn: column), after: first, before: contentEnd),
        let answer = item.answer
      {
        inline(start, item.above)
        builder.leaf(.lineBreak, item.above, answer.position)
        start = LineMarkers.promptMarkerSpan(bytes, answer.text, answer.end, letter: UInt8(ascii: "A"))!.end
        builder.leaf(.answerMarker, answer.text, start)
      }
    }
    inline(start, contentEnd, questionMarkers: marker == nil, markerColumn: column)
    builder.close(node, at: contentEnd)
  }
}

/// A pair's lines in a quote, as roles (``QuoteRole/question``, ``QuoteRole/answer``) that
/// the quote's writer (``BlockParser/blockquote(_:itemColumn:)``) turns into nodes.
extension BlockParser {
  /// Marks the pairs of `quote`'s paragraphs that open with `Q:` (``pairExtent(_:from:)``):
  /// the question's lines (a blank line before the answer too) and the answer's (its `A:`
  /// line alone when a code block answers it, whose fences ``QuoteLines/codeAnswers`` holds).
  mutating func readQuotePairs(_ quote: inout QuoteLines) {
    for start in quote.questions where quote.lines[start].role == .text {
      let line = quote.lines[start]
      // The lines are read, then let go, before their roles are set: no copy of them.
      guard let pair = pairExtent(.quote(quote.lines, depth: line.depth), from: line.textLine(start)) else { continue }
      let answer = pair.answer.position
      for index in start..<answer { quote.lines[index].role = .question }
      if pair.fence != nil {
        quote.lines[answer].role = .answer
        quote.codeAnswers.append((answer, pair.answerLast.position))
      } else {
        for index in answer...pair.answerLast.position { quote.lines[index].role = .answer }
      }
    }
  }

  /// The answer and the last line of the text of a quote's list item whose first line is
  /// `index`, when a `Q:` or `A:` opens it (``itemAnswer(_:after:before:)``): its lines'
  /// markers are its own (no finding), an `A:` answering a well-formed `Q:`.
  mutating func quoteItemText(_ quote: QuoteLines, _ index: Int) -> (answer: Int?, last: Int) {
    let first = quote.lines[index]
    guard let marker = LineMarkers.openingPromptMarker(bytes, first.content, first.end) else { return (nil, -1) }
    let item = itemAnswer(.quote(quote.lines, depth: first.depth), after: first.textLine(index))
    return (marker.asks && marker.wellFormed ? item.answer?.position : nil, item.last.position)
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
