import BookNotesTestSupport
import Foundation
import JSONCore
import LanguageServerProtocol
import Testing

@testable import BookNotesServer

/// Link reference definitions over several lines inside a quote and a list item, and
/// `Q:`/`A:` markers on an item's continuation lines, as a reader meets them: through
/// `booknotes check`, `prompts` and `links`, and over the real `booknotes lsp`.
@Suite struct ContainerDefinitionTests {
  static let note = """
    # Quoted references

    > [noise]:
    > books/noise.md
    > "Kahneman"
    > Words worth keeping.

    - [thinking]:
      <books/thinking.md>
      'Kahneman'

    > [gone]:
    gone.md

    Read [Noise] and [thinking], not [gone].

    """

  static let questions = """
    Q: Who?
    A: Me.

    - Some text
      A: An orphan answer
    - Q: What?
      A: This.
    - Q: Lonely?

    """

  func end(_ client: LSPTestClient) async throws {
    try await client.shutdownAndExit()
    _ = try await client.waitForExit()
  }

  @Test func theCommandLineReadsThemAsDefinitions() throws {
    let vault = try LinkVault()
    try vault.write("quoted.md", Self.note)
    try vault.write("questions.md", Self.questions)
    let check = try runBooknotes(["check", "--format", "json"], in: vault.root)
    let items = try #require(try check.json() as? [[String: Any]])
    let found = items.map {
      "\($0["file"] as? String ?? "") \($0["line"] as? Int ?? 0):\($0["column"] as? Int ?? 0) \($0["code"] as? String ?? "")"
    }
    #expect(found.filter { $0.hasPrefix("quoted.md") } == ["quoted.md 13:1 link-missing-note"])
    #expect(
      found.filter { $0.hasPrefix("questions.md") } == [
        "questions.md 5:3 qa-orphan-answer", "questions.md 8:3 qa-missing-answer",
      ])
    let lonely = items.first { ($0["file"] as? String) == "questions.md" && ($0["line"] as? Int) == 8 }
    #expect(lonely?["message"] as? String == "Question has no answer: add an item '- A: ' right after it.")

    // The quote of definitions only is no card; the other's card is its own words.
    let prompts = try runBooknotes(["prompts", "--format", "json", "quoted.md", "questions.md"], in: vault.root)
    let cards = try #require(try prompts.json() as? [[String: Any]])
    #expect(
      cards.map { "\($0["file"] as? String ?? "") \($0["front"] as? String ?? "") -> \($0["back"] as? String ?? "")" }
        .sorted() == [
          "questions.md What? -> This.", "questions.md Who? -> Me.",
          "quoted.md Words worth keeping. -> Quoted references",
        ])

    let links = try runBooknotes(["links", "quoted.md"], in: vault.root)
    let outgoing = links.lines.drop { $0 != "outgoing:" }.dropFirst().prefix { !$0.isEmpty }
    #expect(
      outgoing.map { line in
        let words = line.split(separator: " ")
        return "\(words[0]) \(words[words.count - 1])"
      } == ["quoted.md:15:6 books/noise.md", "quoted.md:15:18 books/thinking.md", "quoted.md:15:34 missing"])
  }

  @Test func theServerResolvesColoursAndFlagsThem() async throws {
    let vault = try LinkVault()
    try vault.write("quoted.md", Self.note)
    let client = try await vault.launch(capabilities: NoteLinkTests.fileEdits)
    let uri = vault.uri("quoted.md")
    client.open(uri, text: Self.note)
    func definition(_ line: Int, _ character: Int) async throws -> [String] {
      vault.places(
        try await client.request("textDocument/definition", uri: uri, ["position": position(line, character)]))
    }
    #expect(try await definition(14, 7) == ["books/noise.md 0:0-0"])
    #expect(try await definition(14, 19) == ["books/thinking.md 0:0-0"])

    let tokens = try await client.request("textDocument/semanticTokens/full", uri: uri)
    let decoded = SemanticTokenDump.decode(
      SemanticTokenDump.integers(tokens["data"]), legend: legend, document: Self.note)
    let quoteLines = decoded.split(separator: "\n").filter { ["2:", "3:", "4:", "5:"].contains($0.prefix(2)) }
    #expect(
      quoteLines == [
        "2:0 1 marker \">\"", "2:3 5 link \"noise\"", "3:0 1 marker \">\"", "3:2 14 url \"books/noise.md\"",
        "4:0 1 marker \">\"", "5:0 1 marker \">\"", "5:2 20 quote \"Words worth keeping.\"",
      ])

    let diagnostics = try await client.request("textDocument/diagnostic", uri: uri)["items"]?.arrayValue ?? []
    #expect(
      diagnostics.map { "\($0["code"]?.stringValue ?? "") \($0["range"]?["start"]?["line"]?.intValue ?? -1)" } == [
        "link-missing-note 12"
      ])

    // An unanswered item's message and fix; a `Q:` on an item's line, answered at its text.
    let questions = vault.uri("questions.md")
    client.open(questions, text: Self.questions + "- Some more\n  Q: Asked\n")
    let items = try await client.request("textDocument/diagnostic", uri: questions)["items"]?.arrayValue ?? []
    #expect(
      items.map { "\($0["code"]?.stringValue ?? "") \($0["range"]?["start"]?["line"]?.intValue ?? -1)" } == [
        "qa-orphan-answer 4", "qa-missing-answer 7", "qa-missing-answer 9",
      ])
    #expect(items[1]["message"]?.stringValue == "Question has no answer: add an item '- A: ' right after it.")
    let actions = try await client.request(
      "textDocument/codeAction", uri: questions,
      ["range": range((9, 4), (9, 4)), "context": ["diagnostics": []]])
    #expect(actions[0]?["title"]?.stringValue == "Add an 'A: ' line")
    #expect(actions[0]?["edit"]?["changes"]?[questions] == [["range": range((9, 10), (9, 10)), "newText": "\n  A: "]])
    try await end(client)
  }

  static let labelsOverLines = """
    # Over lines

    > [thinking
    > fast]: books/thinking.md
    > [gone
    > away]: gone.md

    Read [thinking fast] and [gone away].

    """

  /// A label that runs over a quote's lines defines the label its lines make, read after
  /// each line's `>` (cmark-gfm reads it so): the command line and the server follow it.
  @Test func aLabelOverAQuotesLinesIsADefinition() async throws {
    let vault = try LinkVault()
    try vault.write("multi.md", Self.labelsOverLines)
    let check = try runBooknotes(["check", "--format", "json"], in: vault.root)
    let items = try #require(try check.json() as? [[String: Any]])
    #expect(
      items.filter { $0["file"] as? String == "multi.md" }.map {
        "\($0["line"] as? Int ?? 0):\($0["column"] as? Int ?? 0) \($0["code"] as? String ?? "")"
      } == ["6:10 link-missing-note"])
    let links = try runBooknotes(["links", "multi.md"], in: vault.root)
    let outgoing = links.lines.drop { $0 != "outgoing:" }.dropFirst().prefix { !$0.isEmpty }
    #expect(
      outgoing.map { line in
        let words = line.split(separator: " ")
        return "\(words[0]) \(words[words.count - 1])"
      } == ["multi.md:8:6 books/thinking.md", "multi.md:8:26 missing"], "\(links.stdout)")
    let prompts = try runBooknotes(["prompts", "--format", "json", "multi.md"], in: vault.root)
    #expect(try #require(try prompts.json() as? [[String: Any]]).isEmpty, "\(prompts.stdout)")

    let client = try await vault.launch(capabilities: NoteLinkTests.fileEdits)
    let uri = vault.uri("multi.md")
    client.open(uri, text: Self.labelsOverLines)
    let found = vault.places(
      try await client.request("textDocument/definition", uri: uri, ["position": position(7, 8)]))
    #expect(found == ["books/thinking.md 0:0-0"])
    let tokens = try await client.request("textDocument/semanticTokens/full", uri: uri)
    let decoded = SemanticTokenDump.decode(
      SemanticTokenDump.integers(tokens["data"]), legend: legend, document: Self.labelsOverLines)
    let labelLines = decoded.split(separator: "\n").filter { ["2:", "3:"].contains($0.prefix(2)) }
    #expect(
      labelLines == [
        "2:0 1 marker \">\"", "2:3 8 link \"thinking\"", "3:0 1 marker \">\"", "3:2 4 link \"fast\"",
        "3:9 17 url \"books/thinking.md\"",
      ])
    let diagnostics = try await client.request("textDocument/diagnostic", uri: uri)["items"]?.arrayValue ?? []
    #expect(
      diagnostics.map { "\($0["code"]?.stringValue ?? "") \($0["range"]?["start"]?["line"]?.intValue ?? -1)" } == [
        "link-missing-note 5"
      ])
    try await end(client)
  }
}
