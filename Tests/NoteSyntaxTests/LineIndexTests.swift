import BookNotesTestSupport
import Testing

@testable import NoteSyntax

/// A fresh parse builds the line index from the lines it examined; it must equal the
/// index scanned from the text, line for line.
@Suite struct LineIndexTests {
  func expectSameIndex(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let bytes = Array(text.utf8)
    let scanned = bytes.withUnsafeBufferPointer { LineIndex(bytes: $0) }
    let parsed = NoteDocument(text).lines
    #expect(parsed.lineCount == scanned.lineCount, "\(text.debugDescription)", sourceLocation: sourceLocation)
    guard parsed.lineCount == scanned.lineCount else { return }
    for line in 0..<scanned.lineCount {
      #expect(
        parsed.record(ofLine: line) == scanned.record(ofLine: line)
          && parsed.startOfLine(line) == scanned.startOfLine(line),
        "line \(line) of \(text.debugDescription)", sourceLocation: sourceLocation)
    }
  }

  @Test func edgeCases() {
    for text in [
      "", "\n", "\r", "\r\n", "a", "a\n", "a\r\nb", "a\rb\r", "\n\n\n", "# h\n\n", "```\ncode\n",
      "```\ncode\n```\nafter",
      "---\ntitle: x\n---\n# café\n", "> quote\n> — p. 4\r\n", "Q: é?\nA: 中文\n\n- a\n- b\n\n1. x\n",
      String(repeating: "long line with ünïcödé and 👍 ", count: 40) + "\n" + String(repeating: "x", count: 100),
      "para\r\ncontinued\r\n\r\nnext", "~~~\n\u{1F600}\n~~~",
    ] {
      expectSameIndex(text)
    }
  }

  /// A short text, one of three chunks of lines (the line is then found in its chunk),
  /// and long lines of other scripts (read sixteen bytes at a time).
  static let textsForColumns: [String] = {
    let short = "ASCII line\ncafé 👍 中文\r\n\nQ: é?\n👍👍"
    let chunks: [String] = (0..<1_300).map { (number: Int) -> String in
      number % 3 == 0 ? "line \(number) é👍\r\n" : number % 3 == 1 ? "line \(number)\n" : "\n"
    }
    let long: [String] = (0..<40).map { (number: Int) -> String in
      "long line \(number): " + String(repeating: "ünïcödé 👍 中文 ", count: number % 7 + 1) + "\n"
    }
    return [short, chunks.joined(), long.joined()]
  }()

  /// Every offset's line and columns, the bytes read in one piece or byte by byte,
  /// against counting the line's characters before it.
  @Test(arguments: textsForColumns)
  func lineAndColumnsOfEveryOffset(text: String) {
    let bytes = Array(text.utf8)
    let lines = bytes.withUnsafeBufferPointer { LineIndex(bytes: $0) }
    // Offsets at a character's start, and not between the two bytes of a CRLF break.
    let offsets = (0...bytes.count).filter { offset in
      offset == bytes.count || (bytes[offset] & 0xC0 != 0x80 && !(offset > 0 && bytes[offset - 1] == 0x0D))
    }
    // Every scalar's start and the end, less the second byte of each CRLF.
    let crlfs = zip(bytes, bytes.dropFirst()).filter { $0 == 0x0D && $1 == 0x0A }.count
    #expect(offsets.count == text.unicodeScalars.count + 1 - crlfs)
    var (line, lineStart, scanned) = (0, 0, 0)
    for offset in offsets {
      for index in scanned..<offset {
        if bytes[index] == 0x0A { line += 1 }
        if bytes[index] == 0x0A || bytes[index] == 0x0D { lineStart = index + 1 }
      }
      scanned = offset
      let before = String(decoding: bytes[lineStart..<offset], as: UTF8.self)
      let expected = (
        line: line, utf8: offset - lineStart, utf16: before.utf16.count, utf32: before.unicodeScalars.count
      )
      let whole = bytes.withUnsafeBufferPointer { all in
        lines.lineAndColumns(of: offset) { range, read in read(UnsafeBufferPointer(rebasing: all[range])) }
      }
      let byteByByte = bytes.withUnsafeBufferPointer { all in
        lines.lineAndColumns(of: offset) { range, read in
          for index in range { read(UnsafeBufferPointer(rebasing: all[index..<(index + 1)])) }
        }
      }
      #expect(whole == expected, "offset \(offset)")
      #expect(byteByByte == expected, "offset \(offset)")
    }
  }

  /// Each line's lengths in bytes, UTF-16 code units and scalars, against Swift's own
  /// counts: lines of every length mixing ASCII, accents, CJK and emoji (sixteen-byte
  /// runs of other scripts are counted at once).
  @Test func lineLengthsInEveryEncoding() {
    var rng = SplitMix(seed: 3)
    let pieces = ["a", "word ", "é", "中文", "段落没有空格", "👍", "🇫🇷", "\u{10FFFF}", "ß", "—"]
    var lines: [String] = []
    for _ in 0..<400 {
      let count = Int.random(in: 1..<60, using: &rng)
      lines.append((0..<count).map { _ in pieces.randomElement(using: &rng)! }.joined())
    }
    let breaks = ["\n", "\r\n", "\r"]
    let text = lines.map { $0 + breaks.randomElement(using: &rng)! }.joined() + lines[0]
    let bytes = Array(text.utf8)
    for index in [bytes.withUnsafeBufferPointer { LineIndex(bytes: $0) }, NoteDocument(text).lines] {
      #expect(index.lineCount == lines.count + 1)
      for (number, line) in (lines + [lines[0]]).enumerated() where number < index.lineCount {
        let record = index.record(ofLine: number)
        let expected = (utf8: line.utf8.count, utf16: line.utf16.count, scalars: line.unicodeScalars.count)
        let breakLength = Int(record.breakLength)
        #expect(
          (Int(record.utf8) - breakLength, Int(record.utf16) - breakLength, Int(record.scalars) - breakLength)
            == expected, "line \(number): \(line)")
      }
    }
  }

  @Test func generatedNotes() {
    var rng = SplitMix(seed: 7)
    for _ in 0..<300 { expectSameIndex(NoteGenerator.note(&rng)) }
  }
}
