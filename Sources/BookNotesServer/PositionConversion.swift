import LanguageServerProtocol
import NoteIntelligence
import NoteSyntax
import NoteText

/// A UTF-8 byte range of a note.
typealias ByteRange = Swift.Range<Int>
/// A range of positions in the negotiated encoding.
typealias LSPRange = LanguageServerProtocol.Range

extension PositionEncoding {
  /// The encoding a client's `positionEncodings` entry names, if the server supports it.
  init?(kind: PositionEncodingKind) {
    switch kind.rawValue {
    case "utf-8": self = .utf8
    case "utf-16": self = .utf16
    case "utf-32": self = .utf32
    default: return nil
    }
  }

  /// The protocol's name for this encoding.
  var kind: PositionEncodingKind {
    switch self {
    case .utf8: PositionEncodingKind(rawValue: "utf-8")
    case .utf16: PositionEncodingKind(rawValue: "utf-16")
    case .utf32: PositionEncodingKind(rawValue: "utf-32")
    }
  }

  /// The first of `offered` that the server supports, else UTF-16 as LSP requires.
  static func negotiate(_ offered: [PositionEncodingKind]?) -> PositionEncoding {
    for kind in offered ?? [] {
      if let encoding = PositionEncoding(kind: kind) { return encoding }
    }
    return .utf16
  }
}

extension NoteSpan {
  /// The protocol range of a library span, in `encoding`.
  func lspRange(in encoding: PositionEncoding) -> LSPRange {
    LSPRange(
      start: Position(line: Int(start.line), character: start.column(in: encoding)),
      end: Position(line: Int(end.line), character: end.column(in: encoding)))
  }
}

extension NoteDocument {
  /// The byte offset of a protocol position (clamped to the text, moved back to the
  /// start of a character it falls inside).
  func offset(of position: Position, in encoding: PositionEncoding) -> Int {
    offset(of: LineColumn(line: position.line, column: position.character), in: encoding)
  }

  /// The byte range of a protocol range; an inverted range collapses to its start.
  func byteRange(of range: LSPRange, in encoding: PositionEncoding) -> ByteRange {
    byteRange(
      from: LineColumn(line: range.start.line, column: range.start.character),
      to: LineColumn(line: range.end.line, column: range.end.character), in: encoding)
  }

  /// The protocol position of byte `offset`.
  func position(of offset: Int, in encoding: PositionEncoding) -> Position {
    let location = lineColumn(of: offset, in: encoding)
    return Position(line: location.line, character: location.column)
  }

  /// The protocol range of a byte range.
  func lspRange(of range: ByteRange, in encoding: PositionEncoding) -> LSPRange {
    LSPRange(start: position(of: range.lowerBound, in: encoding), end: position(of: range.upperBound, in: encoding))
  }

  /// The protocol ranges of byte ranges, in any order: their ends are converted in
  /// increasing order by one walk over the text, so many ranges in one long line that
  /// is not ASCII cost one reading of the line, not one each.
  func lspRanges(of ranges: [ByteRange], in encoding: PositionEncoding) -> [LSPRange] {
    guard ranges.count > 1 else { return ranges.map { lspRange(of: $0, in: encoding) } }
    var ends = ranges.flatMap { [$0.lowerBound, $0.upperBound] }
    ends.sort()
    var walker = makeWalker(encoding: encoding)
    var positions: [Int: Position] = [:]
    positions.reserveCapacity(ends.count)
    for end in ends where positions[end] == nil {
      let location = walker.position(of: end)
      positions[end] = Position(line: location.line, character: location.column)
    }
    return ranges.map { LSPRange(start: positions[$0.lowerBound]!, end: positions[$0.upperBound]!) }
  }
}
