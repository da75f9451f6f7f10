import BookNotesTestSupport
import Foundation
import JSONCore
import LanguageServerProtocol
import Testing

@testable import BookNotesServer

/// The link graph on ``LinkVault``'s harder cases, over the real `booknotes lsp`: a
/// heading with an emoji and punctuation (completion, references, rename in both link
/// styles), links typed in a CRLF note, and moving one of two notes of the same name.
@Suite struct LinkEdgeCaseTests {
  func end(_ client: LSPTestClient) async throws {
    try await client.shutdownAndExit()
    _ = try await client.waitForExit()
  }

  @Test func anEmojiHeadingIsCompletedFoundAndRenamedInBothStyles() async throws {
    let vault = try LinkVault()
    let client = try await vault.launch(capabilities: NoteLinkTests.fileEdits)
    let index = vault.uri("index.md")
    client.open(index, text: LinkVault.notes["index.md"]!)
    var version = 1
    func complete(_ typed: String) async throws -> [String] {
      version += 1
      client.change(index, version: version, [LSPTestClient.change((10, 0), (11, 0), typed + "\n")])
      let list = try await client.request(
        "textDocument/completion", uri: index, ["position": position(10, typed.utf16.count)])
      return (list["items"]?.arrayValue ?? []).compactMap { $0["textEdit"]?["newText"]?.stringValue }
    }
    #expect(try await complete("See [[launch notes#") == ["Launch Notes]]", "🚀 Launch: Day 1!]]"])
    #expect(try await complete("See [x](launch%20notes.md#").contains("-launch-day-1)"))
    let launch = vault.uri("launch notes.md")
    client.open(launch, text: LinkVault.notes["launch notes.md"]!)
    let references = try await client.request(
      "textDocument/references", uri: launch,
      ["position": position(2, 5), "context": ["includeDeclaration": true]])
    #expect(vault.places(references) == ["launch notes.md 4:35-57", "launch notes.md 4:8-30"])
    let prepared = try await client.request("textDocument/prepareRename", uri: launch, ["position": position(2, 5)])
    #expect(prepared["placeholder"] == "🚀 Launch: Day 1!")
    try vault.apply(
      try await client.request(
        "textDocument/rename", uri: launch, ["position": position(2, 5), "newName": "🛬 Landing: Day 2?"]))
    #expect(
      try vault.read("launch notes.md")
        == "# Launch Notes\n\n## 🛬 Landing: Day 2?\n\nGo. See [[#🛬 Landing: Day 2?]] and [here](#-landing-day-2).\n")
    try await end(client)
  }

  @Test func linksTypedInACRLFNoteCompleteAndLeadToTheirTargets() async throws {
    let vault = try LinkVault()
    let client = try await vault.launch()
    let crlf = vault.uri("crlf.md")
    client.open(crlf, text: LinkVault.notes["crlf.md"]!)
    var version = 1
    func complete(_ typed: String, at column: Int) async throws -> [JSONValue] {
      version += 1
      client.change(crlf, version: version, [LSPTestClient.change((3, 0), (4, 0), typed + "\r\n")])
      let list = try await client.request("textDocument/completion", uri: crlf, ["position": position(3, column)])
      return list["items"]?.arrayValue ?? []
    }
    let open = try await complete("See [[noi", at: 9).first
    #expect(open?["textEdit"]?["newText"] == "noise]]")
    #expect(open?["textEdit"]?["range"] == range((3, 6), (3, 9)))
    // Closed already, before the CR LF: the name alone.
    let closed = try await complete("See [[noi]]", at: 9).first
    #expect(closed?["textEdit"]?["newText"] == "noise")
    let headings = try await complete("See [[thinking#Part", at: 19)
    let part = headings.first { $0["label"] == "Part 1: Two Systems" }
    #expect(part?["textEdit"]?["newText"] == "Part 1: Two Systems]]")
    #expect(part?["textEdit"]?["range"] == range((3, 15), (3, 19)))
    let hover = try await client.request("textDocument/hover", uri: crlf, ["position": position(2, 35)])
    let text = try #require(hover["contents"]?["value"]?.stringValue)
    #expect(text.contains("## Part 1: Two Systems"))
    #expect(!text.contains("\r"))
    try await end(client)
  }

  @Test func movingOneOfTwoNotesOfTheSameNameKeepsEachLinkOnItsNote() async throws {
    let vault = try LinkVault()
    let client = try await vault.launch(capabilities: NoteLinkTests.fileEdits)
    let edit = try await client.request(
      "workspace/willRenameFiles",
      params: [
        "files": [["oldUri": .string(vault.uri("work/ideas.md")), "newUri": .string(vault.uri("work/old/ideas.md"))]]
      ])
    try vault.apply(edit)
    try FileManager.default.createDirectory(
      at: vault.root.appendingPathComponent("work/old"), withIntermediateDirectories: true)
    try FileManager.default.moveItem(
      at: vault.root.appendingPathComponent("work/ideas.md"), to: vault.root.appendingPathComponent("work/old/ideas.md")
    )
    let index = try vault.read("index.md")
    #expect(index.contains("Ideas twice: [[ideas]] and [[old/ideas]]."))
    #expect(try vault.read("work/old/ideas.md") == "# Ideas\n\nWork ideas. Up: [[index]].\n")
    try await end(client)
  }
}
