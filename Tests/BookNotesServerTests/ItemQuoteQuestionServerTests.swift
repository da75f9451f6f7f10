import BookNotesTestSupport
import Foundation
import JSONCore
import LanguageServerProtocol
import Testing

/// A quote inside a list item pairs its lists as a top-level quote does, through
/// `booknotes prompts` and `check` and the real `booknotes lsp` over stdio: its pairs are
/// cards and outline entries, the question its list's last item leaves is flagged, and it
/// is no quote card, as the top-level quote beside it is none.
@Suite struct ItemQuoteQuestionServerTests {
  static let note = """
    # Dune

    - x

      > quoted
      > - Q: a
      > - A: b
      > - Q: open

    > quoted top
    > - Q: c
    > - A: d

    """

  @Test func theCommandLinePairsAQuoteInAnItemAsATopLevelQuote() throws {
    let fixture = try CLIFixture()
    try fixture.write("n.md", Self.note)
    let prompts = try runBooknotes(["prompts", "n.md"], in: fixture.root)
    let items = try #require(try prompts.json() as? [[String: Any]])
    #expect(items.map { $0["kind"] as? String } == ["qa", "qa"], "\(prompts.stdout)")
    #expect(items.map { $0["front"] as? String } == ["a", "c"])
    #expect(items.map { $0["back"] as? String } == ["b", "d"])
    #expect(items.map { $0["line"] as? Int } == [6, 11])
    let check = try runBooknotes(["check", "n.md"], in: fixture.root)
    #expect(
      check.lines.map { String($0.split(separator: " ").prefix(3).joined(separator: " ")) } == [
        "n.md:8:7: error qa-missing-answer:"
      ], "\(check.stdout)")

    // Its question is a symbol of the library, as a top-level quote's is.
    try fixture.write("s.md", "- x\n\n  > - Q: Which spice?\n  > - A: Melange\n")
    let symbols = try runBooknotes(["symbols", "--format", "json", "Which spice"], in: fixture.root)
    let names = (try symbols.json() as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
    #expect(names.contains("Which spice?"), "\(symbols.stdout)")
  }

  @Test func theServerFlagsAndOutlinesAQuoteInAnItemAsATopLevelQuote() async throws {
    let binary = try #require(BinaryLocator.booknotes(), "booknotes binary not found; build it or set BOOKNOTES_BINARY")
    let client = try LSPTestClient.launch(executable: binary, arguments: ["lsp", "--log-level", "error"])
    defer { client.terminate() }
    try await client.initialize(capabilities: capabilities(encodings: ["utf-16"], pull: true))
    let uri = "file:///n.md"
    client.open(uri, text: Self.note)
    let items = try await client.request("textDocument/diagnostic", uri: uri)["items"]?.arrayValue ?? []
    #expect(
      items.map { item in
        let start = item["range"]?["start"]
        return
          "\(item["code"]?.stringValue ?? "") \(start?["line"]?.intValue ?? -1):\(start?["character"]?.intValue ?? -1)"
      } == ["qa-missing-answer 7:6"], "\(items)")
    let symbols = try await client.request("textDocument/documentSymbol", uri: uri)
    let book = try #require(symbols.arrayValue?.first)
    let found = (book["children"]?.arrayValue ?? []).map { symbol in
      let name = symbol["name"]?.stringValue ?? ""
      let detail = symbol["detail"]?.stringValue ?? ""
      let start = symbol["range"]?["start"]?["line"]?.intValue ?? -1
      let end = symbol["range"]?["end"]?["line"]?.intValue ?? -1
      return "\(name) | \(detail) | \(start)-\(end)"
    }
    #expect(found == ["a | b | 5-6", "c | d | 10-11"], "\(symbols)")
    try await client.shutdownAndExit()
    #expect(try await client.waitForExit() == 0)
  }
}
