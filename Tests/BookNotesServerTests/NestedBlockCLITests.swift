import BookNotesTestSupport
import Foundation
import Testing

/// Blocks in list items and quotes through the command line: a table, a footnote
/// definition, a `Q:`/`A:` pair and a quote holding a cloze indented under items are read
/// as at the top level (`booknotes check` says nothing of them, `prompts` lists the pair
/// and the cloze in order), nothing in an item's code is a prompt or a problem, and a
/// footnote definition in a quote runs over its continuation lines, which are no part of
/// the quote's card.
@Suite(.onThreadsOfItsOwn) struct NestedBlockCLITests {
  static let note = """
    # Reading

    - Tables:

      | term | #spacing |
      | --- | --- |
      | ?[cell](no card) | [^1] |

    - Recall

      Q: What holds
      blocks?
      A: A list item.

    - Quoted

      > The ?[effect](testing) is strong.

    - [^1]: A footnote
      on two lines.

    1.  Nested:
        - ```
          Q: not a card ?[x
          ```

    """

  @Test func checkAndPromptsReadBlocksInItems() throws {
    let fixture = try CLIFixture()
    try fixture.write("notes/.booknotes.json", "{}")
    try fixture.write("notes/reading.md", Self.note)
    let check = try runBooknotes(["check", "notes"], in: fixture.root)
    #expect(check.status == 0, "\(check.stdout)")
    #expect(check.lines.filter { $0.contains("reading.md") } == [], "\(check.stdout)")
    let prompts = try runBooknotes(["prompts", "--format", "json", "notes/reading.md"], in: fixture.root)
    let items = try #require(try prompts.json() as? [[String: Any]])
    #expect(
      items.map { "\($0["kind"] ?? "") \($0["line"] ?? "") \($0["front"] ?? "") -> \($0["back"] ?? "")" } == [
        "qa 11 What holds blocks? -> A list item.",
        "quote 17 The testing is strong. -> Reading",
        "cloze 17 The [effect] is strong. -> testing",
      ])
    let tags = try runBooknotes(["search", "#spacing"], in: fixture.root)
    #expect(tags.stdout.contains("reading.md"), "\(tags.stdout)")
  }

  @Test func aFootnoteInAQuoteRunsOverItsContinuationLines() throws {
    let fixture = try CLIFixture()
    try fixture.write("notes/.booknotes.json", "{}")
    try fixture.write(
      "notes/quoted.md",
      """
      # Why Don't Students Like School?

      > [^1]: Willingham's phrase,
      > quoted in chapter 3
      and again in chapter 5.
      >
      > Memory is the residue of thought. (p. 54)

      The phrase[^1] is famous.

      """)
    let check = try runBooknotes(["check", "notes"], in: fixture.root)
    #expect(check.status == 0, "\(check.stdout)")
    let prompts = try runBooknotes(["prompts", "--format", "json", "notes/quoted.md"], in: fixture.root)
    let items = try #require(try prompts.json() as? [[String: Any]])
    #expect(
      items.map { "\($0["kind"] ?? "") \($0["line"] ?? "") \($0["front"] ?? "") -> \($0["back"] ?? "")" } == [
        "quote 3 Memory is the residue of thought. -> p. 54"
      ])
  }
}
