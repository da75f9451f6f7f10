/// Recognisers for the other leaf blocks' lines: thematic breaks, setext underlines,
/// `$$` and `%%` blocks, footnote definitions and GFM tables.
extension LineMarkers {
  /// The columns of the spaces and tabs from `i` (at most `limit` of them), and where
  /// the first byte after them is. `i` is at `column`, so a tab goes to the next multiple
  /// of four counted from the line's start.
  static func indentation(
    _ bytes: Buffer, _ i: Int, _ lineEnd: Int, fromColumn column: Int = 0, atMost limit: Int = .max
  ) -> (columns: Int, first: Int) {
    var columns = column
    var j = i
    while j < lineEnd && columns - column < limit {
      if bytes[j] == ByteClass.space {
        columns += 1
      } else if bytes[j] == ByteClass.tab {
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
  static func skipColumns(_ bytes: Buffer, _ i: Int, _ lineEnd: Int, _ columns: Int) -> Int {
    indentation(bytes, i, lineEnd, atMost: columns).first
  }

  /// Whether the line is a thematic break: up to three spaces, then three or more `-`,
  /// `*` or `_` of one kind, with only spaces or tabs between and after them.
  static func isThematicBreak(_ bytes: Buffer, _ i: Int, _ lineEnd: Int) -> Bool {
    let (columns, first) = indentation(bytes, i, lineEnd)
    guard columns < 4, first < lineEnd else { return false }
    let c = bytes[first]
    guard c == UInt8(ascii: "-") || c == UInt8(ascii: "*") || c == UInt8(ascii: "_") else { return false }
    var count = 0
    for j in first..<lineEnd {
      if bytes[j] == c {
        count += 1
      } else if !ByteClass.isSpaceOrTab(bytes[j]) {
        return false
      }
    }
    return count >= 3
  }

  /// The level of a setext heading's underline: up to three spaces, then a run of `=`
  /// (level 1) or `-` (level 2), then only spaces or tabs.
  static func setextLevel(_ bytes: Buffer, _ i: Int, _ lineEnd: Int) -> Int? {
    let (columns, first) = indentation(bytes, i, lineEnd)
    guard columns < 4, first < lineEnd else { return nil }
    let c = bytes[first]
    guard c == UInt8(ascii: "=") || c == UInt8(ascii: "-") else { return nil }
    var j = first
    while j < lineEnd && bytes[j] == c { j += 1 }
    guard isBlank(bytes, j, lineEnd) else { return nil }
    return c == UInt8(ascii: "=") ? 1 : 2
  }

  /// The closing `#` run of an ATX heading's content `start..<end` (already trimmed):
  /// where the content ends without it. A run counts only after a space or tab, or as
  /// the whole content.
  static func contentEndBeforeClosingHashes(_ bytes: Buffer, _ start: Int, _ end: Int) -> Int {
    var j = end
    while j > start && bytes[j - 1] == UInt8(ascii: "#") { j -= 1 }
    guard j < end else { return end }
    if j == start { return start }
    guard ByteClass.isSpaceOrTab(bytes[j - 1]) else { return end }
    return trimEnd(bytes, start, j)
  }

  /// A line of `$$` or `%%` alone: the opening fence of a display math block or an
  /// Obsidian comment block, read as code to the next line holding `$$` or `%%`.
  static func openingDelimitedBlock(_ bytes: Buffer, _ i: Int, _ lineEnd: Int) -> CodeFence? {
    let (columns, first) = indentation(bytes, i, lineEnd)
    guard columns < 4, first + 1 < lineEnd else { return nil }
    let c = bytes[first]
    guard c == UInt8(ascii: "$") || c == UInt8(ascii: "%"), bytes[first + 1] == c, isBlank(bytes, first + 2, lineEnd)
    else { return nil }
    return CodeFence(character: c, run: first..<(first + 2), info: (first + 2)..<(first + 2))
  }

  /// Where the `$$` or `%%` that closes a delimited block lies in `from..<lineEnd`.
  static func closingDelimiter(_ bytes: Buffer, _ from: Int, _ lineEnd: Int, _ delimiter: UInt8) -> Int? {
    var j = from
    while j + 1 < lineEnd {
      if bytes[j] == delimiter && bytes[j + 1] == delimiter { return j }
      j += 1
    }
    return nil
  }

  /// A footnote definition's start: up to three spaces, `[^label]:`. Returns the
  /// label's range and the position after the colon.
  static func footnoteDefinition(_ bytes: Buffer, _ i: Int, _ lineEnd: Int) -> (label: Range<Int>, end: Int)? {
    let (columns, first) = indentation(bytes, i, lineEnd)
    guard columns < 4, first + 4 < lineEnd + 1, first + 1 < lineEnd, bytes[first] == UInt8(ascii: "["),
      bytes[first + 1] == UInt8(ascii: "^")
    else { return nil }
    var j = first + 2
    while j < lineEnd && j - first < 1002 {
      let b = bytes[j]
      if b == UInt8(ascii: "]") { break }
      if ByteClass.isSpaceOrTab(b) || b == UInt8(ascii: "[") { return nil }
      j += 1
    }
    guard j > first + 2, j + 1 < lineEnd, bytes[j] == UInt8(ascii: "]"), bytes[j + 1] == UInt8(ascii: ":") else {
      return nil
    }
    return (first + 2..<j, j + 2)
  }

  // MARK: Tables

  /// The cells of a table row `i..<lineEnd`: each cell's trimmed content range,
  /// between unescaped `|`s (a leading and a trailing `|` are optional).
  static func tableCells(_ bytes: Buffer, _ i: Int, _ lineEnd: Int) -> [Range<Int>] {
    var start = skipSpaces(bytes, i, lineEnd)
    let end = trimEnd(bytes, start, lineEnd)
    if start < end && bytes[start] == UInt8(ascii: "|") { start += 1 }
    var cells: [Range<Int>] = []
    var cellStart = start
    var j = start
    var inCode = false
    while j < end {
      let b = bytes[j]
      if b == UInt8(ascii: "\\") {
        j += 2
        continue
      }
      if b == UInt8(ascii: "`") { inCode.toggle() }
      if b == UInt8(ascii: "|") && !inCode {
        let s = skipSpaces(bytes, cellStart, j)
        cells.append(s..<trimEnd(bytes, s, j))
        cellStart = j + 1
      }
      j += 1
    }
    if cellStart < end {
      let s = skipSpaces(bytes, cellStart, end)
      cells.append(s..<trimEnd(bytes, s, end))
    }
    return cells
  }

  /// The number of columns of a table's delimiter row (`|---|:--:|`), or `nil` when the
  /// line is not one. Inlined: a paragraph's every line is tried as a table's header.
  @inline(__always)
  static func tableDelimiterColumns(_ bytes: Buffer, _ i: Int, _ lineEnd: Int) -> Int? {
    let (columns, first) = indentation(bytes, i, lineEnd)
    guard columns < 4, first < lineEnd else { return nil }
    var count = 0
    var sawPipe = false
    var j = first
    let end = trimEnd(bytes, first, lineEnd)
    if bytes[j] == UInt8(ascii: "|") {
      sawPipe = true
      j += 1
    }
    while j < end {
      j = skipSpaces(bytes, j, end)
      if j < end && bytes[j] == UInt8(ascii: ":") { j += 1 }
      var dashes = 0
      while j < end && bytes[j] == UInt8(ascii: "-") {
        dashes += 1
        j += 1
      }
      guard dashes > 0 else { return nil }
      if j < end && bytes[j] == UInt8(ascii: ":") { j += 1 }
      j = skipSpaces(bytes, j, end)
      count += 1
      if j < end {
        guard bytes[j] == UInt8(ascii: "|") else { return nil }
        sawPipe = true
        j += 1
      }
    }
    return count > 0 && (sawPipe || count > 1) ? count : nil
  }
}
