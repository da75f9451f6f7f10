import BookNotesTestSupport
import NoteSyntax
import Testing

@testable import NoteIntelligence

@Suite(.onThreadsOfItsOwn) struct HoverTests {
  func hover(_ marked: String) throws -> (markdown: String, text: String)? {
    let (text, offset) = try marked.withCursor()
    let doc = NoteDocument(text)
    return HoverContent.markdown(at: offset, in: doc).map { ($0.markdown, doc.text.string(in: $0.range)) }
  }

  @Test func clozeShowsItsCard() throws {
    let result = try hover("Shown by ?[who](Vo$0hs) in *2000* and ?[](Baumeister), ?[x](y).\n")
    #expect(
      result?.markdown == """
        **Front:** Shown by [who] in *2000* and Baumeister, y.

        **Back:** Vohs

        *2 other clozes in this paragraph*
        """)
    #expect(result?.text == "?[who](Vohs)")
  }

  @Test func clozeWithoutHintShowsABlankAsWideAsTheAnswer() throws {
    let result = try hover("> By $0?[](Vohs) (p. 42)\n")
    #expect(result?.markdown == "**Front:** By \\_\\_\\_\\_\n\n**Back:** Vohs")
  }

  @Test func questionShowsThePair() throws {
    let result = try hover("Q: What is *ego$0 depletion*?\nA: A **limited** pool.\n")
    #expect(result?.markdown == "**Q:** What is *ego depletion*?\n\n**A:** A **limited** pool.")
    #expect(result?.text == "Q: What is *ego depletion*?\nA: A **limited** pool.")
  }

  @Test func quoteSplitsOutItsCitation() throws {
    let result = try hover("> People who are$0 busy\r\n> make choices. (p. 42)\r\n")
    #expect(result?.markdown == "> People who are busy make choices.\n\n— p. 42")
  }

  @Test func aQuoteCalloutsTitleIsItsCitationAndOtherCalloutsShowNothing() throws {
    let quote = try hover("> [!quote] Paul, *Dune*\n> Fear is$0 the mind-killer.\n")
    #expect(quote?.markdown == "> Fear is the mind-killer.\n\n— Paul, *Dune*")
    #expect(try hover("> [!note] Aside\n> Not$0 a quote.\n") == nil)
  }

  @Test func quoteSplitsOutItsDashCitation() throws {
    let result = try hover("> Nothing is as$0 important as you think — Kahneman, p. 6\n")
    #expect(result?.markdown == "> Nothing is as important as you think\n\n— Kahneman, p. 6")
  }

  @Test func nothingOnHashtagsPlainTextOrMalformedClozes() throws {
    #expect(try hover("> a #ta$0g b\n") == nil)
    #expect(try hover("Plain $0text\n") == nil)
    #expect(try hover("Broken ?[h$0](x\n") == nil)
  }
}
