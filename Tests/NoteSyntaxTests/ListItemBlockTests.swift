import BookNotesTestSupport
import Testing

@testable import NoteSyntax

/// A list item holds every block a note's top level holds, as cmark-gfm nests them: a
/// table, a footnote definition and a `Q:`/`A:` pair indented to the item's content;
/// a `- Q: …` item's own text stays the item's text, and code in an item holds nothing.
@Suite(.onThreadsOfItsOwn) struct ListItemBlockTests {
  func shape(_ text: String, shown: Set<NodeKind> = []) -> [String] { ContainerBlockTests.shape(text, shown: shown) }

  @Test func aTableIndentedUnderAnItemIsATable() {
    #expect(
      shape("- Tables:\n\n  | a | b |\n  | - | - |\n  | #x | 2 |\n  a row, as GFM has it\n\n  text\n- next\n") == [
        "unorderedList",
        " listItem", "  listMarker", "  inlineContent",
        "  table", "   tableRow", "    tableCell", "    tableCell", "   tableRow", "   tableRow", "    tableCell",
        "    tableCell", "   tableRow", "    tableCell",
        "  paragraph",
        " listItem", "  listMarker", "  inlineContent",
      ])
    // On the item's line, and in an item nested four columns in.
    #expect(
      shape("1.  Nested:\n    - | x | y |\n      |---|---|\n      | 1 | 2 |\n") == [
        "orderedList", " listItem", "  listMarker", "  inlineContent",
        "  unorderedList", "   listItem", "    listMarker",
        "    table", "     tableRow", "      tableCell", "      tableCell", "     tableRow", "     tableRow",
        "      tableCell", "      tableCell",
      ])
    // Under the item's text, a table's header ends it.
    #expect(
      shape("- Results:\n  more\n  | a | b |\n  |---|---|\n  | 1 | 2 |\n") == [
        "unorderedList", " listItem", "  listMarker", "  inlineContent",
        "  table", "   tableRow", "    tableCell", "    tableCell", "   tableRow", "   tableRow", "    tableCell",
        "    tableCell",
      ])
    // A delimiter row indented less than the item's content is not the item's: no table.
    #expect(shape("- | a | b |\n| - | - |\n") == ["unorderedList", " listItem", "  listMarker", "  inlineContent"])
    // A row indented less ends the item and the table.
    let ended = shape("- | a |\n  | - |\n| b |\n")
    #expect(ended.filter { !$0.hasPrefix(" ") } == ["unorderedList", "paragraph"])
  }

  @Test func aFootnoteDefinitionInAnItemRunsOverItsContinuationLines() {
    let text = "- [^1]: A footnote\n  that goes on.\n- [^two]: Second\n"
    #expect(
      shape(text, shown: [.footnoteLabel]) == [
        "unorderedList",
        " listItem", "  listMarker", "  footnoteDefinition", "   footnoteLabel=1", "   inlineContent",
        " listItem", "  listMarker", "  footnoteDefinition", "   footnoteLabel=two", "   inlineContent",
      ])
    let doc = NoteDocument(text)
    let definition = Array(doc.tree.blockSequence).first?.children.first { $0.kind == .listItem }?.child(
      .footnoteDefinition)
    #expect(definition.map { doc.text.string(in: $0.range) } == "[^1]: A footnote\n  that goes on.\n")
  }

  @Test func aQuestionIndentedUnderAnItemPairsWithItsAnswer() {
    let text = "- Recall\n\n  Q: What holds\n  blocks?\n  A: A list\n  item.\n- Q: stays text\n  A: too\n"
    #expect(
      shape(text, shown: [.questionMarker, .answerMarker]) == [
        "unorderedList",
        " listItem", "  listMarker", "  inlineContent",
        "  questionAnswer", "   questionMarker=Q:", "   question", "    text", "    lineBreak", "    text",
        "   answerMarker=A:", "   answer", "    text", "    lineBreak", "    text",
        " listItem", "  listMarker", "  inlineContent",
      ])
    #expect(NoteDocument(text).tree.findings.isEmpty)
    // Four columns in, its answer a fenced code block indented as far.
    let code = "1.  Item\n\n    Q: Code?\n    A:\n    ```\n    ?[not](a cloze) #no\n    ```\n"
    #expect(
      shape(code, shown: [.codeLines]) == [
        "orderedList", " listItem", "  listMarker", "  inlineContent",
        "  questionAnswer", "   questionMarker", "   question", "    text", "   answerMarker",
        "   answer", "    codeBlockStart", "     codeFence", "    codeLines=    ?[not](a cloze) #no\n",
        "    codeBlockEnd", "     codeFence",
      ])
  }

  @Test func aLazyAnswerLinePairsAndOneAfterABlankLineIsNotTheItems() {
    // A line indented less that starts no block continues the item's paragraph (lazily).
    let lazy = "- item\n\n  Q: lazy\nA: answer\n"
    #expect(shape(lazy).contains("  questionAnswer"))
    #expect(NoteDocument(lazy).tree.findings.isEmpty)
    // After a blank line, an `A:` indented less is no part of the item.
    let doc = NoteDocument("- item\n\n  Q: alone\n\nA: outside\n\n- item\n\n  A: orphan\n")
    #expect(doc.tree.findings.map(\.code) == [.qaMissingAnswer, .qaOrphanAnswer, .qaOrphanAnswer])
    #expect(!shape(doc.text.string(in: 0..<doc.text.count)).contains { $0.contains("questionAnswer") })
  }

  @Test func codeInAnItemHoldsNoPromptTagOrFinding() {
    let doc = NoteDocument("- item\n\n  ```\n  Q: no\n  | a |\n  |---|\n  [^1]: x ?[y\n  ```\n")
    #expect(doc.tree.findings.isEmpty)
    #expect(
      ContainerBlockTests.shape(doc.text.string(in: 0..<doc.text.count)) == [
        "unorderedList", " listItem", "  listMarker", "  inlineContent",
        "  codeBlockStart", "   codeFence", "  codeLines", "  codeBlockEnd", "   codeFence",
      ])
  }
}
