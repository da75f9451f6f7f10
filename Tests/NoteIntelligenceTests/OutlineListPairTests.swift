import BookNotesTestSupport
import NoteSyntax
import Testing

@testable import NoteIntelligence

/// The `Q:`/`A:` pairs of a top-level list's items have outline entries, named as the
/// pairs of `Q:`/`A:` lines are.
@Suite(.onThreadsOfItsOwn) struct OutlineListPairTests {
  static let long = String(repeating: "word ", count: 15) + "end"
  static let questions = [
    "Who wrote *Dune*?", long, String(repeating: "x", count: 79) + " and more", "What is ?[this](a cloze)?",
    "Curly “quotes” and café", "[a link](https://example.org) and `code`",
  ]

  /// The question entries of `text`'s outline (a note titled "Book").
  static func questions(_ text: String) -> [OutlineSymbol] {
    let doc = NoteDocument("# Book\n\n" + text)
    return (Outline.symbols(for: doc).first?.children ?? []).filter { $0.kind == .question }
  }

  @Test func aListPairIsNamedAsAPairOfLinesIs() throws {
    for question in Self.questions {
      for answer in Self.questions {
        let lines = try #require(Self.questions("Q: \(question)\nA: \(answer)\n").first)
        for list in [
          "- Q: \(question)\n- A: \(answer)\n", "- Q: \(question)\n  A: \(answer)\n",
          "1. **Q:** \(question)\n2. **A:** \(answer)\n", "- an item\n- Q: \(question)\n- A: \(answer)\n- another\n",
        ] {
          let entries = Self.questions(list)
          #expect(entries.count == 1, "\(list.debugDescription)")
          let entry = try #require(entries.first)
          #expect(entry.name == lines.name, "\(list.debugDescription)")
          #expect(entry.detail == lines.detail, "\(list.debugDescription)")
        }
      }
    }
  }

  @Test func aListPairCoversItsItemsAndSelectsItsQuestion() throws {
    let text = "- intro\n- Q: Who wrote Dune?\n- A: Frank Herbert\n- Q: When?\n  A: In 1965\n"
    let doc = NoteDocument("# Book\n\n" + text)
    let entries = try #require(Outline.symbols(for: doc).first).children
    #expect(entries.map(\.name) == ["Who wrote Dune?", "When?"])
    #expect(entries.map(\.detail) == ["Frank Herbert", "In 1965"])
    #expect(entries.map { doc.text.string(in: $0.selectionRange) } == ["Who wrote Dune?", "When?"])
    #expect(
      entries.map { doc.text.string(in: $0.range) } == [
        "- Q: Who wrote Dune?\n- A: Frank Herbert", "- Q: When?\n  A: In 1965",
      ])
  }

  @Test func aListPairsAnswerMayBeCodeAndItsClozesAreItsChildren() throws {
    let code = Self.questions("- Q: Which loop?\n- A:\n  ```\n  for x in y\n  ```\n")
    #expect(code.map(\.name) == ["Which loop?"])
    #expect(code.map(\.detail) == ["for x in y"])
    let cloze = try #require(
      Self.questions("- ?[Paul](who) is first\n- Q: Who rules ?[Arrakis](planet)?\n- A: Paul\n").first)
    #expect(cloze.children.map(\.kind) == [.cloze])
    let entries = try #require(
      Outline.symbols(for: NoteDocument("# Book\n\n- ?[Paul](who) is first\n- Q: Who?\n- A: Paul\n")).first
    ).children
    #expect(entries.map(\.kind) == [.cloze, .question])
  }

  @Test func aPairInAQuestionsNestedListIsTheQuestionsChild() {
    let entries = Self.questions("- Q: Who?\n  - Q: Whose son?\n  - A: Leto's\n- A: Paul\n- Q: Where?\n- A: Arrakis\n")
    #expect(entries.map(\.name) == ["Who?", "Where?"])
    #expect(entries.map(\.detail) == ["Paul", "Arrakis"])
    #expect(entries.first?.children.map(\.name) == ["Whose son?"])
    #expect(entries.first?.children.map(\.detail) == ["Leto's"])
  }

  @Test func itemsThatPairNothingHaveNoEntry() {
    #expect(Self.questions("- Q: Asked but never answered\n- something else\n").isEmpty)
    #expect(Self.questions("- A: An answer alone\n").isEmpty)
    #expect(Self.questions("- Q:no space\n- A: x\n").isEmpty)
  }
}
