public import NoteIntelligence

/// Where and how to ask the catalogs.
public struct CatalogSettings: Sendable, Hashable {
  /// Which catalog answers.
  public var provider: BookSettings.Provider = .auto
  /// Open Library's base URL.
  public var openLibraryEndpoint = "https://openlibrary.org"
  /// Sent with every request: BookNotes and its version.
  public var userAgent = "BookNotes"
  /// The API's base URL; `/volumes` is appended.
  public var endpoint: String
  /// Never logged: ``GoogleBooksRequest/redactedURL`` leaves it out.
  public var apiKey: String?
  /// Sent as `country=` (Google refuses requests it cannot place with 403
  /// `unknownLocation`).
  public var country: String
  /// Sent as `langRestrict=` when set.
  public var language: String?
  /// 1 to 40.
  public var maxResults: Int
  /// How long one HTTP request may take.
  public var timeout: Duration

  public init(
    endpoint: String = "https://www.googleapis.com/books/v1", apiKey: String? = nil, country: String = "US",
    language: String? = nil, maxResults: Int = 10, timeout: Duration = .seconds(8)
  ) {
    self.endpoint = endpoint
    self.apiKey = apiKey
    self.country = country
    self.language = language
    self.maxResults = maxResults
    self.timeout = timeout
  }
}

/// A `GET {endpoint}/volumes` request for a title (and author), or an ISBN.
public struct GoogleBooksRequest: Sendable, Hashable {
  /// Keeps the fields a book note uses, ISBNs included (`projection=lite` drops them).
  static let fields =
    "totalItems,items(id,volumeInfo(title,subtitle,authors,publisher,publishedDate,description,"
    + "industryIdentifiers,pageCount,imageLinks(smallThumbnail,thumbnail),language,infoLink),"
    + "searchInfo(textSnippet))"
  /// Google compresses answers for clients that say `gzip` in both places.
  static func headers(userAgent: String) -> [String: String] {
    ["Accept-Encoding": "gzip", "User-Agent": userAgent + " (gzip)"]
  }

  public let url: String
  /// `url` with the API key replaced by `REDACTED`: what logs may show.
  public let redactedURL: String

  public init(_ query: CatalogQuery, settings: CatalogSettings) {
    var q: String
    if let isbn = query.isbn {
      q = "isbn:" + isbn
    } else {
      q = "intitle:" + query.title
      if let author = query.author { q += " inauthor:" + author }
    }
    var parameters: [(String, String)] = [
      ("q", q), ("printType", "books"), ("maxResults", String(min(max(settings.maxResults, 1), 40))),
      ("country", settings.country),
    ]
    if let language = settings.language { parameters.append(("langRestrict", language)) }
    parameters.append(("fields", Self.fields))
    var base = settings.endpoint
    while base.hasSuffix("/") { base.removeLast() }
    base += "/volumes?" + parameters.map { $0.0 + "=" + Self.percentEncoded($0.1) }.joined(separator: "&")
    if let key = settings.apiKey {
      url = base + "&key=" + Self.percentEncoded(key)
      redactedURL = base + "&key=REDACTED"
    } else {
      url = base
      redactedURL = base
    }
  }

  /// `text` with everything but unreserved characters percent-encoded (a space as `%20`).
  static func percentEncoded(_ text: String) -> String {
    var output = ""
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
        UInt8(ascii: "~"):
        output.unicodeScalars.append(Unicode.Scalar(byte))
      default:
        let hex = Array("0123456789ABCDEF".utf8)
        output += "%" + String(decoding: [hex[Int(byte >> 4)], hex[Int(byte & 15)]], as: UTF8.self)
      }
    }
    return output
  }
}

extension CatalogSettings {
  /// The catalog settings of the `books` settings; `version` is BookNotes', for the
  /// `User-Agent`.
  public init(_ books: BookSettings, version: String) {
    self.init(
      endpoint: books.endpoint, apiKey: books.apiKey, country: books.country ?? "US", language: books.language,
      maxResults: books.maxResults, timeout: .milliseconds(books.timeout))
    provider = books.provider
    openLibraryEndpoint = books.openLibraryEndpoint
    userAgent = "BookNotes/\(version) (+https://github.com/booknotes/booknotes)"
  }
}
