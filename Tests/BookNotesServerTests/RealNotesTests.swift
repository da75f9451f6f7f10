import BookNotesTestSupport
import Foundation
import JSONCore
import LanguageServerProtocol
import Testing

/// Notes written for other tools (Obsidian vaults, Kindle exports, Goodreads-built
/// vaults, READMEs), through the command line and over LSP: their front matter is read,
/// and nothing in them is flagged that the writer did not mean as a prompt.
@Suite struct RealNotesTests {
  /// A note as an Obsidian vault built from Goodreads writes it: a byte-order mark, a
  /// block list of tags, comments, a folded string, `author`, a `dnf` status and a half
  /// rating.
  static let obsidian = """
    \u{FEFF}---
    Title: Influence
    author: Robert Cialdini  # as on the cover
    tags:
      - psychology
      - "#books/2019"
    # rated on Goodreads
    status: did-not-finish
    rating: 2.5
    description: >
      Six principles,
      one book.
    ---
    # Influence

    Reciprocity first.

    """

  // MARK: Front matter

  @Test func theCommandLineReadsFrontMatterAsNotesWriteIt() throws {
    let fixture = try LibraryFixture()
    try fixture.write("vault/influence.md", Self.obsidian)
    let tags = try runBooknotes(["tags"], in: fixture.root)
    #expect(tags.status == 0)
    #expect(tags.lines.contains("#psychology  4 notes"), "the block list's tag counts: \(tags.lines)")
    #expect(tags.lines.contains("  #books/2019  1 note"))
    let search = try runBooknotes(["search", "#books/2019"], in: fixture.root)
    #expect(search.lines == ["vault/influence.md:6: [Influence] - \"#**books/2019**\""])
    let books = try runBooknotes(["books", "--status", "dnf"], in: fixture.root)
    #expect(books.status == 0)
    #expect(books.lines == ["abandoned (1)", "  Influence  Robert Cialdini  2.5/5  vault/influence.md"])
    let check = try runBooknotes(["check", "vault/influence.md"], in: fixture.root)
    #expect(check.status == 0)
    #expect(check.stdout == "", "no value of the front matter is flagged")
  }

  @Test func theServerReadsFrontMatterAsNotesWriteIt() async throws {
    let fixture = try LibraryFixture()
    try fixture.write("vault/influence.md", Self.obsidian)
    let harness = InProcessServer()
    try await fixture.initialize(harness.client, capabilities: capabilities(encodings: ["utf-16"], pull: true))
    let client = harness.client
    let books = try await client.request("booknotes/books", params: ["status": "abandoned"])
    #expect((books.arrayValue ?? []).compactMap { $0["title"]?.stringValue } == ["Influence"])
    #expect(books.arrayValue?.first?["authors"] == ["Robert Cialdini"])
    #expect(books.arrayValue?.first?["rating"] == 2.5, "a half rating")
    // References to `#psychology` from another note find the block list's item.
    let crlf = fixture.uri("crlf.md")
    client.open(crlf, text: LibraryFixture.notes["crlf.md"]!)
    let references = try await client.request(
      "textDocument/references", uri: crlf, ["position": position(6, 3), "context": ["includeDeclaration": true]])
    let uri = fixture.uri("vault/influence.md")
    let inVault = (references.arrayValue ?? []).filter { $0["uri"]?.stringValue == uri }
    #expect(inVault.map { $0["range"] } == [range((4, 4), (4, 14))])
    client.open(uri, text: Self.obsidian)
    let diagnostics = try await client.request("textDocument/diagnostic", uri: uri)
    #expect(diagnostics["items"] == [])
    try await client.shutdownAndExit()
    _ = try await harness.finish()
  }

  // MARK: Where prompts are expected

  /// A README that was never meant to hold prompts: a question mark before brackets, a
  /// mnemonic list, a footnote after a question mark, a link after one.
  static let readme = """
    # Tools

    Really?[citation needed] See?[the docs](https://example.org/docs) and?[^1]

    C: Capture
    A: Act
    S: Share

    [^1]: A footnote.

    """

  /// A note with a well-formed cloze, so its unclosed one is flagged anywhere.
  static let clozes = "Ego ?[who](Vohs) wrote.\n\nAnd ?[then\n"

  @Test func checkFlagsPossiblePromptsOnlyWhereTheyAreExpected() throws {
    let fixture = try CLIFixture()
    try FileManager.default.removeItem(at: fixture.root.appendingPathComponent(".booknotes.json"))
    try fixture.write("tools/readme.md", Self.readme)
    try fixture.write("tools/clozes.md", Self.clozes)
    let outside = try runBooknotes(["check", "tools"], in: fixture.root)
    #expect(
      outside.lines == [
        "tools/clozes.md:3:5: error cloze-unclosed-hint: Cloze hint is not closed: type ']' after the hint, then '(answer)'."
      ], "the README says nothing; the note with clozes has its unclosed one")
    #expect(outside.status == 1)
    try fixture.write(".booknotes.json", "{}")
    let inside = try runBooknotes(["check", "--format", "json", "tools"], in: fixture.root)
    let items = try #require(try inside.json() as? [[String: Any]])
    #expect(
      items.map { "\($0["file"] as? String ?? ""):\($0["line"] as? Int ?? 0) \($0["code"] as? String ?? "")" } == [
        "tools/clozes.md:3 cloze-unclosed-hint", "tools/readme.md:3 cloze-missing-answer",
        "tools/readme.md:6 qa-orphan-answer",
      ], "in a notes folder every note may hold prompts; the footnote and the link are still none")
  }

  @Test func theServerFlagsPossiblePromptsOnlyWhereTheyAreExpected() async throws {
    for notesFolder in [false, true] {
      let fixture = try LibraryFixture()
      if notesFolder { try fixture.write(".booknotes.json", "{}") }
      try fixture.write("tools/readme.md", Self.readme)
      let harness = InProcessServer()
      try await fixture.initialize(harness.client, capabilities: capabilities(encodings: ["utf-16"], pull: true))
      let client = harness.client
      let readme = fixture.uri("tools/readme.md")
      client.open(readme, text: Self.readme)
      let found = try await client.request("textDocument/diagnostic", uri: readme)
      let codes = (found["items"]?.arrayValue ?? []).compactMap { $0["code"]?.stringValue }
      #expect(
        codes == (notesFolder ? ["cloze-missing-answer", "qa-orphan-answer"] : []), "notes folder: \(notesFolder)")
      let clozes = fixture.uri("tools/clozes.md")
      client.open(clozes, text: Self.clozes)
      let unclosed = try await client.request("textDocument/diagnostic", uri: clozes)
      #expect(unclosed["items"]?.arrayValue?.compactMap { $0["code"]?.stringValue } == ["cloze-unclosed-hint"])
      try await client.shutdownAndExit()
      _ = try await harness.finish()
    }
  }

  // MARK: Cost

  /// One line of many unfinished `?[`: every one is reported, each with its own column
  /// (the command reads the line once, not once per diagnostic; the timing is a
  /// benchmark's matter, see Benchmarks.md).
  @Test func aLineOfManyOpenersIsReportedWhole() throws {
    let fixture = try CLIFixture()
    let count = 3000
    try fixture.write("many.md", "é " + String(repeating: "?[", count: count) + "\n")
    let result = try runBooknotes(["check", "--format", "json", "many.md"], in: fixture.root)
    #expect(result.status == 1)
    let items = try #require(try result.json() as? [[String: Any]])
    #expect(items.count == count)
    #expect(items.allSatisfy { $0["code"] as? String == "cloze-unclosed-hint" })
    #expect(items.map { $0["column"] as? Int ?? 0 } == (0..<count).map { 3 + 2 * $0 })
    #expect(items.allSatisfy { $0["endColumn"] as? Int == 3 + 2 * count })
  }

  /// Over LSP a note sends at most a thousand diagnostics, the most serious first, and
  /// says how many more there are where the first of them is.
  @Test func theServerSendsAThousandDiagnosticsAndSaysHowManyMore() async throws {
    let fixture = try LibraryFixture()
    try fixture.write(".booknotes.json", "{}")
    let text = "tl;dr:\n\n" + String(repeating: "?[ ", count: 1_500) + "\n"
    try fixture.write("many.md", text)
    let harness = InProcessServer()
    try await fixture.initialize(harness.client, capabilities: capabilities(encodings: ["utf-16"], pull: true))
    let client = harness.client
    let uri = fixture.uri("many.md")
    client.open(uri, text: text)
    let items = try await client.request("textDocument/diagnostic", uri: uri)["items"]?.arrayValue ?? []
    #expect(items.count == 1_001)
    // The errors are kept; the summary's warning, first in the note, is one of those not shown.
    #expect(items.dropLast().allSatisfy { $0["code"]?.stringValue == "cloze-unclosed-hint" })
    let more = try #require(items.last)
    #expect(more["code"] == nil && more["severity"]?.intValue == 3)
    #expect(more["message"]?.stringValue == "501 more problems not shown (a note shows at most 1000)")
    #expect(more["range"]?["start"]?["line"]?.intValue == 0 && more["range"]?["start"]?["character"]?.intValue == 0)
    try await client.shutdownAndExit()
    _ = try await harness.finish()
  }
}
