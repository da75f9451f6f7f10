import BookNotesTestSupport
import Foundation
import JSONCore
import LanguageServerProtocol
import Testing

@testable import BookNotesServer

/// Renames that keep links whole, over the real `booknotes lsp` on ``LinkVault``: each
/// edit applied as an editor applies it and the files read back.
@Suite struct NoteRenameTests {
  func end(_ client: LSPTestClient) async throws {
    try await client.shutdownAndExit()
    _ = try await client.waitForExit()
  }

  @Test func renamingAHeadingRewritesLinksInBothStyles() async throws {
    let vault = try LinkVault()
    let client = try await vault.launch(capabilities: NoteLinkTests.fileEdits)
    let noise = vault.uri("books/noise.md")
    client.open(noise, text: LinkVault.notes["books/noise.md"]!)
    let prepared = try await client.request("textDocument/prepareRename", uri: noise, ["position": position(2, 5)])
    #expect(prepared["placeholder"] == "Chapter 1: Crime and Noisy Punishment")
    let edit = try await client.request(
      "textDocument/rename", uri: noise, ["position": position(2, 5), "newName": "Chapter One: Crime"])
    try vault.apply(edit)
    #expect(try vault.read("books/noise.md").contains("## Chapter One: Crime\n"))
    let index = try vault.read("index.md")
    #expect(index.contains("[[noise#Chapter One: Crime]]"))
    #expect(index.contains("[noise](books/noise.md#chapter-one-crime)"))
    // A link to a heading the note never had is left as it is.
    #expect(index.contains("[[noise#Chaptre 1: Crime and Noisy Punishment]]"))
    try await end(client)
  }

  @Test func renamingANoteFromAWikiLinkRenamesItsFileAndEveryLink() async throws {
    let vault = try LinkVault()
    let client = try await vault.launch(capabilities: NoteLinkTests.fileEdits)
    let index = vault.uri("index.md")
    client.open(index, text: LinkVault.notes["index.md"]!)
    let prepared = try await client.request("textDocument/prepareRename", uri: index, ["position": position(2, 15)])
    #expect(prepared["placeholder"] == "thinking")
    let edit = try await client.request(
      "textDocument/rename", uri: index, ["position": position(2, 15), "newName": "fast-and-slow"])
    let changes = try #require(edit["documentChanges"]?.arrayValue)
    #expect(changes.last?["kind"] == "rename")
    try vault.apply(edit)
    #expect(FileManager.default.fileExists(atPath: vault.root.appendingPathComponent("books/fast-and-slow.md").path))
    #expect(!FileManager.default.fileExists(atPath: vault.root.appendingPathComponent("books/thinking.md").path))
    let text = try vault.read("index.md")
    #expect(text.contains("Start with [[fast-and-slow]] and"))
    // A link by alias still leads there.
    #expect(text.contains("[[Kahneman's Book]]"))
    #expect(
      try vault.read("crlf.md")
        == "# Windows\r\n\r\nCRLF links to [[noise]] and [[fast-and-slow#Part 1: Two Systems]].\r\n")
    try await end(client)
  }

  @Test func renamingANoteFromItsTitleRenamesTheTitleTooAndNeedsFileRenames() async throws {
    let vault = try LinkVault()
    let plain = try await vault.launch()
    let noise = vault.uri("books/noise.md")
    plain.open(noise, text: LinkVault.notes["books/noise.md"]!)
    await #expect(throws: ResponseError.self) {
      _ = try await plain.request("textDocument/rename", uri: noise, ["position": position(0, 3), "newName": "Din"])
    }
    try await end(plain)
    let client = try await vault.launch(capabilities: NoteLinkTests.fileEdits)
    client.open(noise, text: LinkVault.notes["books/noise.md"]!)
    let edit = try await client.request(
      "textDocument/rename", uri: noise, ["position": position(0, 3), "newName": "Din"])
    try vault.apply(edit)
    #expect(try vault.read("books/Din.md").hasPrefix("# Din\n"))
    let index = try vault.read("index.md")
    #expect(index.contains("[[Din#Chapter 1: Crime and Noisy Punishment]]"))
    #expect(index.contains("[noise](books/Din.md#chapter-1-crime-and-noisy-punishment)"))
    #expect(try vault.read("books/thinking.md").contains("See [[Din]] for the sequel."))
    try await end(client)
  }

  @Test func movingANoteKeepsLinksToItAndItsOwnRelativeLinks() async throws {
    let vault = try LinkVault()
    let client = try await vault.launch(capabilities: NoteLinkTests.fileEdits)
    let edit = try await client.request(
      "workspace/willRenameFiles",
      params: [
        "files": [
          ["oldUri": .string(vault.uri("books/noise.md")), "newUri": .string(vault.uri("archive/old/noise.md"))]
        ]
      ])
    try vault.apply(edit)
    try FileManager.default.createDirectory(
      at: vault.root.appendingPathComponent("archive/old"), withIntermediateDirectories: true)
    try FileManager.default.moveItem(
      at: vault.root.appendingPathComponent("books/noise.md"),
      to: vault.root.appendingPathComponent("archive/old/noise.md"))
    let index = try vault.read("index.md")
    #expect(index.contains("[noise](archive/old/noise.md#chapter-1-crime-and-noisy-punishment)"))
    // Wiki links by name need nothing.
    #expect(index.contains("[[noise#Chapter 1: Crime and Noisy Punishment]]"))
    #expect(try vault.read("archive/old/noise.md").contains("Back to the [index](../../index.md)."))
    try await end(client)
  }
}
