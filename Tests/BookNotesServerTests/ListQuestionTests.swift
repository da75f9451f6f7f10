import BookNotesTestSupport
import Foundation
import JSONCore
import LanguageServerProtocol
import Testing

/// A `- Q:` list item that no `- A:` item answers is flagged `qa-missing-answer`, as a
/// paragraph's `Q:` is, with a fix that adds an `A: ` item at its level; a `* A:` item
/// on the next line answers it though its other bullet makes another list. Through
/// `booknotes check` and `prompts`, and the real `booknotes lsp` over stdio.
@Suite struct ListQuestionTests {
  static let note = """
    # Lists

    - Q: What is FSRS?
    - A: A scheduler.
    - Q: Lonely question?
    - Other item

    1. Q: Numbered?
       - Q: Nested?

    - Q: Bullet change?
    * A: Star answer.

    - Q: Last one?

    """

  @Test func theCommandLineFlagsUnansweredItems() throws {
    let fixture = try CLIFixture()
    try fixture.write("notes/lists.md", Self.note)
    let check = try runBooknotes(["check", "notes"], in: fixture.root)
    #expect(
      check.lines.map { String($0.split(separator: " ").prefix(3).joined(separator: " ")) } == [
        "notes/lists.md:5:3: error qa-missing-answer:", "notes/lists.md:8:4: error qa-missing-answer:",
        "notes/lists.md:9:6: error qa-missing-answer:", "notes/lists.md:14:3: error qa-missing-answer:",
      ], "\(check.stdout)")
    #expect(check.status == 1)
    let prompts = try runBooknotes(["prompts", "--format", "json", "notes/lists.md"], in: fixture.root)
    let items = try #require(try prompts.json() as? [[String: Any]])
    #expect(items.map { $0["front"] as? String } == ["What is FSRS?", "Bullet change?"])
    #expect(items.map { $0["back"] as? String } == ["A scheduler.", "Star answer."])
  }

  /// Outside a notes folder, a note whose only pairs are list items expects questions
  /// there; a note with none says nothing of an unanswered `- Q:`.
  @Test func theServerFlagsThemAndFixesThemAtTheItemsLevel() async throws {
    let binary = try #require(BinaryLocator.booknotes(), "booknotes binary not found; build it or set BOOKNOTES_BINARY")
    let client = try LSPTestClient.launch(executable: binary, arguments: ["lsp", "--log-level", "error"])
    defer { client.terminate() }
    try await client.initialize(capabilities: capabilities(encodings: ["utf-16"], pull: true))
    let uri = "file:///lists.md"
    client.open(uri, text: Self.note)
    func flagged() async throws -> [String] {
      let items = try await client.request("textDocument/diagnostic", uri: uri)["items"]?.arrayValue ?? []
      return items.map { item in
        let start = item["range"]?["start"]
        return
          "\(item["code"]?.stringValue ?? "") \(start?["line"]?.intValue ?? -1):\(start?["character"]?.intValue ?? -1)"
      }
    }
    #expect(
      try await flagged() == [
        "qa-missing-answer 4:2", "qa-missing-answer 7:3", "qa-missing-answer 8:5", "qa-missing-answer 13:2",
      ])
    func fix(at line: Int, _ character: Int) async throws -> (title: String?, edit: JSONValue?) {
      let actions = try await client.request(
        "textDocument/codeAction", uri: uri,
        ["range": range((line, character), (line, character)), "context": ["diagnostics": []]])
      #expect(actions.arrayValue?.count == 1, "\(actions)")
      return (actions[0]?["title"]?.stringValue, actions[0]?["edit"]?["changes"]?[uri])
    }
    let lonely = try await fix(at: 4, 10)
    #expect(lonely.title == "Add an '- A: ' item")
    #expect(lonely.edit == [["range": range((4, 21), (4, 21)), "newText": "\n- A: "]])
    // After the item and the list nested in it, with the next number.
    #expect(try await fix(at: 7, 4).edit == [["range": range((8, 15), (8, 15)), "newText": "\n2. A: "]])
    #expect(try await fix(at: 8, 8).edit == [["range": range((8, 15), (8, 15)), "newText": "\n   - A: "]])

    client.change(uri, version: 2, [LSPTestClient.change((4, 21), (4, 21), "\n- A: Answered.")])
    #expect(
      try await flagged() == ["qa-missing-answer 8:3", "qa-missing-answer 9:5", "qa-missing-answer 14:2"])
    let prompts = try await client.request("booknotes/prompts", uri: uri)
    #expect(
      prompts.arrayValue?.map { $0["front"]?.stringValue } == ["What is FSRS?", "Lonely question?", "Bullet change?"])

    let prose = "file:///prose.md"
    client.open(prose, text: "# Mnemonic\n\n- Q: quiet\n- C: calm\n")
    let quiet = try await client.request("textDocument/diagnostic", uri: prose)
    #expect(quiet["items"] == [], "\(quiet)")
    try await client.shutdownAndExit()
    #expect(try await client.waitForExit() == 0)
  }

  static let quoted = """
    # Quoted lists

    > - Q: Inside a quote?
    > - A: Paired.
    > - Q: Unanswered?
    > - Other item

    """

  /// A list inside a quote pairs as a top-level list does: its cards through `prompts`,
  /// its unanswered question through `check` and over LSP, where the fix adds an item
  /// with the quote's `> `.
  @Test func aListInsideAQuotePairs() async throws {
    let fixture = try CLIFixture()
    try fixture.write("notes/quoted.md", Self.quoted)
    let check = try runBooknotes(["check", "notes"], in: fixture.root)
    #expect(
      check.lines.map { String($0.split(separator: " ").prefix(3).joined(separator: " ")) } == [
        "notes/quoted.md:5:5: error qa-missing-answer:"
      ], "\(check.stdout)")
    let prompts = try runBooknotes(["prompts", "--format", "json", "notes/quoted.md"], in: fixture.root)
    let items = try #require(try prompts.json() as? [[String: Any]])
    let pairs = items.filter { $0["kind"] as? String == "qa" }
    #expect(pairs.map { $0["front"] as? String } == ["Inside a quote?"], "\(prompts.stdout)")
    #expect(pairs.map { $0["back"] as? String } == ["Paired."])

    let binary = try #require(BinaryLocator.booknotes(), "booknotes binary not found; build it or set BOOKNOTES_BINARY")
    let client = try LSPTestClient.launch(executable: binary, arguments: ["lsp", "--log-level", "error"])
    defer { client.terminate() }
    try await client.initialize(capabilities: capabilities(encodings: ["utf-16"], pull: true))
    let uri = "file:///quoted.md"
    client.open(uri, text: Self.quoted)
    let items2 = try await client.request("textDocument/diagnostic", uri: uri)["items"]?.arrayValue ?? []
    #expect(
      items2.map { "\($0["code"]?.stringValue ?? "") \($0["range"]?["start"]?["line"]?.intValue ?? -1)" } == [
        "qa-missing-answer 4"
      ])
    let actions = try await client.request(
      "textDocument/codeAction", uri: uri, ["range": range((4, 6), (4, 6)), "context": ["diagnostics": []]])
    #expect(actions[0]?["title"]?.stringValue == "Add an '- A: ' item", "\(actions)")
    #expect(actions[0]?["edit"]?["changes"]?[uri] == [["range": range((4, 18), (4, 18)), "newText": "\n> - A: "]])
    let fronts = try await client.request("booknotes/prompts", uri: uri).arrayValue?.compactMap { prompt in
      prompt["kind"]?.stringValue == "qa" ? prompt["front"]?.stringValue : nil
    }
    #expect(fronts == ["Inside a quote?"])
    try await client.shutdownAndExit()
    #expect(try await client.waitForExit() == 0)
  }
}
