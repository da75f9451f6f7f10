import BookNotesTestSupport
import Foundation
import JSONCore
import NoteIntelligence
import NoteWorkspace
import Testing

@testable import BookNotesServer

/// Indexing a library in the background: progress, the workspace rules, and notes
/// changed on disk while the server runs.
@Suite struct LibraryIndexingTests {
  @Test func indexesTheLibraryWithProgressAndTheWorkspaceRules() async throws {
    let fixture = try LibraryFixture()
    let harness = InProcessServer()
    try await fixture.initialize(harness.client)
    // Two passes, each with its progress: the notes, then their words for search.
    let create = harness.client.serverRequests.filter { $0["method"] == "window/workDoneProgress/create" }
    #expect(
      create.compactMap { $0["params"]?["token"]?.stringValue } == ["booknotes/indexing", "booknotes/indexing-words"])
    for (token, title) in [
      ("booknotes/indexing", "Indexing notes"), ("booknotes/indexing-words", "Indexing words for search"),
    ] {
      let values = harness.client.notifications("$/progress").filter { $0["token"] == .string(token) }
        .compactMap { $0["value"] }
      #expect(values.first?["kind"] == "begin", "\(token)")
      #expect(values.first?["title"] == .string(title))
      #expect(values.last?["kind"] == "end", "\(token)")
    }

    let root = fixture.root.path + "/"
    let paths = harness.server.library.snapshot().paths.map { String($0.dropFirst(root.count)) }
    #expect(
      paths == ["books/2020/café.md", "books/noise.md", "code.md", "crlf.md", "dup/thinking-again.md", "thinking.md"],
      "hidden folders, node_modules, links leaving the root, the loop, binary and non-UTF-8 files are skipped")
    let crlf = try #require(harness.server.library.snapshot().note(at: root + "crlf.md"))
    #expect(crlf.title == "Windows Notes")
    #expect(crlf.book.status == .wishlist)
    #expect(crlf.questions.map(\.text) == ["Line endings?"])
    let code = try #require(harness.server.library.snapshot().note(at: root + "code.md"))
    #expect(code.tags.map(\.name) == ["programming"], "nothing inside a code block is a tag")
    #expect(code.wordsPending == nil && code.terms.count > 0, "the words were read in the second pass")
    try await harness.client.shutdownAndExit()
    _ = try await harness.finish()
  }

  @Test func picksUpNotesCreatedChangedAndDeletedOnDisk() async throws {
    let fixture = try LibraryFixture()
    let harness = InProcessServer()
    try await fixture.initialize(harness.client)
    let root = fixture.root.path + "/"
    func titles() -> [String] {
      harness.server.library.snapshot().notes.compactMap(\.title).sorted()
    }
    func waitUntil(_ condition: () -> Bool) async throws {
      for _ in 0..<100 where !condition() { try await Task.sleep(for: .milliseconds(50)) }
    }
    try fixture.write("new/fresh.md", "# Fresh Book\n\n#fresh\n")
    try await waitUntil { titles().contains("Fresh Book") }
    #expect(titles().contains("Fresh Book"))
    try FileManager.default.moveItem(
      at: fixture.root.appendingPathComponent("new/fresh.md"), to: fixture.root.appendingPathComponent("moved.md"))
    try await waitUntil { harness.server.library.snapshot().note(at: root + "moved.md") != nil }
    #expect(harness.server.library.snapshot().note(at: root + "new/fresh.md") == nil)
    #expect(harness.server.library.snapshot().note(at: root + "moved.md")?.title == "Fresh Book")
    try fixture.remove("moved.md")
    try await waitUntil { !titles().contains("Fresh Book") }
    #expect(!titles().contains("Fresh Book"))
    try await harness.client.shutdownAndExit()
    _ = try await harness.finish()
  }

  @Test func takesFileEventsFromAClientThatWatches() async throws {
    let fixture = try LibraryFixture()
    let harness = InProcessServer()
    try await fixture.initialize(
      harness.client, capabilities: ["workspace": ["didChangeWatchedFiles": ["dynamicRegistration": true]]],
      options: ["index": ["pollInterval": 3_600_000]])
    let registration = try await harness.client.waitForMessage(description: "registerCapability") {
      $0["method"] == "client/registerCapability"
    }
    #expect(registration["params"]?["registrations"]?[0]?["method"] == "workspace/didChangeWatchedFiles")
    let globs = registration["params"]?["registrations"]?[0]?["registerOptions"]?["watchers"]?.arrayValue?.compactMap {
      $0["globPattern"]?.stringValue
    }
    #expect(globs == ["**/*.md", "**/*.markdown", "**/*.MD", "**/*.MARKDOWN"])
    try fixture.write("watched.md", "# Watched Book\n")
    try fixture.write("LOUD.MD", "# Loud Book\n")
    harness.client.notify(
      "workspace/didChangeWatchedFiles",
      params: [
        "changes": [
          ["uri": .string(fixture.uri("watched.md")), "type": 1], ["uri": .string(fixture.uri("LOUD.MD")), "type": 1],
        ]
      ])
    try fixture.remove("crlf.md")
    harness.client.notify(
      "workspace/didChangeWatchedFiles", params: ["changes": [["uri": .string(fixture.uri("crlf.md")), "type": 3]]])
    let root = fixture.root.path + "/"
    for _ in 0..<100 where harness.server.library.snapshot().note(at: root + "crlf.md") != nil {
      try await Task.sleep(for: .milliseconds(20))
    }
    #expect(harness.server.library.snapshot().note(at: root + "watched.md")?.title == "Watched Book")
    #expect(harness.server.library.snapshot().note(at: root + "LOUD.MD")?.title == "Loud Book")
    #expect(harness.server.library.snapshot().note(at: root + "crlf.md") == nil)
    try await harness.client.shutdownAndExit()
    _ = try await harness.finish()
  }
}

extension LibraryIndexingTests {
  @Test func anExcludedFolderStaysExcludedThroughALinkToIt() async throws {
    let fixture = try LibraryFixture()
    let entries = NoteFiles.scan(root: fixture.root.path, exclude: [Glob("books/2020")])
    let names = entries.map { String($0.path.dropFirst(fixture.root.path.count + 1)) }
    #expect(!names.contains { $0.hasSuffix("café.md") }, "\(names)")
    #expect(names.contains("books/noise.md"))
  }
}

extension LibraryIndexingTests {
  @Test func workspaceFoldersAddedAndRemovedAreIndexedAndDropped() async throws {
    let fixture = try LibraryFixture()
    let second = try LibraryFixture()
    let harness = InProcessServer()
    try await fixture.initialize(harness.client)
    let secondURI = FileURI.uri(ofPath: second.root.path)
    harness.client.notify(
      "workspace/didChangeWorkspaceFolders",
      params: ["event": ["added": [["uri": .string(secondURI), "name": "second"]], "removed": []]])
    let secondRoot = second.root.path + "/"
    func count(under prefix: String) -> Int {
      harness.server.library.snapshot().paths.filter { $0.hasPrefix(prefix) }.count
    }
    for _ in 0..<100 where count(under: secondRoot) < 6 { try await Task.sleep(for: .milliseconds(20)) }
    #expect(count(under: secondRoot) == 6)
    #expect(count(under: fixture.root.path + "/") == 6)
    let firstURI = FileURI.uri(ofPath: fixture.root.path)
    harness.client.notify(
      "workspace/didChangeWorkspaceFolders",
      params: ["event": ["added": [], "removed": [["uri": .string(firstURI), "name": "library"]]]])
    for _ in 0..<100 where count(under: fixture.root.path + "/") > 0 { try await Task.sleep(for: .milliseconds(20)) }
    #expect(count(under: fixture.root.path + "/") == 0)
    #expect(count(under: secondRoot) == 6)
    try await harness.client.shutdownAndExit()
    _ = try await harness.finish()
  }
}

extension LibraryIndexingTests {
  /// With no cache file yet, the folders are listed without the notes' sizes and each
  /// note's is looked up as it is read: what the cache records and what polling
  /// compares with are the files' own sizes and times, so the first poll finds
  /// nothing changed (and reads nothing again).
  @Test func aFirstIndexingWithoutACacheKnowsEachFilesSizeAndTime() async throws {
    let fixture = try LibraryFixture()
    let harness = InProcessServer()
    try await fixture.initialize(harness.client, options: ["index": ["pollInterval": 3_600_000]])
    // Polling starts once the words are read and the cache is written.
    var poller: FolderPoller?
    for _ in 0..<500 {
      poller = harness.server.library.poller
      if poller != nil { break }
      try await Task.sleep(for: .milliseconds(20))
    }
    let changes = try #require(poller).poll()
    #expect(changes.isEmpty, "updated \(changes.updated.map(\.path)), deleted \(changes.deleted)")
    let records = try #require(harness.server.library.cacheRecords)
    #expect(records.count == harness.server.library.snapshot().noteCount)
    for (path, record) in records {
      let file = try #require(NoteFiles.entry(path))
      #expect(record.entry.size == file.size && record.entry.modified == file.modified, "\(path)")
    }
    try await harness.client.shutdownAndExit()
    _ = try await harness.finish()
  }
}
