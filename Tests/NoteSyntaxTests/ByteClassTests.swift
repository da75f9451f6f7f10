import BookNotesTestSupport
import Testing

@testable import NoteSyntax

@Suite(.onThreadsOfItsOwn) struct ByteClassTests {
  /// The emoji test answers most scalars from ranges; for every scalar it must agree
  /// with the definition on Unicode's properties (a newer Unicode adding emoji inside
  /// those ranges would show here).
  @Test func emojiRangesAgreeWithUnicodesProperties() {
    var disagreements: [String] = []
    for value in UInt32(0)...0x10FFFF {
      guard let scalar = Unicode.Scalar(value) else { continue }
      let expected: Bool
      if value < 0x2000 {
        expected = false
      } else if value < 0x2070 {
        expected = value == 0x203C || value == 0x2049
      } else {
        expected = scalar.properties.isEmojiPresentation || scalar.properties.isEmoji
      }
      if ByteClass.isEmoji(scalar) != expected {
        disagreements.append("U+" + String(value, radix: 16, uppercase: true))
      }
    }
    #expect(disagreements.isEmpty, "\(disagreements.prefix(20))")
    #expect(ByteClass.isEmoji("😀") && ByteClass.isEmoji("☀") && ByteClass.isEmoji("〽"))
    #expect(!ByteClass.isEmoji("中") && !ByteClass.isEmoji("。") && !ByteClass.isEmoji("—"))
  }
}
