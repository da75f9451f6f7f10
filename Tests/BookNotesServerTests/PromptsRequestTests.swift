import BookNotesTestSupport
import Foundation
import JSONCore
import LanguageServerProtocol
import Testing

@testable import BookNotesServer

/// The custom request `booknotes/prompts`, for one document and for the workspace.
@Suite struct PromptsRequestTests {
  /// Sends `initialize` with `folders` as the workspace folders, then `initialized`.
  static func initialize(_ harness: InProcessServer, folders: [URL], encoding: String = "utf-16") async throws {
    let cache = FileManager.default.temporaryDirectory.appendingPathComponent("booknotes-cache-\(UUID().uuidString)")
    let params: JSONValue = [
      "processId": nil, "rootUri": nil,
      "capabilities": [
        "general": ["positionEncodings": [.string(encoding)]], "window": ["workDoneProgress": true],
      ],
      // Notes written during a test are found within a tenth of a second.
      "initializationOptions": [
        "index": ["pollInterval": 100],
        "cacheDirectory": .string(cache.path),
      ],
      "workspaceFolders": .array(
        folders.map { ["uri": .string(FileURI.uri(ofPath: $0.path)), "name": .string($0.lastPathComponent)] }),
    ]
    _ = try await harness.client.request("initialize", params: params)
    harness.client.notify("initialized", params: [:])
    try await harness.client.waitForIndexing()
  }

  @Test func oneOpenDocumentWithRangesInTheNegotiatedEncoding() async throws {
    let harness = InProcessServer()
    try await Self.initialize(harness, folders: [], encoding: "utf-16")
    let uri = "file:///notes/unsaved.md"
    harness.client.open(uri, text: "# Book 😀\n\n😀 ?[h](answer) end\n")
    let result = try await harness.client.request("booknotes/prompts", uri: uri)
    let item = try #require(result[0])
    #expect(result[1] == nil)
    #expect(item["kind"] == "cloze")
    #expect(item["uri"] == .string(uri))
    #expect(item["file"] == "/notes/unsaved.md")
    #expect(item["line"] == 3)
    #expect(item["book"] == "Book 😀")
    #expect(item["front"] == "😀 [h] end")
    #expect(item["back"] == "answer")
    #expect(item["range"] == ["start": ["line": 2, "character": 3], "end": ["line": 2, "character": 15]])
    #expect(item["id"]?.stringValue?.count == 16)
    try await harness.client.shutdownAndExit()
    _ = try await harness.finish()
  }

  @Test func onlyQuoteAndCiteCalloutsArePrompts() async throws {
    let harness = InProcessServer()
    try await Self.initialize(harness, folders: [], encoding: "utf-8")
    let uri = "file:///notes/callouts.md"
    harness.client.open(uri, text: "> [!tip] Aside\n> Not a quote.\n\n> [!Cite] Kahneman, p. 3\n> Busy people.\n")
    let result = try await harness.client.request("booknotes/prompts", uri: uri)
    let items = try #require(result.arrayValue)
    #expect(items.count == 1)
    #expect(items.first?["kind"] == "quote")
    #expect(items.first?["front"] == "Busy people.")
    #expect(items.first?["back"] == "Kahneman, p. 3")
    #expect(items.first?["range"] == ["start": ["line": 3, "character": 0], "end": ["line": 4, "character": 14]])
    try await harness.client.shutdownAndExit()
    _ = try await harness.finish()
  }

  @Test func listAndMultiLineAnswersOverTheProtocol() async throws {
    let harness = InProcessServer()
    try await Self.initialize(harness, folders: [], encoding: "utf-8")
    let uri = "file:///notes/qa.md"
    harness.client.open(uri, text: "- **Q:** Who?\n  A: Paul,\n  son of Leto.\n\nQ: Where?\nA: Arrakis,\na desert.\n")
    let result = try await harness.client.request("booknotes/prompts", uri: uri)
    let items = try #require(result.arrayValue)
    #expect(items.map { $0["front"] } == ["Who?", "Where?"])
    #expect(items.map { $0["back"] } == ["Paul, son of Leto.", "Arrakis, a desert."])
    #expect(items.last?["range"] == ["start": ["line": 4, "character": 0], "end": ["line": 6, "character": 9]])
    try await harness.client.shutdownAndExit()
    _ = try await harness.finish()
  }

  @Test func aClosedDocumentIsReadFromDisk() async throws {
    let fixture = try CLIFixture()
    let harness = InProcessServer()
    try await Self.initialize(harness, folders: [fixture.root], encoding: "utf-8")
    let uri = FileURI.uri(ofPath: fixture.root.appendingPathComponent("a.md").path)
    let result = try await harness.client.request("booknotes/prompts", uri: uri)
    let items = try #require(result.arrayValue)
    #expect(items.map { $0["kind"] } == ["quote", "cloze", "qa"])
    #expect(items.map { $0["line"] } == [6, 8, 10])
    #expect(items[1]["range"] == ["start": ["line": 7, "character": 4], "end": ["line": 7, "character": 16]])
    let missing = try await harness.client.requestMessage(
      "booknotes/prompts", params: ["textDocument": ["uri": "file:///no/such/note.md"]])
    #expect(missing["error"]?["code"] == -32602)
    try await harness.client.shutdownAndExit()
    _ = try await harness.finish()
  }

  @Test func theWorkspaceListsEveryNoteWithOpenDocumentsWinning() async throws {
    let fixture = try CLIFixture()
    let harness = InProcessServer()
    try await Self.initialize(harness, folders: [fixture.root])
    let aURI = FileURI.uri(ofPath: fixture.root.appendingPathComponent("a.md").path)
    harness.client.open(aURI, text: "# Edited\n\nQ: New question?\nA: New answer.\n")
    // The workspace request does not wait for document messages; a request on the
    // document does, so the open has been applied after it.
    _ = try await harness.client.request("booknotes/prompts", uri: aURI)
    let result = try await harness.client.request("booknotes/prompts", params: [:])
    let items = try #require(result.arrayValue)
    let files = items.compactMap { $0["file"]?.stringValue }.map {
      String($0.dropFirst(fixture.root.path.count + 1))
    }
    #expect(files == ["a.md", "warn/w.md"], "hidden folders, node_modules and the link are skipped")
    #expect(items.first?["front"] == "New question?")
    #expect(items.first?["book"] == "Edited")
    #expect(items.first?["uri"] == .string(aURI))

    try fixture.write("sub/more.md", "> A quote\n")
    // Picked up by the server's own polling (this client does not watch files).
    var again: [JSONValue] = []
    for _ in 0..<100 where again.count != 3 {
      try await Task.sleep(for: .milliseconds(50))
      again = try #require(try await harness.client.request("booknotes/prompts", params: [:]).arrayValue)
    }
    #expect(again.map { $0["kind"] } == ["qa", "quote", "cloze"])
    #expect(again[1]["uri"] == .string(FileURI.uri(ofPath: fixture.root.appendingPathComponent("sub/more.md").path)))
    try await harness.client.shutdownAndExit()
    _ = try await harness.finish()
  }

  @Test func fileURIsRoundTripThroughPercentEncoding() {
    let path = "/notes/My Book é#1.md"
    let uri = FileURI.uri(ofPath: path)
    #expect(uri == "file:///notes/My%20Book%20%C3%A9%231.md")
    #expect(FileURI.path(of: uri) == path)
    #expect(FileURI.path(of: "untitled:Untitled-1") == nil)
  }
}
