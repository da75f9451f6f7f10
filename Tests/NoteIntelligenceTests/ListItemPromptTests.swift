import BookNotesTestSupport
import NoteSyntax
import Testing

@testable import NoteIntelligence

/// Prompts in the blocks a list item holds, in document order with the list's cards: a
/// cloze in a quote in an item, a `Q:`/`A:` pair indented under an item; none from a
/// table's cells or an item's code. A footnote holds them as an item does.
@Suite(.onThreadsOfItsOwn) struct ListItemPromptTests {
  func cards(_ text: String) -> [String] {
    Prompts.prompts(for: NoteDocument(text)).map { "\($0.kind) L\($0.line) \($0.front) -> \($0.back)" }
  }

  @Test func aClozeInAQuoteInAnItemIsAPromptInDocumentOrder() {
    let text = """
      # B

      - before ?[first](one)
      - Quoted

        > The ?[second](two) is here.
      - Q: Card?
      - A: Yes.
      - after ?[third](three)

      """
    #expect(
      cards(text) == [
        "cloze L2 before [first] -> one",
        "quote L5 The two is here. -> B",
        "cloze L5 The [second] is here. -> two",
        "qa L6 Card? -> Yes.",
        "cloze L8 after [third] -> three",
      ])
  }

  @Test func aPairUnderAnItemIsACardAndTablesAndCodeHoldNone() {
    let text = """
      # B

      - Q: Item?
      - A: Item answer.
      - Recall

        Q: Nested?
        A: Nested answer.

        | ?[no](cell) | b |
        | - | - |

        ```
        Q: not
        A: a card
        ```

      """
    #expect(cards(text) == ["qa L2 Item? -> Item answer.", "qa L6 Nested? -> Nested answer."])
  }

  /// A list inside a quote pairs its `Q:` and `A:` items as a top-level list does; the
  /// quote holds prompts and is no quote card, and a question no item answers is flagged.
  @Test func aListInsideAQuotePairsItsItems() {
    let text = """
      # B

      > - Q: Quoted question?
      > - A: Quoted answer.
      > - **Q:** Bold?
      > - **A:** Yes.

      > > 1. Q: Deeper?
      > >    - Q: Nested?
      > >    - A: Nested answer.
      > > 2. A: Deeper answer.

      > - Q: Lonely?
      > - Other

      """
    let found = cards(text).filter { $0.hasPrefix("qa") }
    #expect(
      found == [
        "qa L2 Quoted question? -> Quoted answer.", "qa L4 Bold? -> Yes.", "qa L7 Deeper? -> Deeper answer.",
        "qa L8 Nested? -> Nested answer.",
      ])
    // Quotes whose items ask questions hold prompts, not quotations.
    #expect(cards(text).filter { $0.hasPrefix("quote") } == [])
    #expect(cards("> - Q: Asked?\n> - A: Answered.\n\n> Quoted.\n").filter { $0.hasPrefix("quote") }.count == 1)
    let doc = NoteDocument(text)
    let unanswered = Diagnostics.compute(doc).filter { $0.code == FindingCode.qaMissingAnswer.rawValue }
    #expect(unanswered.map { doc.text.string(in: $0.range) } == ["Q:"])
    #expect(unanswered.first?.range.lowerBound == doc.lines.startOfLine(12) + 4)
    // Its fix adds an `A:` item inside the quote.
    let fix = QuickFixes.fixes(at: doc.lines.startOfLine(12) + 6, in: doc).first
    #expect(fix?.title == "Add an '- A: ' item")
    #expect(fix?.edits.map(\.newText) == ["\n> - A: "])
  }

  @Test func aFootnoteHoldsPromptsAsAnItemDoes() {
    let text = """
      # B

      Text[^1].

      [^1]: A ?[note](cloze) on it.

          > The ?[quoted](words) part.

          Q: Why?
          A: Because.

          - Q: Asked in a list?
          - A: Answered.

      """
    #expect(
      cards(text) == [
        "cloze L4 A [note] on it. -> cloze",
        "quote L6 The words part. -> B",
        "cloze L6 The [quoted] part. -> words",
        "qa L8 Why? -> Because.",
        "qa L11 Asked in a list? -> Answered.",
      ])
  }
}
