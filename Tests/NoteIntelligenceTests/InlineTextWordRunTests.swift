import BookNotesTestSupport
import Testing

@testable import NoteIntelligence

/// The run of words a rendering copies at once, found eight bytes at a time, ends where
/// the byte-by-byte rule ends it.
@Suite(.onThreadsOfItsOwn) struct InlineTextWordRunTests {
  /// The byte-by-byte rule: past non-space bytes and single spaces before a non-space.
  static func byteByByteEnd(in text: [UInt8], from start: Int, scanEnd: Int) -> Int {
    func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
    var end = start
    while end < scanEnd {
      let byte = text[end]
      if byte == 0x20 && end + 1 < text.count && !isSpace(text[end + 1]) {
        end += 2
      } else if isSpace(byte) {
        break
      } else {
        end += 1
      }
    }
    return end
  }

  @Test func aRunEndsWhereTheByteByByteRuleEndsIt() {
    // Spaces, tabs, line breaks, control bytes, `!` (0x21, the first byte not looked at
    // alone), letters, and bytes of characters outside ASCII (0x80, 0xA0, 0xE2, 0xFF).
    let alphabet: [UInt8] = [
      0x20, 0x20, 0x20, 0x09, 0x0A, 0x0D, 0x00, 0x01, 0x1F, 0x21, 0x61, 0x62, 0x7A, 0x80, 0xA0, 0xE2, 0xFF,
    ]
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    func next() -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int(truncatingIfNeeded: state >> 33)
    }
    var compared = 0
    var longRuns = 0
    for _ in 0..<400 {
      let length = next() % 70
      // Words of several lengths between the spaces, so runs pass eight bytes too.
      let spaceOdds = 1 + next() % 12
      let text = (0..<length).map { _ in
        next() % spaceOdds == 0 ? alphabet[next() % alphabet.count] : alphabet[10 + next() % 3]
      }
      text.withUnsafeBufferPointer { buffer in
        for start in 0...length {
          for scanEnd in start...length {
            let expected = Self.byteByByteEnd(in: text, from: start, scanEnd: scanEnd)
            let found = InlineText.wordRunEnd(in: buffer, from: start, scanEnd: scanEnd)
            if found != expected {
              Issue.record("\(text) from \(start) to \(scanEnd): \(found) != \(expected)")
              return
            }
            if expected - start > 16 { longRuns += 1 }
            compared += 1
          }
        }
      }
    }
    #expect(compared > 100_000)
    #expect(longRuns > 1_000)
  }
}
