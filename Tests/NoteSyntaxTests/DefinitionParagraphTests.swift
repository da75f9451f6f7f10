import BookNotesTestSupport
import Testing

@testable import NoteSyntax

/// A link reference definition opens a paragraph, as CommonMark reads definitions from
/// the start of a paragraph's lines: a line that goes on with that paragraph is another
/// definition or the paragraph's text, never a block that cannot interrupt a paragraph
/// (indented code, an HTML block of kind 7), at the top level and in a list item alike.
@Suite(.onThreadsOfItsOwn) struct DefinitionParagraphTests {
  func shape(_ text: String) -> [String] { ContainerBlockTests.shape(text).filter { !$0.hasPrefix(" ") } }

  @Test func aLineGoingOnFromADefinitionIsTheParagraphsText() {
    #expect(shape("[k]: /url\n    code\n") == ["linkReferenceDefinition", "paragraph"])
    #expect(
      shape("[k]: /url\n[j]: /v\n<span>\n") == ["linkReferenceDefinition", "linkReferenceDefinition", "paragraph"])
    // A blank line ends the paragraph: code after it is code.
    #expect(shape("[k]: /url\n\n    code\n") == ["linkReferenceDefinition", "blankLine", "indentedCode"])
    // A block that interrupts a paragraph starts.
    #expect(shape("[k]: /url\n# Title\n") == ["linkReferenceDefinition", "heading"])
  }

  @Test func aLineGoingOnFromADefinitionInAnItemIsTheItemsText() {
    let item = ["unorderedList", " listItem", "  listMarker", "  linkReferenceDefinition", "  paragraph"]
    #expect(ContainerBlockTests.shape("- [k]: /url\n      code\n").filter { !$0.hasPrefix("   ") } == item)
    // A lazy line too.
    #expect(ContainerBlockTests.shape("- [k]: /url\ntext\n").filter { !$0.hasPrefix("   ") } == item)
  }

  /// An edit that makes a line a definition, or a definition text, reparses the lines
  /// going on from it: each step equals a fresh parse.
  @Test func editingADefinitionReparsesTheLinesAfterIt() {
    var document = NoteDocument("text\n    code\n\n- item\n")
    document.replace(0..<4, with: "[k]: /url")
    document.expectEqualsFreshParse("a definition")
    #expect(shape(document.string) == ["linkReferenceDefinition", "paragraph", "blankLine", "unorderedList"])
    document.replace(0..<1, with: "")
    document.expectEqualsFreshParse("no definition")
    document.replace(0..<0, with: "[")
    document.expectEqualsFreshParse("a definition again")
    document.replace(9..<10, with: "\n\n")
    document.expectEqualsFreshParse("a blank line after it")
    #expect(
      shape(document.string) == ["linkReferenceDefinition", "blankLine", "indentedCode", "blankLine", "unorderedList"])
  }

  /// cmark-gfm makes a table of a paragraph's line above a delimiter row before it reads
  /// the paragraph's definitions: a definition's line there is a table's header.
  @Test func aTableHeaderComesBeforeADefinition() {
    #expect(shape("[k]: /url\n|:-:|\n") == ["table"])
    #expect(shape("[j]: /v\n[k]: /url\n|:-:|\n") == ["linkReferenceDefinition", "table"])
    #expect(ContainerBlockTests.shape("- a\n\n  [k]: /url\n  |:-:|\n").contains("  table"))
  }

  @Test func aSetextUnderlineIsNoDefinitionsDestination() {
    #expect(shape("[k]:\n--\n") == ["heading"])
    #expect(shape("[k]:\n===\n") == ["heading"])
  }

  /// A setext underline under a paragraph of only definitions is that paragraph's text, as
  /// cmark-gfm reads it (no heading, no thematic break).
  @Test func anUnderlineUnderDefinitionsIsText() {
    #expect(shape("[k]: /url\n---\n") == ["linkReferenceDefinition", "paragraph"])
    #expect(
      ContainerBlockTests.shape("- [k]: /url\n  ---\n").filter { !$0.hasPrefix("   ") } == [
        "unorderedList", " listItem", "  listMarker", "  linkReferenceDefinition", "  paragraph",
      ])
    #expect(!ContainerBlockTests.shape("> [k]: /url\n> ---\n").contains { $0.hasSuffix("thematicBreak") })
  }

  /// In a quote, that underline goes on with the paragraph, so a lazy line after it does too.
  @Test func aLazyLineAfterAnUnderlineUnderDefinitionsStaysInTheQuote() {
    #expect(shape("> [k]: /url\n> ---\nplain words\n") == ["blockquote"])
    #expect(shape("> [k]: /url\n> text\n> ---\nplain words\n") == ["blockquote", "paragraph"])
  }
}
