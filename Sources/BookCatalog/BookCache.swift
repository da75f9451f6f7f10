public import JSONCore
public import NoteIntelligence
import SystemIO

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Lookup answers on disk, one small JSON file per query under `books/` in the cache
/// folder, so repeated titles and restarts cost no requests. An entry older than its
/// lifetime, from another version or for another query (a hash collision) is ignored.
/// Written to a temporary file and renamed. Only answers are kept, never errors.
public struct BookCache: Sendable {
  static let version = 1
  public let folder: String
  /// How long an answer stays good.
  public let lifetime: Duration

  public init(directory: String, lifetime: Duration) {
    folder = Files.join(directory, "books")
    self.lifetime = lifetime
  }

  /// The file that holds the answer for `key`.
  func path(for key: String) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in key.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
    let name = String(hash, radix: 16)
    return Files.join(folder, String(repeating: "0", count: 16 - name.count) + name + ".json")
  }

  /// The books stored for `key`, `nil` when absent, expired or unreadable.
  public func read(_ key: String, now: Int = BookCache.now()) -> [CatalogBook]? {
    guard let bytes = Files.readBytes(path(for: key)), let json = try? JSONParser.parse(bytes),
      json["version"]?.intValue == Self.version, json["key"]?.stringValue == key,
      let fetched = json["fetched"]?.intValue, now - fetched <= Int(lifetime.components.seconds), now >= fetched,
      let books = json["books"]?.arrayValue
    else { return nil }
    return books.compactMap(Self.book)
  }

  /// Stores `books` for `key`; the system's reason when it could not.
  @discardableResult
  public func write(_ books: [CatalogBook], for key: String, now: Int = BookCache.now()) -> String? {
    var writer = JSONWriter()
    writer.beginObject()
    writer.key("version")
    writer.write(Self.version)
    writer.key("key")
    writer.write(key)
    writer.key("fetched")
    writer.write(now)
    writer.key("books")
    writer.beginArray()
    for book in books { Self.write(book, to: &writer) }
    writer.endArray()
    writer.endObject()
    return AtomicFile.write(writer.bytes, to: path(for: key))
  }

  /// Seconds since 1970.
  public static func now() -> Int { Int(time(nil)) }

  /// `book` as a JSON object (the cache's and `booknotes lookup --json`'s shape).
  public static func write(_ book: CatalogBook, to writer: inout JSONWriter) {
    writer.beginObject()
    func field(_ name: String, _ value: String?) {
      guard let value else { return }
      writer.key(name)
      writer.write(value)
    }
    field("id", book.id)
    field("title", book.title)
    field("subtitle", book.subtitle)
    writer.key("authors")
    writer.beginArray()
    for author in book.authors { writer.write(author) }
    writer.endArray()
    field("publisher", book.publisher)
    field("publishedDate", book.publishedDate)
    field("isbn13", book.isbn13)
    field("isbn10", book.isbn10)
    if let pages = book.pageCount {
      writer.key("pageCount")
      writer.write(pages)
    }
    field("description", book.description)
    field("thumbnail", book.thumbnail)
    field("infoLink", book.infoLink)
    field("language", book.language)
    if book.source != .googleBooks { field("source", book.source.rawValue) }
    writer.endObject()
  }

  package static func book(_ json: JSONValue) -> CatalogBook? {
    guard let id = json["id"]?.stringValue, let title = json["title"]?.stringValue else { return nil }
    var book = CatalogBook(
      id: id, title: title, subtitle: json["subtitle"]?.stringValue,
      authors: (json["authors"]?.arrayValue ?? []).compactMap(\.stringValue),
      publisher: json["publisher"]?.stringValue, publishedDate: json["publishedDate"]?.stringValue,
      isbn13: json["isbn13"]?.stringValue, isbn10: json["isbn10"]?.stringValue, pageCount: json["pageCount"]?.intValue,
      description: json["description"]?.stringValue, thumbnail: json["thumbnail"]?.stringValue,
      infoLink: json["infoLink"]?.stringValue, language: json["language"]?.stringValue)
    book.source = json["source"]?.stringValue.flatMap(CatalogSource.init(rawValue:)) ?? .googleBooks
    return book
  }
}
