import BookNotesTestSupport
import Testing

@testable import NoteSyntax

/// Parsing never fails: any bytes give a tree whose blocks tile the (repaired) text and
/// whose findings lie inside it.
@Suite(.onThreadsOfItsOwn) struct RobustnessTests {
  static let alphabet: [UInt8] =
    Array("?[]()*_`#>-+1.:QAq \t\n\r\\!😀é$%^|=".utf8) + [0x00, 0xFF, 0xC3, 0xE2, 0x80, 0xF0]

  @Test func randomBytesParse() {
    var rng = SplitMix(seed: 7)
    for _ in 0..<2000 {
      let count = Int.random(in: 0...300, using: &rng)
      let bytes = (0..<count).map { _ in Self.alphabet.randomElement(using: &rng)! }
      let document = NoteDocument(bytes: bytes)
      var end = 0
      document.tree.forEachBlock { block in
        #expect(block.range.lowerBound == end)
        end = block.range.upperBound
        block.forEachDescendant { node in
          #expect(node.range.lowerBound >= block.range.lowerBound && node.range.upperBound <= block.range.upperBound)
        }
      }
      #expect(end == document.utf8Count)
      for finding in document.tree.findings {
        #expect(finding.range.lowerBound >= 0 && finding.range.upperBound <= document.utf8Count)
      }
      #expect(!document.dump().isEmpty)
    }
  }

  @Test func emptyAndWhitespaceOnlyNotes() {
    #expect(NoteDocument("").tree.blockCount == 0)
    #expect(NoteDocument("").dump() == "(document 0..0)\n")
    #expect(NoteDocument("\n\n").tree.blockCount == 2)
    #expect(NoteDocument(" \t").tree.block(at: 0).kind == .blankLine)
  }
}
