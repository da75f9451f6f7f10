import NoteText

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

/// Question-and-answer pairs decided once for every container: the container reads its
/// lines (``BlockParser/line(after:in:)``), the rules are ``BlockParser/pairExtent(_:from:)``'s.
extension BlockParser {
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
      guard blank == nil, next.continues || (next.blank && count == 1) else { return nil }
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
        let continues = !interruptsParagraph(text, end) && LineMarkers.setextLevel(bytes, text, end) == nil
        return PairLine(position: start, text: text, end: end, continues: continues)
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

extension BlockParser.QuoteLine {
  /// The line, the `index`th of its quote, as a pair reads it.
  func pairLine(_ index: Int) -> PairLine {
    PairLine(position: index, text: content, end: end, blank: role == .blank, continues: continues)
  }
}
