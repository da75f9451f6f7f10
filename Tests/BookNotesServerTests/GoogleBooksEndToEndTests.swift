import BookNotesTestSupport
import Foundation
import GoogleBooksStandIn
import JSONCore
import LanguageServerProtocol
import Testing

@testable import BookNotesServer

/// Google Books through the real binaries (`booknotes` and its `booknotes-fetch`
/// helper) against the fake on 127.0.0.1.
@Suite(.serialized) struct GoogleBooksEndToEndTests {
  /// A library folder whose `.booknotes.json` points at `server` and a private cache.
  static func library(_ server: FakeGoogleBooks, cache: URL) throws -> URL {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("booknotes-books-e2e-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    let settings: JSONValue = [
      "books": ["endpoint": .string(server.endpoint), "apiKey": "SECRET-KEY-123"],
      "cacheDirectory": .string(cache.path),
    ]
    try Data(settings.description.utf8).write(to: root.appendingPathComponent(".booknotes.json"))
    return root
  }

  static func session(_ root: URL, stderr: URL) throws -> LSPTestClient {
    let binary = try #require(BinaryLocator.booknotes(), "booknotes binary not found; build it or set BOOKNOTES_BINARY")
    _ = FileManager.default.createFile(atPath: stderr.path, contents: nil)
    return try LSPTestClient.launch(
      executable: binary, arguments: ["lsp", "--log-level", "info"], standardError: try FileHandle(forWritingTo: stderr)
    )
  }

  @Test func titleCompletionOverTheRealBinaryAndTheDiskCacheAcrossProcesses() async throws {
    let server = try FakeGoogleBooks()
    let cache = FileManager.default.temporaryDirectory.appendingPathComponent("booknotes-cache-\(UUID().uuidString)")
    let root = try Self.library(server, cache: cache)
    let log = root.appendingPathComponent("server.log")
    defer {
      try? FileManager.default.removeItem(at: root)
      try? FileManager.default.removeItem(at: cache)
    }
    let uri = FileURI.uri(ofPath: root.appendingPathComponent("java.md").path)
    for round in 1...2 {
      let client = try Self.session(root, stderr: log)
      _ = try await client.request(
        "initialize",
        params: [
          "processId": nil, "capabilities": [:],
          "workspaceFolders": [["uri": .string(FileURI.uri(ofPath: root.path)), "name": "books"]],
        ])
      client.notify("initialized", params: [:])
      client.open(uri, text: "---\ntitle: Jav\n---\n")
      // A lookup slower than the budget fills the cache for the next request.
      var labels: [String] = []
      for _ in 0..<100 where !labels.contains("Effective Java") {
        let result = try await client.request(
          "textDocument/completion", uri: uri,
          ["position": position(1, 10), "context": ["triggerKind": 2, "triggerCharacter": " "]])
        labels = result["items"]?.arrayValue?.compactMap { $0["label"]?.stringValue } ?? []
        if !labels.contains("Effective Java") { try await Task.sleep(for: .milliseconds(100)) }
      }
      #expect(labels.contains("Effective Java"), "round \(round)")
      try await client.shutdownAndExit()
      // The second process answers from the disk cache: still one request.
      #expect(server.requests().count == 1, "round \(round)")
    }
    let logged = try String(contentsOf: log, encoding: .utf8)
    #expect(!logged.contains("SECRET-KEY-123"))
  }

  @Test func lookupAndNewOnTheCommandLine() throws {
    let server = try FakeGoogleBooks()
    let cache = FileManager.default.temporaryDirectory.appendingPathComponent("booknotes-cache-\(UUID().uuidString)")
    let root = try Self.library(server, cache: cache)
    defer {
      try? FileManager.default.removeItem(at: root)
      try? FileManager.default.removeItem(at: cache)
    }
    let lookup = try runBooknotes(["lookup", "effective", "java", "--json", "--root", root.path], in: root)
    #expect(lookup.status == 0)
    let books = try JSONParser.parse(Array(lookup.stdout.utf8)).arrayValue ?? []
    #expect(books.count == 10)
    #expect(books.contains { $0["title"] == "Effective Java" && $0["isbn13"] != nil })
    #expect(!lookup.stderr.contains("SECRET-KEY-123") && !lookup.stdout.contains("SECRET-KEY-123"))
    let query = try #require(server.requests().first?["query"])
    #expect(query["q"] == "intitle:effective java")

    let created = try runBooknotes(["new", "effective", "java", "--root", root.path], in: root)
    #expect(created.status == 0)
    let path = created.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    let note = try String(contentsOfFile: path, encoding: .utf8)
    #expect(note.hasPrefix("---\ntitle: Java NIO \\c Ron Hitchens\nauthors: Ron Hitchens\n"))
    #expect(note.contains("status: reading\nstarted: ") && note.contains("\n# Java NIO \\c Ron Hitchens\n"))
    #expect(server.requests().count == 1)
    let again = try runBooknotes(["new", "effective", "java", "--root", root.path], in: root)
    #expect(again.status == 1)
    #expect(again.stderr.contains("already exists"))
    #expect(try String(contentsOfFile: path, encoding: .utf8) == note)
    let check = try runBooknotes(["check", path], in: root)
    #expect(check.status == 0)

    // Offline: a clear error, exit 1.
    let offline = try runBooknotes(
      ["lookup", "anything", "--endpoint", "http://127.0.0.1:1/books/v1", "--root", root.path], in: root)
    #expect(offline.status == 1)
    #expect(offline.stderr.contains("unreachable"))
    // `new` takes the endpoint too, and writes the note with the title typed.
    let offlineNote = try runBooknotes(
      ["new", "Offline", "Book", "--endpoint", "http://127.0.0.1:1/books/v1", "--root", root.path], in: root)
    #expect(offlineNote.status == 0)
    #expect(offlineNote.stderr.contains("unreachable"))
    let written = offlineNote.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    #expect(try String(contentsOfFile: written, encoding: .utf8).hasPrefix("---\ntitle: Offline Book\n"))
    #expect(server.requests().count == 1)
  }
}
