/// Leaf blocks: code fences' lines, setext headings and GFM tables.
extension BlockParser {
  /// The opening line of a fenced code block (or of a `$$` or `%%` block, read as code
  /// is): the context of the lines after it.
  mutating func codeBlockStart(_ s: Int, _ e: Int, _ fence: LineMarkers.CodeFence) -> BlockContext {
    fenceNodes(.codeBlockStart, s, fence.run, info: fence.info, next: nextLine(e))
    return .code(fence: fence.character, length: fence.run.count)
  }

  /// A fence's line, opening (`codeBlockStart`, with its info string) or closing
  /// (`codeBlockEnd`), from `s` to `next`.
  mutating func fenceNodes(_ kind: NodeKind, _ s: Int, _ run: Range<Int>, info: Range<Int>? = nil, next: Int) {
    let node = builder.open(kind, at: s)
    builder.leaf(.codeFence, run.lowerBound, run.upperBound)
    if let info, !info.isEmpty { builder.leaf(.codeInfo, info.lowerBound, info.upperBound) }
    builder.close(node, at: next)
  }

  /// The lines after a fence's opening line, from `linesStart`, in a container whose text
  /// starts at `column` (a list item's, or 0), up to `limit` lines: the closing fence
  /// (indented to the column plus up to three spaces: its run, its line's start, where its
  /// text starts, its line's end), or `nil` at a line indented less, at the text's end or
  /// at the limit; and the end of the last line that is not blank. A fence in an item and
  /// the fence answering a bare `A:` are read by it alike.
  mutating func fencedLines(from linesStart: Int, _ context: BlockContext, column: Int, limit: Int = .max) -> (
    closing: (run: Range<Int>, line: Int, text: Int, end: Int)?, linesEnd: Int
  ) {
    var line = linesStart
    var linesEnd = linesStart
    var count = 0
    while line < byteCount && count < limit {
      let lineEnd = examineLine(line)
      let (columns, first) = LineMarkers.indentation(bytes, line, lineEnd)
      if first < lineEnd && columns < column { break }
      let text = LineMarkers.skipColumns(bytes, line, lineEnd, column)
      if let run = LineMarkers.closingCodeFence(bytes, text, lineEnd, context) {
        return ((run, line, text, lineEnd), linesEnd)
      }
      line = nextLine(lineEnd)
      if first < lineEnd { linesEnd = line }
      count += 1
    }
    return (nil, linesEnd)
  }

  /// A paragraph's lines from `s` to `contentEnd` under a setext `underline`: a heading
  /// whose marker is the underline.
  mutating func setextHeading(_ s: Int, _ contentEnd: Int, underline: Underline, next: Int) {
    let content = LineMarkers.skipSpaces(bytes, s, contentEnd)
    let text = LeafLine(content: content, end: LineMarkers.trimEnd(bytes, content, contentEnd), next: next)
    let marker = LeafLine(content: underline.range.lowerBound, end: underline.range.upperBound, next: next)
    var markers = LineMarks.none
    setextHeading(at: s, CollectionOfOne(text), underline: marker, level: underline.level, &markers)
  }

  /// A setext heading opened at `start` over its text `lines` (an `inlineContent` each)
  /// and its `underline` (the `headingMarker`): the later lines' markers inside it.
  mutating func setextHeading(
    at start: Int, _ lines: some Sequence<LeafLine>, underline: LeafLine, level: Int, _ markers: inout LineMarks
  ) {
    let node = builder.open(.heading, at: start)
    builder.setFlags(node, UInt8(level))
    var later = false
    for line in lines {
      if later { writeMarks(line.marks, &markers) }
      inlineContent(line.content, line.end)
      later = true
    }
    writeMarks(underline.marks, &markers)
    builder.leaf(.headingMarker, underline.content, underline.end)
    builder.close(node, at: underline.next)
  }

  // MARK: Tables

  /// The table whose header `s..<e` ends the paragraph above it (``BlockContext/tableHeader``).
  mutating func tableUnderParagraph(_ s: Int, _ e: Int) -> BlockContext {
    guard let columns = tableColumns(s, e) else { return paragraph(s, e) }
    table(s, e, columns: columns)
    return .text
  }

  /// The columns of a GFM table whose header is the text `s..<e`: the next line is a
  /// delimiter row with as many cells (looked for first: its first bytes tell). In a list
  /// item whose content starts at `column`, the delimiter row is indented as far.
  mutating func tableColumns(_ s: Int, _ e: Int, column: Int = 0) -> Int? {
    let second = nextLine(e)
    guard second < byteCount else { return nil }
    let secondEnd = examineLine(second)
    let delimiter = column == 0 ? second : LineMarkers.skipColumns(bytes, second, secondEnd, column)
    guard column == 0 || LineMarkers.indentation(bytes, second, secondEnd).columns >= column else { return nil }
    return tableColumns(header: s..<e, delimiter: delimiter..<secondEnd)
  }

  /// The columns of a GFM table whose header row is the text `header` and whose delimiter
  /// row is the text `delimiter` (read first: its first bytes tell), when their cells are
  /// as many (a header of one cell needs no pipe, as cmark-gfm reads it); at the top level, in an item and in a quote alike. Inlined: a call from a
  /// mutating reader to a method that is not mutating copies the whole parser.
  @inline(__always)
  func tableColumns(header: Range<Int>, delimiter: Range<Int>) -> Int? {
    // A delimiter row that is a list item holding text (`- |:-:|`) opens the item instead.
    if let marker = LineMarkers.listMarker(bytes, delimiter.lowerBound, delimiter.upperBound),
      marker.interruptsParagraph(bytes, lineEnd: delimiter.upperBound)
    {
      return nil
    }
    guard let columns = LineMarkers.tableDelimiterColumns(bytes, delimiter.lowerBound, delimiter.upperBound),
      LineMarkers.tableCells(bytes, header.lowerBound, header.upperBound).count == columns
    else { return nil }
    return columns
  }

  /// A GFM table: its header, its delimiter row, and rows up to a line that is no row
  /// (``continuesTable(_:_:)``; in a list item whose content starts at `column`, or one
  /// indented less, which ends the item). Returns the start of the line after it.
  @discardableResult mutating func table(_ s: Int, _ e: Int, columns: Int, column: Int = 0) -> Int {
    let delimiterStart = nextLine(e)
    let delimiterEnd = examineLine(delimiterStart)
    let delimiter = LeafLine(
      content: LineMarkers.skipColumns(bytes, delimiterStart, delimiterEnd, column), end: delimiterEnd,
      next: nextLine(delimiterEnd))
    var rows: [LeafLine] = []
    var next = delimiter.next
    while next < byteCount {
      let lineEnd = examineLine(next)
      if column > 0 && LineMarkers.indentation(bytes, next, lineEnd).columns < column { break }
      let text = LineMarkers.skipColumns(bytes, next, lineEnd, column)
      if !continuesTable(text, lineEnd) { break }
      next = nextLine(lineEnd)
      rows.append(LeafLine(content: text, end: lineEnd, next: next))
    }
    var markers = LineMarks.none
    let header = LeafLine(content: s, end: e, next: delimiterStart)
    table(header: header, delimiter: delimiter, rows: rows, columns: columns, &markers)
    return next
  }

  /// A GFM table over its `header`, `delimiter` row and `rows`, the later lines' markers
  /// inside it. Cells hold inline text (tags and links; the cells of a row past the
  /// header's `columns` are dropped, as GFM does).
  mutating func table(
    header: LeafLine, delimiter: LeafLine, rows: some Sequence<LeafLine>, columns: Int, _ markers: inout LineMarks
  ) {
    let node = builder.open(.table, at: header.content)
    tableRow(header.content, header.end, columns: columns, next: header.next)
    writeMarks(delimiter.marks, &markers)
    let row = builder.open(.tableRow, at: delimiter.content)
    builder.close(row, at: delimiter.next)
    var next = delimiter.next
    for line in rows {
      writeMarks(line.marks, &markers)
      tableRow(line.content, line.end, columns: columns, next: line.next)
      next = line.next
    }
    builder.close(node, at: next)
  }

  /// Whether the text `s..<e` is a row of the table above it, at the top level, in an item
  /// and in a quote alike: as cmark-gfm reads rows, a line that starts no other block (not
  /// blank, no HTML block of any kind, no indented code, no list item, …) and, as a
  /// paragraph's line, does not open with `#`.
  /// `indent`, when given, is the text's indentation counted from its container's column.
  mutating func continuesTable(_ s: Int, _ e: Int, indent: Int? = nil) -> Bool {
    (s == e || bytes[s] != UInt8(ascii: "#")) && blockStart(s, e, rules: BlockRule.endingTable, indent: indent) == nil
  }

  /// A table row of the line's text `s..<e`, ending at `next` (the next line's start by default).
  mutating func tableRow(_ s: Int, _ e: Int, columns: Int, next: Int) {
    let row = builder.open(.tableRow, at: s)
    for cell in LineMarkers.tableCells(bytes, s, e).prefix(columns) {
      let node = builder.open(.tableCell, at: cell.lowerBound)
      inline(cell.lowerBound, cell.upperBound)
      builder.close(node, at: cell.upperBound)
    }
    builder.close(row, at: next)
  }

  /// Writes the next `count` markers of `markers`.
  mutating func writeMarks(_ count: UInt8, _ markers: inout LineMarks) {
    for _ in 0..<count {
      let mark = markers.marks[markers.next]
      builder.leaf(mark.kind, mark.range.lowerBound, mark.range.upperBound)
      markers.next += 1
    }
  }
}

/// A line of a leaf block as its writer reads it: the text it writes (`content..<end`),
/// the next line's start, and how many container markers come before the text (inside a
/// quote; none at the top level or in an item, whose text is one line of the writer).
struct LeafLine {
  var content: Int
  var end: Int
  var next: Int
  var marks: UInt8 = 0
}

/// The container markers (`quoteMarker`, `listMarker`) of a quote's lines in order, and
/// the next to write: a leaf writes its later lines' markers inside itself as it reaches
/// them, so one writer serves the top level, an item and a quote.
struct LineMarks {
  var marks: [(kind: NodeKind, range: Range<Int>)]
  var next = 0

  /// No markers: the top level and a list item.
  static var none: LineMarks { LineMarks(marks: []) }
}
