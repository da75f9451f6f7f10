import BookNotesTestSupport
import Foundation
import JSONCore
import LanguageServerProtocol
import Testing

/// The real `booknotes lsp` over stdio gives each `Q:`/`A:` pair that is a card an
/// outline entry: a quote's list pairs (and no quote entry for that quote), a pair across
/// two adjacent lists (its clozes its children), and a pair block inside a list item; and
/// a quote inside a list item the entry a top-level quote has.
@Suite struct OutlinePairServerTests {
  static let note = """
    # Dune

    > - Q: Who rules Arrakis?
    > - A: Paul

    > - Q: Whose son?
    >   A: Leto's

    - Q: Which planet?
    * A: Arrakis

    - an item
      Q: Which house?
      A: Atreides

    """

  @Test func theServerOutlinesEachPairThatIsACard() async throws {
    let binary = try #require(BinaryLocator.booknotes(), "booknotes binary not found; build it or set BOOKNOTES_BINARY")
    let fixture = try LibraryFixture()
    let client = try LSPTestClient.launch(executable: binary, arguments: ["lsp", "--log-level", "error"])
    defer { client.terminate() }
    try await fixture.initialize(client, capabilities: capabilities(encodings: ["utf-16"], pull: true))
    let uri = fixture.uri("pairs/note.md")
    client.open(uri, text: Self.note)
    let symbols = try await client.request("textDocument/documentSymbol", uri: uri)
    let book = try #require(symbols.arrayValue?.first)
    var found: [String] = []
    for symbol in book["children"]?.arrayValue ?? [] {
      let name = symbol["name"]?.stringValue ?? ""
      let detail = symbol["detail"]?.stringValue ?? ""
      let start = symbol["range"]?["start"]?["line"]?.intValue ?? -1
      let end = symbol["range"]?["end"]?["line"]?.intValue ?? -1
      found.append("\(name) | \(detail) | \(start)-\(end)")
    }
    #expect(
      found == [
        "Who rules Arrakis? | Paul | 2-3", "Whose son? | Leto's | 5-6", "Which planet? | Arrakis | 8-9",
        "Which house? | Atreides | 12-13",
      ], "\(symbols)")
    try await client.shutdownAndExit()
  }

  static let itemsNote = """
    # Dune

    - Q: Who rules ?[Arrakis](planet)?
    * A: Paul ?[Atreides](house)

    - an item
      > Fear is the ?[mind-killer](what fear is).
      > — Bene Gesserit

    > Fear is the ?[mind-killer](what fear is).
    > — Bene Gesserit

    """

  @Test func theServerOutlinesQuotesInItemsAndTheClozesOfAPairAcrossLists() async throws {
    let binary = try #require(BinaryLocator.booknotes(), "booknotes binary not found; build it or set BOOKNOTES_BINARY")
    let fixture = try LibraryFixture()
    let client = try LSPTestClient.launch(executable: binary, arguments: ["lsp", "--log-level", "error"])
    defer { client.terminate() }
    try await fixture.initialize(client, capabilities: capabilities(encodings: ["utf-16"], pull: true))
    let uri = fixture.uri("pairs/items.md")
    client.open(uri, text: Self.itemsNote)
    let symbols = try await client.request("textDocument/documentSymbol", uri: uri)
    let book = try #require(symbols.arrayValue?.first)
    func lines(_ symbol: JSONValue) -> [String] {
      let name = symbol["name"]?.stringValue ?? ""
      let detail = symbol["detail"]?.stringValue ?? ""
      let range = symbol["range"]?["start"]?["line"]?.intValue ?? -1
      let start = symbol["range"]?["start"]?["character"]?.intValue ?? -1
      let end = symbol["range"]?["end"]?["line"]?.intValue ?? -1
      let line = "\(name) | \(detail) | \(range):\(start)-\(end)"
      return [line] + (symbol["children"]?.arrayValue ?? []).flatMap(lines).map { "  " + $0 }
    }
    let found = (book["children"]?.arrayValue ?? []).flatMap(lines)
    #expect(
      found == [
        "Who rules planet? | Paul house | 2:0-3",
        "  Q: Who rules [Arrakis]? | planet | 2:15-2",
        "  A: Paul [Atreides] | house | 3:10-3",
        "Fear is the what fear is. | Bene Gesserit | 6:2-7",
        "  Fear is the [mind-killer]. | what fear is | 6:16-6",
        "Fear is the what fear is. | Bene Gesserit | 9:0-10",
        "  Fear is the [mind-killer]. | what fear is | 9:14-9",
      ], "\(symbols)")
    try await client.shutdownAndExit()
  }
}
