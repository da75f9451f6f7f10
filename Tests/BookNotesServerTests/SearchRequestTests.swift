import BookNotesTestSupport
import Foundation
import JSONCore
import NoteIntelligence
import NoteSyntax
import NoteText
import Testing

@testable import BookNotesServer

/// `booknotes/search` and `booknotes/books` over the fixture library, and the library's
/// duplicate books.
@Suite struct SearchRequestTests {
  /// The items' files relative to the fixture's root.
  static func files(_ items: [JSONValue], _ fixture: LibraryFixture) -> [String] {
    items.compactMap { $0["file"]?.stringValue }.map { String($0.dropFirst(fixture.root.path.count + 1)) }
  }

  @Test func findsNotesWithLineHeadingSnippetAndRange() async throws {
    let fixture = try LibraryFixture()
    let harness = InProcessServer()
    try await fixture.initialize(harness.client)
    let result = try await harness.client.request("booknotes/search", params: ["query": "system one"])
    let items = try #require(result.arrayValue)
    #expect(Self.files(items, fixture) == ["thinking.md"])
    let item = try #require(items.first)
    #expect(item["uri"] == .string(fixture.uri("thinking.md")))
    #expect(item["book"] == "Thinking, Fast and Slow")
    #expect(item["heading"] == "Chapter 1: The Characters of the Story")
    #expect(item["line"] == 16)
    #expect(item["range"] == ["start": ["line": 16, "character": 0], "end": ["line": 16, "character": 10]])
    #expect(
      item["snippet"] == "System one is fast; the ?[lazy](slow) one checks it. See [the sequel](books/noise.md).")
    #expect(item["matches"] == [[0, 10], [38, 41]], "every occurrence on the line")
    #expect((item["score"]?.doubleValue ?? 0) > 0)
    if case .object(let members) = item {
      #expect(Set(members.keys) == ["uri", "file", "book", "heading", "line", "range", "snippet", "matches", "score"])
    }
    try await harness.client.shutdownAndExit()
    _ = try await harness.finish()
  }

  @Test func ranksLimitsAndFiltersByTag() async throws {
    let fixture = try LibraryFixture()
    let harness = InProcessServer()
    try await fixture.initialize(harness.client)
    let all = try #require(
      try await harness.client.request("booknotes/search", params: ["query": "kahneman"]).arrayValue)
    #expect(Set(Self.files(all, fixture)) == ["thinking.md", "books/noise.md", "dup/thinking-again.md"])
    let scores = all.compactMap { $0["score"]?.doubleValue }
    #expect(scores == scores.sorted(by: >))
    let one = try #require(
      try await harness.client.request("booknotes/search", params: ["query": "kahneman", "limit": 1]).arrayValue)
    #expect(Self.files(one, fixture) == [Self.files(all, fixture)[0]])
    let tagged = try #require(
      try await harness.client.request("booknotes/search", params: ["query": "kahneman #books/2022"]).arrayValue)
    #expect(Self.files(tagged, fixture) == ["books/noise.md"])
    let tagsOnly = try #require(
      try await harness.client.request("booknotes/search", params: ["query": "#bias"]).arrayValue)
    #expect(Self.files(tagsOnly, fixture) == ["books/noise.md", "thinking.md"], "a parent tag includes its children")
    #expect(
      tagsOnly.map { $0["snippet"] } == ["#books/2022 #psychology #bias", "#books/2021 #psychology #bias/anchoring"])
    let none = try #require(try await harness.client.request("booknotes/search", params: ["query": "zebra"]).arrayValue)
    #expect(none.isEmpty)
    let bad = try await harness.client.requestMessage("booknotes/search", params: ["query": "x", "limit": -1])
    #expect(bad["error"]?["code"] == -32602)
    let missing = try await harness.client.requestMessage("booknotes/search", params: [:])
    #expect(missing["error"]?["code"] == -32602)
    try await harness.client.shutdownAndExit()
    _ = try await harness.finish()
  }

  @Test(arguments: [("utf-16", 21, 23), ("utf-8", 24, 30), ("utf-32", 21, 23)])
  func rangesAreInTheNegotiatedEncodingAndMatchesInUTF16(encoding: String, start: Int, end: Int) async throws {
    let fixture = try LibraryFixture()
    let harness = InProcessServer()
    try await fixture.initialize(harness.client, encoding: encoding)
    let items = try #require(try await harness.client.request("booknotes/search", params: ["query": "東京"]).arrayValue)
    #expect(Self.files(items, fixture) == ["books/2020/café.md"])
    let item = try #require(items.first)
    #expect(item["book"] == "Café Society")
    #expect(item["heading"] == "Première partie")
    #expect(item["line"] == 6)
    #expect(
      item["range"] == ["start": ["line": 6, "character": .int(start)], "end": ["line": 6, "character": .int(end)]])
    #expect(item["snippet"] == "Une société de café. 東京 の 本.")
    #expect(item["matches"] == [[21, 23]])
    try await harness.client.shutdownAndExit()
    _ = try await harness.finish()
  }

  @Test func anOpenDocumentsUnsavedTextWinsOverTheFile() async throws {
    let fixture = try LibraryFixture()
    let harness = InProcessServer()
    try await fixture.initialize(harness.client)
    let uri = fixture.uri("books/noise.md")
    harness.client.open(uri, text: "---\ntitle: Noise\n---\n# Noise\n\nEdited: Kahneman wrote it with others.\n")
    // A request on the document is answered after the open has been applied.
    _ = try await harness.client.request("textDocument/documentSymbol", uri: uri)
    let items = try #require(
      try await harness.client.request("booknotes/search", params: ["query": "kahneman"]).arrayValue)
    let noise = try #require(items.first { $0["uri"] == .string(uri) })
    #expect(noise["snippet"] == "Edited: Kahneman wrote it with others.")
    #expect(noise["line"] == 5)
    #expect(noise["range"] == ["start": ["line": 5, "character": 8], "end": ["line": 5, "character": 16]])
    try await harness.client.shutdownAndExit()
    _ = try await harness.finish()
  }

  @Test func booksListsTheReadingListFilteredAndSorted() async throws {
    let fixture = try LibraryFixture()
    let harness = InProcessServer()
    try await fixture.initialize(harness.client)
    let all = try #require(try await harness.client.request("booknotes/books", params: [:]).arrayValue)
    #expect(
      all.map { $0["title"] } == [
        "Café Society", "Noise", "Thinking Fast and Slow", "Thinking, Fast and Slow", "Windows Notes",
      ], "not code.md: a note, not a book")
    let thinking = try #require(all.first { $0["title"] == "Thinking, Fast and Slow" })
    #expect(
      thinking == [
        "title": "Thinking, Fast and Slow", "authors": ["Daniel Kahneman"], "status": "finished",
        "started": "2021-01-04", "finished": "2021-02-20", "rating": 5, "isbn": "9780374533557",
        "file": .string(fixture.root.path + "/thinking.md"), "uri": .string(fixture.uri("thinking.md")),
      ])
    #expect(all.first?["status"] == .null)
    let reading = try #require(
      try await harness.client.request("booknotes/books", params: ["status": "reading"]).arrayValue)
    #expect(reading.map { $0["title"] } == ["Noise", "Thinking Fast and Slow"])
    let byDate = try #require(try await harness.client.request("booknotes/books", params: ["sort": "date"]).arrayValue)
    #expect(byDate.first?["title"] == "Thinking, Fast and Slow", "the only dated book first")
    let byAuthor = try #require(
      try await harness.client.request("booknotes/books", params: ["sort": "author"]).arrayValue)
    #expect(
      byAuthor.map { $0["title"] } == [
        "Noise", "Thinking Fast and Slow", "Thinking, Fast and Slow", "Café Society", "Windows Notes",
      ])
    let noParams = try #require(try await harness.client.request("booknotes/books").arrayValue)
    #expect(noParams.count == all.count)
    for params: JSONValue in [["status": "someday"], ["sort": "rating"]] {
      let bad = try await harness.client.requestMessage("booknotes/books", params: params)
      #expect(bad["error"]?["code"] == -32602)
    }
    try await harness.client.shutdownAndExit()
    _ = try await harness.finish()
  }

  @Test func theFixturesSecondThinkingNoteIsADuplicateByISBN() async throws {
    let fixture = try LibraryFixture()
    let harness = InProcessServer()
    try await fixture.initialize(harness.client)
    let root = fixture.root.path + "/"
    let snapshot = harness.server.library.snapshot()
    #expect(snapshot.duplicates(of: root + "dup/thinking-again.md") == [root + "thinking.md"])
    #expect(snapshot.duplicates(of: root + "thinking.md") == [root + "dup/thinking-again.md"])
    #expect(snapshot.duplicates(of: root + "books/noise.md").isEmpty, "same author, another book")
    let text = try #require(LibraryFixture.notes["dup/thinking-again.md"])
    let doc = NoteDocument(text)
    let note = NoteSummary(path: root + "dup/thinking-again.md", doc: doc)
    let diagnostic = try #require(snapshot.duplicateBookDiagnostic(for: note, in: doc))
    #expect(diagnostic.code == "duplicate-book")
    #expect(diagnostic.message == "Another note is about the same book: ../thinking.md")
    #expect(doc.text.string(in: diagnostic.range) == "Thinking Fast and Slow")
    #expect(doc.lineColumn(of: diagnostic.range.lowerBound, in: .utf16) == LineColumn(line: 1, column: 7))
    try await harness.client.shutdownAndExit()
    _ = try await harness.finish()
  }
}
