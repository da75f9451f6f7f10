import BookCatalog
import BookNotesTestSupport
import Foundation
import GoogleBooksStandIn
import JSONCore
import Locking
import NoteIntelligence
import NoteSyntax
import Testing

/// The Google Books client over real HTTP: the `booknotes-fetch` helper against the
/// fake server on 127.0.0.1, answering with the recorded fixture bodies.
@Suite struct GoogleBooksCatalogTests {
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("GoogleBooks/fixtures")

  static func fixture(_ name: String) throws -> [UInt8] {
    Array(try Data(contentsOf: fixtures.appendingPathComponent(name)))
  }

  /// Everything a catalog reported.
  final class Reports: Sendable {
    let all = Lock<[CatalogReport]>([])
    var list: [CatalogReport] { all.withLock { $0 } }
    func add(_ report: CatalogReport) { all.withLock { $0.append(report) } }
  }

  static func catalog(
    _ server: FakeGoogleBooks, key: String? = nil, country: String = "US", language: String? = nil,
    maxResults: Int = 10, timeout: Duration = .seconds(5), cache: URL? = nil, reports: Reports = Reports()
  ) -> CachedCatalog {
    let settings = CatalogSettings(
      endpoint: server.endpoint, apiKey: key, country: country, language: language, maxResults: maxResults,
      timeout: timeout)
    return CachedCatalog(
      settings: settings, cacheDirectory: cache?.path, transport: FetchProcess(executable: FetchProcess.locateHelper()),
      report: reports.add)
  }

  /// The kind of error `body` throws, `nil` when it gives books.
  static func errorKind(_ body: () async throws -> [CatalogBook]) async -> CatalogErrorKind? {
    do {
      _ = try await body()
      return nil
    } catch {
      return (error as? CatalogError)?.kind
    }
  }

  static func temporaryFolder() -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("booknotes-books-\(UUID().uuidString)")
  }

  // MARK: Decoding the fixtures

  @Test func decodesTheRealResponses() throws {
    let java = try GoogleBooksResponse.decode(status: 200, body: Self.fixture("01_abandoh_Book_volumes_q-java.json"))
    #expect(java.count == 10)
    let nio = try #require(java.first)
    #expect(nio.id == "z7TQ8NSooS4C")
    #expect(nio.title == "Java NIO \\c Ron Hitchens")
    #expect(nio.authors == ["Ron Hitchens"])
    #expect(nio.isbn13 == "9780596002886" && nio.isbn10 == "0596002882")
    #expect(nio.year == 2002 && nio.published == "2002-08-27")
    #expect(nio.publisher == "\"O'Reilly Media, Inc.\"")
    #expect(nio.thumbnail?.hasPrefix("https://") == true)
    #expect(nio.infoLink?.hasPrefix("https://") == true)
    #expect(java.contains { $0.subtitle == "Practical Guide for Programmers" })
    #expect(java.allSatisfy { $0.thumbnail.map { $0.hasPrefix("https://") } ?? true })

    let jellyfin = try GoogleBooksResponse.decode(
      status: 200, body: Self.fixture("02_jellyfin_google-books-volume-search.json"))
    #expect(jellyfin.count == 2)
    #expect(jellyfin.contains { $0.language == "fr" })
    let timestamped = try #require(jellyfin.first { $0.publishedDate?.contains("T") == true })
    #expect(timestamped.published == "2019-10-03" && timestamped.year == 2019)
    #expect(jellyfin.contains { $0.pageCount == nil })

    let batman = try GoogleBooksResponse.decode(status: 200, body: Self.fixture("03_founden_doers_google_books.json"))
    #expect(batman.count == 1)
    #expect(try GoogleBooksResponse.decode(status: 200, body: Self.fixture("04_zero_results.json")).isEmpty)
  }

  /// Every value a new note's front matter takes from an answer is one line, so an
  /// answer cannot end the front matter or add entries to it.
  @Test func valuesWrittenIntoNotesAreOneLine() throws {
    let body = #"""
      {"items":[{"id":" a\nb ","volumeInfo":{"title":"T","publishedDate":"2020\n---\n# Injected",
        "industryIdentifiers":[{"type":"ISBN_13","identifier":"978\r\nstatus: finished"},
          {"type":"ISBN_10","identifier":" \n "}]}}]}
      """#
    let book = try #require(try GoogleBooksResponse.decode(status: 200, body: Array(body.utf8)).first)
    #expect(book.id == "a b")
    #expect(book.publishedDate == "2020 --- # Injected")
    #expect(book.isbn13 == "978 status: finished")
    #expect(book.isbn10 == nil)
    let note = NoteDocument(NewNote(book: book, typedTitle: "T", today: "2024-05-01").text)
    let info = BookInfo(note)
    #expect(info.status == .reading)
    #expect(Set(info.fields.keys) == ["title", "published", "isbn", "google-books-id", "status", "started"])
    #expect(note.tree.blockSequence.filter { $0.kind == .heading }.count == 1)
  }

  @Test func mapsEveryErrorFixture() throws {
    func error(_ status: Int, _ body: [UInt8]) -> CatalogError? {
      do {
        _ = try GoogleBooksResponse.decode(status: status, body: body)
        return nil
      } catch {
        return error
      }
    }
    #expect(error(429, try Self.fixture("05_error_429_daily_quota_anonymous.json"))?.kind == .quotaPerDay)
    #expect(error(403, try Self.fixture("06_error_403_unknownLocation.json"))?.kind == .unknownLocation)
    #expect(error(400, try Self.fixture("07_error_400_missing_query.json"))?.kind == .badRequest)
    let perMinute =
      #"{"error":{"code":429,"message":"Quota exceeded for quota metric 'Queries' and limit 'Queries per minute per user'"}}"#
    #expect(error(429, Array(perMinute.utf8))?.kind == .quotaPerMinute)
    let badKey =
      #"{"error":{"code":400,"message":"API key not valid. Please pass a valid API key.","errors":[{"reason":"badRequest"}]}}"#
    #expect(error(400, Array(badKey.utf8))?.kind == .badKey)
    let disabled =
      #"{"error":{"code":403,"message":"Books API has not been used in project 1 before or it is disabled.","errors":[{"reason":"accessNotConfigured"}]}}"#
    #expect(error(403, Array(disabled.utf8))?.kind == .forbidden)
    #expect(error(503, Array(#"{"error":{"code":503,"message":"Backend Error"}}"#.utf8))?.kind == .unavailable)
    #expect(error(200, Array("<html>not json</html>".utf8))?.kind == .malformed)
    #expect(error(200, Array(#"{"items": 3}"#.utf8))?.kind == .malformed)
  }

  @Test func snippetsAreUnescaped() {
    #expect(HTMLText.plain("<b>Java</b>&nbsp;NIO &amp; &#39;more&#39; &lt;3 &#x263A;") == "Java NIO & 'more' <3 ☺")
    #expect(HTMLText.plain("a<br>b&unknown;") == "a b&unknown;")
  }

  // MARK: Over HTTP

  @Test func sendsTheRequestGoogleExpects() async throws {
    let server = try FakeGoogleBooks()
    try server.plan(["gzip": true])
    let catalog = Self.catalog(server, key: "SECRET-KEY-123", country: "GB", language: "en", maxResults: 5)
    let books = try await catalog.lookup(CatalogQuery(typed: "Effective Java by Bloch")!, channel: nil)
    #expect(books.count == 10)
    let request = try #require(server.requests().first)
    #expect(request["path"] == "/books/v1/volumes")
    let query = try #require(request["query"])
    #expect(query["q"] == "intitle:Effective Java inauthor:Bloch")
    #expect(query["printType"] == "books")
    #expect(query["maxResults"] == "5")
    #expect(query["country"] == "GB")
    #expect(query["langRestrict"] == "en")
    #expect(query["key"] == "SECRET-KEY-123")
    #expect(query["fields"]?.stringValue?.contains("industryIdentifiers") == true)
    #expect(request["headers"]?["accept-encoding"]?.stringValue?.contains("gzip") == true)
    #expect(request["headers"]?["user-agent"]?.stringValue?.contains("gzip") == true)
    #expect(server.requests().count == 1)
  }

  @Test func cachesAnswersInMemoryAndOnDisk() async throws {
    let server = try FakeGoogleBooks()
    let cache = Self.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: cache) }
    let first = Self.catalog(server, key: "K1", cache: cache)
    let query = CatalogQuery(typed: "java")!
    let books = try await first.lookup(query, channel: nil)
    _ = try await first.lookup(CatalogQuery(typed: "  JAVA ")!, channel: nil)
    #expect(server.requests().count == 1)
    // Another catalog (a restart), another key: the disk answers.
    let second = Self.catalog(server, key: "K2", cache: cache)
    #expect(second.cachedBooks(for: query) == books)
    #expect(try await second.lookup(query, channel: nil) == books)
    #expect(second.book(id: "z7TQ8NSooS4C")?.title == "Java NIO \\c Ron Hitchens")
    #expect(server.requests().count == 1)
    let files = try FileManager.default.contentsOfDirectory(atPath: cache.appendingPathComponent("books").path)
    #expect(files.count == 1)
    let stored = try String(
      contentsOf: cache.appendingPathComponent("books").appendingPathComponent(files[0]), encoding: .utf8)
    #expect(!stored.contains("K1") && !stored.contains("K2"))
    // Other settings are another question.
    _ = try await Self.catalog(server, maxResults: 3, cache: cache).lookup(query, channel: nil)
    #expect(server.requests().count == 2)
  }

  @Test func looksABookUpByISBN() async throws {
    #expect(CatalogQuery(isbn: "12345") == nil)
    let server = try FakeGoogleBooks()
    let catalog = Self.catalog(server)
    // An ISBN-10 with separators asks for its ISBN-13.
    let query = try #require(CatalogQuery(isbn: "0-13-277804-1"))
    #expect(try await catalog.lookup(query, channel: nil).count == 10)
    #expect(server.requests().first?["query"]?["q"] == "isbn:9780132778046")
    #expect(try await catalog.lookup(CatalogQuery(isbn: "9780132778046")!, channel: nil).count == 10)
    #expect(server.requests().count == 1)
    // A title made of the same words is another question.
    _ = try await catalog.lookup(CatalogQuery(typed: "isbn 9780132778046")!, channel: nil)
    #expect(server.requests().last?["query"]?["q"] == "intitle:isbn 9780132778046")
    #expect(server.requests().count == 2)
  }

  @Test func errorsAreNeverCachedAndQuotaErrorsPauseLookups() async throws {
    let server = try FakeGoogleBooks()
    let reports = Reports()
    let catalog = Self.catalog(server, key: "SECRET-KEY-123", reports: reports)
    try server.plan(["status": 503, "body": #"{"error":{"code":503,"message":"Backend Error"}}"#])
    await #expect(throws: CatalogError.unavailable(503, "Backend Error")) {
      try await catalog.lookup(CatalogQuery(typed: "dune")!, channel: nil)
    }
    try server.plan(["status": 200, "fixture": "03_founden_doers_google_books.json"])
    #expect(try await catalog.lookup(CatalogQuery(typed: "dune")!, channel: nil).count == 1)
    #expect(server.requests().count == 2)

    try server.plan(["status": 429, "fixture": "05_error_429_daily_quota_anonymous.json"])
    await #expect(throws: CatalogError.self) { try await catalog.lookup(CatalogQuery(typed: "emma")!, channel: nil) }
    // Paused: no request for the next title.
    await #expect(throws: CatalogError.paused(.quotaPerDay)) {
      try await catalog.lookup(CatalogQuery(typed: "persuasion")!, channel: nil)
    }
    #expect(server.requests().count == 3)
    let quota = reports.list.filter { $0.kind == .quotaPerDay }
    #expect(quota.count == 1 && quota[0].showUser && quota[0].level == .warning)
    #expect(!reports.list.contains { $0.message.contains("SECRET-KEY-123") })
    #expect(reports.list.contains { $0.message.contains("key=REDACTED") })
  }

  @Test func aServerTooSlowTimesOut() async throws {
    let server = try FakeGoogleBooks()
    try server.plan(["delay": 3])
    let catalog = Self.catalog(server, timeout: .milliseconds(300))
    await #expect(throws: CatalogError.timedOut) {
      try await catalog.lookup(CatalogQuery(typed: "slow")!, channel: nil)
    }
  }

  @Test func garbageAndResetConnectionsAreErrors() async throws {
    let server = try FakeGoogleBooks()
    try server.plan(["body": "\u{1}\u{2} garbage"])
    await #expect(throws: CatalogError.self) {
      try await Self.catalog(server).lookup(CatalogQuery(typed: "abc")!, channel: nil)
    }
    try server.plan(["reset": true])
    let kind = await Self.errorKind { try await Self.catalog(server).lookup(CatalogQuery(typed: "def")!, channel: nil) }
    #expect(kind != nil)
  }

  @Test func networkOffIsOneWarningThenAPause() async throws {
    let reports = Reports()
    let settings = CatalogSettings(endpoint: "http://127.0.0.1:1/books/v1")
    let catalog = CachedCatalog(
      settings: settings, cacheDirectory: nil, transport: FetchProcess(executable: FetchProcess.locateHelper()),
      report: reports.add)
    await #expect(throws: CatalogError.self) { try await catalog.lookup(CatalogQuery(typed: "offline")!, channel: nil) }
    await #expect(throws: CatalogError.paused(.offline)) {
      try await catalog.lookup(CatalogQuery(typed: "offline two")!, channel: nil)
    }
    #expect(reports.list.filter { $0.level == .warning }.count == 1)
    #expect(reports.list.first?.kind == .offline)
    #expect(reports.list.first?.showUser == false)
  }

  @Test func withoutTheHelperLookupsFailClearly() async throws {
    let catalog = CachedCatalog(
      settings: CatalogSettings(), cacheDirectory: nil, transport: FetchProcess(executable: nil), report: { _ in })
    await #expect(throws: CatalogError.self) {
      try await catalog.lookup(CatalogQuery(typed: "anything")!, channel: nil)
    }
  }

  @Test func aNewerQueryFromTheSameDocumentCancelsTheOlder() async throws {
    let server = try FakeGoogleBooks()
    // The older request is never answered: only the newer query ends it. Its time-out is
    // long, so that a loaded machine that starts the newer query late still sees it
    // cancelled, and the newer one is answered at once.
    try server.plan(["hang": true])
    let catalog = Self.catalog(server, timeout: .seconds(60))
    let older = Task {
      await Self.errorKind { try await catalog.lookup(CatalogQuery(typed: "Jav")!, channel: "note.md") }
    }
    while server.requests().isEmpty { try await Task.sleep(for: .milliseconds(10)) }
    try server.plan([:])
    let newer = try await catalog.lookup(CatalogQuery(typed: "Java")!, channel: "note.md")
    #expect(newer.count == 10)
    let olderError = await older.value
    #expect(olderError == .cancelled)
  }

  @Test func aBudgetBoundsTheWaitAndTheLookupFillsTheCache() async throws {
    let server = try FakeGoogleBooks()
    // Held until released, and a minute's time-out: a busy machine may resume this test
    // long after the 50 ms budget, and the answer still comes after it.
    try server.plan(["hold": true])
    let catalog = Self.catalog(server, timeout: .seconds(60))
    let query = CatalogQuery(typed: "budget")!
    guard case .pending = await catalog.lookup(query, channel: nil, within: .milliseconds(50)) else {
      Issue.record("a slow lookup answered within the budget")
      return
    }
    #expect(server.answered() == 0)
    try server.release()
    while catalog.cachedBooks(for: query) == nil { try await Task.sleep(for: .milliseconds(20)) }
    guard case .books(let books) = await catalog.lookup(query, channel: nil, within: .milliseconds(50)) else {
      Issue.record("the cache was not filled")
      return
    }
    #expect(books.count == 10)
    #expect(server.requests().count == 1)
  }
}
