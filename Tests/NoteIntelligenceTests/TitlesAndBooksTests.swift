import NoteSyntax
import Testing

@testable import NoteIntelligence

/// A note's title (front matter, first level-1 heading, file name) and which notes
/// are books.
@Suite struct TitlesAndBooksTests {
  @Test(
    arguments: [
      ("---\ntitle: Ethics\n---\n# Heading\n", "/lib/e.md", "Ethics"),
      ("## Section first\n\n# The *Title*\n", "/lib/t.md", "The Title"),
      ("## Only a section\n", "/lib/ideas/Zettel 42.md", "Zettel 42"),
      ("Just text.\n", "/lib/a.b.markdown", "a.b"),
      ("Just text.\n", "/lib/.hidden", ".hidden"),
      ("## Only a section\n", "untitled:Untitled-1", "Only a section"),
      ("Just text.\n", "untitled:Untitled-1", nil),
    ] as [(String, String, String?)])
  func titleFallsBackToTheFileName(text: String, path: String, title: String?) {
    let doc = NoteDocument(text)
    #expect(NoteSummary(path: path, doc: doc).title == title)
    #expect(NoteSummary.bookIdentity(path: path, doc: doc).title == title)
    #expect(noteTitle(of: doc, path: path.hasPrefix("/") ? path : nil) == title)
  }

  @Test func promptsCarryTheTitle() {
    let doc = NoteDocument("> A quote.\n\nQ: Why?\nA: Because.\n")
    #expect(Prompts.prompts(for: doc, path: "/lib/ideas/habit loops.md").map(\.book) == ["habit loops", "habit loops"])
    #expect(Prompts.prompts(for: doc, path: "/lib/ideas/habit loops.md").first?.back == "habit loops")
    #expect(Prompts.prompts(for: doc).map(\.book) == [nil, nil], "an unsaved buffer has no file name")
  }
}
