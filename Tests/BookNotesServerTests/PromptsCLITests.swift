import BookNotesTestSupport
import Foundation
import Testing

/// `booknotes prompts`, run as a child process on a fixture library.
@Suite(.onThreadsOfItsOwn) struct PromptsCLITests {
  @Test func jsonListsEveryPromptWithItsNoteBookAndLine() throws {
    let fixture = try CLIFixture()
    let result = try runBooknotes(["prompts", "a.md"], in: fixture.root)
    #expect(result.status == 0)
    let items = try #require(try result.json() as? [[String: Any]])
    #expect(items.map { $0["kind"] as? String } == ["quote", "cloze", "qa"])
    #expect(items.map { $0["line"] as? Int } == [6, 8, 10])
    #expect(items.allSatisfy { $0["file"] as? String == "a.md" && $0["book"] as? String == "Thinking" })
    #expect(items.map { $0["front"] as? String } == ["Quote here.", "Ego [who] wrote.", "What is it?"])
    #expect(items.map { $0["back"] as? String } == ["p. 42", "Vohs", "That."])
    for item in items {
      #expect(Set(item.keys) == ["id", "kind", "file", "line", "book", "front", "back"])
      let id = try #require(item["id"] as? String)
      #expect(id.count == 16 && id.allSatisfy(\.isHexDigit))
    }
  }

  @Test func idsSurviveUnrelatedEdits() throws {
    let fixture = try CLIFixture()
    let before = try #require(try runBooknotes(["prompts", "a.md"], in: fixture.root).json() as? [[String: Any]])
    try fixture.write("a.md", "Intro paragraph.\n\n" + CLIFixture.noteA + "\nMore text.\n")
    let after = try #require(try runBooknotes(["prompts", "a.md"], in: fixture.root).json() as? [[String: Any]])
    #expect(before.map { $0["id"] as? String } == after.map { $0["id"] as? String })
    #expect(after.map { $0["line"] as? Int } == [8, 10, 12])
  }

  @Test func tsvPutsFrontAndBackFirstAndFlattensTabs() throws {
    let fixture = try CLIFixture()
    try fixture.write("tab.md", "x ?[h](a\tb) y\n")
    let json = try #require(try runBooknotes(["prompts"], in: fixture.root).json() as? [[String: Any]])
    #expect(json.contains { $0["back"] as? String == "a\tb" })
    let result = try runBooknotes(["prompts", "--format", "tsv"], in: fixture.root)
    #expect(result.status == 0)
    let rows = result.lines.map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
    #expect(rows.count == json.count)
    #expect(rows.allSatisfy { $0.count == 7 })
    #expect(
      rows.prefix(3).map { Array($0[0..<2]) } == [
        ["Quote here.", "p. 42"], ["Ego [who] wrote.", "Vohs"], ["What is it?", "That."],
      ])
    #expect(rows.contains { $0[0] == "x [h] y" && $0[1] == "a b" && $0[6] == "tab" }, "titled by its file name")
    #expect(rows[0][3] == "quote" && rows[0][4] == "a.md" && rows[0][5] == "6" && rows[0][6] == "Thinking")
    for (row, item) in zip(rows, json) {
      #expect(row[2] == item["id"] as? String)
      #expect(row[3] == item["kind"] as? String)
      #expect(row[4] == item["file"] as? String)
    }
  }

  @Test func notesWithoutPromptsGiveAnEmptyListAndSkippedFilesALine() throws {
    let fixture = try CLIFixture()
    let result = try runBooknotes(["prompts", "empty.md", "bin.md", "sub/bad.md"], in: fixture.root)
    #expect(result.status == 0)
    #expect(try result.json() as? [Any] != nil)
    #expect((try result.json() as? [Any])?.isEmpty == true)
    #expect(
      result.stderr
        == "booknotes prompts: skipping bin.md: binary file\nbooknotes prompts: skipping sub/bad.md: not UTF-8\n")
    let tsv = try runBooknotes(["prompts", "--format=tsv", "empty.md"], in: fixture.root)
    #expect(tsv.status == 0)
    #expect(tsv.stdout == "")
  }

  @Test func onlyQuoteAndCiteCalloutsArePrompts() throws {
    let fixture = try CLIFixture()
    try fixture.write(
      "callouts.md",
      "# Dune\n\n> [!NOTE]\n> Reread chapter 2.\n\n> [!quote]+ Paul Atreides\n> Fear is the mind-killer.\n")
    let result = try runBooknotes(["prompts", "--format", "json", "callouts.md"], in: fixture.root)
    #expect(result.status == 0)
    let items = try #require(try result.json() as? [[String: Any]])
    #expect(items.map { $0["kind"] as? String } == ["quote"])
    #expect(items.map { $0["line"] as? Int } == [6])
    #expect(items.map { $0["front"] as? String } == ["Fear is the mind-killer."])
    #expect(items.map { $0["back"] as? String } == ["Paul Atreides"])
  }

  @Test func boldListAndMultiLineQuestionsAndAnswers() throws {
    let fixture = try CLIFixture()
    try fixture.write(
      "qa.md",
      "**Q:** Who?\n**A:** Paul,\nson of Leto.\n\n- Q: Where?\n- A: Arrakis.\n- C: Capture\n- A: Act\n")
    let result = try runBooknotes(["prompts", "--format", "json", "qa.md"], in: fixture.root)
    #expect(result.status == 0)
    let items = try #require(try result.json() as? [[String: Any]])
    #expect(items.map { $0["kind"] as? String } == ["qa", "qa"])
    #expect(items.map { $0["line"] as? Int } == [1, 5])
    #expect(items.map { $0["front"] as? String } == ["Who?", "Where?"])
    #expect(items.map { $0["back"] as? String } == ["Paul, son of Leto.", "Arrakis."])
  }

  /// A note without a front-matter title or a level-1 heading is titled by its file
  /// name, as Obsidian names notes.
  @Test func bookIsTheFileNameWithoutATitle() throws {
    let fixture = try CLIFixture()
    try fixture.write("ideas/habit loops.md", "## A section\n\nQ: Who?\nA: Me.\n")
    let result = try runBooknotes(["prompts", "ideas/habit loops.md"], in: fixture.root)
    let items = try #require(try result.json() as? [[String: Any]])
    #expect(items.count == 1)
    #expect(items.first?["book"] as? String == "habit loops")
  }

  /// A `Q:`/`A:` paragraph under a setext underline is a heading, at the top level and in
  /// a quote alike (as cmark-gfm reads it): no card.
  @Test func anUnderlinedPairIsAHeadingAndNoCard() throws {
    let fixture = try CLIFixture()
    try fixture.write("top.md", "Q: a\nA: b\n===\n\nQ: c\nA: d\n---\n")
    try fixture.write("quote.md", "> Q: a\n> A: b\n> ===\n")
    for note in ["top.md", "quote.md"] {
      let result = try runBooknotes(["prompts", note], in: fixture.root)
      #expect(result.status == 0)
      let items = try #require(try result.json() as? [[String: Any]])
      #expect(items.isEmpty, "\(note): \(items)")
    }
  }

  /// A list whose item holds a pair gives the pair's card alone, at the top level and in
  /// a quote alike: a quote whose items ask questions is no quotation.
  @Test func aQuotedItemsPairIsItsOnlyCardAsAtTheTopLevel() throws {
    let fixture = try CLIFixture()
    try fixture.write("top.md", "- x\n\n  Q: a\n  A: b\n")
    try fixture.write("quote.md", "> - x\n>\n>   Q: a\n>   A: b\n")
    var cards: [[String]] = []
    for note in ["top.md", "quote.md"] {
      let result = try runBooknotes(["prompts", note], in: fixture.root)
      #expect(result.status == 0)
      let items = try #require(try result.json() as? [[String: Any]])
      cards.append(items.map { "\($0["kind"] ?? "") \($0["front"] ?? "") -> \($0["back"] ?? "")" })
    }
    #expect(cards == [["qa a -> b"], ["qa a -> b"]])
  }
}
