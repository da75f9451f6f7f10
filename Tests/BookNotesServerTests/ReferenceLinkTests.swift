import BookNotesTestSupport
import Foundation
import JSONCore
import LanguageServerProtocol
import Testing

@testable import BookNotesServer

/// Links that use a link reference definition (`[text][label]`, `[label][]`,
/// `[label]`), over the real `booknotes lsp` and through the command line, on
/// ``LinkVault`` with a note of such links: the link features treat them as inline
/// links, an undefined `[label]` is text, and an edit to a definition moves its links.
@Suite struct ReferenceLinkTests {
  static let note = """
    # References

    Read [the sequel][noise] and [Thinking][], [Part].
    Also [NOISE] and [sic] and [1], [missing][gone], [again][GONE], [to the part][part].

    [noise]: books/noise.md
    [thinking]:  <books/thinking.md>  "Kahneman"
    [gone]: books/gone.md
    [Part]: books/noise.md#chapter-1-crime-and-noisy-punishment

    """

  static func vault() throws -> LinkVault {
    let vault = try LinkVault()
    try vault.write("refs.md", note)
    return vault
  }

  func end(_ client: LSPTestClient) async throws {
    try await client.shutdownAndExit()
    _ = try await client.waitForExit()
  }

  @Test func definitionHoverLinksAndDiagnosticsFollowTheDefinitions() async throws {
    let vault = try Self.vault()
    let client = try await vault.launch(capabilities: NoteLinkTests.fileEdits)
    let refs = vault.uri("refs.md")
    client.open(refs, text: Self.note)
    func definition(_ line: Int, _ character: Int) async throws -> [String] {
      vault.places(
        try await client.request("textDocument/definition", uri: refs, ["position": position(line, character)]))
    }
    // Full, collapsed and shortcut forms, labels matched without case.
    #expect(try await definition(2, 10) == ["books/noise.md 0:0-0"])
    #expect(try await definition(2, 33) == ["books/thinking.md 0:0-0"])
    #expect(try await definition(3, 8) == ["books/noise.md 0:0-0"])
    #expect(try await definition(3, 72) == ["books/noise.md 2:0-40"])
    // Undefined labels are text.
    #expect(try await definition(3, 19) == [])
    #expect(try await definition(3, 28) == [])

    let hover = try await client.request("textDocument/hover", uri: refs, ["position": position(2, 33)])
    #expect(hover["contents"]?["value"]?.stringValue?.contains("Thinking, Fast and Slow") == true)

    // Each use is a document link where it is written.
    let links = try await client.request("textDocument/documentLink", uri: refs).arrayValue ?? []
    let ranges = links.map { link in
      let range = link["range"]
      return "\(range?["start"]?["line"]?.intValue ?? -1):\(range?["start"]?["character"]?.intValue ?? -1)"
    }
    #expect(ranges.sorted() == ["2:29", "2:43", "2:5", "3:5", "3:64"])

    // One missing note, used twice, is one diagnostic on the definition's destination.
    func diagnostics() async throws -> [String] {
      let items = try await client.request("textDocument/diagnostic", uri: refs)["items"]?.arrayValue ?? []
      return items.map { item in
        let start = item["range"]?["start"]
        return
          "\(item["code"]?.stringValue ?? "") \(start?["line"]?.intValue ?? -1):\(start?["character"]?.intValue ?? -1)"
      }
    }
    #expect(try await diagnostics() == ["link-missing-note 7:8"])

    // Pointing the definition elsewhere fixes both links, and the definition is all
    // that is reparsed.
    client.change(refs, version: 2, [LSPTestClient.change((7, 8), (7, 21), "books/noise.md")])
    #expect(try await diagnostics() == [])
    #expect(try await definition(3, 40) == ["books/noise.md 0:0-0"])
    // Without its definition, `[NOISE]` is text again.
    client.change(refs, version: 3, [LSPTestClient.change((5, 0), (6, 0), "")])
    #expect(try await definition(3, 8) == [])
    #expect(try await definition(2, 10) == [])
    try await end(client)
  }

  @Test func renamesRewriteTheDefinitionOnce() async throws {
    let vault = try Self.vault()
    let client = try await vault.launch(capabilities: NoteLinkTests.fileEdits)
    // A heading renamed: the definition two links use changes, once.
    let noise = vault.uri("books/noise.md")
    client.open(noise, text: LinkVault.notes["books/noise.md"]!)
    let renamed = try await client.request(
      "textDocument/rename", uri: noise, ["position": position(2, 6), "newName": "Chapter One"])
    try vault.apply(renamed)
    #expect(try vault.read("refs.md").contains("[Part]: books/noise.md#chapter-one\n"))
    // A note moved: its definitions follow, the links that use them stay as written.
    let moved = try await client.request(
      "workspace/willRenameFiles",
      params: ["files": [["oldUri": .string(noise), "newUri": .string(vault.uri("archive/noise.md"))]]])
    try vault.apply(moved)
    let text = try vault.read("refs.md")
    #expect(text.contains("[noise]: archive/noise.md\n"))
    #expect(text.contains("[Part]: archive/noise.md#chapter-one\n"))
    #expect(text.contains("Read [the sequel][noise] and [Thinking][], [Part]."))
    try await end(client)
  }

  @Test func theCommandLineChecksAndListsThem() throws {
    let vault = try Self.vault()
    let result = try runBooknotes(["check", "--format", "json"], in: vault.root)
    let items = try #require(try result.json() as? [[String: Any]])
    let found = items.map { "\($0["file"] as? String ?? "") \($0["line"] as? Int ?? 0) \($0["code"] as? String ?? "")" }
    #expect(found.filter { $0.hasPrefix("refs.md") } == ["refs.md 8 link-missing-note"])

    let links = try runBooknotes(["links", "refs.md"], in: vault.root)
    #expect(links.status == 0)
    #expect(links.lines.first == "References (refs.md)")
    let outgoing = links.lines.drop { $0 != "outgoing:" }.dropFirst().prefix { !$0.isEmpty }
    let places: [String] = outgoing.map { line in
      let words = line.split(separator: " ")
      return "\(words[0]) \(words[words.count - 1])"
    }
    #expect(
      places == [
        "refs.md:3:6 books/noise.md", "refs.md:3:30 books/thinking.md", "refs.md:3:44 books/noise.md",
        "refs.md:4:6 books/noise.md", "refs.md:4:33 missing", "refs.md:4:50 missing", "refs.md:4:65 books/noise.md",
      ])
    let backlinks = try runBooknotes(["links", "books/noise.md"], in: vault.root)
    #expect(backlinks.lines.filter { $0.contains("refs.md:") }.count == 4)

    // A heading that shows a defined label's text, as the outline names it.
    try vault.write("heading.md", "# [Foo] and [bar]\n\n[foo]: https://example.org\n")
    let symbols = try runBooknotes(["symbols", "Foo and"], in: vault.root)
    #expect(symbols.lines.contains { $0.contains("Foo and [bar]") })
  }
}
