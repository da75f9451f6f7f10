import Testing

@testable import NoteSyntaxFuzzing
@testable import NoteText

/// The parser fuzzer's own reference for lines and ASCII, which its properties compare
/// the line index with: they must agree with the plain definitions, byte by byte.
@Suite struct ParserFuzzingReferenceTests {
  /// Lines split at `\r\n`, `\n` and `\r`, one byte at a time.
  static func plainLines(_ text: [UInt8]) -> [Range<Int>] {
    var contents: [Range<Int>] = []
    var start = 0
    var i = 0
    while i < text.count {
      if text[i] == 0x0A || text[i] == 0x0D {
        contents.append(start..<i)
        i += text[i] == 0x0D && i + 1 < text.count && text[i + 1] == 0x0A ? 2 : 1
        start = i
      } else {
        i += 1
      }
    }
    contents.append(start..<text.count)
    return contents
  }

  static let texts = [
    "", "\n", "\r", "\r\n", "\n\r", "a", "a\r", "a\r\n", "\r\r\n\n", "one\ntwo\r\nthree\rfour",
    "ends with a carriage return\r", "\r\n\r\n\r", "é\r\nñ\n日本\r", "x\n\n\r\r\n\r\n\n\r",
  ]

  @Test(arguments: texts)
  func referenceLinesSplitAsThePlainDefinition(_ text: String) {
    let bytes = Array(text.utf8)
    #expect(ParserFuzzing.referenceLines(bytes) == Self.plainLines(bytes), "\(text.debugDescription)")
  }

  @Test func referenceLinesOfEveryShortMixOfBreaks() {
    // Every text of up to six bytes from `a`, `\r` and `\n`.
    let alphabet: [UInt8] = [0x61, 0x0D, 0x0A]
    var texts: [[UInt8]] = [[]]
    for _ in 0..<6 {
      texts += texts.filter { $0.count == texts.last!.count }.flatMap { text in alphabet.map { text + [$0] } }
    }
    for text in texts {
      #expect(ParserFuzzing.referenceLines(text) == Self.plainLines(text), "\(text)")
    }
  }

  @Test func asciiIsFoundInEveryPositionOfALongLine() {
    let line = Array(repeating: UInt8(ascii: "a"), count: 37)
    #expect(ParserFuzzing.isASCII(line, 0..<line.count))
    for position in line.indices {
      var text = line
      text[position] = 0xC3
      #expect(!ParserFuzzing.isASCII(text, 0..<text.count), "\(position)")
      #expect(ParserFuzzing.isASCII(text, 0..<position))
      #expect(ParserFuzzing.isASCII(text, (position + 1)..<text.count))
    }
  }

  @Test func sameTextComparesEveryByteOfEveryPiece() {
    // Over 16 KB, so the storage holds the text in more than one piece.
    let text = Array(String(repeating: "line é\r\n", count: 5_000).utf8)
    let storage = TextStorage(validUTF8: text)
    #expect(ParserFuzzing.sameText(storage, text))
    #expect(ParserFuzzing.sameText(TextStorage(validUTF8: []), []))
    #expect(!ParserFuzzing.sameText(storage, Array(text.dropLast())))
    for position in [0, 16_383, 16_384, 30_000, text.count - 1] {
      var other = text
      other[position] ^= 1
      #expect(!ParserFuzzing.sameText(storage, other), "\(position)")
    }
  }

  @Test(arguments: texts)
  func unitCountsAreTheStringsCounts(_ text: String) {
    let bytes = Array((text + "😀ü\u{10FFFF}").utf8)
    for lower in 0...bytes.count where lower == bytes.count || bytes[lower] & 0xC0 != 0x80 {
      let string = String(decoding: bytes[lower...], as: UTF8.self)
      let counts = ParserFuzzing.unitCounts(bytes, lower..<bytes.count)
      #expect(counts.utf16 == string.utf16.count && counts.scalars == string.unicodeScalars.count)
    }
  }

  @Test func sameLinesComparesEveryRecordWhateverTheChunks() {
    let lines = (0..<700).map { (number: Int) -> LineIndex.Line in
      let length = Int32(number % 9 + 1)
      return LineIndex.Line(utf8: length, utf16: length, scalars: length, breakLength: 1)
    }
    let fresh = LineIndex(chunks: [Array(lines[..<512]), Array(lines[512...])])
    let other = LineIndex(chunks: [Array(lines[..<300]), Array(lines[300..<650]), Array(lines[650...])])
    #expect(ParserFuzzing.sameLines(other, fresh) == nil)
    for number in [0, 299, 300, 511, 512, 699] {
      var changed = lines
      changed[number].utf16 += 1
      let edited = LineIndex(chunks: [Array(changed[..<300]), Array(changed[300..<650]), Array(changed[650...])])
      #expect(ParserFuzzing.sameLines(edited, fresh) == "line \(number) differs from a fresh parse")
    }
    #expect(ParserFuzzing.sameLines(LineIndex(chunks: [Array(lines.dropLast())]), fresh) != nil)
  }
}
