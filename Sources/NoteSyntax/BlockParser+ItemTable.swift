/// A GFM table in a list item: its header on the item's text, its delimiter row and rows
/// on the lines after, each indented to the item's content column (a line indented less
/// ends the item, and the table with it).
extension BlockParser {
  /// The number of columns of a table in a list item whose content starts at `column`,
  /// its header being the text `c..<e`: the next line, indented to `column`, is a
  /// delimiter row with as many cells as the header.
  mutating func itemTableColumns(_ c: Int, _ e: Int, column: Int) -> Int? {
    let second = nextLine(e)
    guard second < byteCount else { return nil }
    let secondEnd = examineLine(second)
    guard LineMarkers.indentation(bytes, second, secondEnd).columns >= column,
      let columns = LineMarkers.tableDelimiterColumns(
        bytes, LineMarkers.skipColumns(bytes, second, secondEnd, column), secondEnd),
      LineMarkers.holdsPipe(bytes, c, e), LineMarkers.tableCells(bytes, c, e).count == columns
    else { return nil }
    return columns
  }

  /// A table of `columns` in a list item whose content starts at `column`, its header
  /// `c..<e`: the delimiter row, then rows up to a blank line, a line indented less than
  /// `column`, or one that starts another block. Returns the start of the line after it.
  mutating func itemTable(_ c: Int, _ e: Int, columns: Int, column: Int) -> Int {
    let node = builder.open(.table, at: c)
    tableRow(c, e, columns: columns)
    let delimiter = nextLine(e)
    let delimiterEnd = examineLine(delimiter)
    let row = builder.open(.tableRow, at: LineMarkers.skipColumns(bytes, delimiter, delimiterEnd, column))
    builder.close(row, at: nextLine(delimiterEnd))
    var next = nextLine(delimiterEnd)
    while next < byteCount {
      let lineEnd = examineLine(next)
      let (indent, first) = LineMarkers.indentation(bytes, next, lineEnd)
      guard first < lineEnd, indent >= column else { break }
      let text = LineMarkers.skipColumns(bytes, next, lineEnd, column)
      if interruptsParagraph(text, lineEnd) || LineMarkers.htmlBlockKind(bytes, text, lineEnd) != nil { break }
      tableRow(text, lineEnd, columns: columns)
      next = nextLine(lineEnd)
    }
    builder.close(node, at: next)
    return next
  }

  /// The first line after an item's text line ending at `e`, and before `end`, that heads
  /// a table (indented to the item's content `column`, a delimiter row under it): its
  /// start, and the end of the line before it.
  mutating func itemTableHeader(after e: Int, before end: Int, column: Int) -> (start: Int, previousEnd: Int)? {
    var previousEnd = e
    var line = nextLine(e)
    while line < end {
      let lineEnd = examineLine(line)
      if LineMarkers.holdsPipe(bytes, line, lineEnd), LineMarkers.indentation(bytes, line, lineEnd).columns >= column,
        itemTableColumns(LineMarkers.skipColumns(bytes, line, lineEnd, column), lineEnd, column: column) != nil
      {
        return (line, previousEnd)
      }
      previousEnd = lineEnd
      line = nextLine(lineEnd)
    }
    return nil
  }
}
