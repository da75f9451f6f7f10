import NoteText

/// Parses the block at a line start of a buffer and records how far it looked (`reach`),
/// so the block can be memoized. Front matter is tried at offset 0 only.
struct BlockParser {
  let bytes: UnsafeBufferPointer<UInt8>
  /// Its length: the end of the last line.
  let byteCount: Int
  /// Whether buffer position 0 is the note's offset 0 (front matter is only recognised there).
  let startsDocument: Bool
  /// One past the furthest position read for the current block (the end check counts).
  var reach = 0
  /// How many lists the current item is nested in (nesting stops at 32).
  var listDepth = 0
  /// The content columns of the items holding the list being read, outermost first (0
  /// for a list outside any): a lazy line is read from the deepest of them that holds it,
  /// as CommonMark matches a line's containers from the outermost.
  var holdingColumns: [Int] = []
  var builder: TreeBuilder
  /// The parser of every inline region, readied for each.
  var inlineParser: InlineParser
  /// In a reparse, the block the edit replaced, whose untouched inline regions are copied.
  var inlineReuse: InlineReuse?
  /// The bytes of inline text parsed.
  var inlineParsed = 0
  /// The latest line examined, which is often examined again next.
  var lastLine = (start: -1, end: 0)
  /// The buffer's lines, when known (the line index's chunks, already built or edited):
  /// line ends are read from them instead of searched for.
  let knownLines: [LineIndex.Chunk]
  /// The next known line not read yet: its chunk, its index there and its start.
  var nextKnownLine = (chunk: 0, index: 0, start: 0)

  /// The nodes a block parser's builder has room for, unless told otherwise.
  static let defaultExpectedNodes = 256

  /// A parser of the blocks in `buffer`; `expectedNodes`, the most nodes a block is
  /// expected to hold (a reparse's window may hold one block as long as itself);
  /// `knownLines`, the line index's chunks, if known, the buffer's first line at
  /// `firstKnownLine` (a reparse's window starts there).
  init(
    buffer: UnsafeBufferPointer<UInt8>, startsDocument: Bool, knownLines: [LineIndex.Chunk] = [],
    firstKnownLine: (chunk: Int, index: Int) = (0, 0), expectedNodes: Int = defaultExpectedNodes
  ) {
    self.knownLines = knownLines
    nextKnownLine.chunk = firstKnownLine.chunk
    nextKnownLine.index = firstKnownLine.index
    builder = TreeBuilder(capacity: expectedNodes)
    inlineParser = InlineParser(buffer: buffer, regionEnd: 0)
    self.bytes = buffer
    self.byteCount = buffer.count
    self.startsDocument = startsDocument
  }

  /// Parses the block at line start `s` (`s < byteCount`) in `context`.
  mutating func parseBlock(at s: Int, in context: BlockContext) -> Block {
    reach = s
    builder.reset(base: s)
    let next: BlockContext
    switch context {
    case .text: next = textOrFrontMatter(s, examineLine(s))
    case .definitionText: next = definitionText(s, examineLine(s))
    case .tableHeader: next = tableUnderParagraph(s, examineLine(s))
    case .code, .html, .indentedCode: next = codeLines(s, examineLine(s), context)
    }
    return builder.makeBlock(reach: reach, context: context, next: next)
  }

  /// A block outside code, front matter included, whose first line ends at `e`.
  private mutating func textOrFrontMatter(_ s: Int, _ e: Int) -> BlockContext {
    // A UTF-8 byte-order mark before the opening `---` does not hide it.
    let fence = s == 0 && e >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0
    guard startsDocument && s == 0 && LineMarkers.isFence(bytes, fence, e, UInt8(ascii: "-")) else {
      return textBlock(s, e)
    }
    if frontMatter(fenceStart: fence, firstLineEnd: e) { return .text }
    builder.reset(base: s)
    // Unclosed: an error only when the next line reads as a key (`title: …`); before a
    // blank line or prose, the `---` is a thematic break and says nothing.
    let second = nextLine(e)
    if second < byteCount
      && LineMarkers.startsWithAKey(bytes, second, ByteScan.lineBreak(bytes, from: second, to: byteCount))
    {
      builder.finding(.frontMatterUnclosed, fence, fence + 3)
    }
    return textBlock(s, e)
  }

  /// A block outside code at line start `s` whose first line ends at `e`, by the rules
  /// of ``BlockRule``; returns the context after it.
  private mutating func textBlock(_ s: Int, _ e: Int) -> BlockContext {
    switch blockStart(s, e) {
    case .blank:
      let node = builder.open(.blankLine, at: s)
      builder.close(node, at: nextLine(e))
    case .indentedCode: return indentedCode(s, e)
    case .codeFence(let fence), .delimitedBlock(let fence): return codeBlockStart(s, e, fence)
    case .htmlBlock(let kind): return htmlBlock(s, e, kind: kind)
    case .heading(let level, let marker): heading(s, marker, e, level)
    case .thematicBreak:
      let node = builder.open(.thematicBreak, at: s)
      builder.close(node, at: nextLine(e))
    case .listItem(let marker): list(s, ordered: marker.ordered, first: (marker, e))
    case .blockquote: blockquote(s)
    case .footnoteDefinition(let label, let end): footnoteDefinition(s, e, (label, end))
    case .linkReferenceDefinition(let definition):
      linkReferenceDefinition(s, definition)
      return context(after: definition)
    case .table(let columns): table(s, e, columns: columns)
    case .questionAnswer: if !questionAnswer(s, e) { return paragraph(s, e) }
    case .summary(let markerEnd): summary(s, e, markerEnd)
    case nil: return paragraph(s, e)
    }
    return .text
  }

  // MARK: Rules

  /// An ATX heading whose line starts at `s` and whose `#` run starts at `m`: the
  /// heading's text without its closing `#` run, which is a marker too.
  mutating func heading(_ s: Int, _ m: Int, _ e: Int, _ level: Int) {
    let node = builder.open(.heading, at: s)
    builder.setFlags(node, UInt8(level))
    builder.leaf(.headingMarker, m, m + level)
    let content = LineMarkers.skipSpaces(bytes, m + level, e)
    let trimmed = LineMarkers.trimEnd(bytes, content, e)
    let contentEnd = LineMarkers.contentEndBeforeClosingHashes(bytes, content, trimmed)
    inlineContent(content, contentEnd)
    if contentEnd < trimmed {
      let closing = LineMarkers.skipSpaces(bytes, contentEnd, trimmed)
      builder.leaf(.headingMarker, closing, trimmed)
    }
    builder.close(node, at: nextLine(e))
  }

  /// A paragraph whose first line is `s..<e`, or the setext heading it is: the context
  /// after it, ``BlockContext/tableHeader`` when a table's header ends it.
  mutating func paragraph(_ s: Int, _ e: Int) -> BlockContext {
    let (contentEnd, next, underline, table) = paragraphExtent(e, setext: true)
    if let underline {
      setextHeading(s, contentEnd, underline: underline, next: next)
      return .text
    }
    let node = builder.open(.paragraph, at: s)
    let textStart = LineMarkers.paragraphLineMarker(bytes, s, e, &builder)
    inline(textStart, contentEnd, questionMarkers: true)
    builder.close(node, at: next)
    return table ? .tableHeader : .text
  }

  private mutating func summary(_ s: Int, _ e: Int, _ markerEnd: Int) {
    let node = builder.open(.summary, at: s)
    builder.leaf(.summaryMarker, s, markerEnd)
    let content = LineMarkers.skipSpaces(bytes, markerEnd, e)
    let contentEnd = LineMarkers.trimEnd(bytes, content, e)
    if contentEnd == content { builder.finding(.summaryEmpty, s, markerEnd) }
    inlineContent(content, contentEnd)
    builder.close(node, at: nextLine(e))
  }
}
