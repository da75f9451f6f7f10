import BookNotesTestSupport
import NoteSyntax
import Testing

@testable import NoteIntelligence

/// The hover shows the card ``Prompts`` makes where it is hovered: on the shapes where
/// a card comes from list items, a quote in an item or a highlight, and none where a
/// quote's lists ask questions.
@Suite(.onThreadsOfItsOwn) struct CardHoverTests {
  func hover(_ marked: String) throws -> (markdown: String, text: String)? {
    let (text, offset) = try marked.withCursor()
    let doc = NoteDocument(text)
    return HoverContent.markdown(at: offset, in: doc).map { ($0.markdown, doc.text.string(in: $0.range)) }
  }

  @Test func aQuoteWhoseListsAskIsNoQuotationButItsPairsShowTheirCards() throws {
    #expect(try hover("> Some$0 text\n> - Q: a\n> - A: b\n") == nil)
    let pair = try hover("> Some text\n> - Q: *a$0*\n> - A: b\n")
    #expect(pair?.markdown == "**Q:** a\n\n**A:** b")
    #expect(pair?.text == "> - Q: *a*\n> - A: b")
  }

  @Test func aQuoteInAListItemShowsItsTextAndCitation() throws {
    let quote = try hover("- x\n  > quo$0ted *words* (p. 3)\n")
    #expect(quote?.markdown == "> quoted *words*\n\n— p. 3")
    #expect(quote?.text == "> quoted *words* (p. 3)")
    #expect(try hover("- x$0\n  > quoted (p. 3)\n") == nil)
  }

  @Test func aPairOfListItemsShowsItsCard() throws {
    let items = try hover("- Q: Wh$0o?\n- A: Me.\n")
    #expect(items?.markdown == "**Q:** Who?\n\n**A:** Me.")
    #expect(items?.text == "- Q: Who?\n- A: Me.")
    let nextLine = try hover("- Q: Who?\n  A: M$0e.\n")
    #expect(nextLine?.markdown == "**Q:** Who?\n\n**A:** Me.")
    #expect(nextLine?.text == "- Q: Who?\n  A: Me.")
  }

  @Test func aPairAcrossTwoListsShowsItsCardFromEitherList() throws {
    for marked in ["- Q: Wh$0o?\n* A: Me.\n", "- Q: Who?\n* A: M$0e.\n"] {
      let pair = try hover("- before\n\n" + marked + "\nafter\n")
      #expect(pair?.markdown == "**Q:** Who?\n\n**A:** Me.", "\(marked.debugDescription)")
      #expect(pair?.text == "- Q: Who?\n* A: Me.", "\(marked.debugDescription)")
    }
    #expect(try hover("- Q: Wh$0o?\n\n* A: after a blank line\n") == nil)
  }

  @Test func theInnermostCardWinsAndAClozeFirst() throws {
    let note = "- Q: outer\n  - Q: in$1ner\n  - A: in\n- A: out ?[h](c$2loze)\n"
    let inner = try hover(note.replacingOccurrences(of: "$1", with: "$0").replacingOccurrences(of: "$2", with: ""))
    #expect(inner?.markdown == "**Q:** inner\n\n**A:** in")
    #expect(inner?.text == "  - Q: inner\n  - A: in")
    let cloze = try hover(note.replacingOccurrences(of: "$1", with: "").replacingOccurrences(of: "$2", with: "$0"))
    #expect(cloze?.markdown == "**Front:** A: out [h]\n\n**Back:** cloze")
    let outer = try hover("- Q: ou$0ter\n  - Q: inner\n  - A: in\n- A: out\n")
    #expect(outer?.markdown == "**Q:** outer\n\n**A:** out")
  }

  @Test func aHighlightParagraphShowsItsQuote() throws {
    let highlight = try hover("==A *highlighted*$0 line==\n")
    #expect(highlight?.markdown == "> A *highlighted* line")
    #expect(highlight?.text == "==A *highlighted* line==")
    #expect(try hover("Some ==highlight$0== in words\n") == nil)
  }

  @Test func calloutsShowTheirCardOnlyWhenTheyQuote() throws {
    let cite = try hover("> [!cite]\n> Fear is$0 the mind-killer. (p. 8)\n")
    #expect(cite?.markdown == "> Fear is the mind-killer.\n\n— p. 8")
    #expect(try hover("> [!tip] Tip\n> Not$0 a quote.\n") == nil)
    let pairInTip = try hover("> [!tip] Tip\n> Q: Wh$0o?\n> A: Me.\n")
    #expect(pairInTip?.markdown == "**Q:** Who?\n\n**A:** Me.")
    // A `quote` callout in an item is a quote card, its title the citation.
    let inItem = try hover("- x\n  > [!quote] Paul, *Dune*\n  > Fear is$0 the mind-killer.\n")
    #expect(inItem?.markdown == "> Fear is the mind-killer.\n\n— Paul, *Dune*")
    #expect(inItem?.text == "> [!quote] Paul, *Dune*\n  > Fear is the mind-killer.")
    // A `quote` callout whose list asks is none.
    #expect(try hover("> [!quote] Paul\n> Fear is$0 the mind-killer.\n> - Q: a\n> - A: b\n") == nil)
  }

  /// On every note of the outline's agreement, every card hovered at its start shows
  /// that card.
  @Test func everyCardHoveredAtItsStartShowsItsRange() {
    var notes = OutlinePromptAgreementTests.shapes
    for shape in OutlinePromptAgreementTests.shapes {
      notes += [
        OutlinePromptAgreementTests.inItem(shape), OutlinePromptAgreementTests.inQuote(shape),
        OutlinePromptAgreementTests.inItem(OutlinePromptAgreementTests.inQuote(shape)),
        OutlinePromptAgreementTests.inFootnote(shape),
      ]
    }
    var cards = 0
    for note in notes {
      let doc = NoteDocument("# Book\n\n" + note)
      for prompt in Prompts.prompts(for: doc) {
        cards += 1
        let hovered = HoverContent.markdown(at: prompt.range.lowerBound, in: doc)
        #expect(
          hovered?.range == prompt.range,
          "\(note.debugDescription): \(prompt.kind) \(doc.text.string(in: prompt.range).debugDescription)")
      }
    }
    #expect(cards > 300)
  }
}
