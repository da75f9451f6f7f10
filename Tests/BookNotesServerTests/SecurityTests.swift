import BookNotesTestSupport
import Foundation
import GoogleBooksStandIn
import JSONCore
import LanguageServerProtocol
import Testing

@testable import BookNotesServer

/// What SECURITY.md promises, checked on the real `booknotes lsp` over
/// ``LibraryFixture`` (whose `away` link and `outside` folder lie outside the root).
@Suite(.serialized) struct SecurityTests {
  func launch(environment: [String: String]? = nil) throws -> LSPTestClient {
    let binary = try #require(BinaryLocator.booknotes(), "booknotes binary not found; build it or set BOOKNOTES_BINARY")
    return try LSPTestClient.launch(
      executable: binary, arguments: ["lsp", "--log-level", "error"], environment: environment)
  }

  /// Asks `booknotes/search` until `accept` takes the files it finds (about five seconds).
  func search(_ client: LSPTestClient, _ query: String, root: URL, until accept: ([String]) -> Bool) async throws
    -> [String]
  {
    var files: [String] = []
    for _ in 0..<100 {
      let answer = try? await client.request("booknotes/search", params: ["query": .string(query)])
      files = (answer?.arrayValue ?? []).compactMap { $0["file"]?.stringValue }
      if accept(files) { break }
      try await Task.sleep(for: .milliseconds(50))
    }
    return files
  }

  @Test func workspaceRequestsNeverReachOutsideTheFolders() async throws {
    let fixture = try LibraryFixture()
    let client = try launch()
    defer { client.terminate() }
    try await fixture.initialize(
      client,
      capabilities: ["textDocument": ["diagnostic": [:]], "workspace": ["workspaceEdit": ["documentChanges": true]]])
    let outside = fixture.outside.appendingPathComponent("o.md").path
    let escapes = [
      FileURI.uri(ofPath: outside), fixture.uri("../outside/o.md"), fixture.uri("away/o.md"),
      fixture.uri("books/../../outside/o.md"),
    ]

    // Links: only those inside the folder resolve; one leaving it is not looked for. A
    // target starting with `/` is under the folder, where no such note is.
    let uri = fixture.uri("links.md")
    client.open(
      uri,
      text: "[a](../outside/o.md) [b](away/o.md) [c](\(outside)) [d](books/noise.md) [e](../outside/none.md)"
        + " [f](gone.md)\n#outside-tag\n")
    let links = try await client.request("textDocument/documentLink", uri: uri)
    #expect(links.arrayValue?.compactMap { $0["target"]?.stringValue } == [fixture.uri("books/noise.md")])
    let report = try await client.request("textDocument/diagnostic", uri: uri)
    #expect(
      report["items"]?.arrayValue?.compactMap { $0["message"]?.stringValue } == [
        "No note at '\(outside)': create it, or correct the link's path.",
        "No note at 'gone.md': create it, or correct the link's path.",
      ])

    // A note outside every folder: its links lead into its own folder only.
    let away = FileURI.uri(ofPath: fixture.outside.appendingPathComponent("away.md").path)
    client.open(away, text: "[o](o.md) [t](../library/thinking.md) [n](none.md) [u](../none.md)\n")
    let awayLinks = try await client.request("textDocument/documentLink", uri: away)
    #expect(awayLinks.arrayValue?.compactMap { $0["target"]?.stringValue } == [FileURI.uri(ofPath: outside)])
    let awayReport = try await client.request("textDocument/diagnostic", uri: away)
    #expect(awayReport["items"]?.arrayValue?.compactMap { $0["range"]?["start"]?["character"]?.intValue } == [42])

    // A closed file outside the folders is not read, however its URI gets there.
    for escape in escapes {
      let answer = try await client.requestMessage(
        "booknotes/prompts", params: ["textDocument": ["uri": .string(escape)]])
      #expect(answer["error"]?["code"] == -32602, "\(escape)")
    }
    let inside = try await client.request(
      "booknotes/prompts", params: ["textDocument": ["uri": .string(fixture.uri("crlf.md"))]])
    #expect(inside.arrayValue?.count == 1)

    // File events naming files outside are ignored; the one inside, sent with them, is not.
    try fixture.write("fresh.md", "# Fresh\n\nA zeppelin.\n")
    client.notify(
      "workspace/didChangeWatchedFiles",
      params: ["changes": .array((escapes + [fixture.uri("fresh.md")]).map { ["uri": .string($0), "type": 1] })])
    #expect(try await search(client, "zeppelin", root: fixture.root) { !$0.isEmpty }.count == 1)
    #expect(
      try await search(client, "outside", root: fixture.root) { _ in true }.filter { $0.hasSuffix("/o.md") } == [])

    // A note opened by a URI that leaves the folders is read from the editor only, and
    // forgotten when closed: its file is not read then.
    let escaped = fixture.uri("../outside/o.md")
    client.open(escaped, text: "# Opened\n\nA dirigible.\n")
    #expect(try await search(client, "dirigible", root: fixture.root) { !$0.isEmpty }.count == 1)
    client.notify("textDocument/didClose", params: ["textDocument": ["uri": .string(escaped)]])
    #expect(try await search(client, "dirigible", root: fixture.root) { $0.isEmpty } == [])
    #expect(
      try await search(client, "outside", root: fixture.root) { _ in true }.filter { $0.hasSuffix("/o.md") } == [])

    // Definition, references and rename of a tag used only outside: the open note alone.
    let position = position(1, 3)
    for method in ["textDocument/definition", "textDocument/references"] {
      let locations = try await client.request(
        method, uri: uri, ["position": position, "context": ["includeDeclaration": true]])
      #expect(locations.arrayValue?.compactMap { $0["uri"]?.stringValue } == [uri], "\(method)")
    }
    let edit = try await client.request(
      "textDocument/rename", uri: uri, ["position": position, "newName": "inside-tag"])
    #expect(edit["documentChanges"]?.arrayValue?.compactMap { $0["textDocument"]?["uri"]?.stringValue } == [uri])
    try await client.shutdownAndExit()
    #expect(try await client.waitForExit() == 0)
  }

  @Test func aFifoOrADeviceIsNeverReadAsANote() async throws {
    let fixture = try LibraryFixture()
    #expect(mkfifo(fixture.root.appendingPathComponent("pipe.md").path, 0o644) == 0)
    try FileManager.default.createSymbolicLink(
      at: fixture.root.appendingPathComponent("zero.md"), withDestinationURL: URL(fileURLWithPath: "/dev/zero"))
    try FileManager.default.createDirectory(
      at: fixture.root.appendingPathComponent("folder.md"), withIntermediateDirectories: true)
    let client = try launch()
    defer { client.terminate() }
    // Indexing walks past them.
    try await fixture.initialize(client)
    for name in ["pipe.md", "zero.md", "folder.md"] {
      // Answered at once: opening the FIFO does not wait for a writer, /dev/zero is
      // not read to its (missing) end.
      let answer = try await client.requestMessage(
        "booknotes/prompts", params: ["textDocument": ["uri": .string(fixture.uri(name))]])
      #expect(answer["error"]?["code"] == -32602, "\(name): \(answer)")
    }
    client.notify(
      "workspace/didChangeWatchedFiles",
      params: ["changes": .array(["pipe.md", "zero.md"].map { ["uri": .string(fixture.uri($0)), "type": 2] })])
    let books = try await client.request("booknotes/books", params: [:])
    #expect(books.arrayValue?.count == 5, "the fixture's books (code.md is a note)")
    try await client.shutdownAndExit()
    #expect(try await client.waitForExit() == 0)
  }

  @Test func theServerWritesOnlyItsCaches() async throws {
    let fixture = try LibraryFixture()
    let books = try FakeGoogleBooks()
    let home = fixture.root.deletingLastPathComponent().appendingPathComponent("home")
    try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    func snapshot(_ folder: URL) -> [String: Data] {
      let paths = FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String] ?? []
      return Dictionary(
        uniqueKeysWithValues: paths.map {
          ($0, FileManager.default.contents(atPath: folder.appendingPathComponent($0).path) ?? Data())
        })
    }
    let before = snapshot(fixture.root)
    var environment = ProcessInfo.processInfo.environment
    environment["HOME"] = home.path
    environment["XDG_CACHE_HOME"] = home.appendingPathComponent(".cache").path
    let client = try launch(environment: environment)
    defer { client.terminate() }
    try await fixture.initialize(
      client, capabilities: ["workspace": ["workspaceEdit": ["documentChanges": true]]],
      options: ["books": ["endpoint": .string(books.endpoint), "completionBudget": 2000, "apiKey": "SECRET-KEY-123"]])
    let uri = fixture.uri("thinking.md")
    client.open(uri, text: LibraryFixture.notes["thinking.md"]!)
    client.change(uri, version: 2, [LSPTestClient.change((1, 7), (1, 30), "Java")])
    _ = try await client.request(
      "textDocument/completion", uri: uri, ["position": position(1, 11), "context": ["triggerKind": 1]])
    let edit = try await client.request(
      "textDocument/rename", uri: uri, ["position": position(12, 3), "newName": "reading"])
    #expect(edit["documentChanges"]?.arrayValue?.isEmpty == false)
    _ = try await client.request(
      "textDocument/codeAction", uri: uri, ["range": range((0, 0), (30, 0)), "context": ["diagnostics": []]])
    client.notify("textDocument/didSave", params: ["textDocument": ["uri": .string(uri)]])
    try await client.shutdownAndExit()
    #expect(try await client.waitForExit() == 0)
    // The notes are as they were (the editor applies edits, not the server), nothing
    // was written in the home folder, and the caches are in the cache folder.
    #expect(snapshot(fixture.root) == before)
    #expect(snapshot(home).isEmpty, "\(snapshot(home).keys)")
    let cached = snapshot(fixture.cache).keys
    #expect(cached.contains { $0.hasPrefix("index-") }, "\(cached)")
    #expect(cached.contains { $0.hasPrefix("books/") }, "\(cached)")
    #expect(books.requests().first?["query"]?["key"] == "SECRET-KEY-123")
    #expect(!snapshot(fixture.cache).values.contains { $0.range(of: Data("SECRET-KEY-123".utf8)) != nil })
  }

  @Test func onlyTheFetchHelperIsEverStarted() throws {
    // The server's sources (not the benchmarks' or the tests'): the one place that
    // calls posix_spawn is ProcessSpawn, the one that uses it FetchProcess, and what it
    // starts is found by locateHelper.
    let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Sources")
    let spawning = [
      "posix_spawn(", " Process(", ".Process(", "popen(", "system(", "execv", "execl", "fork(", "ProcessSpawn.spawn(",
    ]
    var found: [String] = []
    for target in [
      "booknotes", "BookNotesServer", "BookCatalog", "NoteWorkspace", "NoteIntelligence", "NoteSyntax",
      "LanguageServerProtocol", "JSONCore", "SystemIO", "booknotes-fetch",
    ] {
      let folder = sources.appendingPathComponent(target)
      for file in FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String] ?? []
      where file.hasSuffix(".swift") {
        let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
        for call in spawning where text.contains(call) { found.append("\(target)/\(file): \(call)") }
      }
    }
    #expect(
      found.sorted() == [
        "BookCatalog/FetchProcess.swift: ProcessSpawn.spawn(", "SystemIO/ProcessSpawn.swift: posix_spawn(",
      ])
    let fetch = try String(
      contentsOf: sources.appendingPathComponent("BookCatalog/FetchProcess.swift"), encoding: .utf8)
    #expect(fetch.contains(#"getenv("BOOKNOTES_FETCH")"#) && fetch.contains(#""/booknotes-fetch""#))
  }
}
