import BookNotesTestSupport
import NoteSyntax
import Testing

@testable import NoteIntelligence

/// Quote cards and callouts holding blocks: a card's front is the text of the quote's
/// lines, those of its lists and nested quotes included, never its code; a callout
/// stays no card whatever it holds; headings inside quotes are in the outline.
@Suite(.onThreadsOfItsOwn) struct QuotePromptTests {
  func cards(_ text: String) -> [String] {
    Prompts.prompts(for: NoteDocument(text)).map { "\($0.kind) L\($0.line) \($0.front) -> \($0.back)" }
  }

  @Test func aCardReadsTheTextOfItsListsAndNestedQuotesAndNotItsCode() {
    #expect(
      cards("# Habits\n\n> The loop:\n> - cue\n> > craving\n> ```\n> let x = 1\n> ```\n> reward (p. 47)\n") == [
        "quote L2 The loop: cue craving reward -> p. 47"
      ])
    #expect(cards("# B\n\n> Lazy\nline.\n") == ["quote L2 Lazy line. -> B"])
  }

  @Test func aCalloutHoldingAListAndCodeIsNoCard() {
    let text = "> [!tip] Keys\n> - one ?[a](b)\n>\n> ```\n> ?[not](a cloze)\n> ```\n"
    #expect(cards(text) == ["cloze L1 one [a] -> b"])
    #expect(
      cards("> [!quote] Seneca\n> - We suffer more\n> > in imagination\n") == [
        "quote L0 We suffer more in imagination -> Seneca"
      ])
  }

  @Test func headingsInsideQuotesAreInTheOutline() {
    let doc = NoteDocument("# Book\n\n> ## Inside\n> text\n\n> - ### Deeper\n")
    var names: [String] = []
    func collect(_ symbols: [OutlineSymbol]) {
      for symbol in symbols {
        names.append(symbol.name)
        collect(symbol.children)
      }
    }
    collect(Outline.symbols(for: doc))
    #expect(names.contains("Inside"))
    #expect(names.contains("Deeper"))
  }
}
