import JSONCore
public import NoteIntelligence

/// Open Library as a ``CatalogService``: titles through `search.json` (with `fields=`
/// and `limit=`, one request per lookup, as the service asks), ISBNs through the Books
/// API (`/api/books?bibkeys=ISBN:…&jscmd=data&format=json`), covers from
/// `covers.openlibrary.org`. No key; every request names BookNotes in its `User-Agent`.
public struct OpenLibraryService: CatalogService {
  /// The fields a book note uses.
  static let fields =
    "key,title,subtitle,author_name,first_publish_year,isbn,publisher,number_of_pages_median,cover_i,language"

  public let settings: CatalogSettings
  public init(settings: CatalogSettings) { self.settings = settings }
  public var source: CatalogSource { .openLibrary }

  public var cacheKeyParts: [String] { [settings.openLibraryEndpoint, String(settings.maxResults)] }

  public func request(_ query: CatalogQuery) -> (url: String, redactedURL: String, headers: [String: String]) {
    var base = settings.openLibraryEndpoint
    while base.hasSuffix("/") { base.removeLast() }
    let encode = GoogleBooksRequest.percentEncoded
    let url: String
    if let isbn = query.isbn {
      url = base + "/api/books?bibkeys=" + encode("ISBN:" + isbn) + "&jscmd=data&format=json"
    } else {
      var parameters = [("title", query.title)]
      if let author = query.author { parameters.append(("author", author)) }
      parameters += [("fields", Self.fields), ("limit", String(min(max(settings.maxResults, 1), 40)))]
      url = base + "/search.json?" + parameters.map { $0.0 + "=" + encode($0.1) }.joined(separator: "&")
    }
    return (url, url, ["User-Agent": settings.userAgent, "Accept": "application/json"])
  }

  public func decode(_ query: CatalogQuery, status: Int, body: [UInt8]) throws(CatalogError) -> [CatalogBook] {
    switch status {
    case 200: break
    // The Books API has no page for an unknown ISBN on some mirrors: no book.
    case 404 where query.isbn != nil: return []
    case 429: throw .quotaPerMinute("too many requests")
    case 500...599: throw .unavailable(status, Self.title(ofPage: body) ?? "no message")
    default: throw .status(status, Self.title(ofPage: body) ?? "no message")
    }
    guard let json = try? JSONParser.parse(body), case .object(let object) = json else {
      throw .malformed(body.isEmpty ? "an empty body" : "not a JSON object")
    }
    if query.isbn != nil {
      // `{"ISBN:9780374533557": {…}}`, or `{}` for an unknown ISBN.
      return object.values.compactMap(Self.edition)
    }
    guard let docs = json["docs"] else { return [] }
    guard let list = docs.arrayValue else { throw .malformed("docs is not an array") }
    return list.compactMap(Self.work)
  }

  /// One `search.json` document (a work), `nil` without a key or a title.
  static func work(_ doc: JSONValue) -> CatalogBook? {
    guard let key = doc["key"]?.stringValue, let id = lastComponent(key), let title = text(doc["title"]) else {
      return nil
    }
    var book = CatalogBook(id: id, title: title)
    book.source = .openLibrary
    book.subtitle = text(doc["subtitle"])
    book.authors = (doc["author_name"]?.arrayValue ?? []).compactMap(text)
    book.publisher = doc["publisher"]?.arrayValue?.lazy.compactMap(text).first
    if let year = doc["first_publish_year"]?.intValue, (1...9999).contains(year) {
      book.publishedDate = String(year)
    }
    // The work's ISBNs mix editions: an ISBN-13, and the ISBN-10 of the same edition.
    let isbns = (doc["isbn"]?.arrayValue ?? []).compactMap(\.stringValue)
    book.isbn13 = isbns.first { isbn($0, length: 13) }
    book.isbn10 = isbns.first { isbn in
      isbn.utf8.count == 10 && book.isbn13 != nil && DuplicateBooks.normalizedISBN(isbn) == book.isbn13
    }
    if let pages = doc["number_of_pages_median"]?.intValue, pages > 0 { book.pageCount = pages }
    if let cover = doc["cover_i"]?.intValue, cover > 0 {
      book.thumbnail = "https://covers.openlibrary.org/b/id/\(cover)-M.jpg"
    } else if let isbn = book.isbn13 {
      book.thumbnail = "https://covers.openlibrary.org/b/isbn/\(isbn)-M.jpg?default=false"
    }
    book.infoLink = "https://openlibrary.org" + key
    book.language = doc["language"]?.arrayValue?.first?.stringValue
    return book
  }

  /// One Books API record (an edition), `nil` without a title.
  static func edition(_ record: JSONValue) -> CatalogBook? {
    guard let title = text(record["title"]) else { return nil }
    let identifiers = record["identifiers"]
    let id =
      identifiers?["openlibrary"]?.arrayValue?.first?.stringValue.flatMap(lastComponent)
      ?? record["key"]?.stringValue.flatMap(lastComponent) ?? ""
    guard !id.isEmpty else { return nil }
    var book = CatalogBook(id: id, title: title)
    book.source = .openLibrary
    book.subtitle = text(record["subtitle"])
    book.authors = (record["authors"]?.arrayValue ?? []).compactMap { text($0["name"]) }
    book.publisher = record["publishers"]?.arrayValue?.lazy.compactMap { text($0["name"]) }.first
    // `April 2, 2013`: the year is what front matter keeps.
    book.publishedDate = record["publish_date"]?.stringValue.flatMap(year)
    book.isbn13 = identifiers?["isbn_13"]?.arrayValue?.lazy.compactMap(\.stringValue).first { isbn($0, length: 13) }
    book.isbn10 = identifiers?["isbn_10"]?.arrayValue?.lazy.compactMap(\.stringValue).first { isbn($0, length: 10) }
    if let pages = record["number_of_pages"]?.intValue, pages > 0 { book.pageCount = pages }
    if let cover = record["cover"]?["medium"]?.stringValue {
      book.thumbnail = CatalogBook.secure(cover)
    } else if let isbn = book.isbn13 ?? book.isbn10 {
      book.thumbnail = "https://covers.openlibrary.org/b/isbn/\(isbn)-M.jpg?default=false"
    }
    book.infoLink = record["url"]?.stringValue.map(CatalogBook.secure)
    return book
  }

  /// A text field on one line, `nil` when absent or empty.
  static func text(_ value: JSONValue?) -> String? {
    guard let text = value?.stringValue.map(GoogleBooksResponse.clean), !text.isEmpty else { return nil }
    return text
  }

  /// `OL16135409W` of `/works/OL16135409W`; `nil` unless it is letters and digits,
  /// as Open Library's ids are (it goes into front matter as it is).
  static func lastComponent(_ key: String) -> String? {
    guard let last = key.split(separator: "/").last, !last.isEmpty, last.utf8.count <= 40,
      last.utf8.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x61 && $0 <= 0x7A) })
    else { return nil }
    return String(last)
  }

  /// Whether `text` is `length` digits (an ISBN-10's last may be `X`).
  static func isbn(_ text: String, length: Int) -> Bool {
    let bytes = Array(text.utf8)
    return bytes.count == length
      && bytes.enumerated().allSatisfy { index, byte in
        (byte >= 0x30 && byte <= 0x39) || (length == 10 && index == 9 && byte == UInt8(ascii: "X"))
      }
  }

  /// The first run of four digits in `date`, the year.
  static func year(_ date: String) -> String? {
    let digits = Array(date.utf8)
    var index = 0
    while index < digits.count {
      var end = index
      while end < digits.count, digits[end] >= 0x30 && digits[end] <= 0x39 { end += 1 }
      if end - index == 4 { return String(decoding: digits[index..<end], as: UTF8.self) }
      index = max(end, index + 1)
    }
    return nil
  }

  /// The `<title>` of an HTML error page (`503 Service Temporarily Unavailable`).
  static func title(ofPage body: [UInt8]) -> String? {
    let text = String(decoding: body.prefix(4096), as: UTF8.self)
    guard let open = text.firstRange(of: "<title>"), let close = text.firstRange(of: "</title>"),
      open.upperBound <= close.lowerBound
    else { return nil }
    let title = GoogleBooksResponse.clean(String(text[open.upperBound..<close.lowerBound]))
    return title.isEmpty ? nil : title
  }
}
