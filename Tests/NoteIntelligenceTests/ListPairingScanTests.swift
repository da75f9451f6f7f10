import NoteSyntax
import Testing

@testable import NoteIntelligence

/// The pairing of a note's lists visits only the blocks that hold a `Q:` marker and the
/// block after a list that leaves its last question open: a `* A:` list right after a
/// `- Q:` list answers it, and a question followed by anything else stays unanswered,
/// wherever the runs of blocks the tree keeps begin and end.
@Suite struct ListPairingScanTests {
  func note(fillers: Int) -> String {
    let filler = (0..<fillers).map { "Paragraph \($0).\n\n" }.joined()
    return filler + "- Q: Asked?\n* A: Answered.\n\n" + filler + "- Q: Open?\n\nAfter.\n\n" + filler
      + "1. Q: Last?\n"
  }

  @Test(arguments: Array(stride(from: 0, through: 300, by: 7)))
  func questionsPairAcrossRunsOfBlocks(fillers: Int) {
    let doc = NoteDocument(note(fillers: fillers))
    let pairs = Prompts.prompts(for: doc).filter { $0.kind == .qa }.map { "\($0.front) -> \($0.back)" }
    #expect(pairs == ["Asked? -> Answered."])
    let unanswered = Diagnostics.findings(of: doc).filter { $0.code == .qaMissingAnswer }.map {
      doc.text.string(in: $0.range.upperBound..<($0.range.upperBound + 6))
    }
    #expect(unanswered == [" Open?", " Last?"])
  }

  @Test func anEditThatMovesTheRunsKeepsThePairs() {
    var doc = NoteDocument(note(fillers: 200))
    for _ in 0..<40 { _ = doc.replace(0..<0, with: "Before.\n\n") }
    let fresh = NoteDocument(doc.text.string(in: 0..<doc.text.count))
    #expect(ListPairing.scan(doc).pairs == 1)
    #expect(ListPairing.scan(doc).unanswered.map(\.marker) == ListPairing.scan(fresh).unanswered.map(\.marker))
    #expect(ListPairing.scan(doc).unanswered.count == 2)
  }
}
