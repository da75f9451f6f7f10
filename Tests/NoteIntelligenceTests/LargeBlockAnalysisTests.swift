import Testing

@testable import NoteIntelligence
@testable import NoteSyntax

/// Analyses of a note whose large blocks are stored in pieces equal those of the same
/// note parsed without pieces, and after a keystroke inside a large block the caches
/// per stored block (semantic tokens, links) compute only a few pieces again.
@Suite struct LargeBlockAnalysisTests {
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
  /// repeated (whose pieces an edit may take over at new places), a quote of one line
  /// (whose quoted text runs across its pieces) and a list item of one line.
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

  static func unsplit(_ text: String) -> NoteDocument {
    NoteDocument(validUTF8: Array(text.utf8), cutsLargeBlocks: false)
  }

  @Test(arguments: 0..<6)
  func analysesEqualThoseOfTheWholeBlock(_ index: Int) {
    let text = Self.notes[index]
    let doc = NoteDocument(text)
    let whole = Self.unsplit(text)
    #expect(doc.tree.storedBlockCount > doc.tree.blockCount + 10)
    #expect(Self.joined(SemanticTokenizer.tokens(for: doc)) == SemanticTokenizer.tokens(for: whole))
    if index != 4 { #expect(SemanticTokenizer.tokens(for: doc) == SemanticTokenizer.tokens(for: whole)) }
    #expect(NoteLinkCache().links(in: doc) == NoteLinkCache.fresh(in: whole))
    #expect(Diagnostics.compute(doc) == Diagnostics.compute(whole))
    #expect(FoldingRegions.regions(for: doc) == FoldingRegions.regions(for: whole))
    #expect(Outline.symbols(for: doc) == Outline.symbols(for: whole))
    let middle = text.utf8.count / 2
    // The highlighting within the range asked for (a token across a cut of a long quote
    // line is, in pieces, the part in the pieces touching the range).
    let asked = middle..<(middle + 500)
    #expect(
      Self.joined(Self.clipped(SemanticTokenizer.tokens(for: doc, in: asked), to: asked))
        == Self.joined(Self.clipped(SemanticTokenizer.tokens(for: whole, in: asked), to: asked)))
    if index != 4 {
      #expect(SemanticTokenizer.tokens(for: doc, in: asked) == SemanticTokenizer.tokens(for: whole, in: asked))
    }
  }

  /// `tokens` cut to `range`.
  static func clipped(_ tokens: [SemanticToken], to range: Range<Int>) -> [SemanticToken] {
    tokens.compactMap { token in
      let start = max(token.start, range.lowerBound)
      let end = min(token.end, range.upperBound)
      return end > start
        ? SemanticToken(start: start, length: end - start, type: token.type, modifiers: token.modifiers) : nil
    }
  }

  /// `tokens` with adjacent tokens of one type and modifiers made one: the highlighting
  /// they give. The quoted text of a long quote line is one token per piece of the line
  /// (tokens are kept per piece), where the whole line's parse makes one.
  static func joined(_ tokens: [SemanticToken]) -> [SemanticToken] {
    var out: [SemanticToken] = []
    for token in tokens {
      if let last = out.last, last.end == token.start, last.type == token.type, last.modifiers == token.modifiers {
        out[out.count - 1].length += token.length
      } else {
        out.append(token)
      }
    }
    return out
  }

  @Test(arguments: 0..<6)
  func keystrokesRecomputeAFewPieces(_ index: Int) {
    var rng = NoteLinkCacheTests.Seeded(state: UInt64(index) + 1)
    var doc = NoteDocument(Self.notes[index])
    let tokens = SemanticTokenCache()
    let links = NoteLinkCache()
    _ = tokens.tokens(for: doc)
    _ = links.links(in: doc)
    for step in 0..<30 {
      let at = doc.scalarBoundary(atOrBefore: Int.random(in: 10..<(doc.utf8Count - 20), using: &rng))
      let insert = ["x", "x", "x", "*", "?[", ")", "[a](gone.md)", "\n", ""].randomElement(using: &rng)!
      doc.replace(at..<(insert.isEmpty ? at + 1 : at), with: insert)
      let fresh = NoteDocument(doc.string)
      #expect(tokens.tokens(for: doc) == SemanticTokenizer.tokens(for: fresh), "step \(step)")
      #expect(links.links(in: doc) == NoteLinkCache.fresh(in: fresh), "step \(step)")
      if insert == "x" {
        // A keystroke reparses a few pieces (the first is the largest); a run of stored
        // blocks holds up to 128 of them.
        #expect(tokens.lastComputedBlocks <= 12, "step \(step): \(tokens.lastComputedBlocks) blocks tokenized")
        #expect(links.lastComputedRuns <= 2, "step \(step): \(links.lastComputedRuns) runs scanned")
        if step > 0 {
          #expect(links.lastScannedBlocks <= 12, "step \(step): \(links.lastScannedBlocks) blocks scanned")
        }
      }
    }
  }
}
