import BookNotesTestSupport
import Foundation
import Testing

/// `booknotes check`, run as a child process on a fixture library.
@Suite struct CLITests {
  static let missingAnswer =
    "error qa-missing-answer: Question has no answer: add a line starting 'A: ' right after it."
  static let unclosedAnswer =
    "error cloze-unclosed-answer: Cloze answer is not closed: type ')' at the end of the answer."
  static let spaceBefore =
    "warning cloze-space-before-answer: Space between a cloze's ']' and '(': remove it, or this is not read as one cloze in other apps."

  @Test func checkListsEveryNoteSortedAndSkipsHiddenBinaryAndNonUTF8() throws {
    let fixture = try CLIFixture()
    let result = try runBooknotes(["check"], in: fixture.root)
    #expect(result.status == 1)
    #expect(
      result.lines == [
        "sub/b.md:1:1: \(Self.missingAnswer)",
        "sub/b.md:3:3: \(Self.unclosedAnswer)",
        "sub/deeper/uni.markdown:1:4: \(Self.unclosedAnswer)",
        "warn/w.md:1:11: \(Self.spaceBefore)",
      ])
    let stderr = result.stderr.split(separator: "\n").map(String.init)
    #expect(
      stderr == ["booknotes check: skipping bin.md: binary file", "booknotes check: skipping sub/bad.md: not UTF-8"])
  }

  @Test func aNoteReachedTwiceThroughALinkIsListedOnce() throws {
    let fixture = try CLIFixture()
    try FileManager.default.createSymbolicLink(
      at: fixture.root.appendingPathComponent("alias"), withDestinationURL: fixture.root.appendingPathComponent("warn"))
    let result = try runBooknotes(["check", "warn", "alias", "warn/w.md"], in: fixture.root)
    #expect(result.lines == ["alias/w.md:1:11: \(Self.spaceBefore)"])
  }

  @Test func checkJSONHasCharacterColumnsAndEnds() throws {
    let fixture = try CLIFixture()
    let result = try runBooknotes(["check", "--format", "json", "sub"], in: fixture.root)
    #expect(result.status == 1)
    let items = try #require(try result.json() as? [[String: Any]])
    #expect(items.count == 3)
    let uni = try #require(items.last)
    #expect(uni["file"] as? String == "sub/deeper/uni.markdown")
    #expect(uni["line"] as? Int == 1)
    #expect(uni["column"] as? Int == 4, "é and 😀 count one character each")
    #expect(uni["endLine"] as? Int == 1)
    #expect(uni["endColumn"] as? Int == 10)
    #expect(uni["severity"] as? String == "error")
    #expect(uni["code"] as? String == "cloze-unclosed-answer")
    #expect(uni["message"] as? String == "Cloze answer is not closed: type ')' at the end of the answer.")
    let first = try #require(items.first)
    #expect(first["file"] as? String == "sub/b.md")
    #expect(first["code"] as? String == "qa-missing-answer")
    #expect(Set(first.keys) == ["file", "line", "column", "endLine", "endColumn", "severity", "code", "message"])
  }

  @Test func checkExitsZeroWithWarningsOnlyAndForCleanOrEmptyNotes() throws {
    let fixture = try CLIFixture()
    let warnings = try runBooknotes(["check", "warn"], in: fixture.root)
    #expect(warnings.status == 0)
    #expect(warnings.lines == ["warn/w.md:1:11: \(Self.spaceBefore)"])
    let clean = try runBooknotes(["check", "a.md", "empty.md"], in: fixture.root)
    #expect(clean.status == 0)
    #expect(clean.stdout == "")
    #expect(clean.stderr == "")
    let json = try runBooknotes(["check", "--format=json", "empty.md"], in: fixture.root)
    #expect(json.status == 0)
    #expect(try json.json() as? [Any] != nil)
    #expect((try json.json() as? [Any])?.isEmpty == true)
  }

  @Test func anExplicitPathIsCheckedWhateverItsExtension() throws {
    let fixture = try CLIFixture()
    let result = try runBooknotes(["check", "notes.txt"], in: fixture.root)
    #expect(result.status == 1)
    #expect(result.lines == ["notes.txt:1:1: \(Self.missingAnswer)"])
    let binary = try runBooknotes(["check", "bin.md"], in: fixture.root)
    #expect(binary.status == 0)
    #expect(binary.stderr == "booknotes check: skipping bin.md: binary file\n")
  }

  @Test func aSymbolicLinkLeavingTheFolderIsNotFollowed() throws {
    let fixture = try CLIFixture()
    let result = try runBooknotes(["check", "--format", "json"], in: fixture.root)
    let files = try #require(try result.json() as? [[String: Any]]).compactMap { $0["file"] as? String }
    #expect(!files.contains { $0.hasPrefix("link/") || $0.contains(".hidden") || $0.contains("node_modules") })
  }

  @Test func configurationAtTheRootOverridesSeverities() throws {
    let fixture = try CLIFixture()
    try fixture.write(
      ".booknotes.json",
      #"{"diagnostics": {"severity": {"qa-missing-answer": "warning", "cloze-unclosed-answer": "off"}}}"#)
    let result = try runBooknotes(["check", "sub"], in: fixture.root)
    #expect(result.status == 0)
    #expect(
      result.lines == [
        "sub/b.md:1:1: warning qa-missing-answer: Question has no answer: add a line starting 'A: ' right after it."
      ])
    let elsewhere = try runBooknotes(["check", "--root", fixture.root.path, "library/sub"], in: fixture.outside)
    #expect(elsewhere.status == 2, "library/sub does not exist relative to the outside folder")
    let rooted = try runBooknotes(
      ["check", "--root", fixture.root.path, fixture.root.appendingPathComponent("sub").path], in: fixture.outside)
    #expect(rooted.status == 0)
    #expect(rooted.lines.count == 1)
    try fixture.write(".booknotes.json", #"{"diagnostics": {"enabled": false}}"#)
    let disabled = try runBooknotes(["check"], in: fixture.root)
    #expect(disabled.status == 0)
    #expect(disabled.stdout == "")
    try fixture.write(".booknotes.json", "{not json")
    #expect(try runBooknotes(["check"], in: fixture.root).status == 2)
  }

  /// Two notes about one book (by title and first author), each with a link to a note
  /// that is not there, in the fixture library.
  static func writeLibraryProblems(_ fixture: CLIFixture) throws {
    try fixture.write(
      "books/one.md",
      "---\ntitle: Noise\nauthors: Daniel Kahneman\n---\n# Noise\n\nSee [a](../a.md), [gone](gone.md), ![i](x.md).\n")
    try fixture.write("books/two.md", "---\ntitle: NOISE\nauthors: daniel kahneman\n---\n[later](../later.md#x)\n")
  }

  static let libraryLines = [
    "books/one.md:2:8: warning duplicate-book: Another note is about the same book: two.md",
    "books/one.md:7:26: warning link-missing-note: No note at 'gone.md': create it, or correct the link's path.",
    "books/two.md:2:8: warning duplicate-book: Another note is about the same book: one.md",
    "books/two.md:5:9: warning link-missing-note: No note at '../later.md#x': create it, or correct the link's path.",
  ]

  /// A link starting with `/` is relative to `--root`, wherever the command runs.
  @Test func checkResolvesLinksStartingWithASlashAgainstTheRoot() throws {
    let fixture = try CLIFixture()
    try fixture.write("books/rooted.md", "Q: Where?\nA: [a](/a.md), [b](/sub/b.md#x), [g](/gone.md).\n")
    let expected = [
      "books/rooted.md:2:30: warning link-missing-heading: No heading 'x' in 'b'.",
      "books/rooted.md:2:38: warning link-missing-note: No note at '/gone.md': create it, or correct the link's path.",
    ]
    let inside = try runBooknotes(["check", "books"], in: fixture.root)
    #expect(inside.status == 0)
    #expect(inside.lines == expected)
    let outside = try runBooknotes(
      ["check", "--root", fixture.root.path, fixture.root.appendingPathComponent("books").path], in: fixture.outside)
    #expect(outside.lines.count == 2)
    #expect(
      outside.lines.last?.hasSuffix(
        "2:38: warning link-missing-note: No note at '/gone.md': create it, or correct the link's path.") == true)
  }

  @Test func checkingAFolderReportsMissingNotesAndDuplicateBooks() throws {
    let fixture = try CLIFixture()
    try Self.writeLibraryProblems(fixture)
    let all = try runBooknotes(["check"], in: fixture.root)
    #expect(all.status == 1, "the parser's errors elsewhere")
    #expect(all.lines.filter { $0.hasPrefix("books/") } == Self.libraryLines)
    #expect(all.lines.count == 8)

    let folder = try runBooknotes(["check", "books"], in: fixture.root)
    #expect(folder.status == 0, "warnings only")
    #expect(folder.lines == Self.libraryLines)

    let json = try runBooknotes(["check", "--format", "json", "books"], in: fixture.root)
    let items = try #require(try json.json() as? [[String: Any]])
    #expect(
      items.map { $0["code"] as? String } == [
        "duplicate-book", "link-missing-note", "duplicate-book", "link-missing-note",
      ])
    let missing = try #require(items.last)
    #expect(missing["file"] as? String == "books/two.md")
    #expect(missing["line"] as? Int == 5)
    #expect(missing["column"] as? Int == 9)
    #expect(missing["endLine"] as? Int == 5)
    #expect(missing["endColumn"] as? Int == 22)
    #expect(missing["severity"] as? String == "warning")
    #expect(missing["message"] as? String == "No note at '../later.md#x': create it, or correct the link's path.")

    try fixture.write("later.md", "# Later\n")
    let created = try runBooknotes(["check", "books"], in: fixture.root)
    #expect(
      created.lines
        == Array(Self.libraryLines.prefix(3)) + [
          "books/two.md:5:21: warning link-missing-heading: No heading 'x' in 'Later'."
        ], "the note exists now, without the heading")

    let file = try runBooknotes(["check", "books/one.md"], in: fixture.root)
    #expect(file.lines.isEmpty, "a file alone is checked by its text only")

    let rooted = try runBooknotes(
      ["check", "--root", fixture.root.path, fixture.root.appendingPathComponent("books").path], in: fixture.outside)
    #expect(rooted.lines.count == 4)
    #expect(rooted.lines.first?.hasSuffix("duplicate-book: Another note is about the same book: two.md") == true)
  }

  @Test func libraryDiagnosticsTakeTheRootsSeverities() throws {
    let fixture = try CLIFixture()
    try Self.writeLibraryProblems(fixture)
    try fixture.write(
      ".booknotes.json", #"{"diagnostics": {"severity": {"duplicate-book": "error", "link-missing-note": "off"}}}"#)
    let result = try runBooknotes(["check", "books"], in: fixture.root)
    #expect(result.status == 1)
    #expect(
      result.lines == [
        "books/one.md:2:8: error duplicate-book: Another note is about the same book: two.md",
        "books/two.md:2:8: error duplicate-book: Another note is about the same book: one.md",
      ])
    try fixture.write(".booknotes.json", #"{"index": {"exclude": ["books/two.md"]}}"#)
    let excluded = try runBooknotes(["check", "books"], in: fixture.root)
    #expect(excluded.lines.count == 4, "a note checked is in the library even when the index leaves it out")
    let elsewhere = try runBooknotes(["check"], in: fixture.root)
    #expect(elsewhere.lines.filter { $0.contains("duplicate-book") }.count == 2)
  }

  @Test(arguments: [
    ["check", "--frobnicate"], ["check", "--format", "xml"], ["check", "--format"], ["check", "missing-folder"],
    ["prompts", "--format", "csv"], ["prompts", "--bogus"], ["prompts", "nope.md"],
  ])
  func badUsageExitsTwo(arguments: [String]) throws {
    let fixture = try CLIFixture()
    let result = try runBooknotes(arguments, in: fixture.root)
    #expect(result.status == 2)
    #expect(result.stdout == "")
    #expect(result.stderr.hasPrefix("booknotes \(arguments[0]): "))
  }

  /// `--version` prints the version `booknotes lsp` reports in `serverInfo`.
  @Test func versionIsTheOneTheServerReports() async throws {
    let fixture = try CLIFixture()
    let binary = try #require(BinaryLocator.booknotes(), "the booknotes binary is built next to the tests")
    let client = try LSPTestClient.launch(executable: binary, arguments: ["lsp"])
    let initialized = try await client.request("initialize", params: ["processId": nil, "capabilities": [:]])
    try await client.shutdownAndExit()
    let info = try #require(initialized["serverInfo"])
    #expect(info["name"] == "booknotes")
    let version = try #require(info["version"]?.stringValue)
    for option in ["--version", "-V"] {
      let result = try runBooknotes([option], in: fixture.root)
      #expect(result.status == 0)
      #expect(result.stdout == "booknotes \(version)\n", "\(option)")
      #expect(result.stderr.isEmpty)
    }
  }

  @Test(arguments: ["check", "prompts"])
  func helpDescribesTheCommand(command: String) throws {
    let fixture = try CLIFixture()
    let result = try runBooknotes([command, "--help"], in: fixture.root)
    #expect(result.status == 0)
    #expect(result.stdout.hasPrefix("usage: booknotes \(command) [PATH…]"))
    let list = try runBooknotes(["--help"], in: fixture.root)
    #expect(list.stdout.contains("  \(command)"))
  }
}
