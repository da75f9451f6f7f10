import BookNotesTestSupport
import Foundation
import JSONCore
import LanguageServerProtocol
import Testing

/// A note with a heading written three times, as READMEs have (`## Windows` under each
/// platform), over the real `booknotes lsp`: a Markdown link names the second and third
/// by GitHub's anchors `#windows-1` and `#windows-2`, and definition, references,
/// completion, diagnostics and rename follow those anchors; a wiki link names the first.
@Suite struct RepeatedHeadingTests {
  static let building = """
    # Building

    ## Windows

    Set-up.

    ## Unix

    ## Windows

    Again.

    ## Windows

    See [first](#windows), [second](#windows-1), [third](#windows-2), [none](#windows-3), [[#Windows]].

    """
  static let other = "# Other\n\nThe [third](building.md#windows-2) and [[building#Windows]].\n"

  func launch() async throws -> (LinkVault, LSPTestClient, String) {
    let vault = try LinkVault()
    try vault.write("building.md", Self.building)
    try vault.write("other.md", Self.other)
    let client = try await vault.launch(capabilities: NoteLinkTests.fileEdits)
    let uri = vault.uri("building.md")
    client.open(uri, text: Self.building)
    return (vault, client, uri)
  }

  func end(_ client: LSPTestClient) async throws {
    try await client.shutdownAndExit()
    _ = try await client.waitForExit()
  }

  @Test func linksFindTheHeadingTheirAnchorNames() async throws {
    let (vault, client, uri) = try await launch()
    func definition(_ character: Int) async throws -> [String] {
      vault.places(try await client.request("textDocument/definition", uri: uri, ["position": position(14, character)]))
    }
    #expect(try await definition(15) == ["building.md 2:0-10"])
    #expect(try await definition(36) == ["building.md 8:0-10"])
    #expect(try await definition(57) == ["building.md 12:0-10"])
    #expect(try await definition(90) == ["building.md 2:0-10"], "a wiki link names the first")
    let items = try await client.request("textDocument/diagnostic", uri: uri)["items"]?.arrayValue ?? []
    let missing = items.filter { $0["code"] == "link-missing-heading" }
    #expect(missing.map { $0["range"]?["start"]?["character"]?.intValue } == [74])
    let references = try await client.request(
      "textDocument/references", uri: uri, ["position": position(12, 4), "context": ["includeDeclaration": true]])
    #expect(vault.places(references) == ["building.md 14:45-64", "other.md 2:4-34"])
    client.change(uri, version: 2, [LSPTestClient.change((15, 0), (15, 0), "[x](#\n")])
    let list = try await client.request("textDocument/completion", uri: uri, ["position": position(15, 5)])
    let offered = (list["items"]?.arrayValue ?? []).compactMap { $0["textEdit"]?["newText"]?.stringValue }
    #expect(offered == ["building)", "windows)", "unix)", "windows-1)", "windows-2)"])
    try await end(client)
  }

  /// Renaming the first `Windows` renames the links to it, and the links to the later
  /// two, whose anchors move down by one: every link still leads where it did.
  @Test func renamingTheFirstOfThreeKeepsEveryLinkOnItsHeading() async throws {
    let (vault, client, uri) = try await launch()
    try vault.apply(
      try await client.request("textDocument/rename", uri: uri, ["position": position(2, 5), "newName": "Linux"]))
    #expect(
      try vault.read("building.md").split(separator: "\n").last
        == "See [first](#linux), [second](#windows), [third](#windows-1), [none](#windows-3), [[#Linux]].")
    #expect(try vault.read("other.md") == "# Other\n\nThe [third](building.md#windows-1) and [[building#Linux]].\n")
    try await end(client)
  }

  /// Obsidian's heading paths (`[[#Unix#Build]]`) tell repeated headings apart: each is
  /// whole, leads to its heading, and renaming that heading rewrites its part.
  @Test func wikiHeadingPathsNameTheHeadingUnderTheOneBefore() async throws {
    let guide =
      "# Guide\n\n## Windows\n\n### Build\n\n## Unix\n\n### Build\n\nSee [[#Unix#Build]] and [[#Windows#Build]].\n"
    let vault = try LinkVault()
    try vault.write("guide.md", guide)
    let client = try await vault.launch(capabilities: NoteLinkTests.fileEdits)
    let uri = vault.uri("guide.md")
    client.open(uri, text: guide)
    let items = try await client.request("textDocument/diagnostic", uri: uri)["items"]?.arrayValue ?? []
    #expect(items.filter { $0["code"] == "link-missing-heading" }.isEmpty, "\(items)")
    let found = try await client.request("textDocument/definition", uri: uri, ["position": position(10, 12)])
    #expect(vault.places(found) == ["guide.md 8:0-9"])
    try vault.apply(
      try await client.request("textDocument/rename", uri: uri, ["position": position(8, 5), "newName": "Compile"]))
    #expect(
      try vault.read("guide.md").hasSuffix("## Unix\n\n### Compile\n\nSee [[#Unix#Compile]] and [[#Windows#Build]].\n"))
    try await client.shutdownAndExit()
    _ = try await client.waitForExit()
  }
}
