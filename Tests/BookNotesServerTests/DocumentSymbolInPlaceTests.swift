import NoteIntelligence
import NoteSyntax
import Testing

@testable import BookNotesServer

/// An outline written in place into the answer's array is the outline the writer gives
/// from room of its own, whether it fits the room made for it or outgrows it.
@Suite struct DocumentSymbolInPlaceTests {
  @Test(arguments: [
    "# Book\n\n## One\n\n> A quote. (p. 2)\n\nQ: Why?\nA: Because.\n",
    // Many short headings: an answer far longer than the room made for it.
    (0..<3_000).map { "## H\($0)\n" }.joined(),
    "",
  ])
  func anOutlineWrittenInPlaceIsTheOutlineWrittenApart(text: String) {
    let note = NoteDocument(text)
    var apart = DocumentSymbolWriter(note: note, encoding: .utf16)
    OutlineCache().walk(note, visitor: &apart)
    let inPlace = DocumentSymbolWriter.outline(of: note, encoding: .utf16) { OutlineCache().walk(note, visitor: &$0) }
    #expect(inPlace == apart.finish())
    #expect(inPlace.first == UInt8(ascii: "[") && inPlace.last == UInt8(ascii: "]"))
  }

  @Test func bytesWrittenPastTheBufferGivenMoveToRoomOfItsOwn() {
    var expected: [UInt8] = []
    let read = [UInt8](unsafeUninitializedCapacity: 32) { buffer, count in
      var output = ByteOutput(writingInto: buffer)
      for index in 0..<3 {
        output.append("piece ")
        output.append(number: index)
        expected += Array("piece \(index)".utf8)
      }
      #expect(output.isInPlace)
      for index in 3..<500 {
        output.append("piece ")
        output.append(number: index)
        expected += Array("piece \(index)".utf8)
      }
      #expect(!output.isInPlace)
      #expect(output.bytes == expected)
      count = 0
    }
    #expect(read.isEmpty)
  }
}
