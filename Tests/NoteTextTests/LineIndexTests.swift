import BookNotesTestSupport
import Testing

@testable import NoteText

/// The line index of a whole text, scanned sixteen bytes at a time, must equal the lines
/// counted one by one from the text's lines, and a parsed note's index must be that one.
@Suite(.onThreadsOfItsOwn) struct LineIndexTests {
  /// The records of `bytes`'s lines, cut at each `\r\n`, `\n` and `\r`, counted through
  /// Swift's own UTF-16 and scalar views.
  static func countedLines(_ bytes: [UInt8]) -> [LineIndex.Line] {
    var lines: [LineIndex.Line] = []
    var start = 0
    var i = 0
    func add(_ end: Int, _ breakLength: Int) {
      let text = String(decoding: bytes[start..<end], as: UTF8.self)
      lines.append(
        LineIndex.Line(
          utf8: Int32(end - start + breakLength), utf16: Int32(text.utf16.count + breakLength),
          scalars: Int32(text.unicodeScalars.count + breakLength), breakLength: Int8(breakLength)))
    }
    while i < bytes.count {
      if bytes[i] == 0x0A || bytes[i] == 0x0D {
        let breakLength = bytes[i] == 0x0D && i + 1 < bytes.count && bytes[i + 1] == 0x0A ? 2 : 1
        add(i, breakLength)
        i += breakLength
        start = i
      } else {
        i += 1
      }
    }
    add(bytes.count, 0)
    return lines
  }

  func expectSameIndex(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let bytes = Array(text.utf8)
    let counted = Self.countedLines(bytes)
    let index = bytes.withUnsafeBufferPointer { LineIndex(bytes: $0) }
    #expect(index.lineCount == counted.count, "\(text.debugDescription)", sourceLocation: sourceLocation)
    guard index.lineCount == counted.count else { return }
    var start = 0
    for (number, line) in counted.enumerated() {
      #expect(
        index.record(ofLine: number) == line && index.startOfLine(number) == start,
        "line \(number) of \(text.debugDescription)", sourceLocation: sourceLocation)
      start += Int(line.utf8)
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

  /// Each kind of line break, and a non-ASCII byte, at every lane of the sixteen-byte
  /// steps and across two steps: before, after and between breaks in one step.
  @Test func breaksAtEveryLane() {
    for breakText in ["\n", "\r", "\r\n", "\n\r", "\r\r\n"] {
      for before in 0..<34 {
        for after in [0, 1, 5, 15, 16, 17, 40] {
          let plain = String(repeating: "a", count: before) + breakText + String(repeating: "b", count: after)
          expectSameIndex(plain)
          expectSameIndex(
            String(repeating: "a", count: before) + "é" + breakText + "x\n" + String(repeating: "b", count: after))
          expectSameIndex("ab" + breakText + String(repeating: "a", count: before) + breakText + "é" + breakText)
        }
      }
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
    let index = bytes.withUnsafeBufferPointer { LineIndex(bytes: $0) }
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

  @Test func generatedNotes() {
    var rng = SplitMix(seed: 7)
    for _ in 0..<300 { expectSameIndex(NoteGenerator.note(&rng)) }
  }
}
