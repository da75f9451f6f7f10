extension BlockParser {
  /// One `>` line: where it starts, its marker, its text, and the next line's start. Or
  /// the rest of a long line's text, in the piece that holds its end (no marker).
  struct QuoteLine {
    var start: Int
    /// The `>`; -1 for the rest of a long line.
    var marker: Int
    var content: Int
    var end: Int
    var next: Int
    /// The end of a callout's `[!type]` marker, which starts at `content`; -1 for none.
    var callout = -1

    var hasText: Bool { end > content }
    var isRest: Bool { marker < 0 }
  }

  /// Consecutive `>` lines: one quote, with a citation at its end when there is one. A
  /// quote running past `Pieces.largeBlock` bytes (and each piece after it, `continuing`)
  /// is cut before a line with text at least `Pieces.minimum` bytes into the piece,
  /// where the 32 bytes before it pass ``Pieces/endsRun(_:from:to:)`` (or after
  /// `Pieces.maximumLines` lines): a line with text follows, so no line before the cut
  /// holds the quote's citation.
  ///
  /// A line longer than `Pieces.largeBlock` is cut inside its text as a paragraph is
  /// (``longQuoteLine(_:marker:quoteStart:minimum:node:pending:)``); the piece holding
  /// its end goes on here from the line after it, with the rest of the line (`rest`)
  /// waiting as a line whose text may end the quote.
  mutating func blockquote(_ s: Int, continuing: Bool, node open: Int? = nil, rest: QuoteLine? = nil) -> BlockContext {
    let node = open ?? builder.open(.blockquote, at: s)
    let minimum = continuing ? Pieces.minimum : Pieces.largeBlock
    // The lines from the last one with text on: that one may hold the citation.
    var pending: [QuoteLine] = rest.map { [$0] } ?? []
    var lineStart = rest?.next ?? s
    var end = lineStart
    var lines = rest == nil ? 0 : 1
    while lineStart < n {
      let e: Int
      if let end = examineShortLine(lineStart) {
        e = end
      } else {
        // A long line: read whole only if it is a quote line, and only if its text is
        // not cut into pieces.
        guard let marker = LineMarkers.quoteMarker(p, lineStart, lineStart + Pieces.largeBlock) else { break }
        if let next = longQuoteLine(
          lineStart, marker: marker, quoteStart: s, minimum: minimum, node: node, pending: pending,
          mayOpenCallout: !continuing && lines == 0)
        {
          return next
        }
        e = examineLine(lineStart)
      }
      guard let marker = LineMarkers.quoteMarker(p, lineStart, e) else { break }
      var content = marker + 1
      if content < e && ByteClass.isSpaceOrTab(p[content]) { content += 1 }
      let next = nextLine(e)
      var line = QuoteLine(
        start: lineStart, marker: marker, content: content, end: LineMarkers.trimEnd(p, content, e), next: next)
      // A quote's first line may open a callout (`> [!note] Title`).
      if !continuing && lines == 0, let callout = LineMarkers.calloutMarker(p, content, line.end) {
        line.callout = callout.end
      }
      if line.hasText {
        if cutsLargeBlocks && lines > 0 && lineStart - s >= minimum
          && (lines >= Pieces.maximumLines || Pieces.endsRun(p, from: lineStart - 32, to: lineStart))
        {
          quoteLines(pending, citation: false)
          builder.close(node, at: lineStart)
          return .continuing(.quote)
        }
        quoteLines(pending, citation: false)
        pending.removeAll(keepingCapacity: true)
      }
      pending.append(line)
      lines += 1
      end = next
      lineStart = next
    }
    quoteLines(pending, citation: true)
    builder.close(node, at: end)
    return .text
  }

  /// A quote line at `lineStart` longer than `Pieces.largeBlock` (its `>` at `marker`),
  /// in the quote (or piece of one) at `quoteStart` whose node is `node`: when its text
  /// is cut, the `pending` lines before it, its marker and its text up to the cut are
  /// added, and the context of the next piece is returned. `nil`, nothing added, when
  /// its text is not cut: it starts like a citation (a dash), or it ends before a place
  /// to cut. A quote's first line (`mayOpenCallout`) may open a callout.
  private mutating func longQuoteLine(
    _ lineStart: Int, marker: Int, quoteStart s: Int, minimum: Int, node: Int, pending: [QuoteLine],
    mayOpenCallout: Bool
  ) -> BlockContext? {
    var content = marker + 1
    if content < n && ByteClass.isSpaceOrTab(p[content]) { content += 1 }
    if startsLikeACitation(content, min(n, content + 3)) { return nil }
    let mark = (nodes: builder.count, findings: builder.findings.count)
    // The lines before hold no citation: a line with text follows.
    quoteLines(pending, citation: false)
    let line = builder.open(.quoteLine, at: lineStart)
    builder.leaf(.quoteMarker, marker, marker + 1)
    if mayOpenCallout, let callout = LineMarkers.calloutMarker(p, content, min(n, content + Pieces.largeBlock)) {
      builder.leaf(.calloutMarker, content, callout.end)
      content = LineMarkers.skipSpaces(p, callout.end, min(n, content + Pieces.largeBlock))
    }
    let text = builder.open(.inlineContent, at: content)
    let (end, absent) = textPiece(
      .quoteLine, from: content, pieceStart: s, minimum: minimum, regionStart: content, mayCutAfterFarRead: true,
      absentClosers: 0)
    guard case .cut(let cut, let farRead) = end else {
      builder.truncate(to: mark.nodes, findings: mark.findings)
      return nil
    }
    builder.close(text, at: cut)
    builder.close(line, at: cut)
    builder.close(node, at: cut)
    return .continuing(farRead ? .quoteTextAfterFarRead : .quoteText, absentClosers: absent)
  }

  /// A piece inside the text of a long quote line, at `s`: its text to the next cut, or,
  /// in the piece that holds the line's end, the rest of the line and the quote's lines
  /// after it (the rest's text is parsed with them, once they say whether it is the
  /// quote's last line with text, whose citation is not inline text).
  mutating func quoteTextPiece(_ s: Int, mayCutAfterFarRead: Bool, absentClosers: ClosersAbsent) -> BlockContext {
    let node = builder.open(.blockquote, at: s)
    let mark = (nodes: builder.count, findings: builder.findings.count)
    let line = builder.open(.quoteLine, at: s)
    let text = builder.open(.inlineContent, at: s)
    let (end, absent) = textPiece(
      .quoteLine, from: s, pieceStart: s, minimum: Pieces.minimum, regionStart: nil,
      mayCutAfterFarRead: mayCutAfterFarRead, absentClosers: absentClosers)
    switch end {
    case .cut(let cut, let farRead):
      builder.close(text, at: cut)
      builder.close(line, at: cut)
      builder.close(node, at: cut)
      return .continuing(
        farRead || !mayCutAfterFarRead ? .quoteTextAfterFarRead : .quoteText, absentClosers: absent)
    case .end(let lineEnd):
      builder.truncate(to: mark.nodes, findings: mark.findings)
      let rest = QuoteLine(
        start: s, marker: -1, content: s, end: LineMarkers.trimEnd(p, s, lineEnd), next: nextLine(lineEnd))
      return blockquote(s, continuing: true, node: node, rest: rest)
    }
  }

  /// Adds quote lines; with `citation`, the first (when it has text) is the quote's last
  /// line with text, where a citation may end it.
  private mutating func quoteLines(_ lines: [QuoteLine], citation: Bool) {
    for (index, line) in lines.enumerated() {
      let lineNode = builder.open(.quoteLine, at: line.start)
      if !line.isRest { builder.leaf(.quoteMarker, line.marker, line.marker + 1) }
      var textStart = line.content
      if line.callout >= 0 {
        // A callout's title is its first line's text, never a citation.
        builder.leaf(.calloutMarker, line.content, line.callout)
        textStart = LineMarkers.skipSpaces(p, line.callout, line.end)
      }
      var textEnd = line.end
      var cited: Range<Int>?
      if citation && index == 0 && line.hasText && line.callout < 0,
        let found = citationRange(line.content, line.end, wholeLine: !line.isRest)
      {
        cited = found
        textEnd = LineMarkers.trimEnd(p, line.content, found.lowerBound)
      }
      if textEnd > textStart {
        let content = builder.open(.inlineContent, at: textStart)
        var parser = InlineParser(buffer: p, regionEnd: textEnd)
        // The rest of a long line goes on from text before it.
        parser.parse(textStart, textEnd, into: &builder, regionStart: line.isRest ? -1 : nil)
        builder.close(content, at: textEnd)
      }
      if let cited { builder.leaf(.citation, cited.lowerBound, cited.upperBound) }
      builder.close(lineNode, at: line.next)
    }
  }

  /// Whether text at `start` starts like a citation that is a whole line (a dash).
  func startsLikeACitation(_ start: Int, _ end: Int) -> Bool {
    ByteClass.isLongDash(p, start, end)
      || (start + 1 < end && p[start] == UInt8(ascii: "-") && p[start + 1] == UInt8(ascii: "-"))
  }

  /// The chapter-and-verse annotation of a quote's last line: a trailing parenthetical
  /// holding a digit (`(p. 42)`, `(ch. 3)`), a dash and a reference ending the line
  /// (`— p. 6`, `-- Kahneman, ch. 3`: ``DashCitation``), or (`wholeLine`: the text is
  /// a line's, not the rest of a long one) a whole line starting with a dash (`— p. 42`).
  func citationRange(_ start: Int, _ end: Int, wholeLine: Bool = true) -> Range<Int>? {
    if wholeLine && startsLikeACitation(start, end) { return start..<end }
    guard end > start, p[end - 1] == UInt8(ascii: ")") else { return DashCitation.find(p, start, end) }
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
