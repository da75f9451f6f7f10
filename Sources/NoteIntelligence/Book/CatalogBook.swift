/// The catalogs books come from.
public enum CatalogSource: String, Sendable, Hashable {
  case googleBooks = "google"
  case openLibrary = "openlibrary"

  /// The catalog's name as the reader knows it.
  public var displayName: String { self == .googleBooks ? "Google Books" : "Open Library" }

  /// The front matter key that holds a book's id in this catalog.
  public var idKey: String { self == .googleBooks ? "google-books-id" : "openlibrary-id" }
}

/// A book as a catalog (Google Books, Open Library) describes it: plain values, every
/// field but the id and title optional, links already `https`.
public struct CatalogBook: Sendable, Hashable {
  /// The catalog's id: Google Books' volume id (`google-books-id` in front matter), or
  /// Open Library's work or edition id (`openlibrary-id`: `OL16135409W`).
  public var id: String
  /// The catalog the book comes from.
  public var source: CatalogSource = .googleBooks
  public var title: String
  public var subtitle: String?
  public var authors: [String]
  public var publisher: String?
  /// As the catalog gives it: `2005`, `2020-11`, `2011-08-29` or a full timestamp.
  public var publishedDate: String?
  public var isbn13: String?
  public var isbn10: String?
  /// `nil` when unknown (the catalog's `0` included).
  public var pageCount: Int?
  /// Plain text.
  public var description: String?
  /// A cover thumbnail (`https`).
  public var thumbnail: String?
  /// The book's page on Google Books (`https`).
  public var infoLink: String?
  public var language: String?

  public init(
    id: String, title: String, subtitle: String? = nil, authors: [String] = [], publisher: String? = nil,
    publishedDate: String? = nil, isbn13: String? = nil, isbn10: String? = nil, pageCount: Int? = nil,
    description: String? = nil, thumbnail: String? = nil, infoLink: String? = nil, language: String? = nil
  ) {
    self.id = id
    self.title = title
    self.subtitle = subtitle
    self.authors = authors
    self.publisher = publisher
    self.publishedDate = publishedDate
    self.isbn13 = isbn13
    self.isbn10 = isbn10
    self.pageCount = pageCount
    self.description = description
    self.thumbnail = thumbnail
    self.infoLink = infoLink
    self.language = language
  }

  /// The year of `publishedDate`, whatever its form.
  public var year: Int? { publishedDate.flatMap(leadingYear) }

  /// `publishedDate` as front matter keeps it: the date part of a timestamp
  /// (`2011-10-25T00:00:00`); any other text as it is.
  public var published: String? {
    guard let date = publishedDate else { return nil }
    if let t = date.firstIndex(of: "T"), t > date.startIndex,
      date[..<t].allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "-") })
    {
      return String(date[..<t])
    }
    return date
  }

  /// The ISBN a note records: ISBN-13, else ISBN-10.
  public var isbn: String? { isbn13 ?? isbn10 }

  /// Title and subtitle, as a list shows them.
  public var fullTitle: String {
    guard let subtitle, !subtitle.isEmpty else { return title }
    return title + ": " + subtitle
  }

  /// "Authors · year", either part left out when unknown.
  public var byline: String {
    var parts: [String] = []
    if !authors.isEmpty { parts.append(authors.joined(separator: ", ")) }
    if let year { parts.append(String(year)) }
    return parts.joined(separator: " · ")
  }

  /// The book's page in its catalog: `infoLink`, else one made from the id.
  public var pageLink: String {
    if let infoLink { return infoLink }
    if source == .googleBooks { return "https://books.google.com/books?id=" + id }
    // `OL…M` names an edition, `OL…W` a work.
    return "https://openlibrary.org/" + (id.hasSuffix("M") ? "books/" : "works/") + id
  }

  /// `http://` links become `https://`; anything else is kept.
  public static func secure(_ link: String) -> String {
    link.hasPrefix("http://") ? "https://" + link.dropFirst("http://".count) : link
  }
}

/// What to look up: title words, and an author when the reader typed "title by author";
/// or an ISBN.
public struct CatalogQuery: Sendable, Hashable {
  public var title: String
  public var author: String?
  /// An ISBN-13 (digits and `X`): the query asks for that book, not for title words.
  public var isbn: String?

  public init(title: String, author: String? = nil) {
    self.title = title
    self.author = author
  }

  /// The book with `isbn` (ISBN-10 or ISBN-13, with or without separators); `nil` when
  /// it is neither.
  public init?(isbn: String) {
    guard let normalized = DuplicateBooks.normalizedISBN(isbn) else { return nil }
    self.init(title: "")
    self.isbn = normalized
  }

  /// `text` as typed: `"Dune by Herbert"` is the title `Dune` by `Herbert`; spaces are
  /// collapsed. `nil` when no title words remain.
  public init?(typed text: String) {
    let words = text.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
    guard !words.isEmpty else { return nil }
    // The last "by" with words on both sides splits title from author.
    if let by = words.lastIndex(where: { $0.lowercased() == "by" }), by > 0, by < words.count - 1 {
      self.init(title: words[..<by].joined(separator: " "), author: words[(by + 1)...].joined(separator: " "))
    } else {
      self.init(title: words.joined(separator: " "))
    }
  }

  /// The query with case and accents folded and spaces collapsed: what a cache keys on.
  /// An ISBN query is `ISBN ` and the ISBN, which no folded (lower-case) title is.
  public var normalized: String {
    if let isbn { return "ISBN " + isbn }
    let title = TextFolding.folded(self.title).split(separator: " ").joined(separator: " ")
    guard let author else { return title }
    return title + " by " + TextFolding.folded(author).split(separator: " ").joined(separator: " ")
  }
}

/// The year a date starts with, in any of the forms notes and catalogs write
/// (`2005`, `2020-11`, `2011-08-29`, a timestamp); `nil` without four leading digits.
func leadingYear(_ date: String) -> Int? {
  let digits = date.utf8.prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
  guard digits.count == 4 else { return nil }
  return Int(String(decoding: digits, as: UTF8.self))
}
