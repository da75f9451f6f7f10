import BookNotesTestSupport
import Testing

@testable import NoteIntelligence
@testable import NoteSyntax

/// After a keystroke inside a large block, the caches per block (semantic tokens, links)
/// hold what a fresh note gives, and compute that block again, not the note's others.
@Suite(.onThreadsOfItsOwn) struct LargeBlockAnalysisTests {
  static let words = ["memory", "habit", "the", "of", "book", "idea", "café", "😀", "中文"]

  static func prose(_ rng: inout NoteLinkCacheTests.Seeded, count: Int) -> String {
    (0..<count).map { _ in
      let word = words.randomElement(using: &rng)!
      switch Int.random(in: 0..<24, using: &rng) {
      case 0: return "?[\(word)](\(word))"
      case 1: return "*\(word)*"
      case 2: return "**\(word)** `c`"
      case 3: return "[\(word)](gone.md)"
      case 4: return "[\(word)](there.md)"
      case 5: return "#\(word)"
      case 6: return "?[\(word)]"
      case 7: return "?[\(word)](\(word) (x))"
      default: return word
      }
    }.joined(separator: " ")
  }

  /// Notes of one large block each: a one-line paragraph, a quote, a list, one phrase
  /// repeated, a quote of one line and a list item of one line.
  static let notes: [String] = {
    var rng = NoteLinkCacheTests.Seeded(state: 17)
    let paragraph = prose(&rng, count: 12_000)
    let quote = (0..<1_500).map { _ in "> " + prose(&rng, count: 8) }.joined(separator: "\n") + " (p. 4)"
    let list = (0..<1_500).map { _ in "- " + prose(&rng, count: 8) }.joined(separator: "\n")
    let repeated = String(repeating: "word #tag [a](gone.md) ", count: 20_000)
    let quoteLine = "> " + prose(&rng, count: 12_000) + " (p. 9)"
    let listItem = "1. " + prose(&rng, count: 12_000) + "\n2. next"
    return [paragraph, quote, list, repeated, quoteLine, listItem].map {
      "# Title\n\n" + $0 + "\n\nEnd [e](gone.md).\n"
    }
  }()

  @Test(arguments: 0..<6)
  func keystrokesRecomputeTheirBlock(_ index: Int) {
    var rng = NoteLinkCacheTests.Seeded(state: UInt64(index) + 1)
    var doc = NoteDocument(Self.notes[index])
    let tokens = SemanticTokenCache()
    let links = NoteLinkCache()
    _ = tokens.tokens(for: doc)
    _ = links.links(in: doc)
    for step in 0..<12 {
      let at = doc.scalarBoundary(atOrBefore: Int.random(in: 10..<(doc.utf8Count - 20), using: &rng))
      let insert = ["x", "x", "x", "*", "?[", ")", "[a](gone.md)", "\n", ""].randomElement(using: &rng)!
      doc.replace(at..<(insert.isEmpty ? at + 1 : at), with: insert)
      let fresh = NoteDocument(doc.string)
      #expect(tokens.tokens(for: doc) == SemanticTokenizer.tokens(for: fresh), "step \(step)")
      #expect(links.links(in: doc) == NoteLinkCache.fresh(in: fresh), "step \(step)")
      if insert == "x" {
        // A letter reparses its block alone (a line break may make two of it).
        #expect(tokens.lastComputedBlocks <= 2, "step \(step): \(tokens.lastComputedBlocks) blocks tokenized")
        #expect(links.lastComputedRuns == 1, "step \(step): \(links.lastComputedRuns) runs scanned")
        #expect(links.lastScannedBlocks <= 2, "step \(step): \(links.lastScannedBlocks) blocks scanned")
      }
    }
  }
}
