import BookNotesTestSupport
import NoteSyntax
import Testing

@testable import NoteIntelligence

/// Nothing inside a fenced code block is a heading, prompt, tag, link or diagnostic; its
/// fences are markers and its content gets no token.
@Suite(.onThreadsOfItsOwn) struct FencedCodeTests {
  static let text = """
    # Setup notes

    Run this:
    ```sh
    # install, not a chapter
    lookup?[0](1) #not-a-tag [link](x)
    Q: not a question
    ```
    After the code, ?[a](b) is a cloze.

    ~~~
    ## also not a heading
    """

  @Test func fencesAreMarkersAndContentHasNoToken() {
    let tokens = Dump.tokens(Self.text)
    #expect(
      tokens == """
        0:0 1 marker "#"
        0:2 11 heading[level1] "Setup notes"
        3:0 5 marker "```sh"
        7:0 3 marker "```"
        8:16 2 marker "?["
        8:18 1 clozeHint "a"
        8:19 2 marker "]("
        8:21 1 clozeAnswer "b"
        8:22 1 marker ")"
        10:0 3 marker "~~~"
        """)
  }

  @Test func noPromptDiagnosticOrHeadingInsideCode() {
    let doc = NoteDocument(Self.text)
    #expect(Diagnostics.compute(doc).isEmpty)
    #expect(Prompts.prompts(for: doc).map(\.kind) == [.cloze])
    #expect(Outline.symbols(for: doc).map(\.name) == ["Setup notes"])
    #expect(Outline.symbols(for: doc).first?.children.map(\.kind) == [.cloze])
  }

  @Test func codeBlocksFoldFromFenceToFence() {
    let regions = FoldingRegions.regions(for: NoteDocument(Self.text))
    #expect(regions.map(\.description) == ["0-11 section", "3-7 code", "10-11 code"])
  }
}
