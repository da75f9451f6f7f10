import BookNotesTestSupport
import NoteSyntax
import Testing

@testable import NoteIntelligence

/// Every `Q:`/`A:` pair that is a card has an outline entry, named as a pair of lines
/// is: a quote's list pairs (and no quote entry for a quote whose items ask questions,
/// as it is no quote card), a pair across two adjacent lists, and a pair block inside a
/// list item. The outline's questions are the prompts' `Q:`/`A:` cards, range for range.
@Suite(.onThreadsOfItsOwn) struct OutlineNestedPairTests {
  /// The entries under the title of `text` (a note titled "Book"), and the note.
  static func entries(_ text: String) -> (entries: [OutlineSymbol], doc: NoteDocument) {
    let doc = NoteDocument("# Book\n\n" + text)
    return (Outline.symbols(for: doc).first?.children ?? [], doc)
  }

  /// Each case's text, and the lines (`Q: …` / `A: …`) whose pair entry names it.
  static let cases: [(text: String, question: String, answer: String)] = [
    ("> - Q: Who rules *Arrakis*?\n> - A: Paul\n", "Who rules *Arrakis*?", "Paul"),
    ("> - Q: x\n>   A: y\n", "x", "y"),
    ("> - Q: Who rules\n>   Arrakis?\n>   A: Paul\n>   Atreides\n", "Who rules\nArrakis?", "Paul\nAtreides"),
    ("> 1. **Q:** Which planet?\n> 2. **A:** `Arrakis`\n", "Which planet?", "`Arrakis`"),
    ("- Q: Who rules *Arrakis*?\n* A: Paul\n", "Who rules *Arrakis*?", "Paul"),
    ("- an item\n- Q: Which planet?\n* A: Arrakis\n", "Which planet?", "Arrakis"),
    ("- item\n  Q: Who rules *Arrakis*?\n  A: Paul\n", "Who rules *Arrakis*?", "Paul"),
    ("1. item\n\n   Q: x\n   A: y\n", "x", "y"),
  ]

  @Test func eachPairThatIsACardHasAnEntryNamedAsAPairOfLinesIs() throws {
    for (text, question, answer) in Self.cases {
      let lines = try #require(Self.entries("Q: \(question)\nA: \(answer)\n").entries.first)
      let (entries, doc) = Self.entries(text)
      #expect(entries.map(\.kind) == [.question], "\(text.debugDescription)")
      let entry = try #require(entries.first)
      #expect(entry.name == lines.name, "\(text.debugDescription)")
      #expect(entry.detail == lines.detail, "\(text.debugDescription)")
      let cards = Prompts.prompts(for: doc).filter { $0.kind == .qa }
      #expect(cards.map(\.range) == [entry.range], "\(text.debugDescription)")
    }
  }

  /// Pairs in quotes, across lists, in items, over code, and questions left unanswered.
  static let pairNotes = [
    "> Q: Who?\n> A: Paul\n> - Q: Where?\n> - A: Arrakis\n> - Q: When?\n>   A: Later\n",
    "- Q: one\n* A: 1\n+ Q: two\n- A: 2\n",
    "- item\n  Q: inner\n  A: pair\n- Q: outer\n- A: pair\n  - sub\n    Q: deep\n    A: pair\n",
    "> - Q: asked in a quote\n\n- A: not its answer\n",
    "- Q: asked\n\n* A: after a blank line\n",
    "- Q: Which loop?\n* A:\n  ```\n  for x in y\n  ```\n",
    "1. Q: ordered\n- A: then bulleted\n",
  ]

  @Test func theOutlinesQuestionsAreThePromptsCards() {
    // Every entry, each before the entries it holds.
    func flattened(_ entries: [OutlineSymbol]) -> [OutlineSymbol] { entries.flatMap { [$0] + flattened($0.children) } }
    for text in Self.pairNotes {
      let (entries, doc) = Self.entries(text)
      let questions = flattened(entries).filter { $0.kind == .question }
      let cards = Prompts.prompts(for: doc).filter { $0.kind == .qa }
      #expect(questions.map(\.range) == cards.map(\.range), "\(text.debugDescription)")
      #expect(!entries.contains { $0.kind == .quote }, "\(text.debugDescription)")
    }
  }

  @Test func aPairInAQuoteOrAnItemSelectsItsQuestionAndKeepsItsClozes() throws {
    let (entries, doc) = Self.entries("> - Q: Who rules ?[Arrakis](planet)?\n> - A: Paul\n")
    let entry = try #require(entries.first)
    #expect(entries.count == 1)
    #expect(doc.text.string(in: entry.selectionRange) == "Who rules ?[Arrakis](planet)?")
    #expect(entry.children.map(\.kind) == [.cloze])
    let (nested, nestedDoc) = Self.entries("- item\n  Q: Who?\n  A: Paul\n- another\n")
    #expect(nested.map { nestedDoc.text.string(in: $0.range) } == ["Q: Who?\n  A: Paul"])
  }

  @Test func aPairAcrossListsFollowsAnEditOfEitherList() {
    // The question's "Who" is at 13, the answer item at 18 (19 once "Who" is "Whom").
    var doc = NoteDocument("# Book\n\n- Q: Who?\n* A: Paul\n")
    let cache = OutlineCache()
    func names() -> [String] { cache.symbols(for: doc).first?.children.map(\.name) ?? [] }
    #expect(names() == ["Who?"])
    _ = doc.replace(13..<16, with: "Whom")
    #expect(names() == ["Whom?"])
    _ = doc.replace(24..<28, with: "Leto")
    #expect(cache.symbols(for: doc).first?.children.map(\.detail) == ["Leto"])
    _ = doc.replace(19..<19, with: "- Q: ")
    #expect(cache.symbols(for: doc) == Outline.symbols(for: NoteDocument(doc.text.string(in: 0..<doc.text.count))))
    #expect(names().isEmpty)
  }
}
