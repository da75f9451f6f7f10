public import NoteSyntax
public import NoteText

/// A place in a note in every position encoding at once, so a closed note's ranges can
/// be sent to any client without reading the note again.
public struct NotePoint: Sendable, Hashable, Comparable {
  /// 0-based line.
  public var line: Int32
  /// The column in UTF-8 bytes, UTF-16 code units and Unicode scalars.
  public var utf8: Int32
  public var utf16: Int32
  public var utf32: Int32

  public init(line: Int, utf8: Int, utf16: Int, utf32: Int) {
    self.line = Int32(clamping: line)
    self.utf8 = Int32(clamping: utf8)
    self.utf16 = Int32(clamping: utf16)
    self.utf32 = Int32(clamping: utf32)
  }

  /// The column in `encoding`.
  public func column(in encoding: PositionEncoding) -> Int {
    switch encoding {
    case .utf8: Int(utf8)
    case .utf16: Int(utf16)
    case .utf32: Int(utf32)
    }
  }

  public static func < (a: NotePoint, b: NotePoint) -> Bool { (a.line, a.utf8) < (b.line, b.utf8) }
}

/// A byte range of a note with its start and end as ``NotePoint``s.
public struct NoteSpan: Sendable, Hashable {
  public var bytes: Range<Int>
  public var start: NotePoint
  public var end: NotePoint

  public init(bytes: Range<Int>, start: NotePoint, end: NotePoint) {
    self.bytes = bytes
    self.start = start
    self.end = end
  }
}

extension NoteDocument {
  /// The point of byte `offset`.
  public func point(of offset: Int) -> NotePoint {
    let at = lineAndColumns(of: offset)
    return NotePoint(line: at.line, utf8: at.utf8, utf16: at.utf16, utf32: at.utf32)
  }

  /// The span of byte range `range`.
  public func span(of range: Range<Int>) -> NoteSpan {
    NoteSpan(bytes: range, start: point(of: range.lowerBound), end: point(of: range.upperBound))
  }
}
