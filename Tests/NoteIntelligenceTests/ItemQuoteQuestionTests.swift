import BookNotesTestSupport
import NoteSyntax
import Testing

@testable import NoteIntelligence

/// A quote inside a list item reads its lists as a top-level quote does: their `Q:`/`A:`
/// items pair into cards, a question no item answers is flagged (a list's last one too,
/// as no list follows it inside the quote), and the quote is a quote card only when its
/// lists ask nothing; at any depth of items, lists and quotes holding it. The prompts,
/// the diagnostics and the outline read it alike.
@Suite(.onThreadsOfItsOwn) struct ItemQuoteQuestionTests {
  static let note = """
    - x

      > quoted
      > - Q: a
      > - A: b

    > quoted top
    > - Q: c
    > - A: d

    """

  func cards(_ text: String) -> [String] {
    Prompts.prompts(for: NoteDocument(text)).map { "\($0.kind) L\($0.line) \($0.front) -> \($0.back)" }
  }

  func flagged(_ text: String) -> [String] {
    let doc = NoteDocument(text)
    return Diagnostics.compute(doc, options: .default).map { diagnostic in
      let position = doc.lineColumn(of: diagnostic.range.lowerBound, in: .utf8)
      return "\(diagnostic.code) \(position.line):\(position.column)"
    }
  }

  /// The outline's entries under the note's first heading: kind, name and first line.
  func entries(_ text: String) -> [String] {
    let doc = NoteDocument(text)
    let book = Outline.symbols(for: doc).first?.children ?? []
    return book.map { "\($0.kind) \($0.name) L\(doc.lineColumn(of: $0.range.lowerBound, in: .utf8).line)" }
  }

  /// `text` with each line indented under a list item `- x` (a blank line first).
  func inItem(_ text: String) -> String {
    "- x\n\n"
      + text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : "  " + $0 }
      .joined(separator: "\n")
  }

  @Test func aQuoteInAnItemPairsItsListsAsATopLevelQuote() {
    #expect(cards(Self.note) == ["qa L3 a -> b", "qa L7 c -> d"])
    #expect(flagged(Self.note).isEmpty)
    #expect(entries("# Book\n\n" + Self.note) == ["question a L5", "question c L9"])
    // The same card, id included, in an item and at the top level.
    let top = Prompts.prompts(for: NoteDocument("> quoted\n> - Q: a\n> - A: b\n"))
    let item = Prompts.prompts(for: NoteDocument(inItem("> quoted\n> - Q: a\n> - A: b\n")))
    #expect(item.map(\.id) == top.map(\.id))
    #expect(item.count == 1)
  }

  @Test func aQuoteInAnItemWhoseListsAskNothingStaysAQuoteCard() {
    let quote = "> quoted\n> - one\n> - two\n"
    #expect(cards(inItem(quote)) == ["quote L2 quoted one two -> "])
    #expect(cards(inItem(quote)).map { $0.dropFirst(8) } == cards(quote).map { $0.dropFirst(8) })
    #expect(entries("# Book\n\n" + inItem(quote)).map { $0.prefix(6) } == ["quote "])
  }

  @Test func everyDepthOfItemsListsAndQuotesReadsTheTopLevelsRule() {
    let quote = "> quoted\n> - Q: a\n> - A: b\n"
    let shapes = [
      // In a nested list's item.
      "- x\n  - y\n\n    > quoted\n    > - Q: a\n    > - A: b\n",
      // In a quote in an item.
      inItem("> > quoted\n> > - Q: a\n> > - A: b\n"),
      // In an item of a quote's list.
      "> - x\n>\n>   > quoted\n>   > - Q: a\n>   > - A: b\n",
      // In an item of a quote in an item.
      inItem(inItem(quote)),
      inItem("> - y\n>\n>   > quoted\n>   > - Q: a\n>   > - A: b\n"),
    ]
    for shape in shapes {
      let found = Prompts.prompts(for: NoteDocument(shape)).map { "\($0.kind) \($0.front) -> \($0.back)" }
      #expect(found == ["qa a -> b"], "\(shape.debugDescription)")
      #expect(flagged(shape).isEmpty, "\(shape.debugDescription)")
      let outline = entries("# Book\n\n" + shape).map { $0.split(separator: " ").prefix(2).joined(separator: " ") }
      #expect(outline == ["question a"], "\(shape.debugDescription)")
    }
  }

  @Test func aQuestionInAQuoteInAnItemIsFlaggedAsAtTheTopLevel() {
    // The list's last question in the quote stays unanswered, a list after it aside.
    let quote = "> - Q: a\n> - A: b\n> - Q: open\n"
    #expect(flagged(quote) == ["qa-missing-answer 2:4"])
    #expect(flagged(inItem(quote)) == ["qa-missing-answer 4:6"])
    #expect(cards(inItem(quote)) == ["qa L2 a -> b"])
    let beforeAList = inItem("> - Q: a\n> - A: b\n> - Q: open\n\n- A: not its answer\n")
    #expect(flagged(beforeAList) == ["qa-missing-answer 4:6"])
    #expect(cards(beforeAList) == ["qa L2 a -> b"])
    // An unanswered question alone makes the quote ask: no quote card, and flagged where
    // the note has pairs.
    let lonely = "Q: x\nA: y\n\n" + inItem("> quoted\n> - Q: alone\n")
    #expect(cards(lonely) == ["qa L0 x -> y"])
    #expect(flagged(lonely) == ["qa-missing-answer 6:6"])
    #expect(ListPairing.scan(NoteDocument(inItem(quote))).pairs == 1)
  }
}
