import BookNotesTestSupport
import Testing

@testable import NoteSyntax

/// cmark-gfm makes a table of a paragraph's last line when a delimiter row follows it:
/// that line is the table's header whatever block it would start elsewhere (an HTML
/// block of kind 7, an ordered item that does not start at 1), at the top level and in
/// a list item alike.
@Suite(.onThreadsOfItsOwn) struct TableUnderParagraphTests {
  func shape(_ text: String) -> [String] { ContainerBlockTests.shape(text).filter { !$0.hasPrefix("  ") } }

  @Test func aParagraphsLastLineAboveADelimiterRowIsATablesHeader() {
    #expect(shape("a\n<span>\n|-|\n") == ["paragraph", "table", " tableRow", " tableRow"])
    #expect(ContainerBlockTests.shape("- a\n  2) b\n  |-|\n").contains("  table"))
    // A lazy line's too, when the delimiter row is the item's.
    #expect(ContainerBlockTests.shape("- a\nb\n  |-|\n").contains("  table"))
  }

  /// Typing the line above a delimiter row reparses the table after the paragraph: each
  /// step equals a fresh parse.
  @Test func editingTheParagraphAboveATableReparsesIt() {
    var document = NoteDocument("a\nb\n|-|\n\nc\n")
    document.replace(2..<3, with: "<span>")
    document.expectEqualsFreshParse("a kind 7 tag as the header")
    #expect(shape(document.string).filter { !$0.hasPrefix(" ") } == ["paragraph", "table", "blankLine", "paragraph"])
    document.replace(2..<8, with: "")
    document.expectEqualsFreshParse("the header emptied")
    document.replace(2..<2, with: "2) b")
    document.expectEqualsFreshParse("an item's marker as the header")
  }
}

/// A delimiter row that is also a list item holding text, as cmark-gfm reads it: the item
/// opens, and the line above stays a paragraph.
@Suite(.onThreadsOfItsOwn) struct ItemDelimiterRowTests {
  @Test func aDelimiterRowThatIsAListItemOpensTheItem() {
    for text in ["x | y\n- |:-:|\n", "x | y\n- | -\n", "> x | y\n> - | -\n"] {
      let shape = ContainerBlockTests.shape(text)
      #expect(!shape.contains { $0.hasSuffix("table") }, "\(text.debugDescription)")
      #expect(shape.contains { $0.hasSuffix("listItem") }, "\(text.debugDescription)")
    }
  }
}
