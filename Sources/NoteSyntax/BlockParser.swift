/// The block grammar: parses the block that starts at a line start, reading bytes from
/// a buffer, and records how far it looked (`reach`) so the result can be memoized.
///
/// Rules are tried in the spec's order: front matter (offset 0 only), blank line,
/// fenced code, heading, lists, blockquote, question and answer, summary, paragraph.
/// Inside a fenced code block the content is cut into short runs of lines (see
/// `codeBlockLines`), so an edit inside a long code block reparses a few lines.
struct BlockParser {
  let p: UnsafeBufferPointer<UInt8>
  let n: Int
  /// Whether buffer position 0 is the note's offset 0 (front matter is only recognised there).
  let startsDocument: Bool
  /// One past the furthest position read for the current block (the end check counts).
  var reach = 0
  /// How many lists the current item is nested in (nesting stops at 32).
  var listDepth = 0
  var builder = TreeBuilder()
  /// The latest line examined, which is often examined again next.
  var lastLine = (start: -1, end: 0)
  /// Whether each line is recorded for the line index the first time it is examined
  /// (a fresh parse of a whole note examines every line, in order).
  let recordsLines: Bool
  /// The lines recorded, in chunks of the line index's size.
  var lineChunks: [[LineIndex.Line]] = []
  var lines: [LineIndex.Line] = []
  /// The start of the first line not recorded yet.
  var recordedEnd = 0
  var recordingBroken = false
  /// Whether paragraphs, quotes and lists longer than `Pieces.largeBlock` are cut into
  /// pieces (see ``Pieces``); without, each is one block however long.
  let cutsLargeBlocks: Bool
  /// Whether the buffer's end is the text's (not that of a window of it).
  let endsText: Bool
  /// Whether the last block parsed holds a closer that the context it was parsed in
  /// said is absent (``BlockContext/absentClosers``): the block before that found it
  /// absent must be parsed again.
  private(set) var contradictsContext = false
  /// Whether the last block's searches in vain read to the buffer's end (which was not
  /// the text's): its large block goes on past the buffer.
  private(set) var searchedPastBuffer = false
  /// In a reparse: where an old piece after the edit starts in the text it continues,
  /// with the closers it was parsed assuming absent (``InlineParser/KnownAbsence``).
  var absentAfter: (position: Int, kinds: ClosersAbsent, text: BlockContext.Piece.Text)?

  init(
    buffer: UnsafeBufferPointer<UInt8>, startsDocument: Bool, recordsLines: Bool = false,
    cutsLargeBlocks: Bool = true, endsText: Bool = true
  ) {
    self.p = buffer
    self.n = buffer.count
    self.startsDocument = startsDocument
    self.recordsLines = recordsLines
    self.cutsLargeBlocks = cutsLargeBlocks
    self.endsText = endsText
    if recordsLines { lines.reserveCapacity(LineIndex.chunkSize) }
  }

  /// Parses the block at line start `s` (`s < n`) in `context`; in a context that
  /// continues a large block, at the start of its next piece (which may be inside a line).
  mutating func parseBlock(at s: Int, in context: BlockContext) -> Block {
    reach = s
    contradictsContext = false
    searchedPastBuffer = false
    builder.reset(base: s)
    let next: BlockContext
    if context.isCode {
      next = codeLines(s, examineLine(s), context)
    } else if context.continues {
      next = continuePiece(s, context)
    } else if let e = examineLine(s, limit: cutsLargeBlocks ? s + Pieces.largeBlock : n) {
      next = textOrFrontMatter(s, e)
    } else if LineMarkers.indentation(p, s, s + Pieces.largeBlock).columns >= 4 {
      // A long line of indented code.
      next = indentedCode(s, examineLine(s))
    } else if LineMarkers.quoteMarker(p, s, s + Pieces.largeBlock) != nil {
      // A long quote line, whose text may be cut into pieces.
      next = blockquote(s, continuing: false)
    } else if !LineMarkers.isThematicBreak(p, s, s + Pieces.largeBlock),
      let marker = LineMarkers.listMarker(p, s, s + Pieces.largeBlock)
    {
      // A long list item, whose text is cut into pieces.
      next = list(s, ordered: marker.ordered, first: (marker, nil), continuing: false)
    } else if startsLongParagraph(s) {
      // A first line longer than `Pieces.largeBlock` that can only be a paragraph's.
      let node = builder.open(.paragraph, at: s)
      let textStart = LineMarkers.paragraphLineMarker(p, s, s + Pieces.largeBlock, &builder)
      next = paragraphPiece(node, pieceStart: s, from: textStart, regionStart: textStart, minimum: Pieces.largeBlock)
    } else {
      next = textOrFrontMatter(s, examineLine(s))
    }
    return builder.makeBlock(reach: reach, context: context, next: next)
  }

  /// A block outside code, front matter included, whose first line ends at `e`.
  private mutating func textOrFrontMatter(_ s: Int, _ e: Int) -> BlockContext {
    // A UTF-8 byte-order mark before the opening `---` does not hide it.
    let fence = s == 0 && e >= 3 && p[0] == 0xEF && p[1] == 0xBB && p[2] == 0xBF ? 3 : 0
    guard startsDocument && s == 0 && LineMarkers.isFence(p, fence, e, UInt8(ascii: "-")) else {
      return textBlock(s, e)
    }
    if frontMatter(fenceStart: fence, firstLineEnd: e) { return .text }
    builder.reset(base: s)
    // Unclosed: an error only when the next line reads as a key (`title: …`); before a
    // blank line or prose, the `---` is a thematic break and says nothing.
    let second = nextLine(e)
    if second < n && LineMarkers.startsWithAKey(p, second, ByteScan.lineBreak(p, from: second, to: n)) {
      builder.finding(.frontMatterUnclosed, fence, fence + 3)
    }
    return textBlock(s, e)
  }

  /// Whether a line at `s` longer than `Pieces.largeBlock` starts a paragraph: its first
  /// bytes match no other block rule (a line that is only spaces so far, or that starts
  /// like a code fence, front matter or a question, is read whole instead).
  private func startsLongParagraph(_ s: Int) -> Bool {
    let end = s + Pieces.largeBlock
    let first = LineMarkers.skipSpaces(p, s, end)
    guard first < end, !LineMarkers.startsLikeAFence(p, s, end) else { return false }
    if startsDocument && s == 0 && p[0] == UInt8(ascii: "-") { return false }
    // An HTML block or a footnote definition is read whole (a line that long is never
    // a table's header).
    if LineMarkers.htmlBlockKind(p, s, end) != nil || LineMarkers.footnoteDefinition(p, s, end) != nil {
      return false
    }
    return LineMarkers.headingLevel(p, s, end) == nil && LineMarkers.listMarker(p, s, end) == nil
      && LineMarkers.quoteMarker(p, s, end) == nil
      && LineMarkers.promptMarkerSpan(p, s, end, letter: UInt8(ascii: "Q")) == nil
      && LineMarkers.summaryMarkerEnd(p, s, end) == nil
  }

  /// The next piece of a large block, at `s`.
  private mutating func continuePiece(_ s: Int, _ context: BlockContext) -> BlockContext {
    let piece = context.piece
    switch piece {
    case .paragraph, .paragraphAfterFarRead:
      let node = builder.open(.paragraph, at: s)
      return paragraphPiece(
        node, pieceStart: s, from: s, regionStart: nil, minimum: Pieces.minimum,
        mayCutAfterFarRead: piece == .paragraph, absentClosers: context.absentClosers)
    case .quote:
      if let e = examineShortLine(s) {
        guard LineMarkers.quoteMarker(p, s, e) != nil else { return textBlock(s, e) }
      } else if LineMarkers.quoteMarker(p, s, s + Pieces.largeBlock) == nil {
        return textBlock(s, examineLine(s))
      }
      return blockquote(s, continuing: true)
    case .quoteText, .quoteTextAfterFarRead:
      return quoteTextPiece(s, mayCutAfterFarRead: piece == .quoteText, absentClosers: context.absentClosers)
    case .unorderedList, .orderedList:
      let ordered = piece == .orderedList
      let e = examineShortLine(s)
      guard let marker = LineMarkers.listMarker(p, s, e ?? s + Pieces.largeBlock), marker.ordered == ordered else {
        return textBlock(s, e ?? examineLine(s))
      }
      return list(s, ordered: ordered, first: (marker, e), continuing: true)
    case .unorderedListText, .unorderedListTextAfterFarRead:
      return itemTextPiece(
        s, ordered: false, mayCutAfterFarRead: piece == .unorderedListText, absentClosers: context.absentClosers)
    case .orderedListText, .orderedListTextAfterFarRead:
      return itemTextPiece(
        s, ordered: true, mayCutAfterFarRead: piece == .orderedListText, absentClosers: context.absentClosers)
    case .none:
      return textBlock(s, examineLine(s))
    }
  }

  /// A piece of a large paragraph whose node is open: its text from `start` to the next
  /// place where it is cut, or to its end (see ``InlineParser/parsePiece(from:pieceStart:minimum:regionStart:mayCutAfterFarRead:quoteLineFrom:into:)``).
  private mutating func paragraphPiece(
    _ node: Int, pieceStart: Int, from start: Int, regionStart: Int?, minimum: Int, mayCutAfterFarRead: Bool = true,
    absentClosers: ClosersAbsent = 0
  ) -> BlockContext {
    let (end, absent) = textPiece(
      .paragraph, from: start, pieceStart: pieceStart, minimum: minimum, regionStart: regionStart,
      mayCutAfterFarRead: mayCutAfterFarRead, absentClosers: absentClosers)
    switch end {
    case .cut(let cut, let farRead):
      builder.close(node, at: cut)
      return .continuing(
        farRead || !mayCutAfterFarRead ? .paragraphAfterFarRead : .paragraph, absentClosers: absent)
    case .end(let contentEnd):
      builder.close(node, at: nextLine(contentEnd))
      return .text
    }
  }

  /// A large block's text from `start` (see ``InlineParser/parsePiece(from:pieceStart:minimum:regionStart:mayCutAfterFarRead:quoteLineFrom:into:)``),
  /// parsed knowing the closers the pieces before found absent (`absentClosers`, and in
  /// a reparse ``absentAfter``): where it ended, and the closers absent from the next
  /// piece on.
  mutating func textPiece(
    _ text: BlockContext.Piece.Text, from start: Int, pieceStart: Int, minimum: Int, regionStart: Int?,
    mayCutAfterFarRead: Bool, absentClosers: ClosersAbsent
  ) -> (InlineParser.PieceEnd, absent: ClosersAbsent) {
    var parser =
      switch text {
      case .paragraph: InlineParser(paragraphIn: p, from: start)
      case .listItem: InlineParser(paragraphIn: p, from: start, checksQuestionMarkers: false)
      case .quoteLine: InlineParser(quoteLineIn: p, from: start)
      }
    parser.knownAbsence.assumed = absentClosers
    if let absentAfter, absentAfter.text == text {
      parser.knownAbsence.after = absentAfter.position
      parser.knownAbsence.afterKinds = absentAfter.kinds
    }
    let end = parser.parsePiece(
      from: start, pieceStart: pieceStart, minimum: minimum, regionStart: regionStart,
      mayCutAfterFarRead: mayCutAfterFarRead, quoteLineFrom: text == .quoteLine ? start : nil, into: &builder)
    reach = max(reach, parser.reach)
    // A search in vain to a window's end says nothing of the text after it: the block
    // is parsed again in a larger window (``NoteDocument/replace(_:with:)``).
    if !endsText && parser.searchedToBufferEnd {
      reach = max(reach, n + 1)
      searchedPastBuffer = true
    }
    if parser.contradictsAssumption { contradictsContext = true }
    return (end, parser.absentAfterPiece)
  }

  /// A block outside code at line start `s` whose first line ends at `e`; returns the
  /// context after it.
  private mutating func textBlock(_ s: Int, _ e: Int) -> BlockContext {
    let indentation = LineMarkers.indentation(p, s, e)
    if indentation.first == e {
      let node = builder.open(.blankLine, at: s)
      builder.close(node, at: nextLine(e))
    } else if indentation.columns >= 4 {
      return indentedCode(s, e)
    } else if let fence = LineMarkers.openingCodeFence(p, s, e) {
      return codeBlockStart(s, e, fence)
    } else if let kind = LineMarkers.htmlBlockKind(p, s, e) {
      return htmlBlock(s, e, kind: kind)
    } else if let level = LineMarkers.headingLevel(p, indentation.first, e) {
      heading(s, indentation.first, e, level)
    } else if LineMarkers.isThematicBreak(p, s, e) {
      let node = builder.open(.thematicBreak, at: s)
      builder.close(node, at: nextLine(e))
    } else if let marker = LineMarkers.listMarker(p, s, e) {
      return list(s, ordered: marker.ordered, first: (marker, e), continuing: false)
    } else if LineMarkers.quoteMarker(p, s, e) != nil {
      return blockquote(s, continuing: false)
    } else if let fence = LineMarkers.openingDelimitedBlock(p, s, e) {
      return codeBlockStart(s, e, fence)
    } else if let definition = LineMarkers.footnoteDefinition(p, s, e) {
      footnoteDefinition(s, e, definition)
    } else if let definition = linkDefinition(s, e) {
      linkReferenceDefinition(s, definition)
    } else if let columns = tableColumns(s, e) {
      table(s, e, columns: columns)
    } else if questionAnswer(s, e) {
      // Built by `questionAnswer`.
    } else if let markerEnd = LineMarkers.summaryMarkerEnd(p, s, e) {
      summary(s, e, markerEnd)
    } else {
      return paragraph(s, e)
    }
    return .text
  }

  /// Inside a fenced code block: its closing fence, or a run of code lines.
  ///
  /// A run ends before the closing fence, at the end of the text, after 64 lines, or
  /// after a line whose hash has its low four bits clear. Those ends depend on the lines'
  /// contents only, never on where the run started, so after an edit the new parse
  /// soon ends a run where an old one ended, and the old runs after it are reused:
  /// an edit costs a few lines, and a long code block is a few thousand blocks, not one
  /// per line.
  mutating func codeBlockLines(_ s: Int, _ e: Int, _ context: BlockContext) -> BlockContext {
    if let run = LineMarkers.closingCodeFence(p, s, e, context) {
      let node = builder.open(.codeBlockEnd, at: s)
      builder.leaf(.codeFence, run.lowerBound, run.upperBound)
      builder.close(node, at: nextLine(e))
      return .text
    }
    var lineStart = s
    var lineEnd = e
    var next = nextLine(lineEnd)
    var lines = 1
    while next < n && lines < 64 && !Self.endsCodeRun(p, from: lineStart, to: lineEnd) {
      let nextEnd = examineLine(next)
      if LineMarkers.closingCodeFence(p, next, nextEnd, context) != nil { break }
      lineStart = next
      lineEnd = nextEnd
      next = nextLine(lineEnd)
      lines += 1
    }
    builder.leaf(.codeLines, s, next)
    return context
  }

  /// Whether a run of code lines ends after the line `start..<end`: its FNV-1a hash has
  /// its low four bits clear (one line in sixteen, whatever the code).
  static func endsCodeRun(_ p: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Bool {
    var hash: UInt32 = 0x811C_9DC5
    for i in start..<end { hash = (hash ^ UInt32(p[i])) &* 0x0100_0193 }
    return hash & 15 == 0
  }

  // MARK: Rules

  /// An ATX heading whose line starts at `s` and whose `#` run starts at `m`: the
  /// heading's text without its closing `#` run, which is a marker too.
  mutating func heading(_ s: Int, _ m: Int, _ e: Int, _ level: Int) {
    let node = builder.open(.heading, at: s)
    builder.setFlags(node, UInt8(level))
    builder.leaf(.headingMarker, m, m + level)
    let content = LineMarkers.skipSpaces(p, m + level, e)
    let trimmed = LineMarkers.trimEnd(p, content, e)
    let contentEnd = LineMarkers.contentEndBeforeClosingHashes(p, content, trimmed)
    inlineContent(content, contentEnd)
    if contentEnd < trimmed {
      let closing = LineMarkers.skipSpaces(p, contentEnd, trimmed)
      builder.leaf(.headingMarker, closing, trimmed)
    }
    builder.close(node, at: nextLine(e))
  }

  private mutating func paragraph(_ s: Int, _ e: Int) -> BlockContext {
    guard let (contentEnd, next, underline) = paragraphExtent(e, largeFrom: s, setext: true) else {
      let node = builder.open(.paragraph, at: s)
      let textStart = LineMarkers.paragraphLineMarker(p, s, e, &builder)
      return paragraphPiece(node, pieceStart: s, from: textStart, regionStart: textStart, minimum: Pieces.largeBlock)
    }
    if let underline {
      setextHeading(s, contentEnd, underline: underline, next: next)
      return .text
    }
    let node = builder.open(.paragraph, at: s)
    let textStart = LineMarkers.paragraphLineMarker(p, s, e, &builder)
    inline(textStart, contentEnd, questionMarkers: true)
    builder.close(node, at: next)
    return .text
  }

  private mutating func summary(_ s: Int, _ e: Int, _ markerEnd: Int) {
    let node = builder.open(.summary, at: s)
    builder.leaf(.summaryMarker, s, markerEnd)
    let content = LineMarkers.skipSpaces(p, markerEnd, e)
    let contentEnd = LineMarkers.trimEnd(p, content, e)
    if contentEnd == content { builder.finding(.summaryEmpty, s, markerEnd) }
    inlineContent(content, contentEnd)
    builder.close(node, at: nextLine(e))
  }
}
