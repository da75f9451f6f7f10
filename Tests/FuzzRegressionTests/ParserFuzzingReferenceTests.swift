import Testing

@testable import NoteSyntaxFuzzing

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

  @Test func sameBytesComparesEveryByte() {
    #expect(ParserFuzzing.sameBytes([], []))
    #expect(ParserFuzzing.sameBytes([1, 2, 3], [1, 2, 3]))
    #expect(!ParserFuzzing.sameBytes([1, 2, 3], [1, 2, 4]))
    #expect(!ParserFuzzing.sameBytes([1, 2], [1, 2, 3]))
  }
}
