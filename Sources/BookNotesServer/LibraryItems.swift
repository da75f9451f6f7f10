public import JSONCore
public import LanguageServerProtocol
import NoteIntelligence
import NoteWorkspace

/// A note found by `booknotes/search`: the command line's hit plus the note's URI and
/// the first match's range.
public struct SearchItem: Sendable, Hashable, Codable, FastJSONEncodable {
  public var uri: DocumentURI
  /// The note's path (its URI when it has no path).
  public var file: String
  public var book: String?
  public var heading: String?
  /// 0-based.
  public var line: Int
  /// The first match, in the negotiated encoding.
  public var range: LanguageServerProtocol.Range
  public var snippet: String
  /// `[start, end]` UTF-16 offsets into `snippet`.
  public var matches: [[Int]]
  public var score: Double

  init(_ hit: SearchHit, file: String, uri: DocumentURI, range: LanguageServerProtocol.Range) {
    self.uri = uri
    self.file = file
    book = hit.book
    heading = hit.heading
    line = hit.line
    self.range = range
    snippet = hit.snippet
    matches = hit.utf16Matches.map { [$0.lowerBound, $0.upperBound] }
    score = hit.score
  }

  /// `{uri, file, book, heading, line, range, snippet, matches, score}`.
  public func writeJSON(to writer: inout JSONWriter) {
    writer.beginObject()
    writer.key("uri")
    writer.write(uri)
    writer.key("file")
    writer.write(file)
    writer.key("book")
    book.writeJSON(to: &writer)
    writer.key("heading")
    heading.writeJSON(to: &writer)
    writer.key("line")
    writer.write(line)
    writer.key("range")
    range.writeJSON(to: &writer)
    writer.key("snippet")
    writer.write(snippet)
    writer.key("matches")
    SearchExport.writeRanges(matches.map { $0[0]..<$0[1] }, to: &writer)
    writer.key("score")
    writer.write(score)
    writer.endObject()
  }
}

/// `booknotes/search`: full-text search over the library, best first.
public struct SearchParams: LSPRequest, Hashable {
  public static let method = "booknotes/search"
  public typealias Response = [SearchItem]

  /// Words, `"phrases"` and `#tags`.
  public var query: String
  /// At most this many notes (default 50).
  public var limit: Int?

  public init(query: String, limit: Int? = nil) {
    self.query = query
    self.limit = limit
  }
}

/// A book of `booknotes/books`: the command line's entry plus the note's URI.
public struct BookItem: Sendable, Hashable, Codable, FastJSONEncodable {
  public var title: String
  public var authors: [String]
  public var status: String?
  public var started: String?
  public var finished: String?
  public var rating: Double?
  public var isbn: String?
  public var uri: DocumentURI
  public var file: String

  init(_ entry: BookEntry, file: String, uri: DocumentURI) {
    title = entry.title
    authors = entry.authors
    status = entry.status?.rawValue
    started = entry.started
    finished = entry.finished
    rating = entry.rating
    isbn = entry.isbn
    self.uri = uri
    self.file = file
  }

  /// `{title, authors, status, started, finished, rating, isbn, file, uri}`.
  public func writeJSON(to writer: inout JSONWriter) {
    let entry = BookEntry(
      title: title, authors: authors, status: status.flatMap(ReadingStatus.init(rawValue:)), started: started,
      finished: finished, rating: rating, isbn: isbn, path: file)
    BookExport.write(entry, file: file, to: &writer) { writer in
      writer.key("uri")
      writer.write(uri)
    }
  }
}

/// `booknotes/books`: the reading list.
public struct BooksParams: LSPRequest, Hashable {
  public static let method = "booknotes/books"
  public typealias Response = [BookItem]

  /// `reading`, `wishlist`, `finished` or `archived`; every book when absent.
  public var status: String?
  /// `title` (default), `author` or `date`.
  public var sort: String?

  public init(status: String? = nil, sort: String? = nil) {
    self.status = status
    self.sort = sort
  }
}
