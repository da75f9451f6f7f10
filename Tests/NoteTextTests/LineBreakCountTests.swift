import BookNotesTestSupport
import Testing

@testable import NoteText

/// `ByteScan.lineBreakCount(_:)`, which sizes the line index's arrays, counts the `\n`
/// and `\r` bytes of a text, sixteen at a time, as counting them one by one does.
@Suite(.onThreadsOfItsOwn) struct LineBreakCountTests {
  static func plainCount(_ bytes: [UInt8]) -> Int { bytes.filter { $0 == 0x0A || $0 == 0x0D }.count }

  func count(_ bytes: [UInt8]) -> Int { bytes.withUnsafeBufferPointer { ByteScan.lineBreakCount($0) } }

  @Test func emptyAndBreakOnlyTexts() {
    #expect(count([]) == 0)
    #expect(count(Array("\n".utf8)) == 1)
    #expect(count(Array("\r\n".utf8)) == 2)
    #expect(count(Array(String(repeating: "\r\n", count: 40).utf8)) == 80)
  }

  /// Each kind of break at every lane of one step and the next, among ASCII and
  /// non-ASCII bytes (whose high bits must not count).
  @Test func breaksAtEveryLane() {
    for filler in ["a", "é", "👍"] {
      for breakText in ["\n", "\r", "\r\n"] {
        for before in 0..<40 {
          let text = String(repeating: filler, count: before) + breakText + String(repeating: filler, count: 17)
          let bytes = Array(text.utf8)
          #expect(count(bytes) == Self.plainCount(bytes), "\(text.debugDescription)")
        }
      }
    }
  }

  @Test func manyLines() {
    let text = (0..<1_300).map { $0 % 3 == 0 ? "line \($0) é\r\n" : $0 % 3 == 1 ? "\n" : "x\r" }.joined()
    let bytes = Array(text.utf8)
    #expect(count(bytes) == Self.plainCount(bytes))
  }
}
