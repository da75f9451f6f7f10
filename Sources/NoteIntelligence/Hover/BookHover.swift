/// The hover of a note's title: its book's metadata, from front matter first, then
/// from what a catalog said about the book.
public enum BookHover {
  /// Markdown for the book `info` describes, with `book` (from a catalog) filling what
  /// front matter leaves out; `nil` when neither says more than the title.
  public static func markdown(title: String, info: BookInfo, book: CatalogBook?) -> String? {
    let authors = info.authors.isEmpty ? (book?.authors ?? []) : info.authors
    let published = info.published ?? book?.published
    let isbn = info.isbn ?? book?.isbn
    let subtitle = info.subtitle ?? book?.subtitle
    guard book != nil || !authors.isEmpty || published != nil || isbn != nil else { return nil }
    var lines: [String] = []
    var heading = "**\(title)**"
    if let subtitle { heading += ": " + subtitle }
    lines.append(heading)
    var byline: [String] = []
    if !authors.isEmpty { byline.append("by " + authors.joined(separator: ", ")) }
    if let year = published.flatMap(leadingYear) { byline.append(String(year)) }
    if !byline.isEmpty { lines.append(byline.joined(separator: " · ")) }
    var facts: [String] = []
    if let publisher = book?.publisher { facts.append(publisher) }
    if let isbn { facts.append("ISBN " + isbn) }
    if let pages = book?.pageCount { facts.append("\(pages) pages") }
    if !facts.isEmpty { lines.append(facts.joined(separator: " · ")) }
    var text = lines.joined(separator: "  \n")
    if let thumbnail = book?.thumbnail, thumbnail.hasPrefix("https://") {
      text += "\n\n![Cover of \(title)](\(thumbnail))"
    }
    if let book {
      text += "\n\n[\(title) on \(book.source.displayName)](\(book.pageLink))"
    } else if let id = info.googleBooksID {
      text += "\n\n[\(title) on Google Books](https://books.google.com/books?id=\(id))"
    } else if let id = info.openLibraryID {
      var book = CatalogBook(id: id, title: title)
      book.source = .openLibrary
      text += "\n\n[\(title) on Open Library](\(book.pageLink))"
    }
    return text
  }

  /// Documentation for a catalog book in a completion list: publisher, ISBN-13 and
  /// the description.
  public static func completionDocumentation(_ book: CatalogBook) -> String {
    var facts: [String] = []
    if let publisher = book.publisher { facts.append(publisher) }
    if let year = book.year { facts.append(String(year)) }
    if let isbn = book.isbn13 ?? book.isbn10 { facts.append("ISBN " + isbn) }
    if let pages = book.pageCount { facts.append("\(pages) pages") }
    var text = "**\(book.fullTitle)**"
    if !book.authors.isEmpty { text += "  \nby " + book.authors.joined(separator: ", ") }
    if !facts.isEmpty { text += "  \n" + facts.joined(separator: " · ") }
    if let description = book.description { text += "\n\n" + description }
    return text
  }
}
