import BookNotesTestSupport
import NoteSyntax
import Testing

@testable import NoteIntelligence

/// Links that use a link reference definition get the tokens of an inline link while
/// the note defines their label, and none when it does not: the cache follows a
/// definition's coming and going.
@Suite(.onThreadsOfItsOwn) struct ReferenceLinkTokenTests {
  static let note = """
    See [the book][kahneman], [Noise][], [noise] and **[noise]**, ![cover][img].
    Not [sic], nor [gone][missing].

    [kahneman]: books/thinking.md
    [noise]: books/noise.md
    [img]: cover.png

    """

  @Test func definedLabelsAreColouredAsInlineLinksAre() {
    #expect(
      Dump.tokens(Self.note) == """
        0:4 1 marker "["
        0:5 8 link "the book"
        0:13 2 marker "]["
        0:15 8 url "kahneman"
        0:23 1 marker "]"
        0:26 1 marker "["
        0:27 5 link "Noise"
        0:32 3 marker "][]"
        0:37 1 marker "["
        0:38 5 link "noise"
        0:43 1 marker "]"
        0:49 3 marker "**["
        0:52 5 link "noise"
        0:57 3 marker "]**"
        0:62 2 marker "!["
        0:64 5 link "cover"
        0:69 2 marker "]["
        0:71 3 url "img"
        0:74 1 marker "]"
        3:1 8 link "kahneman"
        3:12 17 url "books/thinking.md"
        4:1 5 link "noise"
        4:9 14 url "books/noise.md"
        5:1 3 link "img"
        5:7 9 url "cover.png"
        """)
  }

  /// (A bracket of an undefined label belongs to no node, so it takes no style.)
  @Test func withoutDefinitionsBracketsAreText() {
    #expect(
      Dump.tokens("Not [sic], nor [gone][missing], *[x]*.\n") == """
        0:32 1 marker "*"
        0:34 1 emphasis "x"
        0:36 1 marker "*"
        """)
  }

  @Test func theCacheFollowsADefinitionComingAndGoing() {
    var doc = NoteDocument("Read [noise] and [sic].\n\nOther text.\n")
    let cache = SemanticTokenCache()
    func tokens() -> String { Dump.tokens(cache.tokens(for: doc), in: doc) }
    #expect(tokens() == "")
    let end = doc.utf8Count
    _ = doc.replace(end..<end, with: "\n[noise]: books/noise.md\n")
    #expect(tokens() == Dump.tokens(SemanticTokenizer.tokens(for: doc), in: doc))
    #expect(tokens().contains(#"0:6 5 link "noise""#))
    // A range request sees it too.
    #expect(Dump.tokens(cache.tokens(for: doc, in: 0..<8), in: doc).contains(#"0:5 1 marker "[""#))
    // A label typed into the definition: `[noise]` is text again, `[sic]` a link.
    let definition = doc.text.string(in: 0..<doc.utf8Count).utf8.count - "noise]: books/noise.md\n".utf8.count
    _ = doc.replace(definition..<(definition + 5), with: "sic")
    #expect(tokens() == Dump.tokens(SemanticTokenizer.tokens(for: doc), in: doc))
    #expect(!tokens().contains(#"link "noise""#))
    #expect(tokens().contains(#"0:18 3 link "sic""#))
    // Removed: nothing is a link.
    let start = doc.text.string(in: 0..<doc.utf8Count).utf8.count - "[sic]: books/noise.md\n".utf8.count
    _ = doc.replace(start..<doc.utf8Count, with: "")
    #expect(tokens() == "")
  }
}
