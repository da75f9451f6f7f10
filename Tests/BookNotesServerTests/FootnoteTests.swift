import BookNotesTestSupport
import Foundation
import JSONCore
import LanguageServerProtocol
import Testing

@testable import BookNotesServer

/// Footnotes end to end over the real `booknotes lsp`: a reference leads to its
/// note's definition, a definition lists its references, a reference's hover shows the
/// footnote's text, and a rename renames the definition and every reference.
@Suite struct FootnoteTests {
  static let note = """
    # Footnotes

    Kahneman[^fast] and Tversky[^Fast] and again[^slow] and `[^code]` and [^missing].

    [^fast]: Thinking, Fast and Slow,
        published in 2011.
    [^slow]: Noise.

    """
  /// Footnotes of several blocks, in a quote and in a list item, and a pair in one.
  static let containers = """
    See[^long] and[^quoted] and[^item].

    [^long]: First paragraph.

        Second paragraph, see[^item].

        - a list

    After.

    > [^quoted]: In a quote,
    >     still in it.

    - [^item]: In an item.

    [^pair]: A pair[^pair].

        Q: Why?

        A: Because.

    """
  static let crlf = "# CRLF\r\n\r\nSee[^é😀] here.\r\n\r\n[^é😀]: Émoji 😀 text.\r\n"

  /// A ``LinkVault`` with the footnote notes, and the server on it.
  func launch() async throws -> (LinkVault, LSPTestClient) {
    let vault = try LinkVault()
    try vault.write("footnotes.md", Self.note)
    try vault.write("crlf-footnotes.md", Self.crlf)
    try vault.write("containers.md", Self.containers)
    let client = try await vault.launch(capabilities: NoteLinkTests.fileEdits)
    client.open(vault.uri("footnotes.md"), text: Self.note)
    client.open(vault.uri("crlf-footnotes.md"), text: Self.crlf)
    client.open(vault.uri("containers.md"), text: Self.containers)
    return (vault, client)
  }

  func end(_ client: LSPTestClient) async throws {
    try await client.shutdownAndExit()
    _ = try await client.waitForExit()
  }

  @Test func definitionLeadsFromAReferenceToItsDefinition() async throws {
    let (vault, client) = try await launch()
    func definition(_ path: String, _ line: Int, _ character: Int) async throws -> [String] {
      vault.places(
        try await client.request(
          "textDocument/definition", uri: vault.uri(path), ["position": position(line, character)]))
    }
    #expect(try await definition("footnotes.md", 2, 10) == ["footnotes.md 4:0-22"])
    // Labels match without regard to case.
    #expect(try await definition("footnotes.md", 2, 30) == ["footnotes.md 4:0-22"])
    // The next line's definition is a definition of its own.
    #expect(try await definition("footnotes.md", 2, 46) == ["footnotes.md 6:0-15"])
    // In code, or with no definition: nowhere.
    #expect(try await definition("footnotes.md", 2, 60) == [])
    #expect(try await definition("footnotes.md", 2, 75) == [])
    #expect(try await definition("crlf-footnotes.md", 2, 6) == ["crlf-footnotes.md 4:0-22"])
    try await end(client)
  }

  @Test func referencesFromADefinitionOrAReferenceListTheReferences() async throws {
    let (vault, client) = try await launch()
    func references(_ line: Int, _ character: Int, declaration: Bool) async throws -> [String] {
      vault.places(
        try await client.request(
          "textDocument/references", uri: vault.uri("footnotes.md"),
          ["position": position(line, character), "context": ["includeDeclaration": .bool(declaration)]]))
    }
    #expect(
      try await references(4, 3, declaration: true) == [
        "footnotes.md 2:27-34", "footnotes.md 2:8-15", "footnotes.md 4:0-22",
      ])
    #expect(try await references(4, 3, declaration: false) == ["footnotes.md 2:27-34", "footnotes.md 2:8-15"])
    #expect(try await references(2, 46, declaration: true) == ["footnotes.md 2:44-51", "footnotes.md 6:0-15"])
    try await end(client)
  }

  @Test func hoverOnAReferenceShowsTheFootnotesText() async throws {
    let (vault, client) = try await launch()
    let hover = try await client.request(
      "textDocument/hover", uri: vault.uri("footnotes.md"), ["position": position(2, 10)])
    let text = try #require(hover["contents"]?["value"]?.stringValue)
    #expect(text.contains("Thinking, Fast and Slow,\npublished in 2011."))
    #expect(hover["range"] == range((2, 8), (2, 15)))
    let emoji = try await client.request(
      "textDocument/hover", uri: vault.uri("crlf-footnotes.md"), ["position": position(2, 4)])
    let emojiText = try #require(emoji["contents"]?["value"]?.stringValue)
    #expect(emojiText.hasSuffix("Émoji 😀 text."))
    try await end(client)
  }

  @Test func renamingAFootnoteRenamesItsDefinitionAndEveryReference() async throws {
    let (vault, client) = try await launch()
    let uri = vault.uri("footnotes.md")
    let prepared = try await client.request("textDocument/prepareRename", uri: uri, ["position": position(2, 46)])
    #expect(prepared["placeholder"] == "slow")
    #expect(prepared["range"] == range((2, 46), (2, 50)))
    await #expect(throws: ResponseError.self) {
      _ = try await client.request(
        "textDocument/rename", uri: uri, ["position": position(2, 46), "newName": "two words"])
    }
    try vault.apply(
      try await client.request("textDocument/rename", uri: uri, ["position": position(2, 46), "newName": "noise"]))
    var text = try vault.read("footnotes.md")
    #expect(text.contains("and again[^noise] and"))
    #expect(text.contains("\n[^noise]: Noise.\n"))
    client.change(uri, version: 2, [["text": .string(text)]])
    // From the definition, a `^` typed before the name aside.
    try vault.apply(
      try await client.request("textDocument/rename", uri: uri, ["position": position(4, 3), "newName": "^kahneman"]))
    text = try vault.read("footnotes.md")
    #expect(text.contains("Kahneman[^kahneman] and Tversky[^kahneman] and"))
    #expect(text.contains("\n[^kahneman]: Thinking, Fast and Slow,\n"))
    #expect(text.contains("`[^code]` and [^missing]."))
    // A CRLF note with an emoji label, in UTF-16 columns.
    let crlf = vault.uri("crlf-footnotes.md")
    try vault.apply(
      try await client.request("textDocument/rename", uri: crlf, ["position": position(2, 5), "newName": "émoji"]))
    #expect(try vault.read("crlf-footnotes.md") == "# CRLF\r\n\r\nSee[^émoji] here.\r\n\r\n[^émoji]: Émoji 😀 text.\r\n")
    try await end(client)
  }

  @Test func aFootnoteOfSeveralBlocksInAQuoteOrAnItemIsFoundHoveredAndRenamed() async throws {
    let (vault, client) = try await launch()
    let uri = vault.uri("containers.md")
    func definition(_ line: Int, _ character: Int) async throws -> [String] {
      vault.places(
        try await client.request("textDocument/definition", uri: uri, ["position": position(line, character)]))
    }
    // A definition runs from its `[` over its blocks: to the end of its list.
    #expect(try await definition(0, 5) == ["containers.md 2:0-12"])
    #expect(try await definition(0, 17) == ["containers.md 10:2-18"])
    #expect(try await definition(0, 30) == ["containers.md 13:2-22"])
    // A reference in a definition's second paragraph leads on too.
    #expect(try await definition(4, 27) == ["containers.md 13:2-22"])
    let hover = try await client.request("textDocument/hover", uri: uri, ["position": position(0, 5)])
    let text = try #require(hover["contents"]?["value"]?.stringValue)
    #expect(text.contains("First paragraph.\n\nSecond paragraph, see[^item].\n\n- a list"))
    #expect(!text.contains("After."))
    // From the definition in the quote: its references, and a rename.
    let references = try await client.request(
      "textDocument/references", uri: uri,
      ["position": position(10, 4), "context": ["includeDeclaration": .bool(true)]])
    #expect(vault.places(references) == ["containers.md 0:14-23", "containers.md 10:2-18"])
    try vault.apply(
      try await client.request("textDocument/rename", uri: uri, ["position": position(10, 4), "newName": "cited"]))
    let renamed = try vault.read("containers.md")
    #expect(renamed.contains("and[^cited] and") && renamed.contains("> [^cited]: In a quote,"))
    // A pair in a footnote is checked as one in a list item is.
    let items = try await client.request("textDocument/diagnostic", uri: uri)["items"]?.arrayValue ?? []
    #expect(items.map { $0["code"]?.stringValue } == ["qa-blank-line-between"])
    #expect(items.first?["range"]?["start"]?["line"]?.intValue == 18)
    try await end(client)
  }

  @Test func aReferenceWithoutADefinitionHasNoDiagnostic() async throws {
    let (vault, client) = try await launch()
    let items = try await client.request("textDocument/diagnostic", uri: vault.uri("footnotes.md"))["items"]
    #expect(items?.arrayValue?.isEmpty == true)
    try await end(client)
  }
}
