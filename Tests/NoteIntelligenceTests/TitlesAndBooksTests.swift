import BookNotesTestSupport
import NoteSyntax
import Testing

@testable import NoteIntelligence

/// A note's title (front matter, first level-1 heading, file name) and which notes
/// are books.
@Suite(.onThreadsOfItsOwn) struct TitlesAndBooksTests {
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

  /// With its file's path, the outline's root is the note's title, and only a level-1
  /// heading is a title to complete or hover.
  @Test func theOutlineAndTheTitleLineFollowTheFileName() throws {
    let doc = NoteDocument("## Only a section\n\nQ: Why?\nA: Because.\n")
    let named = Outline.symbols(for: doc, path: "/lib/ideas/Zettel 42.md")
    #expect(named.map(\.name) == ["Zettel 42"])
    #expect(named.first?.selectionRange == 0..<0)
    #expect(named.first?.children.map(\.name) == ["Only a section"])
    #expect(Outline.symbols(for: doc).map(\.name) == ["Only a section"], "without a path the heading names it")
    #expect(Outline.symbols(for: NoteDocument("Just text.\n"), path: "/lib/plain.md").map(\.name) == ["plain"])
    let titled = NoteDocument("## Draft\n\n# The Title\n")
    #expect(Outline.symbols(for: titled, path: "/lib/t.md").map(\.name) == ["The Title"])
    #expect(TitleCompletionContext.at(5, in: doc, path: "/lib/ideas/Zettel 42.md") == nil)
    #expect(TitleCompletionContext.at(5, in: doc)?.place == .heading)
    #expect(TitleCompletionContext.at(15, in: titled, path: "/lib/t.md")?.place == .heading)
  }

  @Test func promptsCarryTheTitle() {
    let doc = NoteDocument("> A quote.\n\nQ: Why?\nA: Because.\n")
    #expect(Prompts.prompts(for: doc, path: "/lib/ideas/habit loops.md").map(\.book) == ["habit loops", "habit loops"])
    #expect(Prompts.prompts(for: doc, path: "/lib/ideas/habit loops.md").first?.back == "habit loops")
    #expect(Prompts.prompts(for: doc).map(\.book) == [nil, nil], "an unsaved buffer has no file name")
  }

  @Test(arguments: [
    ("---\nauthors: Spinoza\n---\n", true), ("---\nauthor: Spinoza\n---\n", true),
    ("---\nisbn: 9780374533557\n---\n", true), ("---\nstatus: someday\n---\n", true),
    ("---\ngoogle-books-id: zyTCAlFPjgYC\n---\n", true), ("---\nopenlibrary-id: OL1M\n---\n", true),
    ("---\ntype: Book\n---\n", true), ("---\ncategory: book\n---\n", true), ("---\ntype: idea\n---\n", false),
    ("---\ntags: [books/2021]\n---\n", true), ("---\ntags: bookish, ebooks\n---\n", false),
    ("# Idea\n\n#book\n", true), ("# Idea\n\n#Books/2021/fiction\n", true), ("# Idea\n\n#bookmarks\n", false),
    ("# Idea\n\n`#books` in code\n", false), ("---\ntitle: Only a title\n---\n# Idea\n", false),
  ])
  func whatMakesANoteABook(text: String, isBook: Bool) {
    #expect(NoteSummary(path: "/lib/n.md", doc: NoteDocument(text)).isBook == isBook)
  }

  @Test func bookFoldersMakeBooksAndOnlyBooksAreListed() throws {
    var library = LibraryHost().apply(
      [
        ("/lib/Books/reading.md", "# Reading\n"), ("/lib/Books/sub/deep.md", "Text.\n"),
        ("/lib/Bookshelf/x.md", "# Not under Books\n"), ("/lib/idea.md", "# An idea\n\nQ: What?\nA: This.\n"),
        ("/lib/tagged.md", "# Tagged\n\n#books\n"),
      ].map { .update(NoteSummary(path: $0.0, doc: NoteDocument($0.1))) })
    #expect(library.books().map(\.title) == ["Tagged"])
    // An empty query lists every note by its title, the books among them as books.
    let listed = try library.symbols(matching: "", limit: 10)
    #expect(listed.map(\.name) == ["An idea", "Not under Books", "Reading", "Tagged", "deep"])
    #expect(listed.filter { $0.kind == .book }.map(\.name) == ["Tagged"])
    let idea = try #require(try library.symbols(matching: "an idea", limit: 10).first)
    #expect(idea.kind == .note && idea.name == "An idea")
    #expect(try library.symbols(matching: "what", limit: 10).first?.container == "An idea")
    library.bookFolders = ["/lib/Books"]
    #expect(library.books().map(\.title) == ["deep", "Reading", "Tagged"])
    #expect(try library.symbols(matching: "reading", limit: 10).first?.kind == .book)
  }

  /// Two notes with one title and no book front matter are no duplicates; with the
  /// same title and author they are.
  @Test func onlyBooksAreCheckedForDuplicates() {
    let library = LibraryHost().apply(
      [("/lib/a.md", "# Habits\n"), ("/lib/b.md", "---\ntitle: Habits\nauthors: James Clear\n---\n")].map {
        .update(NoteSummary(path: $0.0, doc: NoteDocument($0.1)))
      })
    for (path, text, count) in [
      ("/lib/c.md", "# Habits\n", 0), ("/lib/c.md", "---\ntitle: Habits\nauthor: James Clear\n---\n", 1),
    ] {
      let context = LibraryContext(path: path, library: library) { _ in true }
      let found = LibraryDiagnostics.compute(NoteDocument(text), context: context)
      #expect(found.filter { $0.code == DuplicateBooks.code }.count == count, "\(text)")
    }
  }

  @Test func aFileNameIsTheLastComponentWithoutItsExtension() {
    // The name as characters give it, the reference for ASCII paths read as bytes.
    func characterName(_ path: String) -> String? {
      guard path.hasPrefix("/") else { return nil }
      var name = path.split(separator: "/", omittingEmptySubsequences: true).last.map(String.init) ?? ""
      if let dot = name.lastIndex(of: "."), dot != name.startIndex { name = String(name[..<dot]) }
      return name.isEmpty ? nil : name
    }
    let paths = [
      "/notes/Thinking Fast.md", "/notes/a.b.md", "/notes/.hidden", "/notes/plain", "/notes/dir/", "/", "//",
      "/a//b.md/", "relative/x.md", "/notes/.md", "/notes/x.", "/notes/Été.md", "/notes/a\r\n.md", "/n/\u{301}x.md",
    ]
    for path in paths { #expect(titleFileName(path) == characterName(path), "\(path.debugDescription)") }
    #expect(titleFileName("/notes/Thinking Fast.md") == "Thinking Fast")
  }
}
