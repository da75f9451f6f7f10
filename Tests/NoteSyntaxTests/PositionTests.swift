import Testing

@testable import NoteSyntax

/// Offsets convert exactly between UTF-8 bytes and line/column in UTF-8, UTF-16 and UTF-32.
@Suite struct PositionTests {
  /// The reference: Swift's own views of the same line.
  func expected(_ text: String, _ offset: Int, _ encoding: PositionEncoding) -> LineColumn {
    let bytes = Array(text.utf8)
    var line = 0
    var lineStart = 0
    var i = 0
    while i < offset {
      if bytes[i] == 0x0A || (bytes[i] == 0x0D && (i + 1 >= bytes.count || bytes[i + 1] != 0x0A)) {
        line += 1
        lineStart = i + 1
      }
      i += 1
    }
    let prefix = String(decoding: bytes[lineStart..<offset], as: UTF8.self)
    switch encoding {
    case .utf8: return LineColumn(line: line, column: offset - lineStart)
    case .utf16: return LineColumn(line: line, column: prefix.utf16.count)
    case .utf32: return LineColumn(line: line, column: prefix.unicodeScalars.count)
    }
  }

  static let samples = [
    "plain ascii\nsecond line",
    "emoji 😀 and family 👨‍👩‍👧 end\nnext",
    "CJK 中文字 line\r\nCRLF line\rCR line",
    "combining e\u{301} and n\u{303}\n\ttab",
    "",
  ]

  @Test(arguments: samples)
  func everyScalarBoundaryRoundTrips(_ text: String) {
    let document = NoteDocument(text)
    let bytes = Array(text.utf8)
    for encoding in PositionEncoding.allCases {
      var walker = document.makeWalker(encoding: encoding)
      for offset in 0...bytes.count where offset == bytes.count || bytes[offset] & 0xC0 != 0x80 {
        // The middle of a CRLF pair is not a position a client can name.
        if offset > 0 && offset < bytes.count && bytes[offset - 1] == 0x0D && bytes[offset] == 0x0A { continue }
        let position = document.lineColumn(of: offset, in: encoding)
        #expect(position == expected(text, offset, encoding), "\(encoding) at \(offset)")
        #expect(walker.position(of: offset) == position)
        #expect(document.offset(of: position, in: encoding) == offset)
        // Every encoding's column at once, as one encoding's.
        let all = document.lineAndColumns(of: offset)
        let column = [PositionEncoding.utf8: all.utf8, .utf16: all.utf16, .utf32: all.utf32][encoding]
        #expect(LineColumn(line: all.line, column: column ?? -1) == position, "\(encoding) at \(offset)")
      }
    }
  }

  @Test func columnsInsideASurrogatePairRoundDown() {
    let document = NoteDocument("a😀b")
    #expect(document.offset(of: LineColumn(line: 0, column: 2), in: .utf16) == 1)
    #expect(document.offset(of: LineColumn(line: 0, column: 3), in: .utf16) == 5)
    #expect(document.offset(of: LineColumn(line: 0, column: 99), in: .utf16) == 6)
    #expect(document.offset(of: LineColumn(line: 5, column: 0), in: .utf16) == 6)
  }
}
