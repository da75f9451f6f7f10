import BookNotesTestSupport
import Foundation
import JSONCore
import LanguageServerProtocol
import Testing

/// A note's block structure as CommonMark and GFM decide it, through the command line
/// and over LSP: a leading rule is no front matter, setext headings and closed ATX
/// headings are headings without their marks, a heading in a list item is a heading,
/// and nothing inside code (fenced under an item, indented), HTML blocks and comments,
/// `$$` math or `%%` comments is a heading, prompt, tag, link or diagnostic; a table's
/// cells hold tags and links.
@Suite struct BlockStructureTests {
  static let note = """
    ---
    A note that opens with a rule, then prose.

    Setext Title
    ============

    ## Chapter Two ##

    - ## JavaScript
    - item with code:
        ```js
        const re = /#this/; // Q: not a question
        ```

    <!-- Q: commented out
    A: not an orphan -->

    <details>
    <summary>Spoiler</summary>
    # Not a heading #nope ?[x
    </details>

        indented #code [x](gone.md)

    $$
    Q: x #math
    $$

    %%
    #private ?[broken
    %%

    | Tag | Link |
    |-----|------|
    | #real | [there](there.md) |

    """

  @Test func theCommandLineReadsTheBlocks() throws {
    let fixture = try LibraryFixture()
    try fixture.write("blocks/note.md", Self.note)
    try fixture.write("blocks/there.md", "# There\n")
    let check = try runBooknotes(["check", "blocks"], in: fixture.root)
    #expect(check.stdout == "", "nothing is flagged: \(check.stdout)")
    #expect(check.status == 0)
    let tags = try runBooknotes(["tags"], in: fixture.root)
    for hidden in ["#this", "#nope", "#code", "#math", "#private"] {
      #expect(!tags.lines.contains { $0.hasPrefix(hidden + " ") }, "\(hidden) is no tag: \(tags.lines)")
    }
    #expect(tags.lines.contains("#real  1 note"), "\(tags.lines)")
    func names(_ query: String) throws -> [String] {
      try symbolNames(runBooknotes(["symbols", "--format", "json", query], in: fixture.root).stdout)
    }
    #expect(try names("Setext").contains("Setext Title"))
    #expect(try names("Chapter").contains("Chapter Two"), "without its closing `##`")
    #expect(try names("JavaScript").contains("JavaScript"))
    #expect(try names("heading").allSatisfy { !$0.contains("Not a heading") })
    #expect(try names("question").allSatisfy { !$0.contains("not a question") })
  }

  @Test func theServerReadsTheBlocks() async throws {
    let fixture = try LibraryFixture()
    try fixture.write("blocks/there.md", "# There\n")
    let harness = InProcessServer()
    try await fixture.initialize(harness.client, capabilities: capabilities(encodings: ["utf-16"], pull: true))
    let client = harness.client
    let uri = fixture.uri("blocks/note.md")
    client.open(uri, text: Self.note)
    let diagnostics = try await client.request("textDocument/diagnostic", uri: uri)
    #expect(diagnostics["items"] == [], "nothing is flagged: \(diagnostics)")
    let symbols = try await client.request("textDocument/documentSymbol", uri: uri)
    let names = outlineNames(symbols)
    #expect(names == ["Setext Title", "Chapter Two", "JavaScript"], "\(symbols)")
    let links = try await client.request("textDocument/documentLink", uri: uri)
    #expect((links.arrayValue ?? []).count == 1, "only the table's link: \(links)")
    try await client.shutdownAndExit()
    _ = try await harness.finish()
  }

  private func symbolNames(_ json: String) throws -> [String] {
    let value = try JSONSerialization.jsonObject(with: Data(json.utf8))
    return (value as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
  }
}
