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

/// Question-and-answer pairs inside a quote, read from its lines (``QuoteLines``) as
/// ``BlockParser/questionAnswer(_:_:itemColumn:)`` and ``BlockParser/itemOpeningText(_:_:_:column:)``
/// read them at the top level.
extension BlockParser {
  /// Marks the pairs of `quote`'s paragraphs that open with `Q:` (``pairExtent(_:from:)``):
  /// the question's lines (a blank line before the answer too) and the answer's (its `A:`
  /// line alone when a code block answers it, whose fences ``QuoteLines/codeAnswers`` holds).
  mutating func readQuotePairs(_ quote: inout QuoteLines) {
    var pairs: [(start: Int, extent: PairExtent)] = []
    var covered = -1
    for start in quote.questions where start > covered && quote.lines[start].role == .text {
      let line = quote.lines[start]
      guard let extent = pairExtent(.quote(quote.lines, depth: line.depth), from: line.pairLine(start)) else {
        continue
      }
      pairs.append((start, extent))
      covered = extent.answerLast.position
    }
    // The roles are set once the lines are read, so that reading them copies no lines.
    for (start, extent) in pairs {
      let answer = extent.answer.position
      for index in start..<answer { quote.lines[index].role = .question }
      if extent.fence != nil {
        quote.lines[answer].role = .answer
        quote.codeAnswers.append((answer, extent.answerLast.position))
      } else {
        for index in answer...extent.answerLast.position { quote.lines[index].role = .answer }
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
