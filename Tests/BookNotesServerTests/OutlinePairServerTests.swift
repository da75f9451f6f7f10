import BookNotesTestSupport
import Foundation
import JSONCore
import LanguageServerProtocol
import Testing

/// The real `booknotes lsp` over stdio gives each `Q:`/`A:` pair that is a card an
/// outline entry: a quote's list pairs (and no quote entry for that quote), a pair across
/// two adjacent lists, and a pair block inside a list item.
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
}
