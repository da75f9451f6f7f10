import BookNotesTestSupport
import NoteSyntax
import Testing

@testable import NoteIntelligence

/// The pairing of a note's lists, run of blocks by run (``ListQuestionCache``): a `* A:`
/// list right after a `- Q:` list answers it, and a question followed by anything else
/// stays unanswered, wherever the runs of blocks the tree keeps begin and end.
@Suite(.onThreadsOfItsOwn) struct ListPairingScanTests {
  /// A note whose first pair's lists are blocks `2 * fillers` and `2 * fillers + 1`
  /// (one later with a heading first): some such notes split them between two runs.
  func note(fillers: Int, heading: Bool = false) -> String {
    let filler = (0..<fillers).map { "Paragraph \($0).\n\n" }.joined()
    return (heading ? "# Title\n" : "") + filler + "- Q: Asked?\n* A: Answered.\n\n" + filler
      + "- Q: Open?\n\nAfter.\n\n" + filler + "1. Q: Last?\n"
  }

  @Test(arguments: Array(stride(from: 0, through: 300, by: 7)) + Array(60...67), [false, true])
  func questionsPairAcrossRunsOfBlocks(fillers: Int, heading: Bool) {
    let doc = NoteDocument(note(fillers: fillers, heading: heading))
    let pairs = Prompts.prompts(for: doc).filter { $0.kind == .qa }.map { "\($0.front) -> \($0.back)" }
    #expect(pairs == ["Asked? -> Answered."])
    let unanswered = Diagnostics.findings(of: doc).filter { $0.code == .qaMissingAnswer }.map {
      doc.text.string(in: $0.range.upperBound..<($0.range.upperBound + 6))
    }
    #expect(unanswered == [" Open?", " Last?"])
  }

  /// A cache kept across edits gives what a fresh pairing gives, and pairs again only the
  /// runs of blocks an edit changed; edits open and close pairs across runs.
  @Test func aCacheKeptAcrossEditsEqualsAFreshPairing() {
    var doc = NoteDocument(note(fillers: 200))
    let cache = ListQuestionCache()
    _ = cache.scan(doc)
    var generator = SystemRandomNumberGenerator()
    let edits = ["- Q: New?\n", "* A: New answer.\n", "Text.\n\n", "", "\n", "- A: x\n\n- Q: y\n"]
    for step in 0..<200 {
      let length = doc.text.count
      let start = Int.random(in: 0...length, using: &generator)
      let end = min(length, start + Int.random(in: 0...12, using: &generator))
      _ = doc.replace(start..<end, with: edits[step % edits.count])
      let fresh = NoteDocument(doc.text.string(in: 0..<doc.text.count))
      let kept = cache.scan(doc)
      let expected = ListPairing.scan(fresh)
      #expect(kept.pairs == expected.pairs, "step \(step)")
      #expect(kept.unanswered.map(\.marker) == expected.unanswered.map(\.marker), "step \(step)")
      #expect(kept.unanswered.map(\.text) == expected.unanswered.map(\.text), "step \(step)")
      #expect(cache.lastComputedRuns <= 4, "step \(step)")
    }
  }
}
