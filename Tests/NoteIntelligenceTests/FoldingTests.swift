import BookNotesTestSupport
import NoteSyntax
import Testing

@testable import NoteIntelligence

@Suite(.onThreadsOfItsOwn) struct FoldingTests {
  @Test func specExampleNote() {
    let regions = FoldingRegions.regions(for: NoteDocument(ExampleNote.text))
    #expect(regions.map(\.description) == ["0-4 frontMatter", "5-18 section", "8-18 section", "10-11 quote"])
  }

  @Test func sectionsEndBeforeTheNextHeadingOfTheSameOrHigherLevel() {
    let text = """
      # A
      text

      ## B
      - one
      - two

      ### C
      > single

      ## D


      # E
      1. x
      2. y
      """
    let regions = FoldingRegions.regions(for: NoteDocument(text))
    #expect(
      regions.map(\.description) == [
        "0-10 section", "3-8 section", "4-5 list", "7-8 section", "13-15 section", "14-15 list",
      ])
  }

  @Test func crlfAndEmoji() {
    let text = "# 😀 Title\r\n> a 😀\r\n> b\r\n\r\n"
    #expect(FoldingRegions.regions(for: NoteDocument(text)).map(\.description) == ["0-2 section", "1-2 quote"])
  }
}
