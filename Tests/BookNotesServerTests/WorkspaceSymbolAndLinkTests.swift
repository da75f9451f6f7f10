import BookNotesTestSupport
import Foundation
import JSONCore
import LanguageServerProtocol
import Testing

@testable import BookNotesServer

/// Workspace symbols, document links and the diagnostics about missing notes, end to
/// end over ``LibraryFixture``.
@Suite struct WorkspaceSymbolAndLinkTests {
  static func symbols(_ harness: InProcessServer, _ query: String) async throws -> [JSONValue] {
    try await harness.client.request("workspace/symbol", params: ["query": .string(query)]).arrayValue ?? []
  }

  /// `name kind container path line:start-end`.
  static func describe(_ symbol: JSONValue, _ fixture: LibraryFixture) -> String {
    let name = symbol["name"]?.stringValue ?? "?"
    let kind = symbol["kind"]?.intValue ?? 0
    let container = symbol["containerName"]?.stringValue ?? "-"
    let location = symbol["location"] ?? .null
    return "\(name) \(kind) \(container) " + TagFeatureTests.places([location], fixture).joined()
  }

  @Test func anEmptyQueryListsEveryNote() async throws {
    let fixture = try LibraryFixture()
    let harness = InProcessServer()
    try await fixture.initialize(harness.client)
    let books = try await Self.symbols(harness, "").map { Self.describe($0, fixture) }
    #expect(
      books == [
        "Café Society 1 - books/2020/café.md 0:2-14", "Code Notes 1 - code.md 0:2-12",
        "Noise 1 Daniel Kahneman, Olivier Sibony books/noise.md 1:7-12",
        "Thinking Fast and Slow 1 Daniel Kahneman dup/thinking-again.md 1:7-29",
        "Thinking, Fast and Slow 1 Daniel Kahneman thinking.md 1:7-30", "Windows Notes 1 - crlf.md 1:7-20",
      ])
    try await TagFeatureTests.end(harness)
  }

  @Test func findsChaptersSectionsQuestionsAndTagsFuzzily() async throws {
    let fixture = try LibraryFixture()
    let harness = InProcessServer()
    try await fixture.initialize(harness.client)
    let crime = try await Self.symbols(harness, "crime").map { Self.describe($0, fixture) }
    #expect(crime.first == "Chapter 1: Crime and Noisy Punishment 2 Noise books/noise.md 10:0-40")
    let ego = try await Self.symbols(harness, "ego").map { Self.describe($0, fixture) }
    #expect(ego.first == "Ego depletion 3 Thinking, Fast and Slow thinking.md 21:0-17")
    let question = try await Self.symbols(harness, "system 2").map { Self.describe($0, fixture) }
    #expect(question.contains("What does System 2 do? 11 Thinking, Fast and Slow thinking.md 18:3-25"))
    let tag = try await Self.symbols(harness, "#psycho").map { Self.describe($0, fixture) }
    #expect(tag.first == "#psychology 20 3 notes books/noise.md 8:13-23")
    try await TagFeatureTests.end(harness)
  }

  /// Only books are on the reading list: by front matter, a `#books` tag or a folder of
  /// `library.bookFolders`; every note is in an empty query's symbols and found by
  /// title (its file name's when it has no other), other notes as notes.
  @Test func notesThatAreNotBooksAreNotes() async throws {
    let fixture = try LibraryFixture()
    try fixture.write("ideas/habit loops.md", "Cue, routine, reward.\n\nQ: The loop?\nA: Cue, routine, reward.\n")
    try fixture.write("shelf/walden.md", "## Economy\n\nSimplify.\n")
    let harness = InProcessServer()
    try await fixture.initialize(harness.client, options: ["library": ["bookFolders": ["shelf"]]])
    let books = try await harness.client.request("booknotes/books", params: [:])
    #expect(
      (books.arrayValue ?? []).compactMap { $0["title"]?.stringValue } == [
        "Café Society", "Noise", "Thinking Fast and Slow", "Thinking, Fast and Slow", "walden", "Windows Notes",
      ])
    let listed = try await Self.symbols(harness, "").compactMap { $0["name"]?.stringValue }
    #expect(listed.contains("walden") && listed.contains("habit loops"))
    let habit = try await Self.symbols(harness, "habit loops").map { Self.describe($0, fixture) }
    #expect(habit.first == "habit loops 1 - ideas/habit loops.md 0:0-0")
    let question = try await Self.symbols(harness, "the loop").map { Self.describe($0, fixture) }
    #expect(question.first == "The loop? 11 habit loops ideas/habit loops.md 2:3-12")
    let prompts = try await harness.client.request(
      "booknotes/prompts", params: ["textDocument": ["uri": .string(fixture.uri("ideas/habit loops.md"))]])
    #expect((prompts.arrayValue ?? []).compactMap { $0["book"]?.stringValue } == ["habit loops"])
    try await TagFeatureTests.end(harness)
  }

  @Test(arguments: [("utf-16", 28, 30), ("utf-8", 31, 37), ("utf-32", 27, 29)])
  func tagPositionsInEveryEncoding(encoding: String, start: Int, end: Int) async throws {
    let fixture = try LibraryFixture()
    let harness = InProcessServer()
    try await fixture.initialize(harness.client, encoding: encoding)
    let tag = try await Self.symbols(harness, "読書").map { Self.describe($0, fixture) }
    #expect(tag == ["#読書 20 1 note books/2020/café.md 2:\(start)-\(end)"])
    try await TagFeatureTests.end(harness)
  }

  @Test func resultsAreCappedBySettings() async throws {
    let fixture = try LibraryFixture()
    let harness = InProcessServer()
    try await fixture.initialize(harness.client, options: ["symbols": ["maxResults": 2]])
    #expect(try await Self.symbols(harness, "").count == 2)
    #expect(try await Self.symbols(harness, "e").count == 2)
    try await TagFeatureTests.end(harness)
  }

  // MARK: Document links

  @Test func linksResolveToFilesAndWebAddresses() async throws {
    let fixture = try LibraryFixture()
    let harness = InProcessServer()
    try await fixture.initialize(harness.client)
    let thinking = fixture.uri("thinking.md")
    harness.client.open(thinking, text: LibraryFixture.notes["thinking.md"]!)
    let links = try await harness.client.request("textDocument/documentLink", uri: thinking)
    #expect(links == [["range": range((16, 70), (16, 84)), "target": .string(fixture.uri("books/noise.md"))]])

    let scratch = fixture.uri("links.md")
    harness.client.open(
      scratch,
      text: "[web](https://example.com/a?b=1) [n](books/noise.md#chapter-1) [c](books/2020/caf%C3%A9.md)\n"
        + "![i](missing.png) [m](gone/nowhere.md) [f](#top) ![cover](books/2020/café.md)\n")
    let all = try await harness.client.request("textDocument/documentLink", uri: scratch).arrayValue ?? []
    #expect(
      all.map { "\(TagFeatureTests.places([["uri": "", "range": $0["range"] ?? .null]], fixture).joined())" } == [
        " 0:6-31", " 0:37-61", " 0:67-90", " 1:58-76",
      ])
    #expect(
      all.compactMap { $0["target"]?.stringValue } == [
        "https://example.com/a?b=1", fixture.uri("books/noise.md"), fixture.uri("books/2020/café.md"),
        fixture.uri("books/2020/café.md"),
      ])
    try await TagFeatureTests.end(harness)
  }

  /// A target starting with `/` is relative to the workspace folder, for document
  /// links and `link-missing-note`.
  @Test func aLinkStartingWithASlashIsRelativeToTheWorkspaceFolder() async throws {
    let fixture = try LibraryFixture()
    let harness = InProcessServer()
    try await fixture.initialize(harness.client, capabilities: ["textDocument": ["diagnostic": [:]]])
    let uri = fixture.uri("books/rooted.md")
    harness.client.open(uri, text: "[n](/books/noise.md#chapter-1) [t](/thinking.md) [g](/gone.md)\n")
    let links = try await harness.client.request("textDocument/documentLink", uri: uri).arrayValue ?? []
    #expect(
      links.compactMap { $0["target"]?.stringValue } == [fixture.uri("books/noise.md"), fixture.uri("thinking.md")])
    let report = try await harness.client.request("textDocument/diagnostic", uri: uri)
    let items = report["items"]?.arrayValue ?? []
    // The heading is written `chapter-1`, not by its slug: that is reported too.
    #expect(items.map { $0["code"] } == ["link-missing-heading", "link-missing-note"])
    #expect(items.last?["range"] == range((0, 53), (0, 61)))
    try await TagFeatureTests.end(harness)
  }

  @Test func aMissingNoteIsPulledAsAWarningUntilItExists() async throws {
    let fixture = try LibraryFixture()
    let harness = InProcessServer()
    try await fixture.initialize(harness.client, capabilities: ["textDocument": ["diagnostic": [:]]])
    let uri = fixture.uri("links.md")
    harness.client.open(uri, text: "See [m](gone/nowhere.md), [n](books/noise.md) and ?[h](a) ![i](gone.png).\n")
    let report = try await harness.client.request("textDocument/diagnostic", uri: uri)
    let items = report["items"]?.arrayValue ?? []
    #expect(items.count == 1)
    #expect(items.first?["code"] == "link-missing-note")
    #expect(items.first?["severity"] == 2)
    #expect(items.first?["range"] == range((0, 8), (0, 23)))
    #expect(items.first?["message"] == "No note at 'gone/nowhere.md': create it, or correct the link's path.")
    let resultID = try #require(report["resultId"])
    try fixture.write("gone/nowhere.md", "# Found\n")
    let after = try await harness.client.request(
      "textDocument/diagnostic", uri: uri, ["previousResultId": resultID])
    #expect(after["kind"] == "full")
    #expect(after["items"] == [])
    try await TagFeatureTests.end(harness)
  }

  @Test func aMissingNoteIsPushedWithTheParsersDiagnostics() async throws {
    let fixture = try LibraryFixture()
    let harness = InProcessServer()
    try await fixture.initialize(harness.client, encoding: "utf-8")
    let uri = fixture.uri("books/noise.md")
    harness.client.open(uri, text: LibraryFixture.notes["books/noise.md"]! + "Q: no answer\n")
    let pushed = try await harness.client.waitForNotification("textDocument/publishDiagnostics")
    #expect(pushed["uri"] == .string(uri))
    let diagnostics = pushed["diagnostics"]?.arrayValue ?? []
    #expect(diagnostics.map { $0["code"] } == ["qa-missing-answer", "link-missing-note"])
    #expect(diagnostics.last?["range"] == range((12, 38), (12, 48)))
    #expect(diagnostics.last?["message"]?.stringValue?.contains("'missing.md'") == true)
    // The note appears on disk: the warning goes without an edit.
    try fixture.write("books/missing.md", "# Missing No More\n")
    let again = try await harness.client.waitForNotification("textDocument/publishDiagnostics")
    #expect(again["diagnostics"]?.arrayValue?.map { $0["code"] } == ["qa-missing-answer"])
    try await TagFeatureTests.end(harness)
  }
}
