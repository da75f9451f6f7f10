import BookNotesTestSupport
import NoteIntelligence
import NoteSyntax
import Testing

/// A book from Open Library in what notes get from it: its id key, its link, its cover;
/// and an `isbn:` value's conversion and fill.
@Suite(.onThreadsOfItsOwn) struct OpenLibraryBookTests {
  static var book: CatalogBook {
    var book = CatalogBook(id: "OL16135409W", title: "Thinking, Fast and Slow", authors: ["Daniel Kahneman"])
    book.source = .openLibrary
    book.publishedDate = "2011"
    book.isbn13 = "9780374275631"
    book.thumbnail = "https://covers.openlibrary.org/b/id/7287151-M.jpg"
    return book
  }

  @Test func aNewNoteNamesTheOpenLibraryID() {
    let note = NewNote(book: Self.book, typedTitle: "thinking", today: "2026-11-27")
    #expect(note.text.contains("isbn: 9780374275631\nopenlibrary-id: OL16135409W\n"))
    #expect(!note.text.contains("google-books-id"))
  }

  @Test func theHoverLinksToOpenLibrary() throws {
    let info = BookInfo(NoteDocument("---\ntitle: Thinking, Fast and Slow\n---\n"))
    let hover = try #require(BookHover.markdown(title: "Thinking, Fast and Slow", info: info, book: Self.book))
    #expect(hover.contains("![Cover of Thinking, Fast and Slow](https://covers.openlibrary.org/b/id/7287151-M.jpg)"))
    #expect(hover.hasSuffix("[Thinking, Fast and Slow on Open Library](https://openlibrary.org/works/OL16135409W)"))
    // An edition's id, from front matter alone.
    let edition = BookInfo(NoteDocument("---\nauthors: Daniel Kahneman\nopenlibrary-id: OL25422458M\n---\n"))
    #expect(
      BookHover.markdown(title: "Thinking", info: edition, book: nil)?.hasSuffix(
        "[Thinking on Open Library](https://openlibrary.org/books/OL25422458M)") == true)
  }

  @Test func anISBN10ConvertsAndAnISBNFillsWhatIsMissing() throws {
    let doc = NoteDocument("---\ntitle: Mine\nisbn: '0-374-53355-5'\nauthors:\n---\n")
    let context = try #require(ISBNContext.find(in: 24..<24, of: doc))
    #expect(context.value == "0-374-53355-5")
    #expect(context.isbn13 == "9780374533557")
    let fix = try #require(context.conversion())
    #expect(fix.title == "Convert to ISBN-13 (9780374533557)")
    #expect(fix.edits.map(\.newText) == ["9780374533557"])
    #expect(fix.edits.first?.range == context.range)
    let fill = context.fill(from: Self.book, in: doc)
    // The title the reader wrote stays; the empty `authors:` is filled; the rest added.
    #expect(fill.others.count == 2)
    #expect(fill.others.contains { $0.text == " Daniel Kahneman" })
    #expect(fill.others.contains { $0.text == "published: 2011\nopenlibrary-id: OL16135409W\n" })
    // An ISBN-13, a wrong check digit, another key: no conversion.
    #expect(ISBNContext.find(in: 19..<19, of: NoteDocument("---\nisbn: 9780374533557\n---\n"))?.conversion() == nil)
    #expect(ISBNContext.find(in: 10..<10, of: NoteDocument("---\nisbn: 0374533556\n---\n"))?.isbn13 == nil)
    #expect(ISBNContext.find(in: 8..<8, of: NoteDocument("---\ntitle: 0374533555\n---\n")) == nil)
  }
}
