@testable import NoteText

/// A text and its line index kept in step through edits, as a note document keeps them,
/// with the document's position queries.
struct IndexedText {
  private(set) var text: TextStorage
  private(set) var lines: LineIndex

  init(_ string: String) {
    let bytes = Array(string.utf8)
    text = TextStorage(validUTF8: bytes)
    lines = bytes.withUnsafeBufferPointer { LineIndex(bytes: $0) }
  }

  var utf8Count: Int { text.count }

  /// Replaces `range` (on scalar boundaries) with `replacement`.
  mutating func replace(_ range: Range<Int>, with replacement: String) {
    lines.replace(range, with: Array(replacement.utf8), in: &text)
  }

  func lineColumn(of offset: Int, in encoding: PositionEncoding) -> LineColumn {
    lines.lineColumn(of: offset, in: encoding, text: text)
  }

  func lineAndColumns(of offset: Int) -> (line: Int, utf8: Int, utf16: Int, utf32: Int) {
    lines.lineAndColumns(of: min(max(offset, 0), text.count)) { text.forEachPiece(of: $0, $1) }
  }

  func offset(of position: LineColumn, in encoding: PositionEncoding) -> Int {
    lines.offset(of: position, in: encoding, text: text)
  }

  func byteRange(from start: LineColumn, to end: LineColumn, in encoding: PositionEncoding) -> Range<Int> {
    lines.byteRange(from: start, to: end, in: encoding, text: text)
  }

  func makeWalker(encoding: PositionEncoding) -> PositionWalker { lines.makeWalker(encoding: encoding, text: text) }
}
