import BookCatalog
import JSONCore
import NoteIntelligence
import NoteSyntax

/// The catalogs' decoders' properties, checked on one input: a response body.
///
/// The body is decoded as Google Books' answer to a request with status 200 and with
/// each error status the catalog tells apart, and as Open Library's answer to a title
/// search and to an ISBN lookup. Each book decoded from a 200 answer has an id and a
/// title, and every text a note or a completion shows is one line without spaces at
/// its ends or runs of spaces; it reads back from the cache's JSON as itself; and the
/// new note made for it has exactly the front matter it writes (no value can end a
/// line, the front matter or the note's title early), naming the same book.
public enum GoogleBooksFuzzing {
  static let statuses = [200, 400, 401, 403, 404, 429, 500, 503]

  /// What is wrong, or `nil` when every property holds.
  public static func check(_ input: some Collection<UInt8>) -> String? {
    let body = Array(input)
    var books: [CatalogBook] = []
    for status in statuses {
      do {
        let decoded = try GoogleBooksResponse.decode(status: status, body: body)
        guard status == 200 else { return "an answer with status \(status) decodes as books" }
        books = decoded
      } catch {
        guard status != 200 || error.kind == .malformed else { return "a 200 answer fails with \(error)" }
      }
    }
    let openLibrary = OpenLibraryService(settings: CatalogSettings())
    for query in [CatalogQuery(title: "title"), CatalogQuery(isbn: "9780374533557")!] {
      if let decoded = try? openLibrary.decode(query, status: 200, body: body) { books += decoded }
    }
    for book in books {
      if let problem = bookProblem(book) { return "\(book): \(problem)" }
    }
    return nil
  }

  static func bookProblem(_ book: CatalogBook) -> String? {
    guard !book.id.isEmpty, !book.title.isEmpty else { return "a book without an id or a title" }
    let lines: [(String, String?)] = [
      ("id", book.id), ("title", book.title), ("subtitle", book.subtitle), ("publisher", book.publisher),
      ("publishedDate", book.publishedDate), ("isbn13", book.isbn13), ("isbn10", book.isbn10),
      ("description", book.description),
    ]
    for (name, value) in lines + book.authors.map({ ("author", $0) }) {
      guard let value else { continue }
      guard !value.isEmpty, isOneCleanLine(value) else {
        return "\(name) \(value.debugDescription) is not one clean line"
      }
    }
    // The cache's JSON reads back as the same book.
    var writer = JSONWriter()
    BookCache.write(book, to: &writer)
    guard let json = try? JSONParser.parse(writer.bytes), BookCache.book(json) == book else {
      return "the cache's JSON \(String(decoding: writer.bytes, as: UTF8.self)) does not read back"
    }
    return newNoteProblem(book)
  }

  /// Not empty, no line break or tab, no space at either end or after another.
  static func isOneCleanLine(_ text: String) -> Bool {
    var previousSpace = true
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\n", "\r", "\t": return false
      case " ":
        if previousSpace { return false }
        previousSpace = true
      default: previousSpace = false
      }
    }
    return !previousSpace
  }

  /// The note `booknotes new` writes for `book`: its front matter is closed and holds
  /// the keys written, and its first heading is the title.
  static func newNoteProblem(_ book: CatalogBook) -> String? {
    let note = NewNote(book: book, typedTitle: book.title, today: "2024-05-01")
    let document = NoteDocument(note.text)
    let info = BookInfo(document)
    var keys: Set<String> = ["title", "status", "started"]
    if book.subtitle != nil { keys.insert("subtitle") }
    for key in BookFill.keys where BookFill.value(of: key, in: book) != nil { keys.insert(key) }
    guard Set(info.fields.keys) == keys, info.status == .reading, info.started == "2024-05-01" else {
      return "the new note's front matter has \(info.fields.keys.sorted()), not \(keys.sorted()):\n\(note.text)"
    }
    let id = book.source == .googleBooks ? info.googleBooksID : info.openLibraryID
    guard id == book.id, info.isbn == book.isbn, info.published == book.published else {
      return "the new note names another book:\n\(note.text)"
    }
    let headings = document.tree.blockSequence.filter { $0.kind == .heading }
    guard headings.count == 1, document.tree.blockCount > 0, document.tree.block(at: 0).kind == .frontMatter else {
      return "the new note is not front matter and one heading:\n\(note.text)"
    }
    return nil
  }
}
