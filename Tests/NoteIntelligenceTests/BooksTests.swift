import BookNotesTestSupport
import NoteSyntax
import Testing

@testable import NoteIntelligence

/// The reading list and duplicate books.
@Suite(.onThreadsOfItsOwn) struct BooksTests {
  static let notes: [String: String] = [
    "/lib/thinking.md": """
    ---
    title: Thinking, Fast and Slow
    authors: Daniel Kahneman
    status: finished
    isbn: 9780374533557
    started: 2021-01-04
    finished: 2021-02-20
    rating: 5
    ---
    # Thinking, Fast and Slow

    """,
    "/lib/noise.md": """
    ---
    title: Noise
    authors: [Daniel Kahneman, Olivier Sibony]
    status: reading
    started: 2022-03-01
    ---

    """,
    "/lib/atomic.md": """
    ---
    title: Atomic Habits
    author: James Clear
    status: archived
    finished: 2023-01-01
    rating: 3
    ---

    """,
    "/lib/cafe.md": "# Café Society\n\nNo front matter: a book by its #books/2021 tag.\n",
    "/lib/windows.md": "---\ntitle: Windows Notes\nstatus: wishlist\n---\n",
    "/lib/untitled.md": "Just text, no title.\n",
    "/lib/ethics.md": "---\ntitle: Ethics\nauthors: Baruch Spinoza\nstatus: reading\nstarted: 2020-05-05\n---\n",
  ]

  @Test(
    arguments: [
      (
        nil, BookOrder.title,
        ["Atomic Habits", "Café Society", "Ethics", "Noise", "Thinking, Fast and Slow", "Windows Notes"]
      ),
      (nil, .author, ["Atomic Habits", "Noise", "Thinking, Fast and Slow", "Ethics", "Café Society", "Windows Notes"]),
      (nil, .date, ["Atomic Habits", "Noise", "Thinking, Fast and Slow", "Ethics", "Café Society", "Windows Notes"]),
      (.reading, .title, ["Ethics", "Noise"]),
      (.reading, .date, ["Noise", "Ethics"]),
      (.finished, .title, ["Thinking, Fast and Slow"]),
      (.wishlist, .author, ["Windows Notes"]),
      (.archived, .date, ["Atomic Habits"]),
    ] as [(ReadingStatus?, BookOrder, [String])])
  func filtersAndSortsTheReadingList(status: ReadingStatus?, order: BookOrder, titles: [String]) {
    let books = library(Self.notes).books(status: status, sort: order)
    #expect(books.map(\.title) == titles, "status \(String(describing: status)), sort \(order)")
  }

  @Test(arguments: [
    (#"["Smith, John", "Doe, Jane"]"#, ["Smith, John", "Doe, Jane"]),
    ("Daniel Kahneman, Amos Tversky", ["Daniel Kahneman", "Amos Tversky"]),
    ("[Kahneman, 'Tversky, Amos']", ["Kahneman", "Tversky, Amos"]),
    ("Flann O'Brien, Brian O'Nolan", ["Flann O'Brien", "Brian O'Nolan"]),
    (#""unclosed, quote"#, [#""unclosed, quote"#]),
    ("[]", []),
    ("  Ōe Kenzaburō ,, 村上春樹,\t'Émile Zola' ", ["Ōe Kenzaburō", "村上春樹", "Émile Zola"]),
    (#"[ " spaced " , '' ]"#, ["spaced"]),
  ])
  func listsKeepCommasInsideQuotes(value: String, expected: [String]) {
    #expect(BookInfo.list(value) == expected)
  }

  @Test func frontMatterKeysAreCaseInsensitiveAndTheFirstOfAKeyWins() {
    let doc = NoteDocument(
      "---\nTitle: \"  Ethics \"\nTITLE: Other\nGoogle-Books-ID: zyTCAlFPjgYC\nAuthors: ['Spinoza, Baruch']\nStatus: Reading\n---\n"
    )
    let info = BookInfo(doc)
    #expect(info.title == "Ethics")
    #expect(info.authors == ["Spinoza, Baruch"])
    #expect(info.status == .reading)
    #expect(info.googleBooksID == "zyTCAlFPjgYC" && info.fields["google-books-id"] == "zyTCAlFPjgYC")
  }

  /// Front matter as Obsidian and other tools write it: block lists, comments, folded
  /// strings, aliases of keys, a byte-order mark, status words and star ratings.
  @Test func frontMatterAsNotesWriteIt() {
    let doc = NoteDocument(
      "\u{FEFF}---\nTITLE: Thinking # the short title\nauthors:\nAuthor: Daniel Kahneman\nTag:\n  - psychology\n"
        + "  - '#books/2021'\n# a comment\n- economics\nstatus: Currently-Reading\nrating: ★★★★\n"
        + "summary: >\n  Two systems,\n  one lazy.\nalias:\n  - TFS\n  - \"Thinking, Fast\"\n---\nBody\n")
    let info = BookInfo(doc)
    #expect(info.title == "Thinking")
    #expect(info.authors == ["Daniel Kahneman"])
    #expect(info.tags == ["psychology", "books/2021", "economics"])
    #expect(info.status == .reading)
    #expect(info.rating == 4)
    #expect(info.fields["summary"] == "Two systems, one lazy.")
    #expect(info.aliases == ["TFS", "Thinking, Fast"])
    #expect(NoteSummary.tagUses(in: doc).map(\.name) == ["psychology", "books/2021", "economics"])
  }

  @Test(
    arguments: [
      ("to-read", ReadingStatus.wishlist), ("Want to Read", .wishlist), ("in progress", .reading), ("read", .finished),
      ("did_not_finish", .abandoned), ("DNF", .abandoned), ("Archived", .archived),
    ] as [(String, ReadingStatus)])
  func statusWordsOfOtherTools(word: String, status: ReadingStatus) {
    #expect(BookInfo(NoteDocument("---\nstatus: \(word)\n---\n")).status == status)
  }

  @Test func entriesCarryTheFrontMatter() throws {
    let books = library(Self.notes).books()
    let thinking = try #require(books.first { $0.path == "/lib/thinking.md" })
    #expect(
      thinking
        == BookEntry(
          title: "Thinking, Fast and Slow", authors: ["Daniel Kahneman"], status: .finished, started: "2021-01-04",
          finished: "2021-02-20", rating: 5, isbn: "9780374533557", path: "/lib/thinking.md"))
    let noise = try #require(books.first { $0.path == "/lib/noise.md" })
    #expect(noise.authors == ["Daniel Kahneman", "Olivier Sibony"])
    #expect(noise.finished == nil && noise.rating == nil)
    #expect(books.first { $0.path == "/lib/cafe.md" }?.status == nil)
  }

  @Test(arguments: [
    ("Daniel Kahneman", "kahneman daniel"),
    ("Émile  Zola", "zola emile"),
    ("Plato", "plato"),
    ("", ""),
    // Trailing parentheticals, brackets, suffixes and punctuation are not the last name.
    ("Cixin Liu (刘慈欣)", "liu cixin"),
    ("Haruki Murakami [村上春樹]", "murakami haruki"),
    ("Cixin Liu (刘慈欣) (translator)", "liu cixin"),
    ("Martin Luther King Jr.", "king martin luther"),
    ("Martin Luther King, Jr.", "king martin luther"),
    ("Henry Louis Gates, Jr", "gates henry louis"),
    ("John Doe III", "doe john"),
    ("Daniel Kahneman,", "kahneman daniel"),
    ("Daniel Kahneman.", "kahneman daniel"),
    // `Last, First` keeps the last name first.
    ("Spinoza, Baruch", "spinoza baruch"),
    ("King, Martin Luther, Jr.", "king martin luther"),
    ("Liu, Cixin (刘慈欣)", "liu cixin"),
    // Noise alone stays the name.
    ("(刘慈欣)", "(刘慈欣)"),
    ("Jr.", "jr"),
  ])
  func authorsSortByLastName(author: String, key: String) {
    #expect(LibrarySnapshot.lastNameKey(author) == key)
  }

  // MARK: Duplicates

  @Test(
    arguments: [
      ("978-0-374-53355-7", "9780374533557"),
      ("9780374533557", "9780374533557"),
      ("0374533555", "9780374533557"),
      ("0-374-53355-5", "9780374533557"),
      ("080442957X", "9780804429573"),
      ("080442957x", "9780804429573"),
      ("ISBN 978 0 316 45140 6", "9780316451406"),
      // Digits that are not ASCII do not count.
      ("٩٧٨ 0374533555", "9780374533557"),
      ("12345", nil),
      ("", nil),
    ] as [(String, String?)])
  func normalizesISBNs(isbn: String, expected: String?) {
    #expect(DuplicateBooks.normalizedISBN(isbn) == expected)
  }

  static func note(title: String?, authors: String? = nil, isbn: String? = nil) -> String {
    var lines = ["---"]
    if let title { lines.append("title: \(title)") }
    if let authors { lines.append("authors: \(authors)") }
    if let isbn { lines.append("isbn: \(isbn)") }
    lines.append("---")
    return lines.joined(separator: "\n") + "\n"
  }

  /// (first note, second note, duplicates?)
  @Test(arguments: [
    (
      BooksTests.note(title: "Thinking", isbn: "978-0-374-53355-7"),
      BooksTests.note(title: "Other", isbn: "9780374533557"), true
    ),
    (
      BooksTests.note(title: "Thinking", isbn: "0374533555"), BooksTests.note(title: "Thinking", isbn: "9780374533557"),
      true
    ),
    (
      BooksTests.note(title: "Thinking", authors: "D K", isbn: "0374533555"),
      BooksTests.note(title: "Thinking", authors: "D K", isbn: "9780316451406"), false
    ),
    (
      BooksTests.note(title: "Thinking, Fast and Slow", authors: "Daniel Kahneman"),
      BooksTests.note(title: "thinking fast & slow", authors: "DANIEL KAHNEMAN"), false
    ),
    (
      BooksTests.note(title: "Thinking, Fast and Slow", authors: "Daniel Kahneman"),
      BooksTests.note(title: "thinking: fast and slow", authors: "daniel kahneman, someone"), true
    ),
    (
      BooksTests.note(title: "Café", authors: "Zoë"),
      BooksTests.note(title: "CAFE", authors: "zoe", isbn: "9780316451406"), true
    ),
    (
      BooksTests.note(title: "Noise", authors: "Daniel Kahneman"),
      BooksTests.note(title: "Noise", authors: "Olivier Sibony"), false
    ),
    (BooksTests.note(title: "Meditations"), BooksTests.note(title: "Meditations"), false),
    (BooksTests.note(title: nil, isbn: "9780316451406"), "# Heading Title\n", false),
  ])
  func tellsDuplicates(a: String, b: String, duplicate: Bool) {
    let snapshot = library(["/lib/a.md": a, "/lib/sub/b.md": b])
    #expect(snapshot.duplicates(of: "/lib/a.md") == (duplicate ? ["/lib/sub/b.md"] : []))
    #expect(snapshot.duplicates(of: "/lib/sub/b.md") == (duplicate ? ["/lib/a.md"] : []))
  }

  @Test func aNoteIsNotItsOwnDuplicateAndAnUnknownPathHasNone() {
    let snapshot = library(Self.notes)
    #expect(snapshot.duplicates(of: "/lib/thinking.md").isEmpty)
    #expect(snapshot.duplicates(of: "/lib/nowhere.md").isEmpty)
  }

  @Test func theWarningIsOnTheTitleAndNamesTheOtherNoteRelatively() throws {
    let again = "---\ntitle: Thinking Fast and Slow\nisbn: 978-0-374-53355-7\n---\n# Thinking\n"
    let snapshot = library(["/lib/thinking.md": Self.notes["/lib/thinking.md"]!, "/lib/dup/again.md": again])
    let doc = NoteDocument(again)
    let summary = NoteSummary(path: "/lib/dup/again.md", doc: doc)
    let diagnostic = try #require(snapshot.duplicateBookDiagnostic(for: summary, in: doc))
    #expect(diagnostic.code == "duplicate-book")
    #expect(diagnostic.severity == .warning)
    #expect(diagnostic.message == "Another note is about the same book: ../thinking.md")
    #expect(doc.text.string(in: diagnostic.range) == "Thinking Fast and Slow")

    let original = NoteDocument(Self.notes["/lib/thinking.md"]!)
    let back = try #require(
      snapshot.duplicateBookDiagnostic(for: NoteSummary(path: "/lib/thinking.md", doc: original), in: original))
    #expect(back.message == "Another note is about the same book: dup/again.md")
  }

  @Test func withoutATitleTheWarningIsOnTheFirstLine() throws {
    let text = "---\nisbn: 0374533555\n---\nText.\n"
    let doc = NoteDocument(text)
    let note = NoteSummary(path: "/x/no-title.md", doc: doc)
    let other = NoteSummary(path: "/x/y/z/thinking.md", doc: NoteDocument(Self.notes["/lib/thinking.md"]!))
    let diagnostic = try #require(DuplicateBooks.diagnostic(for: note, duplicates: [other], in: doc))
    #expect(diagnostic.range == 0..<3)
    #expect(diagnostic.message == "Another note is about the same book: y/z/thinking.md")
    #expect(DuplicateBooks.diagnostic(for: note, duplicates: [], in: doc) == nil)
  }

  @Test func severalDuplicatesAndNotesWithoutPathsAreNamedToo() throws {
    let doc = NoteDocument("# Noise\n")
    let note = NoteSummary(path: "untitled:1", doc: doc)
    let others = (1...5).map { NoteSummary(path: "/lib/n\($0).md", doc: NoteDocument("# Noise \($0)\n")) }
    let diagnostic = try #require(DuplicateBooks.diagnostic(for: note, duplicates: others, in: doc))
    #expect(diagnostic.message == "Other notes are about the same book: \"Noise 1\", \"Noise 2\", \"Noise 3\" …")
    #expect(diagnostic.range == 2..<7)
  }

  @Test(arguments: [
    ("/a/b/c.md", "/a/b/d.md", "d.md"),
    ("/a/b/c.md", "/a/d.md", "../d.md"),
    ("/a/c.md", "/a/b/d/e.md", "b/d/e.md"),
    ("/a/b/c.md", "/x/y.md", "../../x/y.md"),
  ])
  func pathsAreRelativeToTheNotesFolder(base: String, path: String, expected: String) {
    #expect(DuplicateBooks.relativePath(of: path, from: base) == expected)
  }
}
