import BookNotesTestSupport
import NoteSyntax
import Testing

@testable import NoteIntelligence

/// The text a footnote's hover shows: its definition's blocks, each later line without the
/// indentation that puts it in the definition, so code and lists inside it keep theirs.
@Suite(.onThreadsOfItsOwn) struct FootnoteTextTests {
  func text(_ note: String, label: String = "1") throws -> String {
    let doc = NoteDocument(note)
    let definition = try #require(Footnotes.definition(of: label, in: doc))
    return Footnotes.text(of: definition, in: doc)
  }

  @Test func laterLinesLoseOnlyTheDefinitionsIndentation() throws {
    let note = "See[^1].\n\n[^1]:   First.\n\n    Second.\n\n        code line\n\n    - item\n      more\n"
    #expect(try text(note) == "First.\n\nSecond.\n\n    code line\n\n- item\n  more")
  }

  @Test func inAListItemTheItemsIndentationGoesToo() throws {
    let note = "- See[^1].\n\n  [^1]: First.\n\n      Second.\n\n          code line\n"
    #expect(try text(note) == "First.\n\nSecond.\n\n    code line")
  }

  @Test func inAQuoteTheQuoteMarkersGoToo() throws {
    let note = "> See[^1].\n>\n> [^1]: First.\n>     Second.\n>\n>         code line\n>\n>     - item\n"
    #expect(try text(note) == "First.\nSecond.\n\n    code line\n\n- item")
  }

  @Test func inAQuotedItemAndANestedQuoteAndOnALazyLine() throws {
    let item = "> - See[^1].\n>\n>   [^1]: First.\n>\n>       Second.\n"
    #expect(try text(item) == "First.\n\nSecond.")
    let nested = "> > See[^1].\n> >\n> > [^1]: First\n> >     second\nlazy third\n"
    #expect(try text(nested) == "First\nsecond\nlazy third")
  }

  @Test func inAQuoteOpeningAnItemTheColumnCountsFromTheQuote() throws {
    let first = "See[^1].\n\n- > [^1]: First.\n  >\n  >         code line\n"
    #expect(try text(first) == "First.\n\n    code line")
    let deep = "See[^1].\n\n10. > [^1]: First.\n    >\n    >         code line\n"
    #expect(try text(deep) == "First.\n\n    code line")
  }

  @Test func tabsCountToTheirColumn() throws {
    #expect(try text("See[^1].\n\n[^1]: First.\n\n\tSecond.\n\n\t\tcode\n") == "First.\n\nSecond.\n\n\tcode")
  }
}
