import BookNotesTestSupport
import NoteSyntax
import Testing

@testable import NoteIntelligence

@Suite(.onThreadsOfItsOwn) struct ExampleTokenTests {
  @Test func specExampleNote() {
    #expect(
      Dump.tokens(ExampleNote.text) == """
        0:0 3 marker "---"
        1:0 5 property "title"
        1:7 23 string "Thinking, Fast and Slow"
        2:0 7 property "authors"
        2:9 15 string "Daniel Kahneman"
        3:0 6 property "status"
        3:8 7 string "reading"
        4:0 3 marker "---"
        5:0 1 marker "#"
        5:2 23 heading[level1] "Thinking, Fast and Slow"
        6:0 11 hashtag "#books/2021"
        6:12 11 hashtag "#psychology"
        8:0 2 marker "##"
        8:3 30 heading[level2] "Chapter 3: The Lazy Controller"
        10:0 1 marker ">"
        10:2 77 quote "People who are cognitively busy are also more likely to make selfish choices,"
        11:0 1 marker ">"
        11:2 52 quote "use sexist language, and make superficial judgments."
        11:55 7 citation "(ch. 3)"
        13:0 1 marker ">"
        13:2 42 quote "Ego depletion was shown in experiments by "
        13:44 2 marker "?["
        13:46 10 clozeHint "researcher"
        13:56 2 marker "]("
        13:58 13 clozeAnswer "Kathleen Vohs"
        13:71 1 marker ")"
        13:72 1 quote "."
        13:74 7 citation "(p. 42)"
        15:0 2 marker "Q:"
        15:3 8 question "What is "
        15:11 1 marker "*"
        15:12 13 emphasis "ego depletion"
        15:25 1 marker "*"
        15:26 1 question "?"
        16:0 2 marker "A:"
        16:3 38 answer "The idea that self-control draws on a "
        16:41 2 marker "**"
        16:43 7 strong "limited"
        16:50 2 marker "**"
        16:52 23 answer " pool of mental energy."
        18:0 6 marker "tl;dr:"
        18:7 49 summary "System 2 is lazy and effortful; it gets depleted."
        """)
  }

  @Test func cachedTokensMatchAFreshPassAfterEdits() {
    var doc = NoteDocument(ExampleNote.text)
    let cache = SemanticTokenCache()
    _ = cache.tokens(for: doc)
    let edits: [(Range<Int>, String)] = [(0..<0, "\n"), (120..<125, "**x**"), (200..<200, "?[h](a) "), (1..<4, "")]
    for (range, text) in edits {
      doc.replace(range, with: text)
      #expect(cache.tokens(for: doc) == SemanticTokenizer.tokens(for: NoteDocument(doc.string)))
      #expect(cache.lastComputedBlocks < doc.tree.blockCount)
    }
  }
}
