import BookNotesTestSupport
import Foundation
import JSONCore
import LanguageServerProtocol
import Testing

/// The library features through the real `booknotes lsp` binary, over its stdin and
/// stdout, on the fixture library.
@Suite(.serialized) struct LibraryEndToEndTests {
  func launch() throws -> LSPTestClient {
    let binary = try #require(BinaryLocator.booknotes(), "booknotes binary not found; build it or set BOOKNOTES_BINARY")
    return try LSPTestClient.launch(executable: binary, arguments: ["lsp", "--log-level", "error"])
  }

  /// Polls `request` until `accept` takes its answer (at most about five seconds).
  func eventually(
    _ client: LSPTestClient, _ method: String, _ params: JSONValue, until accept: (JSONValue) -> Bool
  ) async throws -> JSONValue {
    // A query that met a change of the library answers ContentModified: an editor asks
    // again, and so does this.
    func ask() async throws -> JSONValue? {
      do {
        return try await client.request(method, params: params)
      } catch let error as ResponseError where error.code == ResponseError.contentModified {
        return nil
      }
    }
    var answer = try await ask()
    for _ in 0..<100 where answer.map(accept) != true {
      try await Task.sleep(for: .milliseconds(50))
      answer = try await ask()
    }
    return try #require(answer, "\(method) kept answering ContentModified")
  }

  static func files(_ answer: JSONValue, root: URL) -> [String] {
    (answer.arrayValue ?? []).compactMap { $0["file"]?.stringValue }.map { String($0.dropFirst(root.path.count + 1)) }
  }

  @Test func indexesSearchesAndFollowsTheDisk() async throws {
    let fixture = try LibraryFixture()
    let client = try launch()
    defer { client.terminate() }
    try await fixture.initialize(client)
    let progress = client.notifications("$/progress").compactMap { $0["value"]?["message"]?.stringValue }
    #expect(progress.last == "6 notes")

    let books = try await client.request("booknotes/books", params: ["sort": "title"])
    #expect(
      (books.arrayValue ?? []).compactMap { $0["title"]?.stringValue } == [
        "Café Society", "Noise", "Thinking Fast and Slow", "Thinking, Fast and Slow", "Windows Notes",
      ])
    let search = try await client.request("booknotes/search", params: ["query": "東京"])
    #expect(Self.files(search, root: fixture.root) == ["books/2020/café.md"])
    let prompts = try await client.request("booknotes/prompts", params: [:])
    #expect(Set(Self.files(prompts, root: fixture.root)) == ["books/noise.md", "crlf.md", "thinking.md"])

    // Created, renamed and deleted outside the editor; this client does not watch files.
    try fixture.write("later/fresh.md", "# Fresh Book\n\nA zeppelin passes.\n")
    var found = try await eventually(client, "booknotes/search", ["query": "zeppelin"]) {
      Self.files($0, root: fixture.root) == ["later/fresh.md"]
    }
    #expect(Self.files(found, root: fixture.root) == ["later/fresh.md"])
    try FileManager.default.moveItem(
      at: fixture.root.appendingPathComponent("later/fresh.md"), to: fixture.root.appendingPathComponent("moved.md"))
    found = try await eventually(client, "booknotes/search", ["query": "zeppelin"]) {
      Self.files($0, root: fixture.root) == ["moved.md"]
    }
    #expect(Self.files(found, root: fixture.root) == ["moved.md"])
    try fixture.remove("moved.md")
    found = try await eventually(client, "booknotes/search", ["query": "zeppelin"]) { $0.arrayValue?.isEmpty == true }
    #expect(found.arrayValue?.isEmpty == true)

    // A second note about the same book (same ISBN, written with hyphens) is flagged.
    let duplicate = fixture.uri("dup/thinking-again.md")
    client.open(duplicate, text: LibraryFixture.notes["dup/thinking-again.md"]!)
    let published = try await client.waitForMessage(description: "diagnostics of the duplicate") {
      $0["method"] == "textDocument/publishDiagnostics" && $0["params"]?["uri"] == .string(duplicate)
    }
    let codes = (published["params"]?["diagnostics"]?.arrayValue ?? []).compactMap { $0["code"]?.stringValue }
    #expect(codes == ["duplicate-book"])
    let message = published["params"]?["diagnostics"]?[0]?["message"]?.stringValue ?? ""
    #expect(message.contains("../thinking.md"), "\(message)")

    // An open note is authoritative over its file.
    client.open(fixture.uri("crlf.md"), text: "# Windows Notes\n\nA dirigible, unsaved.\n")
    found = try await eventually(client, "booknotes/search", ["query": "dirigible"]) {
      Self.files($0, root: fixture.root) == ["crlf.md"]
    }
    #expect(Self.files(found, root: fixture.root) == ["crlf.md"])
    try await client.shutdownAndExit()
    #expect(try await client.waitForExit() == 0)
  }
}
