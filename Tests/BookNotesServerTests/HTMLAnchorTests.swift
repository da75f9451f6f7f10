import BookNotesTestSupport
import Foundation
import JSONCore
import LanguageServerProtocol
import Testing

/// Anchors that raw HTML declares (`<a name="install"></a>`, `<h2 id="usage">`), as
/// READMEs use them, over the real `booknotes lsp`: a link to one is no
/// `link-missing-heading`, and leads to its tag, in the open note and in a closed one;
/// a tag in code declares nothing.
@Suite struct HTMLAnchorTests {
  static let readme = """
    # Tool

    <a name="install"></a>
    Install it.

    <h2 id="usage">Usage</h2>

    ```html
    <a id="example"></a>
    ```

    See [install](#install), [usage](#usage), [example](#example) and [nowhere](#nowhere).

    """
  static let other = "# Other\n\nFirst [install](readme.md#install), not [example](readme.md#example).\n"

  @Test func linksToHTMLAnchorsAreWholeAndLeadToTheirTags() async throws {
    let vault = try LinkVault()
    try vault.write("readme.md", Self.readme)
    try vault.write("other.md", Self.other)
    let client = try await vault.launch()
    let readme = vault.uri("readme.md")
    client.open(readme, text: Self.readme)
    func missing(_ uri: String) async throws -> [Int?] {
      let items = try await client.request("textDocument/diagnostic", uri: uri)["items"]?.arrayValue ?? []
      return items.filter { $0["code"] == "link-missing-heading" }.map { $0["range"]?["start"]?["character"]?.intValue }
    }
    #expect(try await missing(readme) == [53, 77])
    let other = vault.uri("other.md")
    client.open(other, text: Self.other)
    #expect(try await missing(other) == [60])
    func definition(_ uri: String, _ line: Int, _ character: Int) async throws -> [String] {
      vault.places(
        try await client.request("textDocument/definition", uri: uri, ["position": position(line, character)]))
    }
    #expect(try await definition(readme, 11, 17) == ["readme.md 2:0-18"])
    #expect(try await definition(readme, 11, 36) == ["readme.md 5:0-15"])
    // From a note the readme is closed to: the index's anchors.
    client.notify("textDocument/didClose", params: ["textDocument": ["uri": .string(readme)]])
    #expect(try await definition(other, 2, 30) == ["readme.md 2:0-18"])
    // Completion offers them after the headings.
    client.change(other, version: 2, [LSPTestClient.change((3, 0), (3, 0), "[x](readme.md#\n")])
    let list = try await client.request("textDocument/completion", uri: other, ["position": position(3, 14)])
    let offered = (list["items"]?.arrayValue ?? []).compactMap { $0["textEdit"]?["newText"]?.stringValue }
    #expect(offered == ["tool)", "install)", "usage)"])
    try await client.shutdownAndExit()
    _ = try await client.waitForExit()
  }
}
