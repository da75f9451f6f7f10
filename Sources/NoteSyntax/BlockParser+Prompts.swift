import NoteText

/// What other layers follow of the question-and-answer grammar.
public enum QuestionAnswerGrammar {
  /// The most lines a question runs over before its `A:` line, the `Q:` line included:
  /// a paragraph that opens with `Q:` and has no answer is read no further than this
  /// for one, and an `A:` after more is no answer.
  public static let maxQuestionLines = 32
}

/// A line of the container a `Q:`/`A:` pair is in: its start (at the top level) or index
/// (in a quote), where its text starts (after its container's markers or indentation), its
/// end, and whether it goes on with the paragraph of the line above (no block starts there).
struct PairLine {
  var position: Int
  var text: Int
  var end: Int
  var blank = false
  var continues = true
}

/// Where a pair's lines are read: the top level or a list item's text (from its content
/// column) over the text, or a quote's lines (``BlockParser/QuoteLine``) in its container of `depth`.
enum PairContainer {
  case text(itemColumn: Int?)
  case quote([BlockParser.QuoteLine], depth: UInt8)
}

/// Where a pair's parts are: the question's last line, a blank line before the answer, the
/// `A:` line, the answer's last line (a code block's closing fence), the code's opening fence.
typealias PairExtent = (
  questionLast: PairLine, blank: PairLine?, answer: PairLine, answerLast: PairLine, fence: PairLine?
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
  mutating func pairExtent(_ container: PairContainer, from question: PairLine) -> PairExtent? {
    var questionLast = question
    var blank: PairLine?
    var count = 1
    while true {
      guard count <= QuestionAnswerGrammar.maxQuestionLines,
        let next = line(after: blank ?? questionLast, in: container)
      else { return nil }
      if let marker = LineMarkers.promptMarkerSpan(bytes, next.text, next.end, letter: UInt8(ascii: "A")) {
        if LineMarkers.isBlank(bytes, marker.end, next.end), let code = codeAnswer(after: next, in: container) {
          return (questionLast, blank, next, code.closing, code.fence)
        }
        var answerLast = next
        while let after = line(after: answerLast, in: container), after.continues { answerLast = after }
        return (questionLast, blank, next, answerLast, nil)
      }
      // After a blank line, only the answer; a blank line only after a question of one line.
      guard blank == nil,
        next.continues && LineMarkers.setextLevel(bytes, next.text, next.end) == nil || next.blank && count == 1
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
  mutating func itemAnswer(_ container: PairContainer, after first: PairLine, before end: Int = .max) -> (
    answer: PairLine?, above: Int, last: PairLine
  ) {
    var answer: PairLine?
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

  /// The line after `line` in `container`, `nil` past its end or at a block other than a
  /// paragraph in a quote. A line that a list item's column does not hold goes on with
  /// the item only lazily, after a line of text.
  mutating func line(after line: PairLine, in container: PairContainer) -> PairLine? {
    switch container {
    case .text(let itemColumn):
      let start = nextLine(line.end)
      guard start < byteCount else { return nil }
      let end = examineLine(start)
      if LineMarkers.isBlank(bytes, start, end) {
        return PairLine(position: start, text: start, end: end, blank: true, continues: false)
      }
      if let text = itemText(start, end, itemColumn) {
        return PairLine(position: start, text: text, end: end, continues: !interruptsParagraph(text, end))
      }
      guard !line.blank, !interruptsParagraph(start, end), LineMarkers.listMarker(bytes, start, end) == nil
      else { return nil }
      return PairLine(position: start, text: LineMarkers.skipSpaces(bytes, start, end), end: end)
    case .quote(let lines, let depth):
      let index = line.position + 1
      guard index < lines.count, case let next = lines[index], next.depth == depth, next.kept == depth,
        next.role == .text || next.role == .blank
      else { return nil }
      return lines[index].pairLine(index)
    }
  }

  /// The opening and closing fences' lines of a fenced code block that opens on the line
  /// after the bare `A:` line `answer`, in its container, closed within
  /// ``maxCodeAnswerLines`` lines.
  private mutating func codeAnswer(after answer: PairLine, in container: PairContainer) -> (
    fence: PairLine, closing: PairLine
  )? {
    switch container {
    case .text(let itemColumn):
      let start = nextLine(answer.end)
      guard start < byteCount, case let end = examineLine(start), let text = itemText(start, end, itemColumn),
        let fence = LineMarkers.openingCodeFence(bytes, text, end),
        let closing = fencedLines(
          from: nextLine(end), .code(fence: fence.character, length: fence.run.count), column: itemColumn ?? 0,
          limit: Self.maxCodeAnswerLines
        ).closing
      else { return nil }
      return (
        PairLine(position: start, text: text, end: end),
        PairLine(position: closing.line, text: closing.text, end: closing.end)
      )
    case .quote(let lines, let depth):
      let index = answer.position
      guard index + 1 < lines.count, case let fence = lines[index + 1], fence.role == .fenceStart,
        fence.depth == depth && fence.kept == depth
      else { return nil }
      var end = index + 2
      while end < lines.count && lines[end].role == .code && end - index <= Self.maxCodeAnswerLines { end += 1 }
      guard end < lines.count && lines[end].role == .fenceEnd else { return nil }
      return (fence.pairLine(index + 1), lines[end].pairLine(end))
    }
  }

  /// Where the line `s..<e` is read from: its start at the top level; in a list item whose
  /// content starts at `itemColumn`, that column (a blank line at its start), or `nil`
  /// when the line is indented less and so ends the item.
  func itemText(_ s: Int, _ e: Int, _ itemColumn: Int?) -> Int? {
    guard let itemColumn else { return s }
    let (columns, first) = LineMarkers.indentation(bytes, s, e)
    if first == e { return s }
    return columns >= itemColumn ? LineMarkers.skipColumns(bytes, s, e, itemColumn) : nil
  }
}

/// A pair's nodes at the top level and in a list item, and an item's opening text.
extension BlockParser {
  /// The pair a `Q:` line `s..<e` opens (``pairExtent(_:from:)``), as nodes: `Q:text` and
  /// `q: ` still pair, with one `qa-missing-space` finding. In a list item, lines after the
  /// `Q:` line are read from its content column `itemColumn`.
  mutating func questionAnswer(_ s: Int, _ e: Int, itemColumn: Int? = nil) -> Bool {
    guard let question = LineMarkers.promptMarkerSpan(bytes, s, e, letter: UInt8(ascii: "Q")),
      let pair = pairExtent(.text(itemColumn: itemColumn), from: PairLine(position: s, text: s, end: e))
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
      let first = PairLine(position: text, text: text, end: e)
      if marker.asks, case let item = itemAnswer(.text(itemColumn: column), after: first, before: contentEnd),
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
      guard let pair = pairExtent(.quote(quote.lines, depth: line.depth), from: line.pairLine(start)) else { continue }
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
    let item = itemAnswer(.quote(quote.lines, depth: first.depth), after: first.pairLine(index))
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

extension BlockParser.QuoteLine {
  /// The line, the `index`th of its quote, as a pair reads it.
  func pairLine(_ index: Int) -> PairLine {
    PairLine(position: index, text: content, end: end, blank: role == .blank, continues: continues)
  }
}
