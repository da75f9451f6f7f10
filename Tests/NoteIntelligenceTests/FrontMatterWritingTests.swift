import BookNotesTestSupport
import NoteIntelligence
import NoteSyntax
import Testing

/// Values written into front matter (by title completion and `booknotes new`) read back
/// as written, and a chosen book's edits never depend on the order a client applies them.
@Suite(.onThreadsOfItsOwn) struct FrontMatterWritingTests {
  @Test(arguments: [
    ("Effective Java", "Effective Java"),
    ("Batman: Killing Joke (DELUXE)", "'Batman: Killing Joke (DELUXE)'"),
    ("#1 Best Seller", "'#1 Best Seller'"),
    ("\"Quoted\" Title", "'\"Quoted\" Title'"),
    ("'Tis the Season", "'''Tis the Season'"),
    ("Don't Make Me Think", "Don't Make Me Think"),
    ("1984", "'1984'"),
    ("1Q84", "1Q84"),
    ("Yes", "'Yes'"),
    ("Null", "'Null'"),
    ("2001-01-01", "'2001-01-01'"),
    ("- Dash", "'- Dash'"),
    ("-Dash", "-Dash"),
    ("Ends with colon:", "'Ends with colon:'"),
    ("C# in Depth", "C# in Depth"),
    ("Notes #2", "'Notes #2'"),
    ("It's # one", "'It''s # one'"),
    ("Line\nbreak", "Line break"),
  ])
  func textIsQuotedOnlyWhereYAMLWouldMisreadIt(value: String, written: String) {
    #expect(YAMLScalar.written(value) == written)
    let title = String(value.map { $0 == "\n" ? " " : $0 })
    let info = BookInfo(NoteDocument("---\ntitle: \(written)\n---\n"))
    #expect(info.title == title)
  }

  @Test func literalsStayPlainAndFlowItemsQuoteTheirCommas() {
    #expect(YAMLScalar.written("2008-05-08", as: .literal) == "2008-05-08")
    #expect(YAMLScalar.written("9780132778046", as: .literal) == "9780132778046")
    #expect(YAMLScalar.written("O'Brien, Brian", inFlowList: true) == "'O''Brien, Brian'")
    let info = BookInfo(NoteDocument("---\nauthors: [Alan Moore, 'O''Brien, Brian']\n---\n"))
    #expect(info.authors == ["Alan Moore", "O'Brien, Brian"])
  }

  @Test func doubleQuotedValuesReadTheirEscapes() {
    let info = BookInfo(NoteDocument("---\ntitle: \"A \\\"B\\\" C\"\n---\n"))
    #expect(info.title == "A \"B\" C")
  }

  @Test func anAuthorBesideAnEmptyAuthorsIsKept() {
    #expect(BookInfo(NoteDocument("---\nauthors:\nauthor: Jane Doe\n---\n")).authors == ["Jane Doe"])
  }

  @Test func aNewNoteForATitleYAMLWouldMisreadLoads() {
    let book = CatalogBook(
      id: "abc", title: "Batman: Killing Joke (DELUXE)", subtitle: "#1: The Beginning", authors: ["Alan Moore"])
    let note = NewNote(book: book, typedTitle: "Batman", today: "2024-05-01")
    let info = BookInfo(NoteDocument(note.text))
    #expect(info.title == "Batman: Killing Joke (DELUXE)")
    #expect(info.subtitle == "#1: The Beginning")
    #expect(info.authors == ["Alan Moore"])
    #expect(note.text.contains("\n# Batman: Killing Joke (DELUXE)\n"))
  }

  static let book = CatalogBook(
    id: "ka2VUBqHiWkC", title: "Effective Java", authors: ["Joshua Bloch"], publishedDate: "2008-05-08",
    isbn13: "9780132778046")

  /// `edits` applied together, their ranges read in `text`.
  static func applied(_ text: String, _ edits: [ByteEdit]) -> String {
    var bytes = Array(text.utf8)
    for edit in edits.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
      bytes.replaceSubrange(edit.range, with: Array(edit.text.utf8))
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The text after choosing `book` for the title on `line`, in the two orders clients
  /// use (each edit's range moved by what the other changed, as a client does when it
  /// reads the positions as lines and columns in the text it has then).
  static func chosen(in text: String, titleLine line: Int) throws -> (mainFirst: String, othersFirst: String) {
    let doc = NoteDocument(text)
    let fill = try #require(BookFill.edits(choosing: book, titleLine: line, in: doc))
    func moved(_ edit: ByteEdit, from before: NoteDocument, to after: NoteDocument) -> ByteEdit {
      let start = before.lines.lineContaining(edit.range.lowerBound)
      let end = before.lines.lineContaining(edit.range.upperBound)
      let lower = after.lines.startOfLine(start) + edit.range.lowerBound - before.lines.startOfLine(start)
      let upper = after.lines.startOfLine(end) + edit.range.upperBound - before.lines.startOfLine(end)
      return ByteEdit(range: lower..<upper, text: edit.text)
    }
    let afterMain = NoteDocument(applied(text, [fill.title]))
    let mainFirst = applied(afterMain.string, fill.others.map { moved($0, from: doc, to: afterMain) })
    let afterOthers = NoteDocument(applied(text, fill.others))
    let othersFirst = applied(afterOthers.string, [moved(fill.title, from: doc, to: afterOthers)])
    return (mainFirst, othersFirst)
  }

  @Test(arguments: [
    ("---\ntitle: Effective Ja\n---\n", 1),
    ("\u{FEFF}---\ntitle: Effective Ja\n---\n", 1),
    ("---\ntitle: Effective Ja", 1),
    ("---\r\nauthor: Someone\r\ntitle: Effective Ja\r\nisbn: 1\r\n---\r\n", 2),
    ("---\nauthors:\n  - A\n  - B\ntitle: Effective Ja\n---\n", 4),
    ("---\ntitle: Effective Ja\nauthors:\n  - A\n---\n", 1),
  ])
  func theEditsGiveOneTextWhateverTheOrder(text: String, line: Int) throws {
    let (mainFirst, othersFirst) = try Self.chosen(in: text, titleLine: line)
    #expect(mainFirst == othersFirst)
    // Front matter still being written reads once closed.
    let closed = mainFirst.hasSuffix("---\n") || mainFirst.hasSuffix("---\r\n") ? mainFirst : mainFirst + "\n---\n"
    let info = BookInfo(NoteDocument(closed))
    #expect(info.title == "Effective Java")
    #expect(info.authors == ["Joshua Bloch"])
    #expect(info.isbn == "9780132778046")
    #expect(info.googleBooksID == "ka2VUBqHiWkC")
    #expect(info.published == "2008-05-08")
    #expect(info.fields["author"] == nil)
  }
}
