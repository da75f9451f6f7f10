import BookNotesTestSupport
import Testing

@testable import NoteText

/// Offsets convert exactly between UTF-8 bytes and line/column in UTF-8, UTF-16 and UTF-32.
@Suite(.onThreadsOfItsOwn) struct PositionTests {
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
    let document = IndexedText(text)
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

  /// A walker steps from line to line across the line index's chunks (512 lines each,
  /// other sizes after edits) and jumps past many lines at once: every position agrees
  /// with converting the offset alone.
  @Test func walkerStepsAndJumpsAcrossChunks() {
    let lines = (0..<1_700).map { number -> String in
      switch number % 5 {
      case 0: "plain line \(number)"
      case 1: "中文 line \(number) 😀"
      case 2: ""
      case 3: "é\r"
      default: "- item \(number)\r\n"
      }
    }
    let fresh = IndexedText(lines.joined(separator: "\n"))
    var edited = fresh
    edited.replace(edited.utf8Count / 3..<(edited.utf8Count / 3 + 40), with: "new\nlines\n中\n")
    edited.replace(10..<10, with: String(repeating: "x\n", count: 700))
    for note in [fresh, edited] {
      let bytes = note.text.bytes(in: 0..<note.utf8Count)
      for encoding in PositionEncoding.allCases {
        // Strides of a byte to hundreds of lines; each offset moved back to a scalar's
        // start, and out of a CRLF pair (not a position a client can name).
        for stride in [1, 7, 61, 997, 20_011] {
          var walker = note.makeWalker(encoding: encoding)
          for next in Swift.stride(from: 0, through: bytes.count, by: stride) {
            var offset = next
            while offset > 0 && offset < bytes.count
              && (bytes[offset] & 0xC0 == 0x80 || (bytes[offset - 1] == 0x0D && bytes[offset] == 0x0A))
            {
              offset -= 1
            }
            #expect(
              walker.position(of: offset) == note.lineColumn(of: offset, in: encoding), "\(encoding) at \(offset)")
          }
        }
      }
    }
  }

  /// Lines longer than a storage chunk (16 KB) in every script, sixteen bytes read at a
  /// step: columns and offsets agree with counting scalar by scalar.
  @Test func longLinesInEveryScript() {
    let line = String(repeating: "中文a😀é b", count: 3_000)
    let text = line + "\r\n" + line
    let document = IndexedText(text)
    for encoding in PositionEncoding.allCases {
      var (offset, lineNumber, column, index) = (0, 0, 0, 0)
      for scalar in text.unicodeScalars {
        if index % 13 == 0 && scalar != "\n" {
          let position = LineColumn(line: lineNumber, column: column)
          #expect(document.lineColumn(of: offset, in: encoding) == position, "\(encoding) at \(offset)")
          #expect(document.offset(of: position, in: encoding) == offset, "\(encoding) at \(position)")
        }
        index += 1
        offset += scalar.utf8.count
        if scalar == "\n" {
          (lineNumber, column) = (lineNumber + 1, 0)
        } else if scalar != "\r" {
          column += encoding == .utf8 ? scalar.utf8.count : encoding == .utf16 ? scalar.utf16.count : 1
        }
      }
      // One column into the last 😀 of the first line: inside it in UTF-8 and UTF-16
      // (between its halves), so at its start; after it in UTF-32. And past the line's end.
      let last = line.utf8.count - 4 - "é b".utf8.count
      let next = document.lineColumn(of: last, in: encoding).column + 1
      #expect(
        document.offset(of: LineColumn(line: 0, column: next), in: encoding) == last + (encoding == .utf32 ? 4 : 0))
      #expect(document.offset(of: LineColumn(line: 0, column: 1 << 30), in: encoding) == line.utf8.count)
    }
  }

  /// A range's ends found in one reading of a long line (the end looked for from the
  /// start): the same as each end found on its own, whatever the columns (inside a
  /// surrogate pair, past the line's end, inverted, on other lines).
  @Test func rangesInOneLongLine() {
    let line = String(repeating: "中文a😀é b", count: 3_000)
    let document = IndexedText("short\n" + line + "\r\n" + line)
    var rng = SplitMix(seed: 11)
    let longest = line.utf8.count + 10
    for encoding in PositionEncoding.allCases {
      for _ in 0..<400 {
        let lines = [Int.random(in: 0...3, using: &rng), Int.random(in: 0...3, using: &rng)]
        let sameLine = Bool.random(using: &rng)
        let start = LineColumn(line: lines[0], column: Int.random(in: -2...longest, using: &rng))
        let end = LineColumn(line: sameLine ? lines[0] : lines[1], column: Int.random(in: -2...longest, using: &rng))
        let lower = document.offset(of: start, in: encoding)
        let upper = max(lower, document.offset(of: end, in: encoding))
        #expect(document.byteRange(from: start, to: end, in: encoding) == lower..<upper, "\(encoding) \(start) \(end)")
      }
    }
  }

  @Test func columnsInsideASurrogatePairRoundDown() {
    let document = IndexedText("a😀b")
    #expect(document.offset(of: LineColumn(line: 0, column: 2), in: .utf16) == 1)
    #expect(document.offset(of: LineColumn(line: 0, column: 3), in: .utf16) == 5)
    #expect(document.offset(of: LineColumn(line: 0, column: 99), in: .utf16) == 6)
    #expect(document.offset(of: LineColumn(line: 5, column: 0), in: .utf16) == 6)
  }
}
