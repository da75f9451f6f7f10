/// The unit a column is counted in, as negotiated with an editor.
public enum PositionEncoding: Sendable, CaseIterable {
  case utf8
  /// UTF-16 code units (a character outside the BMP counts 2).
  case utf16
  /// Unicode scalars.
  case utf32
}

/// A 0-based line and a 0-based column in some `PositionEncoding`.
public struct LineColumn: Sendable, Hashable, Comparable, CustomStringConvertible {
  public var line: Int
  public var column: Int

  public init(line: Int, column: Int) {
    self.line = line
    self.column = column
  }

  public static func < (a: LineColumn, b: LineColumn) -> Bool { (a.line, a.column) < (b.line, b.column) }

  public var description: String { "\(line):\(column)" }
}

extension LineIndex {
  /// Columns of the scalars that start in the sixteen bytes at `i` (not UTF-8).
  @inline(__always)
  private static func columns(inSixteen bytes: UnsafeBufferPointer<UInt8>, at i: Int, _ encoding: PositionEncoding)
    -> Int
  {
    let units = ByteScan.units(bytes, i)
    return encoding == .utf16 ? units.utf16 : units.scalars
  }

  /// Columns of the scalar whose first byte is `b`, 0 for a continuation byte (not UTF-8).
  @inline(__always)
  private static func columns(startingAt b: UInt8, _ encoding: PositionEncoding) -> Int {
    b & 0xC0 == 0x80 ? 0 : encoding == .utf16 && b >= 0xF0 ? 2 : 1
  }

  /// Columns the text in `range` spans in `encoding`, counted where the text is stored.
  static func units(in range: Range<Int>, of text: TextStorage, in encoding: PositionEncoding) -> Int {
    if encoding == .utf8 { return range.count }
    var count = 0
    text.forEachPiece(of: range) { piece in
      let units = ByteScan.units(piece, in: 0..<piece.count)
      count += encoding == .utf16 ? units.utf16 : units.scalars
    }
    return count
  }

  /// The line and column of byte `offset` of `text`, whose lines these are (clamped to it).
  public func lineColumn(of offset: Int, in encoding: PositionEncoding, text: TextStorage) -> LineColumn {
    let offset = min(max(offset, 0), text.count)
    let line = lineContaining(offset)
    let start = startOfLine(line)
    if encoding == .utf8 || isASCII(line: line) { return LineColumn(line: line, column: offset - start) }
    return LineColumn(line: line, column: Self.units(in: start..<offset, of: text, in: encoding))
  }

  /// The byte offset of a line and column. A line past the end gives the end of the
  /// text; a column past the line's end gives the end of its content; a column inside
  /// a character (between the halves of a surrogate pair, say) gives its start.
  public func offset(of position: LineColumn, in encoding: PositionEncoding, text: TextStorage) -> Int {
    guard position.line >= 0 else { return 0 }
    guard position.line < lineCount else { return text.count }
    let content = contentRange(ofLine: position.line)
    return offset(
      ofColumn: position.column, line: position.line, content, from: (content.lowerBound, 0), encoding, text
    ).offset
  }

  /// The byte range from `start` to `end` (each as ``offset(of:in:)`` gives it; inverted,
  /// empty at the start). On one line, the end is looked for from the start on.
  public func byteRange(
    from start: LineColumn, to end: LineColumn, in encoding: PositionEncoding, text: TextStorage
  ) -> Range<Int> {
    let lower: Int
    var upper: Int
    if start.line == end.line && start.line >= 0 && start.line < lineCount && end.column >= start.column {
      let content = contentRange(ofLine: start.line)
      let first = offset(
        ofColumn: start.column, line: start.line, content, from: (content.lowerBound, 0), encoding, text)
      lower = first.offset
      upper = offset(ofColumn: end.column, line: end.line, content, from: first, encoding, text).offset
    } else {
      lower = offset(of: start, in: encoding, text: text)
      upper = offset(of: end, in: encoding, text: text)
    }
    upper = max(lower, upper)
    return lower..<upper
  }

  /// The byte offset of `column` in the line `line` whose content is `content`, read
  /// from `from` (an offset in it at a scalar's start, and the columns before it), and
  /// the columns before that offset.
  private func offset(
    ofColumn column: Int, line: Int, _ content: Range<Int>, from: (offset: Int, units: Int),
    _ encoding: PositionEncoding, _ text: TextStorage
  ) -> (offset: Int, units: Int) {
    let column = max(column, 0)
    if isASCII(line: line) {
      let offset = min(content.lowerBound + column, content.upperBound)
      return (offset, offset - content.lowerBound)
    }
    if encoding == .utf8 {
      let offset = text.scalarBoundary(atOrBefore: min(content.lowerBound + column, content.upperBound))
      return (offset, offset - content.lowerBound)
    }
    // Read where the text is stored, sixteen bytes a step while they cannot reach the
    // column, then scalar by scalar (a continuation byte first belongs to a scalar
    // counted in the step before).
    var units = from.units
    var offset = from.offset
    var found: (offset: Int, units: Int)?
    text.forEachPiece(of: from.offset..<content.upperBound) { bytes in
      guard found == nil else { return }
      var i = 0
      while i + 16 <= bytes.count {
        let width = Self.columns(inSixteen: bytes, at: i, encoding)
        guard units + width < column else { break }
        units += width
        i += 16
      }
      while i < bytes.count {
        let width = Self.columns(startingAt: bytes[i], encoding)
        if width > 0 && units + width > column {
          found = (offset + i, units)
          return
        }
        units += width
        i += 1
      }
      offset += bytes.count
    }
    return found ?? (content.upperBound, units)
  }

  /// A converter for offsets given in increasing order: each conversion costs the
  /// bytes since the previous one, not the line's length.
  public func makeWalker(encoding: PositionEncoding, text: TextStorage) -> PositionWalker {
    PositionWalker(lines: self, text: text, encoding: encoding)
  }
}

/// Converts increasing byte offsets to line and column: it keeps its line's place in the
/// line index, steps over the next few lines' records, and searches for a target further on.
public struct PositionWalker {
  let lines: LineIndex
  let text: TextStorage
  let encoding: PositionEncoding
  private let textCount: Int
  private let lineCount: Int
  private var line = 0
  /// The line's chunk in the line index and its index in that chunk.
  private var lineChunk = 0
  private var lineIndex = 0
  private var lineStart = 0
  private var nextLineStart = 0
  private var ascii = true
  private var offset = 0
  private var column = 0

  /// Lines read one after another before a target is searched for instead.
  private static let linesStepped = 8

  init(lines: LineIndex, text: TextStorage, encoding: PositionEncoding) {
    self.lines = lines
    self.text = text
    self.encoding = encoding
    textCount = text.count
    lineCount = lines.lineCount
    moveToLine(0)
  }

  private mutating func moveToLine(_ number: Int) {
    let (chunk, index) = lines.place(ofLine: number)
    enter(number, chunk: chunk, index: index, start: lines.startOfLine(number))
  }

  /// Makes line `number`, at `index` of `chunk` in the line index and starting at
  /// `start`, the current line.
  @inline(__always)
  private mutating func enter(_ number: Int, chunk: Int, index: Int, start: Int) {
    let record = lines.chunks[chunk].lines[index]
    line = number
    lineChunk = chunk
    lineIndex = index
    lineStart = start
    nextLineStart = number + 1 < lineCount ? start + Int(record.utf8) : Int.max
    ascii = encoding == .utf8 || record.utf8 == record.scalars
    offset = start
    column = 0
  }

  /// Makes the line after the current one (which is not the last) current.
  @inline(__always)
  private mutating func moveToNextLine() {
    var chunk = lineChunk
    var index = lineIndex + 1
    while index == lines.chunks[chunk].lines.count {
      chunk += 1
      index = 0
    }
    enter(line + 1, chunk: chunk, index: index, start: nextLineStart)
  }

  /// The position of `target`; targets must not decrease between calls.
  public mutating func position(of target: Int) -> LineColumn {
    let target = min(max(target, 0), textCount)
    if target < offset || target >= nextLineStart {
      var stepped = 0
      while target >= nextLineStart && stepped < Self.linesStepped {
        moveToNextLine()
        stepped += 1
      }
      if target < lineStart || target >= nextLineStart { moveToLine(lines.lineContaining(target)) }
      if target < offset {
        offset = lineStart
        column = 0
      }
    }
    if ascii {
      return LineColumn(line: line, column: target - lineStart)
    }
    column += LineIndex.units(in: offset..<target, of: text, in: encoding)
    offset = target
    return LineColumn(line: line, column: column)
  }
}
