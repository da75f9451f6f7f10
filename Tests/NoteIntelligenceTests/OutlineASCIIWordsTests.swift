import BookNotesTestSupport
import Testing

@testable import NoteIntelligence

/// The first words of a text, found eight bytes at a time where no byte beyond ASCII is
/// next to a space, are those the byte-by-byte reading takes.
@Suite(.onThreadsOfItsOwn) struct OutlineASCIIWordsTests {
  @Test func asciiWordsFoundEightBytesAtATimeAreThoseReadByteByByte() {
    // Words of many lengths, single and double spaces, and bytes outside ASCII.
    let pieces = [
      "a", "bc", "defghij", "klmnopqrstu", " ", " ", " ", "  ", "é", "12345678", "\t", "x y", "“", "\u{301}", "中文",
    ]
    var state: UInt64 = 0x2545_F491_4F6C_DD1D
    func next() -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int(truncatingIfNeeded: state >> 33)
    }
    var fast = 0
    var compared = 0
    for _ in 0..<6_000 {
      let text = (0..<(next() % 40)).map { _ in pieces[next() % pieces.count] }.joined()
      let bytes = Array(text.utf8)
      for maxWords in [1, 2, 8, 12, .max] {
        for maxBytes in [1, 5, 24, 80, bytes.count, bytes.count - 1, bytes.count - 2, .max] where maxBytes > 0 {
          for truncated in [false, true] {
            bytes.withUnsafeBufferPointer { buffer in
              let found = OutlineText.asciiFirstWords(
                of: buffer, truncated: truncated, maxWords: maxWords, maxBytes: maxBytes)
              let expected = OutlineText.singleSpacedFirstWords(
                of: buffer, truncated: truncated, maxWords: maxWords, maxBytes: maxBytes)
              compared += 1
              guard let found else { return }
              fast += 1
              #expect(
                found == expected,
                "\(text.debugDescription), \(maxWords) words, \(maxBytes) bytes, truncated \(truncated)")
            }
          }
        }
      }
    }
    #expect(fast > 20_000)
  }
}
