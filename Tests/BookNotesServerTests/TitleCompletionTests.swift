import BookNotesTestSupport
import Foundation
import GoogleBooksStandIn
import JSONCore
import LanguageServerProtocol
import Testing

@testable import BookNotesServer

/// Book titles in the editor: completion from the library and Google Books (the fake on
/// 127.0.0.1), front-matter fills, resolve, hover, and what a slow or failing catalog
/// does to the session.
@Suite struct TitleCompletionTests {
  static func session(_ server: FakeGoogleBooks, budget: Int = 2000, key: String? = nil, timeout: Int? = nil)
    async throws -> (LibraryFixture, InProcessServer)
  {
    let fixture = try LibraryFixture()
    let harness = InProcessServer()
    // Open Library, where `auto` turns after Google's 403 or daily quota, refuses
    // connections: no test reaches the real service.
    var books: [String: JSONValue] = [
      "endpoint": .string(server.endpoint), "completionBudget": .int(budget),
      "openLibraryEndpoint": "http://127.0.0.1:1",
    ]
    if let key { books["apiKey"] = .string(key) }
    if let timeout { books["timeout"] = .int(timeout) }
    try await fixture.initialize(harness.client, options: ["books": .object(books)])
    return (fixture, harness)
  }

  static func completion(_ harness: InProcessServer, _ uri: String, _ line: Int, _ character: Int) async throws
    -> JSONValue
  {
    try await harness.client.request(
      "textDocument/completion", uri: uri,
      ["position": position(line, character), "context": ["triggerKind": 2, "triggerCharacter": " "]])
  }

  /// Completion asked until Google Books' items are in (a lookup slower than the budget
  /// fills the cache for the next request), as long as a busy machine may take.
  static func completionWithBooks(_ harness: InProcessServer, _ uri: String, _ line: Int, _ character: Int)
    async throws -> JSONValue
  {
    var result: JSONValue = .null
    _ = try await eventually {
      result = try await completion(harness, uri, line, character)
      return result["items"]?.arrayValue?.contains(where: { $0["data"] != nil }) == true
    }
    return result
  }

  @Test func frontMatterTitleOffersLibraryThenGoogleBooksAndFillsTheRest() async throws {
    let books = try FakeGoogleBooks()
    let (fixture, harness) = try await Self.session(books)
    let uri = fixture.uri("new-note.md")
    harness.client.open(uri, text: "---\ntitle: Jav\nauthors: Someone\nstatus: reading\n---\n\nNotes.\n")
    let result = try await Self.completionWithBooks(harness, uri, 1, 10)
    #expect(result["isIncomplete"] == true)
    let items = result["items"]?.arrayValue ?? []
    let google = items.filter { $0["data"]?["googleBooksID"] != nil }
    #expect(google.count == 10)
    let nio = try #require(google.first { $0["data"]?["googleBooksID"] == "z7TQ8NSooS4C" })
    #expect(nio["label"] == "Java NIO \\c Ron Hitchens")
    #expect(nio["detail"] == "Ron Hitchens · 2002")
    #expect(nio["textEdit"]?["newText"] == "Java NIO \\c Ron Hitchens")
    #expect(nio["textEdit"]?["range"] == range((1, 7), (1, 10)))
    let edits = nio["additionalTextEdits"]?.arrayValue ?? []
    // The existing `authors` value is replaced; the rest are added as lines after
    // `title:`, at the start of the next line, so that no edit touches the title's.
    #expect(edits.contains { $0["newText"] == "Ron Hitchens" && $0["range"] == range((2, 9), (2, 16)) })
    #expect(
      edits.contains {
        $0["newText"] == "published: 2002-08-27\nisbn: 9780596002886\ngoogle-books-id: z7TQ8NSooS4C\n"
          && $0["range"] == range((2, 0), (2, 0))
      })
    #expect(google.contains { $0["label"] == "TCP/IP Sockets in Java: Practical Guide for Programmers" })
    // Resolve fills the documentation.
    let resolved = try await harness.client.request("completionItem/resolve", params: nio)
    let documentation = resolved["documentation"]?["value"]?.stringValue ?? ""
    #expect(documentation.contains("ISBN 9780596002886") && documentation.contains("O'Reilly"))
    #expect(books.requests().count == 1)
    // Asked again: from the cache.
    _ = try await Self.completion(harness, uri, 1, 10)
    #expect(books.requests().count == 1)
    try await harness.client.shutdownAndExit()
    _ = try await harness.finish()
  }

  @Test func firstHeadingOffersTitlesAndLibraryTitlesComeFirst() async throws {
    let books = try FakeGoogleBooks()
    let (fixture, harness) = try await Self.session(books)
    let titles = try await harness.client.request("booknotes/books", params: [:])
    let libraryTitle = try #require(titles.arrayValue?.first?["title"]?.stringValue)
    let prefix = String(libraryTitle.prefix(4))
    let uri = fixture.uri("heading.md")
    harness.client.open(uri, text: "# \(prefix)\n\nText.\n")
    let result = try await Self.completionWithBooks(harness, uri, 0, 2 + prefix.utf16.count)
    let items = result["items"]?.arrayValue ?? []
    #expect(items.first?["label"]?.stringValue == libraryTitle)
    #expect(items.first?["detail"]?.stringValue?.contains("in the library") == true)
    #expect(items.dropFirst().contains { $0["data"]?["googleBooksID"] != nil })
    #expect(items.allSatisfy { $0["additionalTextEdits"] == nil })
    // Fewer than three characters: nothing looked up.
    harness.client.change(uri, version: 2, [LSPTestClient.change((0, 2), (0, 2 + prefix.utf16.count), "Ja")])
    let short = try await Self.completion(harness, uri, 0, 4)
    #expect(short["items"]?.arrayValue?.isEmpty == true)
    try await harness.client.shutdownAndExit()
    _ = try await harness.finish()
  }

  @Test func aGoogleBookNamedLikeALibraryNoteHasALabelOfItsOwn() async throws {
    let books = try FakeGoogleBooks()
    let fixture = try LibraryFixture()
    try fixture.write("effective.md", "---\ntitle: Effective Java\nauthors: Joshua Bloch\n---\n")
    let harness = InProcessServer()
    let options: JSONValue = ["books": ["endpoint": .string(books.endpoint), "completionBudget": 2000]]
    try await fixture.initialize(harness.client, options: options)
    var labels: [String] = []
    let uri = fixture.uri("new.md")
    harness.client.open(uri, text: "---\ntitle: Effective Ja\n---\n")
    // Until the library has the note and Google Books has answered.
    _ = try await eventually {
      let result = try await Self.completionWithBooks(harness, uri, 1, 19)
      labels = result["items"]?.arrayValue?.compactMap { $0["label"]?.stringValue } ?? []
      return labels.filter({ $0.hasPrefix("Effective Java") }).count >= 2
    }
    // Clients such as Emacs merge items with equal labels: each is distinct.
    #expect(Set(labels).count == labels.count)
    #expect(labels.contains("Effective Java"))
    #expect(labels.contains { $0.hasPrefix("Effective Java (") && $0.contains("Bloch") })
    try await harness.client.shutdownAndExit()
    _ = try await harness.finish()
  }

  @Test func aSlowCatalogNeverBlocksTheEditor() async throws {
    let books = try FakeGoogleBooks()
    // The stand-in answers only when released: never before the checks below.
    try books.plan(["hold": true])
    let (fixture, harness) = try await Self.session(books, budget: 100)
    let uri = fixture.uri("slow.md")
    harness.client.open(uri, text: "---\ntitle: Slow Boo\n---\n")
    let result = try await Self.completion(harness, uri, 1, 15)
    #expect(result["isIncomplete"] == true)
    #expect(result["items"]?.arrayValue?.contains { $0["data"] != nil } == false)
    // Typing and highlighting go on while the lookup waits.
    harness.client.change(uri, version: 2, [LSPTestClient.change((1, 15), (1, 15), "k")])
    let tokens = try await harness.client.request("textDocument/semanticTokens/full", uri: uri)
    #expect(tokens["data"] != nil)
    #expect(books.answered() == 0)
    try books.release()
    try await harness.client.shutdownAndExit()
    _ = try await harness.finish()
  }

  @Test func quotaErrorsAreShownOnceAndNeverLogTheKey() async throws {
    let books = try FakeGoogleBooks()
    try books.plan(["status": 429, "fixture": "05_error_429_daily_quota_anonymous.json"])
    let (fixture, harness) = try await Self.session(books, key: "SECRET-KEY-123")
    let uri = fixture.uri("quota.md")
    harness.client.open(uri, text: "---\ntitle: Quota\n---\n")
    _ = try await Self.completion(harness, uri, 1, 12)
    // Once the refusal has come back (a busy machine may take longer than the completion
    // budget), later titles ask nothing more.
    _ = try await harness.client.waitForNotification("window/showMessage")
    for version in 2...3 {
      harness.client.change(uri, version: version, [LSPTestClient.change((1, 10 + version), (1, 10 + version), "x")])
      _ = try await Self.completion(harness, uri, 1, 11 + version)
    }
    let shown = harness.client.notifications("window/showMessage")
    #expect(shown.count == 1)
    #expect(shown.first?["message"]?.stringValue?.contains("daily quota") == true)
    let logged = harness.client.notifications("window/logMessage").compactMap { $0["message"]?.stringValue }
    #expect(!(logged + shown.compactMap { $0["message"]?.stringValue }).contains { $0.contains("SECRET-KEY-123") })
    #expect(books.requests().count == 1)
    try await harness.client.shutdownAndExit()
    _ = try await harness.finish()
  }

  @Test func hoverOnTheTitleShowsTheBook() async throws {
    let books = try FakeGoogleBooks()
    let (fixture, harness) = try await Self.session(books)
    let uri = fixture.uri("hover.md")
    let text =
      "---\ntitle: Effective Java\nauthors: Joshua Bloch\npublished: 2008\ngoogle-books-id: ka2VUBqHiWkC\n---\n"
    harness.client.open(uri, text: text)
    // The lookup that completion makes fills the cache the hover reads.
    _ = try await Self.completionWithBooks(harness, uri, 1, 21)
    let hover = try await harness.client.request("textDocument/hover", uri: uri, ["position": position(1, 10)])
    let markdown = hover["contents"]?["value"]?.stringValue ?? ""
    #expect(markdown.contains("**Effective Java**"))
    #expect(markdown.contains("by Joshua Bloch · 2008"))
    #expect(markdown.contains("![Cover of Effective Java](https://"))
    #expect(markdown.contains("on Google Books](https://"))
    try await harness.client.shutdownAndExit()
    _ = try await harness.finish()
  }

  static func hover(_ harness: InProcessServer, _ uri: String, _ line: Int, _ character: Int) async throws -> String {
    let hover = try await harness.client.request(
      "textDocument/hover", uri: uri, ["position": position(line, character)])
    return hover["contents"]?["value"]?.stringValue ?? ""
  }

  /// The title's hover, asked until it shows the Google Books card (a lookup slower
  /// than the budget fills the cache for the next hover), as long as a busy machine may take.
  static func hoverWithCard(_ harness: InProcessServer, _ uri: String, _ line: Int, _ character: Int) async throws
    -> String
  {
    var markdown = ""
    _ = try await eventually {
      markdown = try await hover(harness, uri, line, character)
      return markdown.contains("on Google Books](")
    }
    return markdown
  }

  /// Waits until the stand-in has received `count` requests, as long as a busy machine may take.
  static func waitForRequests(_ books: FakeGoogleBooks, _ count: Int) async -> [JSONValue] {
    _ = await eventually { books.requests().count >= count }
    return books.requests()
  }

  @Test func hoverOnATitleWithoutAnIDLooksTheBookUpByTitle() async throws {
    let books = try FakeGoogleBooks()
    let (fixture, harness) = try await Self.session(books)
    let uri = fixture.uri("title-only.md")
    harness.client.open(uri, text: "---\ntitle: Effective Java\n---\n")
    let markdown = try await Self.hoverWithCard(harness, uri, 1, 10)
    #expect(markdown.contains("**Effective Java**"))
    #expect(markdown.contains("by Joshua Bloch · 2008"))
    #expect(markdown.contains("ISBN 9780132778046"))
    #expect(markdown.contains("[Effective Java on Google Books](https://"))
    #expect(books.requests().map { $0["query"]?["q"] } == ["intitle:Effective Java"])
    try await harness.client.shutdownAndExit()
    _ = try await harness.finish()
  }

  @Test func hoverOnATitleWithAnISBNLooksTheBookUpByISBN() async throws {
    let books = try FakeGoogleBooks()
    let (fixture, harness) = try await Self.session(books)
    let uri = fixture.uri("isbn-only.md")
    // A title no answer has: the card comes from the ISBN (an ISBN-10, as ISBN-13).
    harness.client.open(uri, text: "---\ntitle: My Copy\nisbn: 0-13-277804-1\n---\n")
    let markdown = try await Self.hoverWithCard(harness, uri, 1, 9)
    #expect(markdown.contains("**My Copy**"))
    #expect(markdown.contains("by Joshua Bloch · 2008"))
    #expect(markdown.contains("[My Copy on Google Books](https://"))
    #expect(books.requests().first?["query"]?["q"] == "isbn:9780132778046")
    #expect(books.requests().count == 1)
    try await harness.client.shutdownAndExit()
    _ = try await harness.finish()
  }

  @Test func aHangingCatalogLeavesTheTitleHoverWithoutTheCard() async throws {
    let books = try FakeGoogleBooks()
    try books.plan(["hang": true])
    // Requests may take a minute: longer than the test client waits for an answer.
    let (fixture, harness) = try await Self.session(books, budget: 100, timeout: 60000)
    let uri = fixture.uri("hanging.md")
    harness.client.open(uri, text: "---\ntitle: Effective Java\nauthors: Joshua Bloch\n---\n")
    let markdown = try await Self.hover(harness, uri, 1, 10)
    #expect(markdown.contains("**Effective Java**") && markdown.contains("by Joshua Bloch"))
    #expect(!markdown.contains("Google Books"))
    let requests = await Self.waitForRequests(books, 1)
    #expect(requests.map { $0["query"]?["q"] } == ["intitle:Effective Java inauthor:Joshua Bloch"])
    // The session goes on answering.
    let tokens = try await harness.client.request("textDocument/semanticTokens/full", uri: uri)
    #expect(tokens["data"] != nil)
    try await harness.client.shutdownAndExit()
    _ = try await harness.finish()
  }

  @Test func aSlowLookupFillsTheCacheForTheNextHover() async throws {
    let books = try FakeGoogleBooks()
    // The stand-in answers only when released: after the first hover, however long it takes.
    try books.plan(["hold": true])
    // A lookup that times out is asked again by the next hover: a busy machine may take
    // longer than the default 8 s to release the stand-in, so the lookup waits as long as
    // `books.timeout` allows, a minute.
    let (fixture, harness) = try await Self.session(books, budget: 100, timeout: 60000)
    let uri = fixture.uri("slow-hover.md")
    harness.client.open(uri, text: "---\ntitle: Effective Java\n---\n")
    // Answered before the stand-in does: the title only, no card.
    #expect(try await Self.hover(harness, uri, 1, 10) == "")
    #expect(books.answered() == 0)
    try books.release()
    let markdown = try await Self.hoverWithCard(harness, uri, 1, 10)
    #expect(markdown.contains("[Effective Java on Google Books](https://"))
    #expect(books.requests().count == 1)
    try await harness.client.shutdownAndExit()
    _ = try await harness.finish()
  }

  @Test func frontMatterKeysAndStatusValues() async throws {
    let books = try FakeGoogleBooks()
    let (fixture, harness) = try await Self.session(books)
    let uri = fixture.uri("keys.md")
    harness.client.open(uri, text: "---\ntitle: A\nau\nstatus: \n---\n")
    let keys = try await Self.completion(harness, uri, 2, 2)["items"]?.arrayValue ?? []
    #expect(keys.contains { $0["label"] == "authors" && $0["textEdit"]?["newText"] == "authors: " })
    #expect(!keys.contains { $0["label"] == "title" })
    let statuses = try await Self.completion(harness, uri, 3, 8)["items"]?.arrayValue ?? []
    #expect(
      statuses.compactMap { $0["label"]?.stringValue } == ["reading", "wishlist", "finished", "abandoned", "archived"])
    #expect(books.requests().isEmpty)
    try await harness.client.shutdownAndExit()
    _ = try await harness.finish()
  }
}
