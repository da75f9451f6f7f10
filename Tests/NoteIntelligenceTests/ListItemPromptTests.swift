import NoteSyntax
import Testing

@testable import NoteIntelligence

/// Prompts in the blocks a list item holds, in document order with the list's cards: a
/// cloze in a quote in an item, a `Q:`/`A:` pair indented under an item; none from a
/// table's cells or an item's code.
@Suite struct ListItemPromptTests {
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
        "quote L5 The two is here. -> B",
        "qa L6 Card? -> Yes.",
        "cloze L2 before [first] -> one",
        "cloze L5 The [second] is here. -> two",
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
}
