import BookNotesTestSupport
import Foundation
import JSONCore
import LanguageServerProtocol
import Testing

/// Blocks inside containers through the command line and the real `booknotes lsp` over
/// stdio, on ``LinkVault``: a quote card inside a list item (a quote prompt with its
/// citation), a list that opens on its parent item's line, a link reference definition
/// inside a callout that a link elsewhere in the note uses, a table inside the callout
/// (its cells' tags are tags) and a `$$` block inside it (nothing in it is a tag).
@Suite struct ContainerBlockTests {
  static let note = """
    # Containers

    - Kahneman on intuition:
      > Intuition is nothing more and nothing less than recognition. (p. 237)
    - [Thinking][kahneman] is the source.
    - - a list on its parent's line #nested

    > [!note] Reading plan
    > | Book | Chapter |
    > |------|---------|
    > | Noise | 3 #plan |
    >
    > $$
    > x = #notatag
    > $$
    >
    > [kahneman]: books/thinking.md

    """

  @Test func theCommandLineReadsBlocksInsideContainers() throws {
    let vault = try LinkVault()
    try vault.write("containers.md", Self.note)
    let check = try runBooknotes(["check", "--format", "json"], in: vault.root)
    let findings = try #require(try check.json() as? [[String: Any]])
    let here = findings.filter { ($0["file"] as? String) == "containers.md" }
    #expect(here.isEmpty, "nothing is flagged: \(here)")

    let prompts = try runBooknotes(["prompts", "--format", "json", "containers.md"], in: vault.root)
    let items = try #require(try prompts.json() as? [[String: Any]])
    #expect(items.map { $0["kind"] as? String } == ["quote"], "the item's quote is a card, the callout none: \(items)")
    #expect(items.first?["line"] as? Int == 4)
    #expect(items.first?["front"] as? String == "Intuition is nothing more and nothing less than recognition.")
    #expect(items.first?["back"] as? String == "p. 237")

    let tags = try runBooknotes(["tags"], in: vault.root)
    #expect(tags.lines.contains("#plan  1 note"), "a table cell's tag: \(tags.lines)")
    #expect(tags.lines.contains("#nested  1 note"), "\(tags.lines)")
    #expect(!tags.lines.contains { $0.hasPrefix("#notatag ") }, "math holds no tag: \(tags.lines)")

    let links = try runBooknotes(["links", "containers.md"], in: vault.root)
    let outgoing = links.lines.drop { $0 != "outgoing:" }.dropFirst().prefix { !$0.isEmpty }
    #expect(
      outgoing.contains {
        $0.trimmingCharacters(in: .whitespaces).hasPrefix("containers.md:5:3 ") && $0.hasSuffix(" books/thinking.md")
      },
      "the definition inside the callout resolves the link: \(links.lines)")
  }

  @Test func theServerReadsBlocksInsideContainers() async throws {
    let vault = try LinkVault()
    try vault.write("containers.md", Self.note)
    let client = try await vault.launch()
    let uri = vault.uri("containers.md")
    client.open(uri, text: Self.note)
    let diagnostics = try await client.request("textDocument/diagnostic", uri: uri)
    #expect(diagnostics["items"] == [], "nothing is flagged: \(diagnostics)")
    let definition = try await client.request(
      "textDocument/definition", uri: uri, ["position": position(4, 5)])
    #expect(vault.places(definition) == ["books/thinking.md 0:0-0"], "\(definition)")

    let prompts = try await client.request("booknotes/prompts", uri: uri).arrayValue ?? []
    #expect(prompts.map { $0["kind"] } == ["quote"])
    #expect(prompts.first?["front"] == "Intuition is nothing more and nothing less than recognition.")
    #expect(prompts.first?["back"] == "p. 237")

    // Without its definition, the link is text; with it back, a link again.
    client.change(uri, version: 2, [LSPTestClient.change((16, 0), (17, 0), "")])
    let gone = try await client.request("textDocument/definition", uri: uri, ["position": position(4, 5)])
    #expect(vault.places(gone) == [])
    client.change(uri, version: 3, [LSPTestClient.change((16, 0), (16, 0), "> [kahneman]: books/thinking.md\n")])
    let back = try await client.request("textDocument/definition", uri: uri, ["position": position(4, 5)])
    #expect(vault.places(back) == ["books/thinking.md 0:0-0"])
    try await client.shutdownAndExit()
    _ = try await client.waitForExit()
  }
}
