import NoteText

/// A line of a container's text (``BlockParser/line(after:in:)``): its start (at the top
/// level) or index (in a quote), where its text starts (after its container's markers or
/// indentation), its end, and whether it goes on with the paragraph of the line above.
struct TextLine {
  var position: Int
  var text: Int
  var end: Int
  var blank = false
  var continues = true
}

/// Where a paragraph's or a pair's lines are read: the top level or a list item's text (from
/// its content column) in the buffer, or a quote's lines (``BlockParser/QuoteLine``) in its
/// container of `depth`.
enum TextLines {
  case buffer(itemColumn: Int?)
  case quote([BlockParser.QuoteLine], depth: UInt8)
}

/// Reading lines: finding their ends, the next line, inline content and a paragraph's
/// extent.
extension BlockParser {

  /// The end of the line starting at `i` (its line break or the end); marks it read.
  mutating func examineLine(_ i: Int) -> Int {
    let j: Int
    if i == lastLine.start {
      // The line after a block is examined again as the next block's first line.
      j = lastLine.end
    } else if let end = knownLineEnd(i) {
      j = end
    } else {
      j = ByteScan.lineBreak(bytes, from: i, to: byteCount)
    }
    lastLine = (i, j)
    reach = max(reach, j + 1)
    return j
  }

  /// The end of the line starting at `i` from the known lines, passing over the lines
  /// before it; `nil` when `i` is before the next known line or starts none.
  @inline(__always)
  private mutating func knownLineEnd(_ i: Int) -> Int? {
    guard i >= nextKnownLine.start else { return nil }
    while nextKnownLine.chunk < knownLines.count {
      let start = nextKnownLine.start
      if start > i { return nil }
      let lines = knownLines[nextKnownLine.chunk].lines
      let line = lines[nextKnownLine.index]
      nextKnownLine.start = start &+ Int(line.utf8)
      nextKnownLine.index &+= 1
      if nextKnownLine.index == lines.count {
        nextKnownLine.chunk &+= 1
        nextKnownLine.index = 0
      }
      // A reparse's window may end inside a line.
      if start == i { return min(start &+ Int(line.utf8) &- Int(line.breakLength), byteCount) }
    }
    return nil
  }

  /// The start of the line after the one ending at `e`. Counts as looking at that
  /// position too (whether it is the end, or what the next line starts with).
  mutating func nextLine(_ e: Int) -> Int {
    var next = e + 1
    if e >= byteCount {
      next = byteCount
    } else if bytes[e] == ByteClass.cr && e + 1 < byteCount && bytes[e + 1] == ByteClass.lf {
      next = e + 2
    }
    reach = max(reach, next + 1)
    return next
  }

  /// The inline nodes of `start..<end`; with `questionMarkers`, a `Q:` or `A:` marker
  /// starting a later line is flagged (in a list item, after the indentation up to its
  /// content column `markerColumn`).
  mutating func inline(_ start: Int, _ end: Int, questionMarkers: Bool = false, markerColumn: Int = 0) {
    guard end > start else { return }
    inlineParsed += end - start
    inlineParser.startRegion(endingAt: end, checksQuestionMarkers: questionMarkers, markerColumn: markerColumn)
    inlineParser.parse(start, end, into: &builder)
  }

  /// An `inlineContent` node over `start..<end`: its nodes copied from the block an
  /// edit replaced when that block holds them (``InlineReuse``), else parsed.
  mutating func inlineContent(_ start: Int, _ end: Int) {
    guard end > start else { return }
    let node = builder.open(.inlineContent, at: start)
    if let (index, moved) = inlineReuse?.oldRegion(start, end, blockStart: builder.base), let old = inlineReuse?.old {
      builder.copyRegion(of: old, index, into: node, moving: moved)
    } else {
      inline(start, end)
    }
    builder.close(node, at: end)
  }

  /// A paragraph whose first line ends at `e`, over the lines going on with it
  /// (``line(after:in:)``, in a list item from its content column `itemColumn`): where its
  /// content ends, the next line's start and, with `setext` (where a table's header ends
  /// it too), a setext underline (a footnote's text has none), and whether it ends at the
  /// header of a table, which starts at `next`.
  mutating func paragraphExtent(
    _ e: Int, setext: Bool = false, itemColumn: Int? = nil
  ) -> (contentEnd: Int, next: Int, underline: Underline?, table: Bool) {
    let column = itemColumn ?? 0
    var last = TextLine(position: e, text: e, end: e)
    let container = TextLines.buffer(itemColumn: itemColumn)
    while let line = line(after: last, in: container) {
      if setext, let underline = underline(line, in: container) {
        return (last.end, nextLine(line.end), underline, false)
      }
      guard line.continues else { break }
      // A lazy line too: the delimiter row below it is the item's.
      if setext && tableColumns(line.text, line.end, column: column) != nil {
        return (last.end, nextLine(last.end), nil, true)
      }
      last = line
    }
    return (last.end, nextLine(last.end), nil, false)
  }

  /// The setext underline that `line` is below a paragraph's text in `container`: at the
  /// top level and in a list item, indented to the item's content column (up to three
  /// more columns); a quote's lines carry the underline's decision already.
  mutating func underline(_ line: TextLine, in container: TextLines) -> Underline? {
    guard case .buffer(let itemColumn) = container, !line.blank else { return nil }
    return Self.underline(bytes, line.position, line.end, column: itemColumn ?? 0)
  }

  /// A setext heading's underline: its level and its `=` or `-` run.
  struct Underline {
    var level: Int
    var range: Range<Int>
  }

  /// A setext underline on the line `s..<e`, indented `column` (a list item's content
  /// column) to three more columns.
  static func underline(_ bytes: UnsafeBufferPointer<UInt8>, _ s: Int, _ e: Int, column: Int) -> Underline? {
    let (columns, first) = LineMarkers.indentation(bytes, s, e)
    guard columns >= column, columns < column + 4, let level = LineMarkers.setextLevel(bytes, first, e) else {
      return nil
    }
    return Underline(level: level, range: first..<LineMarkers.trimEnd(bytes, first, e))
  }

  /// The line after `line` in `container`, `nil` past its end or at a block other than a
  /// paragraph (a setext heading's text counted) in a quote. A line that a list item's
  /// column does not hold goes on with the item only lazily, after a line of text.
  mutating func line(after line: TextLine, in container: TextLines) -> TextLine? {
    switch container {
    case .buffer(let itemColumn):
      let start = nextLine(line.end)
      guard start < byteCount else { return nil }
      let end = examineLine(start)
      if LineMarkers.isBlank(bytes, start, end) {
        return TextLine(position: start, text: start, end: end, blank: true, continues: false)
      }
      if let text = itemText(start, end, itemColumn) {
        // Counted from the line's start: a tab may straddle the item's column.
        let (columns, first) = LineMarkers.indentation(bytes, start, end)
        let ends = endsParagraph(at: first, end, columns: columns - (itemColumn ?? 0))
        return TextLine(position: start, text: text, end: end, continues: !ends)
      }
      // A lazy line: read from the column of the deepest item around that holds it.
      guard !line.blank else { return nil }
      let (columns, first) =
        itemColumn == nil ? LineMarkers.indentation(bytes, start, end) : heldIndentation(start, end)
      guard !endsParagraph(at: first, end, columns: columns, lazily: true) else { return nil }
      return TextLine(position: start, text: LineMarkers.skipSpaces(bytes, start, end), end: end)
    case .quote(let lines, let depth):
      let index = line.position + 1
      guard index < lines.count, case let next = lines[index], next.depth == depth, next.kept == depth,
        next.role == .text || next.role == .blank || next.role == .headingText
      else { return nil }
      return lines[index].textLine(index)
    }
  }

  /// The indentation of the line `s..<e` past the deepest item holding the list read
  /// (``holdingColumns``) that the line is indented to, and its first byte that is no space
  /// or tab. Inlined: a call from a mutating reader to a method that is not mutating
  /// copies the whole parser.
  @inline(__always)
  func heldIndentation(_ s: Int, _ e: Int) -> (columns: Int, first: Int) {
    let (columns, first) = LineMarkers.indentation(bytes, s, e)
    return (columns - (holdingColumns.last { $0 <= columns } ?? 0), first)
  }

  /// Where the line `s..<e` is read from: its start at the top level; in a list item whose
  /// content starts at `itemColumn`, that column (a blank line at its start), or `nil`
  /// when the line is indented less and so ends the item. Inlined: a call from a mutating
  /// reader to a method that is not mutating copies the whole parser.
  @inline(__always)
  func itemText(_ s: Int, _ e: Int, _ itemColumn: Int?) -> Int? {
    guard let itemColumn else { return s }
    let (columns, first) = LineMarkers.indentation(bytes, s, e)
    if first == e { return s }
    return columns >= itemColumn ? LineMarkers.skipColumns(bytes, s, e, itemColumn) : nil
  }
}

extension BlockParser.QuoteLine {
  /// The line, the `index`th of its quote, as ``BlockParser/line(after:in:)`` reads it.
  func textLine(_ index: Int) -> TextLine {
    TextLine(position: index, text: content, end: end, blank: role == .blank, continues: continues)
  }
}
