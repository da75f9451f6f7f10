/// Recognisers for the lines that start or end CommonMark's leaf blocks besides
/// headings, fences and paragraphs: thematic breaks, setext underlines, indented code,
/// HTML blocks, `$$` math and `%%` comment blocks, footnote definitions and GFM tables.
extension LineMarkers {
  /// The indentation of the line `i..<lineEnd` in columns (a tab goes to the next
  /// multiple of four), and where its first other byte is.
  static func indentation(_ p: Buffer, _ i: Int, _ lineEnd: Int) -> (columns: Int, first: Int) {
    indentation(p, i, lineEnd, fromColumn: 0)
  }

  /// The columns of the spaces and tabs from `i`, which is at `column` (so a tab goes
  /// to the next multiple of four counted from the line's start), and where the first
  /// other byte is.
  static func indentation(_ p: Buffer, _ i: Int, _ lineEnd: Int, fromColumn column: Int) -> (columns: Int, first: Int) {
    var columns = column
    var j = i
    while j < lineEnd {
      if p[j] == ByteClass.space {
        columns += 1
      } else if p[j] == UInt8(ascii: "\t") {
        columns += 4 - columns % 4
      } else {
        break
      }
      j += 1
    }
    return (columns - column, j)
  }

  /// The position after `columns` columns of indentation from `i` (or at the first
  /// other byte, if the line is indented less).
  static func skipColumns(_ p: Buffer, _ i: Int, _ lineEnd: Int, _ columns: Int) -> Int {
    var column = 0
    var j = i
    while j < lineEnd && column < columns {
      if p[j] == ByteClass.space {
        column += 1
      } else if p[j] == UInt8(ascii: "\t") {
        column += 4 - column % 4
      } else {
        break
      }
      j += 1
    }
    return j
  }

  /// Whether the line is a thematic break: up to three spaces, then three or more `-`,
  /// `*` or `_` of one kind, with only spaces or tabs between and after them.
  static func isThematicBreak(_ p: Buffer, _ i: Int, _ lineEnd: Int) -> Bool {
    let (columns, first) = indentation(p, i, lineEnd)
    guard columns < 4, first < lineEnd else { return false }
    let c = p[first]
    guard c == UInt8(ascii: "-") || c == UInt8(ascii: "*") || c == UInt8(ascii: "_") else { return false }
    var count = 0
    for j in first..<lineEnd {
      if p[j] == c {
        count += 1
      } else if !ByteClass.isSpaceOrTab(p[j]) {
        return false
      }
    }
    return count >= 3
  }

  /// The level of a setext heading's underline: up to three spaces, then a run of `=`
  /// (level 1) or `-` (level 2), then only spaces or tabs.
  static func setextLevel(_ p: Buffer, _ i: Int, _ lineEnd: Int) -> Int? {
    let (columns, first) = indentation(p, i, lineEnd)
    guard columns < 4, first < lineEnd else { return nil }
    let c = p[first]
    guard c == UInt8(ascii: "=") || c == UInt8(ascii: "-") else { return nil }
    var j = first
    while j < lineEnd && p[j] == c { j += 1 }
    guard isBlank(p, j, lineEnd) else { return nil }
    return c == UInt8(ascii: "=") ? 1 : 2
  }

  /// The closing `#` run of an ATX heading's content `start..<end` (already trimmed):
  /// where the content ends without it. A run counts only after a space or tab, or as
  /// the whole content.
  static func contentEndBeforeClosingHashes(_ p: Buffer, _ start: Int, _ end: Int) -> Int {
    var j = end
    while j > start && p[j - 1] == UInt8(ascii: "#") { j -= 1 }
    guard j < end else { return end }
    if j == start { return start }
    guard ByteClass.isSpaceOrTab(p[j - 1]) else { return end }
    return trimEnd(p, start, j)
  }

  /// A line of `$$` or `%%` alone (up to three spaces before, spaces after): the
  /// opening fence of a display math block or of an Obsidian comment block, read as a
  /// code block is, to the next line that holds `$$` or `%%` (or to the end of the
  /// text). A `$$` or `%%` with text after it on its line starts inline math or an
  /// inline comment instead.
  static func openingDelimitedBlock(_ p: Buffer, _ i: Int, _ lineEnd: Int) -> CodeFence? {
    let (columns, first) = indentation(p, i, lineEnd)
    guard columns < 4, first + 1 < lineEnd else { return nil }
    let c = p[first]
    guard c == UInt8(ascii: "$") || c == UInt8(ascii: "%"), p[first + 1] == c, isBlank(p, first + 2, lineEnd)
    else { return nil }
    return CodeFence(character: c, run: first..<(first + 2), info: (first + 2)..<(first + 2))
  }

  /// Where the `$$` or `%%` that closes a delimited block lies in `from..<lineEnd`.
  static func closingDelimiter(_ p: Buffer, _ from: Int, _ lineEnd: Int, _ delimiter: UInt8) -> Int? {
    var j = from
    while j + 1 < lineEnd {
      if p[j] == delimiter && p[j + 1] == delimiter { return j }
      j += 1
    }
    return nil
  }

  /// A footnote definition's start: up to three spaces, `[^label]:`. Returns the
  /// label's range and the position after the colon.
  static func footnoteDefinition(_ p: Buffer, _ i: Int, _ lineEnd: Int) -> (label: Range<Int>, end: Int)? {
    let (columns, first) = indentation(p, i, lineEnd)
    guard columns < 4, first + 4 < lineEnd + 1, first + 1 < lineEnd, p[first] == UInt8(ascii: "["),
      p[first + 1] == UInt8(ascii: "^")
    else { return nil }
    var j = first + 2
    while j < lineEnd && j - first < 1002 {
      let b = p[j]
      if b == UInt8(ascii: "]") { break }
      if ByteClass.isSpaceOrTab(b) || b == UInt8(ascii: "[") { return nil }
      j += 1
    }
    guard j > first + 2, j + 1 < lineEnd, p[j] == UInt8(ascii: "]"), p[j + 1] == UInt8(ascii: ":") else { return nil }
    return (first + 2..<j, j + 2)
  }

  // MARK: Tables

  /// The cells of a table row `i..<lineEnd`: each cell's trimmed content range,
  /// between unescaped `|`s (a leading and a trailing `|` are optional).
  static func tableCells(_ p: Buffer, _ i: Int, _ lineEnd: Int) -> [Range<Int>] {
    var start = skipSpaces(p, i, lineEnd)
    let end = trimEnd(p, start, lineEnd)
    if start < end && p[start] == UInt8(ascii: "|") { start += 1 }
    var cells: [Range<Int>] = []
    var cellStart = start
    var j = start
    var inCode = false
    while j < end {
      let b = p[j]
      if b == UInt8(ascii: "\\") {
        j += 2
        continue
      }
      if b == UInt8(ascii: "`") { inCode.toggle() }
      if b == UInt8(ascii: "|") && !inCode {
        let s = skipSpaces(p, cellStart, j)
        cells.append(s..<trimEnd(p, s, j))
        cellStart = j + 1
      }
      j += 1
    }
    if cellStart < end {
      let s = skipSpaces(p, cellStart, end)
      cells.append(s..<trimEnd(p, s, end))
    }
    return cells
  }

  /// Whether the line holds a `|` at all (a table's header and rows do, unless it has
  /// a single column written with outer pipes).
  static func holdsPipe(_ p: Buffer, _ i: Int, _ lineEnd: Int) -> Bool {
    var j = i
    while j < lineEnd {
      if p[j] == UInt8(ascii: "|") { return true }
      j += 1
    }
    return false
  }

  /// The number of columns of a table's delimiter row (`|---|:--:|`), or `nil` when the
  /// line is not one.
  static func tableDelimiterColumns(_ p: Buffer, _ i: Int, _ lineEnd: Int) -> Int? {
    let (columns, first) = indentation(p, i, lineEnd)
    guard columns < 4, first < lineEnd else { return nil }
    var count = 0
    var sawPipe = false
    var j = first
    let end = trimEnd(p, first, lineEnd)
    if p[j] == UInt8(ascii: "|") {
      sawPipe = true
      j += 1
    }
    while j < end {
      j = skipSpaces(p, j, end)
      if j < end && p[j] == UInt8(ascii: ":") { j += 1 }
      var dashes = 0
      while j < end && p[j] == UInt8(ascii: "-") {
        dashes += 1
        j += 1
      }
      guard dashes > 0 else { return nil }
      if j < end && p[j] == UInt8(ascii: ":") { j += 1 }
      j = skipSpaces(p, j, end)
      count += 1
      if j < end {
        guard p[j] == UInt8(ascii: "|") else { return nil }
        sawPipe = true
        j += 1
      }
    }
    return count > 0 && (sawPipe || count > 1) ? count : nil
  }
}
