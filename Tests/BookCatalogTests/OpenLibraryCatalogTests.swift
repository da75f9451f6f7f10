import BookCatalog
import Foundation
import GoogleBooksStandIn
import JSONCore
import NoteIntelligence
import Testing

/// Open Library through the `booknotes-fetch` helper against the loopback stand-in
/// serving `Tests/OpenLibrary/fixtures`, and the `auto` choice between the catalogs.
@Suite struct OpenLibraryCatalogTests {
  typealias Reports = GoogleBooksCatalogTests.Reports

  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("OpenLibrary/fixtures")

  static func fixture(_ name: String) throws -> [UInt8] {
    Array(try Data(contentsOf: fixtures.appendingPathComponent(name)))
  }

  static func settings(
    openLibrary: String, provider: BookSettings.Provider = .openlibrary, google: String = BookSettings.defaultEndpoint,
    key: String? = nil, timeout: Duration = .seconds(5)
  ) -> CatalogSettings {
    var books = BookSettings()
    books.provider = provider
    books.openLibraryEndpoint = openLibrary
    books.endpoint = google
    books.apiKey = key
    books.timeout = Int(timeout.components.seconds * 1000)
    return CatalogSettings(books, version: "9.8.7")
  }

  static func catalog(_ settings: CatalogSettings, cache: URL? = nil, reports: Reports = Reports()) -> any BookCatalog {
    CatalogChoice.make(
      settings: settings, cacheDirectory: cache?.path,
      transport: FetchProcess(executable: FetchProcess.locateHelper()), report: reports.add)
  }

  static let service = OpenLibraryService(settings: CatalogSettings())
  static let title = CatalogQuery(typed: "thinking fast")!
  static let isbn = CatalogQuery(isbn: "978-0-374-53355-7")!

  // MARK: Decoding the fixtures

  @Test func decodesTitleSearches() throws {
    let books = try Self.service.decode(Self.title, status: 200, body: Self.fixture("01_search_thinking_fast.json"))
    #expect(books.map(\.id) == ["OL16135409W", "OL20036187W", "OL27641583W"])
    let first = try #require(books.first)
    #expect(first.source == .openLibrary)
    #expect(first.title == "Thinking, Fast and Slow")
    #expect(first.authors == ["Daniel Kahneman"])
    #expect(first.publishedDate == "2011")
    // The ISBN-13 first in the list, and the ISBN-10 of the same edition.
    #expect(first.isbn13 == "9780374275631")
    #expect(first.isbn10 == "0374275637")
    #expect(first.publisher == "Farrar, Straus and Giroux")
    #expect(first.pageCount == 499)
    #expect(first.thumbnail == "https://covers.openlibrary.org/b/id/7287151-M.jpg")
    #expect(first.infoLink == "https://openlibrary.org/works/OL16135409W")
    // A subtitle, and no publisher; no ISBN at all.
    #expect(books[1].subtitle == "by Daniel Kahneman")
    #expect(books[1].publisher == nil)
    #expect(books[1].thumbnail == "https://covers.openlibrary.org/b/isbn/9781683780175-M.jpg?default=false")
    #expect(books[2].isbn == nil)
    #expect(books[2].authors == ["Daniel Kahneman", "Patrick Egan"])
    #expect(try Self.service.decode(Self.title, status: 200, body: Self.fixture("02_search_zero.json")).isEmpty)
  }

  @Test func decodesISBNLookupsAndErrors() throws {
    let books = try Self.service.decode(Self.isbn, status: 200, body: Self.fixture("04_books_api_data.json"))
    let book = try #require(books.first)
    #expect(books.count == 1)
    #expect(book.id == "OL25422458M")
    #expect(book.authors == ["Daniel Kahneman"])
    // `April 2, 2013`: the year.
    #expect(book.publishedDate == "2013")
    #expect(book.isbn13 == "9780374533557")
    #expect(book.isbn10 == "0374533555")
    #expect(book.thumbnail == "https://covers.openlibrary.org/b/id/7287151-M.jpg")
    #expect(try Self.service.decode(Self.isbn, status: 200, body: Self.fixture("05_books_api_unknown.json")).isEmpty)
    #expect(throws: CatalogError.unavailable(503, "503 Service Temporarily Unavailable")) {
      try Self.service.decode(Self.title, status: 503, body: Self.fixture("06_error_503.html"))
    }
    #expect(throws: CatalogError.malformed("not a JSON object")) {
      try Self.service.decode(Self.title, status: 200, body: Self.fixture("06_error_503.html"))
    }
    #expect(throws: CatalogError.quotaPerMinute("too many requests")) {
      try Self.service.decode(Self.title, status: 429, body: [])
    }
  }

  // MARK: Over HTTP

  @Test func titleAndISBNLookupsOverHTTP() async throws {
    let server = try FakeOpenLibrary()
    defer { server.stop() }
    let folder = GoogleBooksCatalogTests.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let catalog = Self.catalog(Self.settings(openLibrary: server.endpoint), cache: folder)
    let books = try await catalog.lookup(Self.title, channel: nil)
    #expect(books.first?.id == "OL16135409W")
    let byISBN = try await catalog.lookup(Self.isbn, channel: nil)
    #expect(byISBN.first?.isbn13 == "9780374533557")
    let requests = server.requests()
    #expect(requests.count == 2)
    let search = try #require(requests.first)
    #expect(search["path"]?.stringValue == "/search.json")
    #expect(search["query"]?["title"]?.stringValue == "thinking fast")
    #expect(search["query"]?["limit"]?.stringValue == "10")
    #expect(
      search["query"]?["fields"]?.stringValue
        == "key,title,subtitle,author_name,first_publish_year,isbn,publisher,number_of_pages_median,cover_i,language")
    // Key-free, and naming BookNotes and its version.
    #expect(search["headers"]?["user-agent"]?.stringValue?.hasPrefix("BookNotes/9.8.7") == true)
    #expect(!(search.description.contains("key=")))
    #expect(requests[1]["path"]?.stringValue == "/api/books")
    #expect(requests[1]["query"]?["bibkeys"]?.stringValue == "ISBN:9780374533557")
    #expect(requests[1]["query"]?["jscmd"]?.stringValue == "data")
    // Cached in memory, then on disk for a new session.
    _ = try await catalog.lookup(Self.title, channel: nil)
    let later = Self.catalog(Self.settings(openLibrary: server.endpoint), cache: folder)
    #expect(later.cachedBooks(for: Self.isbn)?.first?.source == .openLibrary)
    _ = try await later.lookup(Self.isbn, channel: nil)
    #expect(server.requests().count == 2)
  }

  @Test func emptyFailingAndSlowServers() async throws {
    let server = try FakeOpenLibrary()
    defer { server.stop() }
    let reports = Reports()
    let catalog = Self.catalog(Self.settings(openLibrary: server.endpoint, timeout: .seconds(1)), reports: reports)
    #expect(try await catalog.lookup(CatalogQuery(typed: "nothing matches")!, channel: nil).isEmpty)
    #expect(try await catalog.lookup(CatalogQuery(isbn: "0306406152")!, channel: nil).isEmpty)
    try server.plan(["status": 503, "fixture": "06_error_503.html"])
    await #expect(throws: CatalogError.unavailable(503, "503 Service Temporarily Unavailable")) {
      try await catalog.lookup(CatalogQuery(typed: "failing")!, channel: nil)
    }
    #expect(reports.list.last?.message.hasPrefix("Open Library is unavailable (503)") == true)
    try server.plan(["delay": 3])
    await #expect(throws: CatalogError.timedOut) {
      try await catalog.lookup(CatalogQuery(typed: "slow")!, channel: nil)
    }
    #expect(reports.list.last?.message.hasPrefix("Open Library did not answer in time") == true)
    // Errors are not cached: the service back, the same lookup answers.
    try server.plan([:])
    #expect(try await catalog.lookup(CatalogQuery(typed: "failing thinking")!, channel: nil).count == 3)
  }

  // MARK: Choosing the catalog

  @Test func autoTurnsToOpenLibraryWhenGoogleRefusesAndSaysSoOnce() async throws {
    for (status, fixture) in [
      (403, "06_error_403_unknownLocation.json"), (429, "05_error_429_daily_quota_anonymous.json"),
    ] {
      let google = try FakeGoogleBooks()
      let openLibrary = try FakeOpenLibrary()
      defer {
        google.stop()
        openLibrary.stop()
      }
      try google.plan(["status": .int(status), "fixture": .string(fixture)])
      let reports = Reports()
      let catalog = Self.catalog(
        Self.settings(openLibrary: openLibrary.endpoint, provider: .auto, google: google.endpoint, key: "a-key"),
        reports: reports)
      let books = try await catalog.lookup(Self.title, channel: nil)
      #expect(books.first?.source == .openLibrary)
      _ = try await catalog.lookup(Self.isbn, channel: nil)
      #expect(google.requests().count == 1)
      #expect(openLibrary.requests().count == 2)
      let shown = reports.list.filter(\.showUser)
      #expect(shown.count == 1)
      #expect(shown.first?.message.hasSuffix("Open Library answers book lookups for the rest of the session.") == true)
      #expect(!reports.list.contains { $0.message.contains("a-key") })
    }
  }

  @Test func autoAsksGoogleWithAKeyAndOpenLibraryWithout() async throws {
    let google = try FakeGoogleBooks()
    let openLibrary = try FakeOpenLibrary()
    defer {
      google.stop()
      openLibrary.stop()
    }
    let withKey = Self.catalog(
      Self.settings(openLibrary: openLibrary.endpoint, provider: .auto, google: google.endpoint, key: "k"))
    #expect(try await withKey.lookup(CatalogQuery(typed: "java")!, channel: nil).first?.source == .googleBooks)
    // No key and Google's own endpoint: Open Library, which needs none.
    let keyless = CatalogChoice.make(
      settings: Self.settings(openLibrary: openLibrary.endpoint, provider: .auto), cacheDirectory: nil,
      transport: FetchProcess(executable: FetchProcess.locateHelper()), report: { _ in })
    #expect(try await keyless.lookup(Self.title, channel: nil).first?.source == .openLibrary)
    let google2 = CatalogChoice.make(
      settings: Self.settings(openLibrary: openLibrary.endpoint, provider: .google, google: google.endpoint),
      cacheDirectory: nil, transport: FetchProcess(executable: FetchProcess.locateHelper()), report: { _ in })
    #expect(try await google2.lookup(CatalogQuery(typed: "java two")!, channel: nil).first?.source == .googleBooks)
    #expect(google.requests().count == 2)
    #expect(openLibrary.requests().count == 1)
  }
}
