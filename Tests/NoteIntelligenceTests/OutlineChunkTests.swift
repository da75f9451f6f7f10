import BookNotesTestSupport
import NoteSyntax
import Testing

@testable import NoteIntelligence

/// Outline names read a name's text from the storage chunk that holds it
/// (``InlineText/readingChunk(holding:_:)``), or piece by piece where the name spans two
/// chunks: a heading, a quote, a question and a cloze have the same names wherever they
/// lie against a chunk's edge.
@Suite(.onThreadsOfItsOwn) struct OutlineChunkTests {
  static let blocks = """
    ## A heading with **strong** words and a [link](https://example.org) café

    > “Curly quoted words of a quote, with `code` and *emphasis* that runs on
    > past its first line” and more words after that
    > — p. 42

    Q: What does a question ask, in **words** that go on?
    A: An answer with ?[a hint](the cloze answer) inside it.

    A paragraph where ?[hint](one cloze) sits among words. Then the next sentence.

    """

  static let expected: [String] = [
    "A heading with strong words and a link café",
    "“Curly quoted words of a quote, with code …",
    "What does a question ask, in words that go on?",
    "An answer with [a hint] inside it.",
    "A paragraph where [hint] sits among words.",
  ]

  /// The names of the outline's entries below the book, in order (a cloze's after its
  /// question's).
  static func names(_ symbols: [OutlineSymbol]) -> [String] {
    symbols.flatMap { [$0.name] + names($0.children) }
  }

  @Test func namesAreTheSameAcrossAChunksEdge() {
    // The size of the note's storage chunks (`TextStorage.targetChunkSize`).
    let chunk = 16 * 1024
    let blocks = Array(Self.blocks.utf8)
    // A filler paragraph puts the blocks' text from well before the chunk's edge to past it.
    for shift in stride(from: 0, to: blocks.count, by: 3) {
      let fillerLength = chunk - blocks.count + shift
      let filler = String(repeating: "word ", count: fillerLength / 5) + "\n\n"
      let doc = NoteDocument(filler + Self.blocks)
      let found = Self.names(Outline.symbols(for: doc))
      #expect(found == Self.expected, "filler of \(filler.utf8.count) bytes")
    }
  }
}
