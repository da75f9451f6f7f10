import BookNotesTestSupport
import Foundation
import JSONCore
import LanguageServerProtocol
import Testing

/// What real notes hold, through every command (`check`, `books`, `symbols`, `tags`,
/// `prompts`) and over LSP through the `booknotes` binary: footnotes, clozes in table
/// cells, mnemonic lists, the status and rating words other tools write, comments,
/// closed and listed headings, fences under list items, and titles from file names.
@Suite struct RealNotesListTests {
  /// A book without a title or a level-1 heading (its file name is its title), with a
  /// well-formed cloze and `Q:`/`A:` pair, so that malformed ones would be flagged.
  static let deepWork = """
    ---
    author: Cal Newport
    status: read
    rating: 0
    ---
    Focus is rare?[^1] and ?[deep](focused) work is a skill.

    [^1]: Newport, p. 3. #focus

    ## Chapter One ##

    | Term | Cloze |
    |------|-------|
    | rare | ?[a](b) #cell |

    - ## JavaScript
    - a regular expression:
        ```js
        const tag = /#this/; // ?[x]
        Q: inside the fence
        ```

    <!-- Q: commented out
    -->

    Q: What is deep work?
    A: Focus without distraction.

    - Q: Outer?
      - Q: Inner?
      - A: Inner answer.
    - A: Outer answer.

    """

  /// The status and rating words other tools write.
  static let rated = """
    ---
    status: to-read
    rating: 4.5
    ---
    # Rated

    """

  /// A mnemonic list in a note whose only prompts are clozes.
  static let mnemonic = """
    # CAS

    The ?[method](CAS) has three steps:

    C: Capture
    A: Act
    S: Share

    - C: Capture
    - A: Act
    - S: Share

    """

  static func write(_ fixture: LibraryFixture) throws {
    try fixture.write("realnotes/deep work.md", Self.deepWork)
    try fixture.write("realnotes/rated.md", Self.rated)
    try fixture.write("realnotes/mnemonic.md", Self.mnemonic)
  }

  @Test func theCommandsReadRealNotes() throws {
    let fixture = try LibraryFixture()
    try Self.write(fixture)
    let check = try runBooknotes(["check", "realnotes"], in: fixture.root)
    #expect(check.stdout == "", "nothing is flagged: \(check.stdout)")
    #expect(check.status == 0)

    // Columns are aligned: compare the lines with their runs of spaces as one.
    let books = try runBooknotes(["books"], in: fixture.root).lines.map {
      $0.split(separator: " ").joined(separator: " ")
    }
    #expect(books.contains("deep work Cal Newport realnotes/deep work.md"), "unrated, by its file name: \(books)")
    #expect(books.contains("Rated 4.5/5 realnotes/rated.md"), "\(books)")
    #expect(!books.contains { $0.contains("mnemonic.md") }, "a note without book front matter is no book")
    let wishlist = try runBooknotes(["books", "--status", "wishlist"], in: fixture.root).lines
    #expect(wishlist.contains { $0.contains("realnotes/rated.md") }, "to-read is the wishlist: \(wishlist)")
    let finished = try runBooknotes(["books", "--status", "finished"], in: fixture.root).lines
    #expect(finished.contains { $0.contains("realnotes/deep work.md") }, "read is finished: \(finished)")

    let tags = try runBooknotes(["tags"], in: fixture.root).lines
    #expect(tags.contains("#focus  1 note"), "a footnote's text holds tags: \(tags)")
    #expect(tags.contains("#cell  1 note"), "a table cell holds tags")
    #expect(!tags.contains { $0.hasPrefix("#this ") }, "a fence under a list item holds none")

    func names(_ query: String) throws -> [String] {
      let result = try runBooknotes(["symbols", "--format", "json", query], in: fixture.root)
      let value = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
      return (value as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
    }
    #expect(try names("deep work").first == "deep work", "the file name is the title")
    #expect(try names("Chapter One").contains("Chapter One"), "without its closing `##`")
    #expect(try names("JavaScript").contains("JavaScript"), "a heading in a list item")
    #expect(try names("commented").isEmpty, "a comment holds no question")

    let prompts = try runBooknotes(["prompts", "--format", "json", "realnotes"], in: fixture.root)
    #expect(prompts.status == 0)
    let cards = try #require(try prompts.json() as? [[String: Any]])
    let summary = cards.map {
      "\(($0["file"] as? String).map { URL(fileURLWithPath: $0).lastPathComponent } ?? ""):\($0["kind"] ?? "")"
        + " \($0["back"] ?? "")"
    }
    #expect(
      summary.sorted() == [
        "deep work.md:cloze focused", "deep work.md:qa Focus without distraction.", "deep work.md:qa Inner answer.",
        "deep work.md:qa Outer answer.", "mnemonic.md:cloze CAS",
      ],
      "one card per real cloze and pair: none from the footnote, the table cell, the fence, the comment or the mnemonic list"
    )
    #expect(
      cards.first { ($0["file"] as? String)?.hasSuffix("deep work.md") == true }?["book"] as? String == "deep work")
  }

  @Test func theServerReadsRealNotes() async throws {
    let fixture = try LibraryFixture()
    try Self.write(fixture)
    let binary = try #require(BinaryLocator.booknotes(), "booknotes binary not found; build it or set BOOKNOTES_BINARY")
    let client = try LSPTestClient.launch(executable: binary, arguments: ["lsp", "--log-level", "error"])
    try await fixture.initialize(client, capabilities: capabilities(encodings: ["utf-16"], pull: true))
    for (path, text) in [
      ("realnotes/deep work.md", Self.deepWork), ("realnotes/rated.md", Self.rated),
      ("realnotes/mnemonic.md", Self.mnemonic),
    ] {
      let uri = fixture.uri(path)
      client.open(uri, text: text)
      let diagnostics = try await client.request("textDocument/diagnostic", uri: uri)
      #expect(diagnostics["items"] == [], "\(path): nothing is flagged: \(diagnostics)")
    }
    let deepWork = fixture.uri("realnotes/deep work.md")

    // The outline is named by the file name; the headings are its chapters.
    let symbols = try await client.request("textDocument/documentSymbol", uri: deepWork)
    let root = try #require(symbols.arrayValue?.first)
    #expect(symbols.arrayValue?.count == 1)
    #expect(root["name"] == "deep work")
    #expect(root["selectionRange"] == range((0, 0), (0, 0)))
    let children = (root["children"]?.arrayValue ?? []).compactMap { $0["name"]?.stringValue }
    #expect(children == ["and [deep] work is a skill.", "Chapter One", "JavaScript"], "\(root)")
    let names = outlineNames(symbols)
    #expect(
      names == [
        "deep work", "and [deep] work is a skill.", "Chapter One", "JavaScript", "What is deep work?", "Outer?",
        "Inner?",
      ], "no prompt from the footnote, the table cell, the fence or the comment; the list's pairs")

    // A section heading is not the note's title: its hover is no book's.
    let hover = try await client.request("textDocument/hover", uri: deepWork, ["position": position(9, 5)])
    #expect(hover == .null, "\(hover)")

    // Workspace symbols and link completion name the note by its file name.
    let found = try await client.request("workspace/symbol", params: ["query": "deep work"])
    #expect(found.arrayValue?.first?["name"] == "deep work", "\(found)")
    let linking = fixture.uri("realnotes/linking.md")
    client.open(linking, text: "[[deep w")
    let completion = try await client.request(
      "textDocument/completion", uri: linking, ["position": position(0, 8)])
    let labels = (completion["items"]?.arrayValue ?? completion.arrayValue ?? []).compactMap {
      $0["label"]?.stringValue
    }
    #expect(labels.contains("deep work"), "\(completion)")

    // Tags: the footnote's and the cell's count, the fence's does not.
    let tagged = try await client.request("workspace/symbol", params: ["query": "#this"])
    #expect(
      (tagged.arrayValue ?? []).allSatisfy { $0["name"]?.stringValue != "#this" }, "a fence holds no tag: \(tagged)")

    // Prompts: one card per real cloze and pair.
    let prompts = try await client.request("booknotes/prompts", uri: deepWork)
    let cards = (prompts.arrayValue ?? []).map {
      "\($0["kind"]?.stringValue ?? ""): \($0["front"]?.stringValue ?? "") -> \($0["back"]?.stringValue ?? "")"
    }
    #expect(
      cards == [
        "cloze: Focus is rare? and [deep] work is a skill. -> focused",
        "qa: What is deep work? -> Focus without distraction.", "qa: Outer? -> Outer answer.",
        "qa: Inner? -> Inner answer.",
      ], "a nested list pairs within itself: \(prompts)")
    #expect(prompts.arrayValue?.first?["book"] == "deep work", "\(prompts)")

    let books = try await client.request("booknotes/books", params: [:])
    let titles = (books.arrayValue ?? []).compactMap { $0["title"]?.stringValue }
    #expect(titles.contains("deep work") && titles.contains("Rated") && !titles.contains("CAS"), "\(titles)")
    let rated = (books.arrayValue ?? []).first { $0["title"] == "Rated" }
    #expect(rated?["status"] == "wishlist" && rated?["rating"] == 4.5, "\(String(describing: rated))")
    try await client.shutdownAndExit()
    #expect(try await client.waitForExit() == 0)
  }
}
