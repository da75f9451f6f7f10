import BookNotesTestSupport
import Foundation
import JSONCore
import LanguageServerProtocol
import Testing

/// The prompts and blocks of notes as people write them, through the command line
/// (`check`, `symbols`, `prompts`) and the real `booknotes lsp` over stdio: a question
/// over several lines, an answer that is a fenced code block, `- Q:`/`- A:` items, link
/// reference definitions, backslash escapes in headings, a setext heading in a list
/// item, and an unclosed `<!--` that keeps what follows it hidden while it is edited.
@Suite struct PromptBlockTests {
  static let note = """
    # Python \\*Tricks\\*

    Q: What does
    `xs[::-1]`
    return?
    A: The list reversed.

    Q: How do you read a file's lines?
    A:
    ```python
    lines = open(path).read().splitlines()  # Q: not a question #notatag
    ```

    - Q: Which keyword defines a function?
    - A: `def`.
    - Q: And an empty list?
    - A:
      ```python
      xs = []  # ?[not](a cloze)
      ```

    - Slicing
      ---
      Steps with `::`.

    [docs]: https://docs.python.org "Q: the #docs"

    """

  static let fronts = [
    "What does xs[::-1] return?", "How do you read a file's lines?", "Which keyword defines a function?",
    "And an empty list?",
  ]
  static let backs = [
    "The list reversed.", "lines = open(path).read().splitlines() # Q: not a question #notatag", "def.",
    "xs = [] # ?[not](a cloze)",
  ]

  /// In a notes folder (a `.booknotes.json`), where every malformed prompt is flagged.
  @Test func theCommandLineReadsThem() throws {
    let fixture = try CLIFixture()
    try fixture.write("notes/python.md", Self.note)
    let check = try runBooknotes(["check", "notes"], in: fixture.root)
    #expect(check.stdout == "", "nothing is flagged: \(check.stdout)")
    #expect(check.status == 0)
    let prompts = try runBooknotes(["prompts", "--format", "json", "notes/python.md"], in: fixture.root)
    let items = try #require(try prompts.json() as? [[String: Any]])
    #expect(items.map { $0["front"] as? String } == Self.fronts)
    #expect(items.map { $0["back"] as? String } == Self.backs)
    #expect(items.map { $0["line"] as? Int } == [3, 8, 14, 16])
    let tags = try runBooknotes(["tags"], in: fixture.root)
    #expect(!tags.stdout.contains("#notatag") && !tags.stdout.contains("#docs"), "\(tags.lines)")
    let symbols = try runBooknotes(["symbols", "--format", "json", "python"], in: fixture.root)
    let names = (try JSONSerialization.jsonObject(with: Data(symbols.stdout.utf8)) as? [[String: Any]] ?? [])
      .compactMap { $0["name"] as? String }
    #expect(names.contains("Python *Tricks*"), "the heading without its escaping backslashes: \(names)")
    let slicing = try runBooknotes(["symbols", "--format", "json", "slicing"], in: fixture.root)
    #expect(slicing.stdout.contains("\"Slicing\""), "a setext heading in a list item: \(slicing.stdout)")
  }

  @Test func theServerReadsThemAndKeepsAnUnclosedCommentHidden() async throws {
    let binary = try #require(BinaryLocator.booknotes(), "booknotes binary not found; build it or set BOOKNOTES_BINARY")
    let client = try LSPTestClient.launch(executable: binary, arguments: ["lsp", "--log-level", "error"])
    defer { client.terminate() }
    try await client.initialize(capabilities: capabilities(encodings: ["utf-16"], pull: true))
    let uri = "file:///notes/python.md"
    client.open(uri, text: Self.note)
    let diagnostics = try await client.request("textDocument/diagnostic", uri: uri)
    #expect(diagnostics["items"] == [], "nothing is flagged: \(diagnostics)")
    let prompts = try await client.request("booknotes/prompts", uri: uri)
    #expect(prompts.arrayValue?.map { $0["front"]?.stringValue } == Self.fronts)
    #expect(prompts.arrayValue?.map { $0["back"]?.stringValue } == Self.backs)
    let symbols = try await client.request("textDocument/documentSymbol", uri: uri)
    let names = outlineNames(symbols)
    #expect(names.first == "Python *Tricks*", "\(symbols)")
    #expect(names.contains("Slicing"), "\(symbols)")

    // An unclosed comment typed at the top hides every line below it, however they are
    // edited (a question typed before three blank lines); closing it shows them again.
    client.change(uri, version: 2, [LSPTestClient.change((0, 0), (0, 0), "<!--\n")])
    for (version, line) in [(3, 2), (4, 8), (5, 15)] {
      client.change(uri, version: version, [LSPTestClient.change((line, 0), (line, 0), "Q: ?[broken #tag\n")])
      let hidden = try await client.request("textDocument/diagnostic", uri: uri)
      #expect(hidden["items"] == [], "inside the comment: \(hidden)")
      let none = try await client.request("booknotes/prompts", uri: uri)
      #expect(none == [], "\(none)")
    }
    client.change(uri, version: 6, [LSPTestClient.change((1, 0), (1, 0), "-->\n")])
    let shown = try await client.request("textDocument/diagnostic", uri: uri)
    #expect(
      shown["items"]?.arrayValue?.map { $0["code"] } == [
        "qa-missing-answer", "qa-missing-answer", "qa-missing-answer",
      ],
      "the typed questions are read again: \(shown)")
    let again = try await client.request("booknotes/prompts", uri: uri)
    #expect(again.arrayValue?.map { $0["front"]?.stringValue } == Self.fronts)
    try await client.shutdownAndExit()
    #expect(try await client.waitForExit() == 0)
  }
}
