import BookNotesTestSupport
import Foundation
import JSONCore
import LanguageServerProtocol
import Testing

@testable import BookNotesServer

/// Notes linking to notes, end to end over the real `booknotes lsp` on ``LinkVault``:
/// definition, references, hover, completion, code lens, diagnostics and their fixes,
/// and every rename with its edits applied and the files read back.
@Suite struct NoteLinkTests {
  static let fileEdits: JSONValue = [
    "workspace": ["workspaceEdit": ["documentChanges": true, "resourceOperations": ["create", "rename"]]]
  ]

  /// `path line` of each location, sorted.
  static func lines(_ locations: JSONValue, _ vault: LinkVault) -> [String] {
    vault.places(locations).map { String($0.split(separator: ":")[0]) }
  }

  func end(_ client: LSPTestClient) async throws {
    try await client.shutdownAndExit()
    _ = try await client.waitForExit()
  }

  @Test func definitionFollowsBothLinkStylesAliasesHeadingsAndFootnotes() async throws {
    let vault = try LinkVault()
    let client = try await vault.launch()
    let index = vault.uri("index.md")
    client.open(index, text: LinkVault.notes["index.md"]!)
    func definition(_ uri: String, _ line: Int, _ character: Int) async throws -> [String] {
      vault.places(
        try await client.request("textDocument/definition", uri: uri, ["position": position(line, character)]))
    }
    #expect(try await definition(index, 2, 15) == ["books/thinking.md 0:0-0"])
    #expect(try await definition(index, 2, 40) == ["books/noise.md 2:0-40"])
    #expect(try await definition(index, 3, 30) == ["books/noise.md 2:0-40"])
    #expect(try await definition(index, 4, 15) == ["books/thinking.md 0:0-0"])
    #expect(try await definition(index, 4, 50) == ["launch notes.md 0:0-0"])
    #expect(try await definition(index, 5, 35) == ["work/ideas.md 0:0-0"])
    #expect(try await definition(index, 7, 12) == ["index.md 9:0-26"])
    let crlf = vault.uri("crlf.md")
    client.open(crlf, text: LinkVault.notes["crlf.md"]!)
    #expect(try await definition(crlf, 2, 35) == ["books/thinking.md 7:0-22"])
    let launch = vault.uri("launch notes.md")
    client.open(launch, text: LinkVault.notes["launch notes.md"]!)
    #expect(try await definition(launch, 4, 12) == ["launch notes.md 2:0-20"])
    #expect(try await definition(launch, 4, 42) == ["launch notes.md 2:0-20"])
    try await end(client)
  }

  @Test func referencesListBacklinksLinksToAHeadingAndATargetsReferences() async throws {
    let vault = try LinkVault()
    let client = try await vault.launch()
    let noise = vault.uri("books/noise.md")
    client.open(noise, text: LinkVault.notes["books/noise.md"]!)
    func references(_ uri: String, _ line: Int, _ character: Int) async throws -> [String] {
      Self.lines(
        try await client.request(
          "textDocument/references", uri: uri,
          ["position": position(line, character), "context": ["includeDeclaration": true]]), vault)
    }
    #expect(
      try await references(noise, 0, 3) == [
        "books/thinking.md 9", "crlf.md 2", "index.md 2", "index.md 3", "index.md 6",
      ])
    #expect(try await references(noise, 2, 5) == ["index.md 2", "index.md 3"])
    let index = vault.uri("index.md")
    client.open(index, text: LinkVault.notes["index.md"]!)
    #expect(try await references(index, 2, 15) == ["crlf.md 2", "index.md 2", "index.md 4"])
    // An unsaved link in an open note counts at once.
    client.change(index, version: 2, [LSPTestClient.change((10, 0), (10, 0), "More: [[noise]]\n")])
    #expect(try await references(noise, 0, 3).contains("index.md 10"))
    try await end(client)
  }

  @Test func hoverShowsTheTargetsTitleBookAndSection() async throws {
    let vault = try LinkVault()
    let client = try await vault.launch()
    let index = vault.uri("index.md")
    client.open(index, text: LinkVault.notes["index.md"]!)
    let thinking = try await client.request("textDocument/hover", uri: index, ["position": position(2, 15)])
    let text = try #require(thinking["contents"]?["value"]?.stringValue)
    #expect(text.contains("Thinking, Fast and Slow"))
    #expect(text.contains("Daniel Kahneman"))
    #expect(text.contains("## Part 1: Two Systems"))
    let section = try await client.request("textDocument/hover", uri: index, ["position": position(2, 40)])
    let preview = try #require(section["contents"]?["value"]?.stringValue)
    #expect(preview.contains("## Chapter 1: Crime and Noisy Punishment\n\nJudges differ."))
    #expect(!preview.contains("# Noise\n"))
    try await end(client)
  }

  @Test func completionOffersNotesHeadingsAndPaths() async throws {
    let vault = try LinkVault()
    let client = try await vault.launch()
    let index = vault.uri("index.md")
    client.open(index, text: LinkVault.notes["index.md"]!)
    var version = 1
    func complete(_ typed: String) async throws -> [JSONValue] {
      version += 1
      client.change(index, version: version, [LSPTestClient.change((10, 0), (11, 0), typed + "\n")])
      let list = try await client.request(
        "textDocument/completion", uri: index, ["position": position(10, typed.utf16.count)])
      return list["items"]?.arrayValue ?? []
    }
    let kahneman = try await complete("See [[kahn")
    #expect(kahneman.first?["label"] == "Thinking, Fast and Slow")
    #expect(kahneman.first?["textEdit"]?["newText"] == "thinking]]")
    #expect(kahneman.first?["textEdit"]?["range"] == range((10, 6), (10, 10)))
    let ideas = try await complete("See [[idea")
    #expect(Set(ideas.compactMap { $0["textEdit"]?["newText"]?.stringValue }) == ["ideas]]", "work/ideas]]"])
    let headings = try await complete("See [[noise#")
    #expect(
      headings.compactMap { $0["textEdit"]?["newText"]?.stringValue } == [
        "Noise]]", "Chapter 1: Crime and Noisy Punishment]]",
      ])
    let own = try await complete("See [[#")
    #expect(own.first?["textEdit"]?["newText"] == "Reading Index]]")
    let paths = try await complete("See [n](")
    #expect(paths.contains { $0["textEdit"]?["newText"] == "books/noise.md)" })
    #expect(paths.contains { $0["textEdit"]?["newText"] == "launch%20notes.md)" })
    let slugs = try await complete("See [n](books/noise.md#")
    #expect(slugs.contains { $0["textEdit"]?["newText"] == "chapter-1-crime-and-noisy-punishment)" })
    try await end(client)
  }

  @Test func diagnosticsAppearAndGoWithTheirTargetsAndHaveFixes() async throws {
    let vault = try LinkVault()
    let client = try await vault.launch(capabilities: Self.fileEdits)
    let index = vault.uri("index.md")
    client.open(index, text: LinkVault.notes["index.md"]!)
    func diagnostics() async throws -> [JSONValue] {
      try await client.request("textDocument/diagnostic", uri: index)["items"]?.arrayValue ?? []
    }
    let found = try await diagnostics()
    let codes = found.map { "\($0["code"]?.stringValue ?? "") \($0["range"]?["start"]?["line"]?.intValue ?? -1)" }
    #expect(codes.sorted() == ["link-ambiguous 5", "link-missing-heading 6", "link-missing-note 6"])
    func actions(_ code: String) async throws -> [JSONValue] {
      let diagnostic = try #require(found.first { $0["code"]?.stringValue == code })
      return try await client.request(
        "textDocument/codeAction", uri: index,
        ["range": diagnostic["range"]!, "context": ["diagnostics": [diagnostic]]]
      ).arrayValue ?? []
    }
    let create = try await actions("link-missing-note")
    let created = try #require(create.first?["edit"]?["documentChanges"]?.arrayValue)
    #expect(created.first?["kind"] == "create")
    #expect(vault.relative(created.first?["uri"]?.stringValue ?? "") == "Nowhere.md")
    let heading = try await actions("link-missing-heading")
    #expect(
      heading.first?["edit"]?["changes"]?[index]?[0]?["newText"] == "Chapter 1: Crime and Noisy Punishment")
    let ambiguous = try await actions("link-ambiguous")
    #expect(
      Set(ambiguous.compactMap { $0["edit"]?["changes"]?[index]?[0]?["newText"]?.stringValue }) == [
        "ideas", "work/ideas",
      ])
    // The missing note appears on disk: its diagnostic goes.
    try vault.write("Nowhere.md", "# Nowhere\n")
    var codesNow: [String] = []
    for _ in 0..<100 {
      codesNow = try await diagnostics().compactMap { $0["code"]?.stringValue }.sorted()
      if !codesNow.contains("link-missing-note") { break }
      try await Task.sleep(for: .milliseconds(100))
    }
    #expect(codesNow == ["link-ambiguous", "link-missing-heading"])
    // The heading's note goes: the link to it is missing now.
    try FileManager.default.removeItem(at: vault.root.appendingPathComponent("work/ideas.md"))
    for _ in 0..<100 {
      codesNow = try await diagnostics().compactMap { $0["code"]?.stringValue }.sorted()
      if !codesNow.contains("link-ambiguous") { break }
      try await Task.sleep(for: .milliseconds(100))
    }
    #expect(codesNow == ["link-missing-heading", "link-missing-note"])
    try await end(client)
  }

  @Test func codeLensCountsTheNotesThatLinkHere() async throws {
    let vault = try LinkVault()
    let client = try await vault.launch()
    let noise = vault.uri("books/noise.md")
    client.open(noise, text: LinkVault.notes["books/noise.md"]!)
    let lenses = try await client.request("textDocument/codeLens", uri: noise)
    let lens = try #require(lenses.arrayValue?.first)
    #expect(lens["command"]?["title"] == "3 notes link here")
    let shown = try await client.request(
      "workspace/executeCommand",
      params: ["command": lens["command"]!["command"]!, "arguments": lens["command"]!["arguments"]!])
    #expect(vault.places(shown).count == 5)
    try await end(client)
  }
}
