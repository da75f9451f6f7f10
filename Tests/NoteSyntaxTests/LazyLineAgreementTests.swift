import BookNotesTestSupport
import Testing

@testable import NoteSyntax

/// Lines below a container that does not go on, and text after a `>` and a tab, as
/// cmark-gfm reads them: a line that its paragraph's containers do not all hold starts
/// any block that may start there (an HTML block of kind 7 and any list item too), and a
/// tab after `>` counts its columns past the optional space.
@Suite(.onThreadsOfItsOwn) struct LazyLineAgreementTests {
  func shape(_ text: String) -> [String] { ContainerBlockTests.shape(text) }

  @Test func anHTMLBlockOfKindSevenEndsALazyParagraph() {
    #expect(shape("> a\n<span>\n").filter { !$0.hasPrefix(" ") } == ["blockquote", "htmlBlock"])
    #expect(shape("- a\n<span>\n").filter { !$0.hasPrefix(" ") } == ["unorderedList", "htmlBlock"])
    // Where the paragraph's containers hold the line, it goes on with the paragraph.
    #expect(shape("a\n<span>\n") == ["paragraph"])
  }

  @Test func aTabAfterAQuoteMarkerCountsItsColumns() {
    // The item's content is at column 6 on both lines: the fence is the item's.
    #expect(
      shape(">\t- a\n>\t  ```\n") == [
        "blockquote", " unorderedList", "  listItem", "   quoteLine", "    quoteMarker", "    listMarker",
        "    inlineContent", "   quoteLine", "    quoteMarker", "    codeBlockStart", "     codeFence",
      ])
    // Two columns in, an HTML block ends the paragraph, and a `>` opens a quote.
    #expect(
      shape("> a\n>\t<div>\n") == [
        "blockquote", " quoteLine", "  quoteMarker", "  inlineContent", " quoteLine", "  quoteMarker", "  htmlBlock",
      ])
    #expect(
      shape("> a\n>\t> b\n") == [
        "blockquote", " quoteLine", "  quoteMarker", "  inlineContent",
        " blockquote", "  quoteLine", "   quoteMarker", "   quoteMarker", "   inlineContent",
      ])
  }

  @Test func aThematicBreakInAQuoteIsNoItemOfTheListOpen() {
    #expect(
      shape("> - a\n> -\t---\n") == [
        "blockquote", " unorderedList", "  listItem", "   quoteLine", "    quoteMarker", "    listMarker",
        "    inlineContent", " quoteLine", "  quoteMarker", "  thematicBreak",
      ])
  }

  @Test func aTableRowAfterATabInAQuoteIsARow() {
    let rows = shape("> | a |\n>\t|:-:|\n>\t/url\n").filter { $0.hasSuffix("tableRow") }
    #expect(rows.count == 3)
  }
}
