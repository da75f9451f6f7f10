import BookNotesTestSupport
import Foundation
import GoogleBooksStandIn
import JSONCore
import Testing

@testable import BookNotesServer

/// ISBNs in the real `booknotes` against the loopback Open Library: the `isbn:` value's
/// completion and code actions that fill the note, the ISBN-10 conversion, and
/// `booknotes lookup --isbn`.
@Suite struct ISBNTests {
  static func session(_ server: FakeOpenLibrary) async throws -> (LibraryFixture, LSPTestClient) {
    let fixture = try LibraryFixture()
    let binary = try #require(BinaryLocator.booknotes(), "the booknotes binary is built next to the tests")
    let client = try LSPTestClient.launch(executable: binary, arguments: ["lsp", "--log-level", "error"])
    let books: JSONValue = [
      "provider": "openlibrary", "openLibraryEndpoint": .string(server.endpoint), "completionBudget": 3000,
    ]
    try await fixture.initialize(client, options: ["books": books])
    return (fixture, client)
  }

  static let filled =
    "title: Thinking, Fast and Slow\nauthors: Daniel Kahneman\npublished: 2013\nopenlibrary-id: OL25422458M\n"

  @Test func anISBNValueOffersTheBookAndItsChoiceFillsTheNote() async throws {
    let server = try FakeOpenLibrary()
    defer { server.stop() }
    let (fixture, client) = try await Self.session(server)
    defer { client.terminate() }
    let uri = fixture.uri("pasted.md")
    client.open(uri, text: "---\nisbn: 978-0-374-53355-7\ntitle:\nstatus: reading\n---\n\nNotes.\n")
    let result = try await client.request(
      "textDocument/completion", uri: uri, ["position": position(1, 23), "context": ["triggerKind": 1]])
    let items = result["items"]?.arrayValue ?? []
    #expect(items.count == 1)
    let item = try #require(items.first)
    #expect(item["label"] == "Thinking, Fast and Slow")
    #expect(item["detail"] == "Daniel Kahneman · 2013 · Open Library")
    // The ISBN stays as typed; the empty `title:` is filled, the rest added after `isbn:`.
    #expect(item["textEdit"]?["newText"] == "978-0-374-53355-7")
    #expect(item["textEdit"]?["range"] == range((1, 6), (1, 23)))
    let edits = item["additionalTextEdits"]?.arrayValue ?? []
    #expect(edits.count == 2)
    #expect(edits.contains { $0["newText"] == " Thinking, Fast and Slow" && $0["range"] == range((2, 6), (2, 6)) })
    #expect(
      edits.contains {
        $0["newText"] == "authors: Daniel Kahneman\npublished: 2013\nopenlibrary-id: OL25422458M\n"
          && $0["range"] == range((2, 0), (2, 0))
      })
    let request = try #require(server.requests().first)
    #expect(request["path"] == "/api/books")
    #expect(request["query"]?["bibkeys"] == "ISBN:9780374533557")
    #expect(request["headers"]?["user-agent"]?.stringValue?.hasPrefix("BookNotes/\(BookNotesServer.version)") == true)
    // A wrong check digit asks nothing; an unknown ISBN offers nothing.
    client.change(uri, version: 2, [LSPTestClient.change((1, 6), (1, 23), "978-0-374-53355-8")])
    let wrong = try await client.request(
      "textDocument/completion", uri: uri, ["position": position(1, 23), "context": ["triggerKind": 1]])
    #expect(wrong["items"] == [])
    #expect(server.requests().count == 1)
    client.change(uri, version: 3, [LSPTestClient.change((1, 6), (1, 23), "0306406152")])
    let unknown = try await client.request(
      "textDocument/completion", uri: uri, ["position": position(1, 16), "context": ["triggerKind": 1]])
    #expect(unknown["items"] == [])
    #expect(server.requests().count == 2)
    try await client.shutdownAndExit()
  }

  @Test func codeActionsConvertAnISBN10AndFillTheNote() async throws {
    let server = try FakeOpenLibrary()
    defer { server.stop() }
    let (fixture, client) = try await Self.session(server)
    defer { client.terminate() }
    let uri = fixture.uri("isbn10.md")
    client.open(uri, text: "---\nisbn: 0374533555\n---\n\n# My notes\n")
    let actions = try await client.request(
      "textDocument/codeAction", uri: uri,
      ["range": range((1, 8), (1, 8)), "context": ["diagnostics": []]])
    let list = actions.arrayValue ?? []
    let convert = try #require(list.first { $0["title"] == "Convert to ISBN-13 (9780374533557)" })
    #expect(convert["edit"]?["changes"]?[uri] == [["range": range((1, 6), (1, 16)), "newText": "9780374533557"]])
    let fill = try #require(
      list.first { $0["title"] == "Fill the book's details from Open Library: Thinking, Fast and Slow" })
    #expect(fill["edit"]?["changes"]?[uri] == [["range": range((2, 0), (2, 0)), "newText": .string(Self.filled)]])
    // Not on another line.
    let elsewhere = try await client.request(
      "textDocument/codeAction", uri: uri, ["range": range((4, 2), (4, 2)), "context": ["diagnostics": []]])
    #expect(elsewhere == [])
    try await client.shutdownAndExit()
  }

  @Test func lookupByISBNOnTheCommandLine() throws {
    let server = try FakeOpenLibrary()
    defer { server.stop() }
    let fixture = try ImportFixture()
    try fixture.write(
      ".booknotes.json", "{\"books\": {\"provider\": \"openlibrary\", \"openLibraryEndpoint\": \"\(server.endpoint)\"}}"
    )
    let result = try runBooknotes(["lookup", "--isbn", "0-374-53355-5"], in: fixture.root)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.lines == ["Thinking, Fast and Slow — Daniel Kahneman · 2013 · ISBN 9780374533557 · OL25422458M"])
    let json = try runBooknotes(["lookup", "--isbn=9780374533557", "--json"], in: fixture.root)
    let books = try #require(try json.json() as? [[String: Any]])
    #expect(books.first?["source"] as? String == "openlibrary")
    #expect(books.first?["thumbnail"] as? String == "https://covers.openlibrary.org/b/id/7287151-M.jpg")
    let unknown = try runBooknotes(["lookup", "--isbn", "0306406152"], in: fixture.root)
    #expect(unknown.status == 1)
    let wrong = try runBooknotes(["lookup", "--isbn", "0374533556"], in: fixture.root)
    #expect(wrong.status == 2)
    #expect(wrong.stderr.contains("'0374533556' is not an ISBN-10 or ISBN-13"))
    // The title search goes to Open Library's search.json too.
    let title = try runBooknotes(["lookup", "thinking", "fast"], in: fixture.root)
    #expect(title.lines.first == "Thinking, Fast and Slow — Daniel Kahneman · 2011 · ISBN 9780374275631 · OL16135409W")
    #expect(
      server.requests().map { $0["path"]?.stringValue ?? "" } == [
        "/api/books", "/api/books", "/api/books", "/search.json",
      ])
  }
}

/// `books.provider` `auto` in the real `booknotes`: Google Books with a key until it
/// refuses the session, then Open Library, said once.
@Suite struct CatalogFallbackTests {
  @Test func titlesComeFromOpenLibraryOnceGoogleRefuses() async throws {
    let google = try FakeGoogleBooks()
    let openLibrary = try FakeOpenLibrary()
    defer {
      google.stop()
      openLibrary.stop()
    }
    try google.plan([
      "status": 403, "body": "{\"error\": {\"code\": 403, \"message\": \"Books API has not been used\"}}",
    ])
    let fixture = try LibraryFixture()
    let binary = try #require(BinaryLocator.booknotes(), "the booknotes binary is built next to the tests")
    let client = try LSPTestClient.launch(executable: binary, arguments: ["lsp", "--log-level", "error"])
    defer { client.terminate() }
    let books: JSONValue = [
      "endpoint": .string(google.endpoint), "apiKey": "SECRET-KEY-9",
      "openLibraryEndpoint": .string(openLibrary.endpoint),
      "completionBudget": 3000,
    ]
    try await fixture.initialize(client, options: ["books": books])
    let uri = fixture.uri("fallback.md")
    client.open(uri, text: "---\ntitle: thinking fast\n---\n")
    var found: [JSONValue] = []
    for character in [20, 19] {
      let result = try await client.request(
        "textDocument/completion", uri: uri, ["position": position(1, character), "context": ["triggerKind": 1]])
      found = (result["items"]?.arrayValue ?? []).filter { $0["data"]?["googleBooksID"] == "OL16135409W" }
      #expect(found.count == 1)
    }
    let item = try #require(found.first)
    #expect(item["detail"] == "Daniel Kahneman · 2011")
    let edits = item["additionalTextEdits"]?.arrayValue ?? []
    #expect(edits.contains { $0["newText"]?.stringValue?.contains("openlibrary-id: OL16135409W") == true })
    // Google asked once; Open Library for each lookup since.
    #expect(google.requests().count == 1)
    #expect(openLibrary.requests().count == 2)
    let shown = client.notifications("window/showMessage").compactMap { $0["message"]?.stringValue }
    #expect(shown.count == 1)
    #expect(shown.first?.hasSuffix("Open Library answers book lookups for the rest of the session.") == true)
    #expect(!shown.contains { $0.contains("SECRET-KEY-9") })
    try await client.shutdownAndExit()
  }
}
