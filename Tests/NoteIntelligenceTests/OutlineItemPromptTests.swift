import BookNotesTestSupport
import NoteSyntax
import Testing

@testable import NoteIntelligence

/// A quote inside a list item has the outline entry a top-level quote has, beside the
/// list's other entries; the clozes of a pair across two lists are its children, as a
/// pair's in one list are.
@Suite(.onThreadsOfItsOwn) struct OutlineItemPromptTests {
  /// The entries under the title of `text` (a note titled "Book"), and the note.
  static func entries(_ text: String) -> (entries: [OutlineSymbol], doc: NoteDocument) {
    let doc = NoteDocument("# Book\n\n" + text)
    return (Outline.symbols(for: doc).first?.children ?? [], doc)
  }

  /// An entry without its range and selection, which differ with where it is: its
  /// kind, name, detail and children's.
  static func shown(_ symbol: OutlineSymbol) -> String {
    let children = symbol.children.map(shown).joined(separator: ", ")
    return "\(symbol.kind) \(symbol.name) | \(symbol.detail ?? "-") [\(children)]"
  }

  /// Quotes in items, and the same quotes at the top level.
  static let itemQuotes: [(inItem: String, atTop: String)] = [
    ("- x\n  > a quoted line\n", "> a quoted line\n"),
    ("- x\n\n  > Words of a quote\n  > — p. 4\n- y\n", "> Words of a quote\n> — p. 4\n"),
    ("1. x\n   > a ?[quoted](cloze) line\n", "> a ?[quoted](cloze) line\n"),
    ("- x\n  - y\n    > deep in a list\n", "> deep in a list\n"),
    ("- x\n  > [!quote] A *title*\n  > quoted words\n", "> [!quote] A *title*\n> quoted words\n"),
    ("- x\n  > words ?[a](b)\n  > Q: a pair ?[c](d)\n  > A: yes\n", "> words ?[a](b)\n> Q: a pair ?[c](d)\n> A: yes\n"),
  ]

  @Test func aQuoteInAnItemHasTheEntryOfTheSameQuoteAtTheTopLevel() throws {
    for (inItem, atTop) in Self.itemQuotes {
      let (expected, topDoc) = Self.entries(atTop)
      let (entries, doc) = Self.entries(inItem)
      #expect(entries.map(Self.shown) == expected.map(Self.shown), "\(inItem.debugDescription)")
      let quote = try #require(entries.first { $0.kind == .quote }, "\(inItem.debugDescription)")
      let topQuote = try #require(expected.first { $0.kind == .quote })
      let card = try #require(Prompts.prompts(for: doc).first { $0.kind == .quote })
      #expect(quote.range == card.range, "\(inItem.debugDescription)")
      #expect(
        doc.text.string(in: quote.selectionRange) == topDoc.text.string(in: topQuote.selectionRange),
        "\(inItem.debugDescription)")
    }
  }

  @Test func aQuoteInAnItemIsAnEntryOfTheSectionHoldingTheList() throws {
    let (entries, doc) = Self.entries("## Part\n\n- Q: x\n- A: y\n- an item\n  > quoted\n\n## Next\n")
    #expect(entries.map(\.name) == ["Part", "Next"])
    let part = try #require(entries.first)
    #expect(part.children.map(\.kind) == [.question, .quote])
    #expect(part.children.map { doc.text.string(in: $0.range) } == ["- Q: x\n- A: y", "> quoted"])
  }

  @Test func theClozesOfAPairAcrossTwoListsAreItsChildren() throws {
    let cases: [(across: String, inOneList: String)] = [
      ("- Q: x ?[h](a)\n* A: y\n", "- Q: x ?[h](a)\n- A: y\n"),
      ("- Q: x ?[h](a) and ?[k](b)\n* A: y ?[c](d)\n", "- Q: x ?[h](a) and ?[k](b)\n- A: y ?[c](d)\n"),
      (
        "- an item ?[i](j)\n- Q: x ?[h](a)\n* A: y\n* after ?[e](f)\n",
        "- an item ?[i](j)\n- Q: x ?[h](a)\n- A: y\n- after ?[e](f)\n"
      ),
    ]
    for (across, inOneList) in cases {
      let (entries, doc) = Self.entries(across)
      let (expected, _) = Self.entries(inOneList)
      #expect(entries.map(Self.shown) == expected.map(Self.shown), "\(across.debugDescription)")
      let pair = try #require(entries.first { $0.kind == .question })
      for cloze in pair.children {
        #expect(pair.range.contains(cloze.range.lowerBound) && cloze.range.upperBound <= pair.range.upperBound)
        #expect(doc.text.string(in: cloze.range).hasPrefix("?["))
      }
    }
    // A question no list answers keeps its clozes beside it, in document order.
    let (unanswered, _) = Self.entries("- Q: x ?[h](a)\n\n* A: after a blank line\n")
    #expect(unanswered.map(Self.shown) == ["cloze Q: x [h] | a []"])
  }
}
