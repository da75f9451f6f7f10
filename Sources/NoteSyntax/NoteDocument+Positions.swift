public import NoteText

extension NoteDocument {
  /// The line and column of byte `offset` (clamped to the text).
  public func lineColumn(of offset: Int, in encoding: PositionEncoding) -> LineColumn {
    lines.lineColumn(of: offset, in: encoding, text: text)
  }

  /// The line of byte `offset` (clamped to the text) and its column in every encoding.
  public func lineAndColumns(of offset: Int) -> (line: Int, utf8: Int, utf16: Int, utf32: Int) {
    lines.lineAndColumns(of: min(max(offset, 0), text.count)) { text.forEachPiece(of: $0, $1) }
  }

  /// The byte offset of a line and column (``LineIndex/offset(of:in:text:)``).
  public func offset(of position: LineColumn, in encoding: PositionEncoding) -> Int {
    lines.offset(of: position, in: encoding, text: text)
  }

  /// The byte range from `start` to `end` (``LineIndex/byteRange(from:to:in:text:)``).
  public func byteRange(from start: LineColumn, to end: LineColumn, in encoding: PositionEncoding) -> Range<Int> {
    lines.byteRange(from: start, to: end, in: encoding, text: text)
  }

  /// A converter for offsets given in increasing order (``PositionWalker``).
  public func makeWalker(encoding: PositionEncoding) -> PositionWalker {
    lines.makeWalker(encoding: encoding, text: text)
  }

  /// The start of the scalar holding byte `offset` (or `offset` itself on a boundary).
  public func scalarBoundary(atOrBefore offset: Int) -> Int { text.scalarBoundary(atOrBefore: offset) }
}
