import BookNotesTestSupport
import Foundation
import JSONCore
import LanguageServerProtocol
import Testing

/// Lists nested in items of a list of the same kind (a `-` list in a `-` item, an
/// ordered list in an ordered item), as cmark-gfm nests them, through the command line
/// and over LSP: each list's `Q:`/`A:` items pair at their own level, an item indented
/// less than its list's item content belongs to the list around it, and headings and
/// fences in nested items are what they are.
@Suite struct NestedListTests {
  static let note = """
    # Deep Work

    - Rules
      - Q: What is rule one?
      - A: Work deeply.
        - ## Ritual
        - ```
          Q: not a question #nottag
          ```
    - Q: Outer question?
      - a detail under the question
     - A: Outer answer.

    1. Step one
       1. Q: Nested numbered?
       2. A: Yes.
    2. Step two

    """

  @Test func theCommandLineNestsThem() throws {
    let fixture = try LibraryFixture()
    try fixture.write("lists/note.md", Self.note)
    let check = try runBooknotes(["check", "lists"], in: fixture.root)
    #expect(check.stdout == "", "nothing is flagged: \(check.stdout)")
    let prompts = try runBooknotes(["prompts", "lists", "--format", "tsv"], in: fixture.root)
    let cards = prompts.lines.map { $0.split(separator: "\t").prefix(2).joined(separator: " → ") }
    #expect(
      cards == [
        "What is rule one? → Work deeply.", "Outer question? → Outer answer.", "Nested numbered? → Yes.",
      ])
    let tags = try runBooknotes(["tags"], in: fixture.root)
    #expect(!tags.stdout.contains("nottag"))
    let tree = try runBooknotes(["parse", "lists/note.md"], in: fixture.root)
    // Three levels of `-` lists, and an ordered list in an ordered item.
    let lists = tree.lines.filter { $0.contains("(unorderedList") || $0.contains("(orderedList") }
    #expect(
      lists.map { $0.prefix { $0 == " " }.count / 2 } == [1, 3, 5, 3, 1, 3], "\(tree.stdout)")
  }

  @Test func theServerNestsThem() async throws {
    let fixture = try LibraryFixture()
    let harness = InProcessServer()
    try await fixture.initialize(harness.client, capabilities: capabilities(encodings: ["utf-16"], pull: true))
    let client = harness.client
    let uri = fixture.uri("lists/note.md")
    client.open(uri, text: Self.note)
    let diagnostics = try await client.request("textDocument/diagnostic", uri: uri)
    #expect(diagnostics["items"] == [], "nothing is flagged: \(diagnostics)")
    let symbols = try await client.request("textDocument/documentSymbol", uri: uri)
    let names = outlineNames(symbols)
    #expect(
      names == ["Deep Work", "Ritual", "What is rule one?", "Outer question?", "Nested numbered?"],
      "the pairs of the lists, as their cards: \(names)")
    let prompts = try await client.request("booknotes/prompts", uri: uri).arrayValue ?? []
    let cards = prompts.map {
      "\($0["line"]?.intValue ?? 0) \($0["front"]?.stringValue ?? "") → \($0["back"]?.stringValue ?? "")"
    }
    #expect(
      cards == [
        "4 What is rule one? → Work deeply.", "10 Outer question? → Outer answer.", "15 Nested numbered? → Yes.",
      ])
    try await client.shutdownAndExit()
    _ = try await harness.finish()
  }
}
