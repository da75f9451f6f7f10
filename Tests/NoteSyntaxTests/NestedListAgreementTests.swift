import BookNotesTestSupport
import Testing

@testable import NoteSyntax

/// Lists as cmark-gfm reads them where rules meet: a tab after a marker, lines that go on
/// lazily with an item nested two deep, and lines indented past a nested item's content.
/// Each shape here is one that random notes found disagreeing (`CommonMarkRandomNotesTests`).
@Suite(.onThreadsOfItsOwn) struct NestedListAgreementTests {
  func shape(_ text: String, shown: Set<NodeKind> = []) -> [String] { ContainerBlockTests.shape(text, shown: shown) }

  @Test func aTabAfterTheMarkerLeavesTheItemsFirstLineItsBlock() {
    // The tab reaches column 4, the item's content starts at column 2: the text after it
    // is indented two columns, not four.
    #expect(shape("-\t***\n") == ["unorderedList", " listItem", "  listMarker", "  thematicBreak"])
    #expect(shape("-\t<div>\n") == ["unorderedList", " listItem", "  listMarker", "  htmlBlock"])
    #expect(
      shape("1.\t# Title\n") == [
        "orderedList", " listItem", "  listMarker", "  heading", "   headingMarker", "   inlineContent",
      ])
  }

  @Test func aLazyLineIsReadFromTheDeepestItemThatHoldsIt() {
    // Indented four columns, short of `b`'s content (column 6) but two past `a`'s: for `a`,
    // an HTML block, which ends `c`'s paragraph.
    let text = "- a\n  -   b\n      - c\n    <div>\n"
    let outer = shape(text).filter { $0.hasPrefix("  ") && !$0.hasPrefix("   ") }
    #expect(outer == ["  listMarker", "  inlineContent", "  unorderedList", "  htmlBlock"])
  }

  @Test func aMarkerIndentedFourColumnsGoesOnLazily() {
    // Short of the item's content (column 5), indented four: no list item, as indented
    // code does not end a paragraph; the item's text goes on.
    #expect(shape("-    a\n    1. b\n") == ["unorderedList", " listItem", "  listMarker", "  inlineContent"])
  }

  @Test func aLineIndentedPastANestedItemIsItsBlock() {
    // A thematic break two columns into `b`: not an item of a list nested in it.
    #expect(
      shape("- a\n  - b\n      - - -\n") == [
        "unorderedList", " listItem", "  listMarker", "  inlineContent",
        "  unorderedList", "   listItem", "    listMarker", "    inlineContent", "    thematicBreak",
      ])
    // A marker four columns past an empty item's content: indented code in it.
    #expect(shape("1. \n       3.  x\n") == ["orderedList", " listItem", "  listMarker", "  indentedCode"])
  }

  @Test func aTabStraddlingAnItemsColumnCountsItsColumnsPastIt() {
    // The tab runs from the item's column 2 to 4: `1.` is two columns in, a list that
    // ends the item's text.
    #expect(
      shape("* a\n  2) b\n  \t1. c\n") == [
        "unorderedList", " listItem", "  listMarker", "  inlineContent",
        "  orderedList", "   listItem", "    listMarker", "    inlineContent",
      ])
    // Short of the quote's item (column 5), the line is read from the item around it
    // (column 2): a list, which ends the quote.
    let quoted = shape("* 2) > a\n  \t1. b\n").filter { $0.hasPrefix("  ") && !$0.hasPrefix("   ") }
    #expect(quoted == ["  listMarker", "  orderedList", "  orderedList"])
  }

  @Test func aMarkerFourColumnsPastTheListsContainerIsCode() {
    // Short of the item's content (column 5), four columns in, after a break: code, not
    // the list's next item.
    #expect(
      shape("-    ***\n    - b\n") == ["unorderedList", " listItem", "  listMarker", "  thematicBreak", "indentedCode"])
    // In an item (column 2), four columns past it: code in that item.
    #expect(
      shape("- a\n  -    ***\n      - b\n") == [
        "unorderedList", " listItem", "  listMarker", "  inlineContent",
        "  unorderedList", "   listItem", "    listMarker", "    thematicBreak", "  indentedCode",
      ])
  }

  @Test func anItemsLaterLineAfterATabIsReadFromTheItemsColumn() {
    // The tab runs from the item's column 2 to 4: two columns in, a heading and a quote.
    #expect(
      shape("- a\n  \t# b\n") == [
        "unorderedList", " listItem", "  listMarker", "  inlineContent", "  heading", "   headingMarker",
        "   inlineContent",
      ])
    #expect(shape("- a\n\n  \t> b\n").contains("  blockquote"))
    #expect(shape("- > a\n  \t- - -\n").contains("  thematicBreak"))
  }
}
