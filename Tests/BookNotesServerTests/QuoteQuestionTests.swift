import BookNotesTestSupport
import Foundation
import JSONCore
import LanguageServerProtocol
import Testing

/// `Q:`/`A:` pairs inside a callout, a quote and a quote's list item, through
/// `booknotes prompts` and `check` and the real `booknotes lsp` over stdio: each is a card
/// as its top-level form is, none is flagged, and their markers are coloured as at the
/// top level; an unanswered `Q:` in a quote is flagged, its fix adding `> A: `.
@Suite struct QuoteQuestionTests {
  static let note = """
    > [!question] Chapter 3
    > Q: What is X?
    > A: Y

    > Q: Who?
    > A: Me.

    > - Q: x
    >   A: y

    - Q: top
      A: level

    """

  static let unanswered = "\n> Q: Lonely?\n> Still asking.\n"

  @Test func theCommandLinePairsQuestionsInQuotes() throws {
    let fixture = try CLIFixture()
    try fixture.write("n.md", Self.note)
    let prompts = try runBooknotes(["prompts", "n.md"], in: fixture.root)
    let items = try #require(try prompts.json() as? [[String: Any]])
    #expect(items.map { $0["kind"] as? String } == ["qa", "qa", "qa", "qa"], "\(prompts.stdout)")
    #expect(items.map { $0["front"] as? String } == ["What is X?", "Who?", "x", "top"])
    #expect(items.map { $0["back"] as? String } == ["Y", "Me.", "y", "level"])
    #expect(items.map { $0["line"] as? Int } == [2, 5, 8, 11])
    let check = try runBooknotes(["check", "n.md"], in: fixture.root)
    #expect(check.stdout == "", "nothing is flagged: \(check.stdout)")
    #expect(check.status == 0)

    // Every pair's question is a symbol of the library, in a quote and a list item too.
    for (query, question) in [("What is X", "What is X?"), ("Who", "Who?"), ("top", "top")] {
      let symbols = try runBooknotes(["symbols", "--format", "json", query], in: fixture.root)
      let names = (try symbols.json() as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
      #expect(names.contains(question), "\(query): \(symbols.stdout)")
    }

    try fixture.write("n.md", Self.note + Self.unanswered)
    let flagged = try runBooknotes(["check", "n.md"], in: fixture.root)
    #expect(
      flagged.lines.map { String($0.split(separator: " ").prefix(3).joined(separator: " ")) } == [
        "n.md:14:3: error qa-missing-answer:"
      ], "\(flagged.stdout)")
  }

  @Test func theCommandLineReadsAQuotesItemAndCodeAnswerAsTheTopLevels() throws {
    let fixture = try CLIFixture()
    let top = "- Q: x\n  A: y\n  #tag\n  Q: z\n\nQ: c\nA:\n```\na\nb\n```\n"
    let quoted = top.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : "> " + $0 }
    try fixture.write("top.md", top)
    try fixture.write("quoted.md", quoted.joined(separator: "\n"))
    var cards: [[String]] = []
    var flagged: [String] = []
    for name in ["top.md", "quoted.md"] {
      let prompts = try runBooknotes(["prompts", name], in: fixture.root)
      let items = try #require(try prompts.json() as? [[String: Any]])
      cards.append(items.map { "\($0["id"] ?? "") \($0["front"] ?? "") -> \($0["back"] ?? "")" })
      let check = try runBooknotes(["check", name], in: fixture.root)
      flagged.append(check.lines.map { $0.split(separator: " ").dropFirst().prefix(2).joined(separator: " ") }.joined())
    }
    #expect(cards[0].map { $0.split(separator: " ").dropFirst().joined(separator: " ") } == ["x -> y", "c -> a b"])
    #expect(cards[1] == cards[0])
    #expect(flagged == ["error qa-missing-answer:", "error qa-missing-answer:"])
  }

  @Test func theServerColoursPairsInQuotesAndFlagsOnlyTheUnanswered() async throws {
    let binary = try #require(BinaryLocator.booknotes(), "booknotes binary not found; build it or set BOOKNOTES_BINARY")
    let client = try LSPTestClient.launch(executable: binary, arguments: ["lsp", "--log-level", "error"])
    defer { client.terminate() }
    try await client.initialize(capabilities: capabilities(encodings: ["utf-16"], pull: true))
    let uri = "file:///n.md"
    let text = Self.note + Self.unanswered
    client.open(uri, text: text)
    let items = try await client.request("textDocument/diagnostic", uri: uri)["items"]?.arrayValue ?? []
    #expect(
      items.map { item in
        let start = item["range"]?["start"]
        return
          "\(item["code"]?.stringValue ?? "") \(start?["line"]?.intValue ?? -1):\(start?["character"]?.intValue ?? -1)"
      } == ["qa-missing-answer 13:2"])
    let actions = try await client.request(
      "textDocument/codeAction", uri: uri, ["range": range((14, 3), (14, 3)), "context": ["diagnostics": []]])
    #expect(actions[0]?["title"]?.stringValue == "Add an 'A: ' line", "\(actions)")
    #expect(actions[0]?["edit"]?["changes"]?[uri] == [["range": range((14, 15), (14, 15)), "newText": "\n> A: "]])

    let tokens = try await client.request("textDocument/semanticTokens/full", uri: uri)
    let decoded = SemanticTokenDump.decode(SemanticTokenDump.integers(tokens["data"]), legend: legend, document: text)
    let lines = decoded.split(separator: "\n").map(String.init)
    #expect(
      lines.filter { $0.hasPrefix("1:") || $0.hasPrefix("2:") || $0.hasPrefix("8:") || $0.hasPrefix("11:") } == [
        "1:0 1 marker \">\"", "1:2 2 marker \"Q:\"", "1:5 10 question \"What is X?\"", "2:0 1 marker \">\"",
        "2:2 2 marker \"A:\"", "2:5 1 answer \"Y\"", "8:0 1 marker \">\"", "8:4 2 marker \"A:\"", "8:6 2 quote \" y\"",
        "11:2 2 marker \"A:\"",
      ], "\(decoded)")
    let prompts = try await client.request("booknotes/prompts", uri: uri)
    #expect(
      prompts.arrayValue?.map { $0["front"]?.stringValue } == [
        "What is X?", "Who?", "x", "top", "Q: Lonely? Still asking.",
      ])
    try await client.shutdownAndExit()
    #expect(try await client.waitForExit() == 0)
  }
}
