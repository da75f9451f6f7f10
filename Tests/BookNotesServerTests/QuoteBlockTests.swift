import BookNotesTestSupport
import Foundation
import JSONCore
import LanguageServerProtocol
import Testing

/// Blocks inside quotes through the command line and the real `booknotes lsp` over
/// stdio: a callout holding a list and code, a quote holding a fenced code block with
/// tags, a broken cloze and a link inside, a heading inside a quote, and a lazy line
/// that goes on with a quote card's text. Nothing in a quote's code is a tag, link,
/// prompt or diagnostic; the callout is no card; the quote with code stays one.
@Suite struct QuoteBlockTests {
  static let note = """
    # Quoting Code

    A well-formed ?[cloze](answer) makes clozes expected here.

    > [!tip] Shortcuts
    > - press `?` for help #callout-tag
    > - the palette opens with a key
    >
    > ```sh
    > grep -n '#todo' notes/ # ?[not a cloze
    > ```

    > ```swift
    > let tag = "#hidden" // ?[broken [x](gone.md)
    > ```
    > ## Quoted Heading
    > The quote's text #real,
    continued on a lazy line. (p. 7)

    """

  @Test func theCommandLineReadsBlocksInsideQuotes() throws {
    let fixture = try LibraryFixture()
    try fixture.write("quotes/note.md", Self.note)
    let check = try runBooknotes(["check", "quotes"], in: fixture.root)
    #expect(check.stdout == "", "nothing is flagged: \(check.stdout)")
    #expect(check.status == 0)
    let tags = try runBooknotes(["tags"], in: fixture.root)
    for hidden in ["#hidden", "#todo"] {
      #expect(!tags.lines.contains { $0.hasPrefix(hidden + " ") }, "\(hidden) is no tag: \(tags.lines)")
    }
    #expect(tags.lines.contains("#real  1 note"), "\(tags.lines)")
    #expect(tags.lines.contains("#callout-tag  1 note"), "\(tags.lines)")
    let symbols = try runBooknotes(["symbols", "--format", "json", "Quoted Heading"], in: fixture.root)
    let names = (try JSONSerialization.jsonObject(with: Data(symbols.stdout.utf8)) as? [[String: Any]] ?? [])
      .compactMap { $0["name"] as? String }
    #expect(names.contains("Quoted Heading"), "\(names)")
    let prompts = try runBooknotes(["prompts", "--format", "json", "quotes/note.md"], in: fixture.root)
    let items = try #require(try prompts.json() as? [[String: Any]])
    #expect(items.map { $0["kind"] as? String } == ["cloze", "quote"], "the callout is no card: \(items)")
    #expect(items.last?["line"] as? Int == 13)
    #expect(items.last?["front"] as? String == "The quote's text #real, continued on a lazy line.")
    #expect(items.last?["back"] as? String == "p. 7")
  }

  @Test func theServerReadsBlocksInsideQuotes() async throws {
    let binary = try #require(BinaryLocator.booknotes(), "booknotes binary not found; build it or set BOOKNOTES_BINARY")
    let fixture = try LibraryFixture()
    let client = try LSPTestClient.launch(executable: binary, arguments: ["lsp", "--log-level", "error"])
    defer { client.terminate() }
    try await fixture.initialize(client, capabilities: capabilities(encodings: ["utf-16"], pull: true))
    let uri = fixture.uri("quotes/note.md")
    client.open(uri, text: Self.note)
    let diagnostics = try await client.request("textDocument/diagnostic", uri: uri)
    #expect(diagnostics["items"] == [], "nothing is flagged: \(diagnostics)")
    let links = try await client.request("textDocument/documentLink", uri: uri)
    #expect(links.arrayValue?.isEmpty == true, "no link inside code: \(links)")
    let symbols = try await client.request("textDocument/documentSymbol", uri: uri)
    var found: [(name: String, start: Int, end: Int)] = []
    func collect(_ value: JSONValue) {
      for symbol in value.arrayValue ?? [] {
        if let name = symbol["name"]?.stringValue, let start = symbol["range"]?["start"]?["line"]?.intValue,
          let end = symbol["range"]?["end"]?["line"]?.intValue
        {
          found.append((name, start, end))
        }
        if let children = symbol["children"] { collect(children) }
      }
    }
    collect(symbols)
    // The heading on line 15 is inside the quote card: its section opens where the quote does.
    #expect(found.contains { $0.name == "Quoted Heading" && $0.start == 12 }, "\(symbols)")
    // The quote card runs to its lazy line.
    #expect(found.contains { $0.name.hasPrefix("The quote's text") && $0.start == 12 && $0.end == 17 }, "\(symbols)")
    #expect(!found.contains { $0.name.contains("Shortcuts") || $0.name.contains("press") }, "\(symbols)")
    try await client.shutdownAndExit()
  }
}
