public import NoteSyntax

/// Where a note's book is on the reading list.
public enum ReadingStatus: String, Sendable, CaseIterable {
  case reading
  case wishlist
  case finished
  /// Put down before the end (`did-not-finish`, `dnf`).
  case abandoned
  case archived

  /// The status a front matter `status` value means: one of the cases, or a word other
  /// tools write for one (`currently-reading`, `to-read`, `dnf`…), case aside.
  public init?(frontMatter value: String) {
    guard let name = FrontMatterValues.status(value) else { return nil }
    self.init(rawValue: name)
  }
}

/// What a note's front matter says about its book.
public struct BookInfo: Sendable, Equatable {
  public var title: String?
  public var subtitle: String?
  /// From a comma-separated list or a `[a, b]` flow list.
  public var authors: [String] = []
  /// A year or a date, as written.
  public var published: String?
  public var isbn: String?
  public var googleBooksID: String?
  /// `nil` when absent or not one of the known values.
  public var status: ReadingStatus?
  public var started: String?
  public var finished: String?
  /// 1 to 5 in halves (`4.5`); `nil` when absent, unrated (`0`) or out of range. A run
  /// of stars counts them.
  public var rating: Double?
  /// Tags without `#`.
  public var tags: [String] = []
  /// Every entry as written (values unquoted), unknown keys included, keys lowercased. A
  /// block list is written as a flow list (`[a, "b, c"]`), the lines of a multi-line
  /// string joined by spaces.
  public var fields: [String: String] = [:]

  /// The book's Open Library id (`openlibrary-id`), a work's (`OL…W`) or an edition's (`OL…M`).
  public var openLibraryID: String? { text("openlibrary-id") }

  /// Other names of the note, from `aliases` (or `alias`).
  public var aliases: [String] { Self.list(text("aliases") ?? text("alias") ?? "") }

  /// Whether the front matter makes the note a book: it has `authors` (or `author`),
  /// `isbn`, `status`, `google-books-id` or `openlibrary-id`, a `type` or `category` of
  /// `book`, or a `book`/`books` tag or one inside them (`books/2021`).
  public var isBook: Bool {
    if !authors.isEmpty { return true }
    for key in ["isbn", "status", "google-books-id", "openlibrary-id"] where text(key) != nil { return true }
    for key in ["type", "category"] where text(key)?.lowercased() == "book" { return true }
    return tags.contains { Self.isBookTag($0) }
  }

  /// Whether `tag` (without `#`) is `book` or `books`, or a tag inside one of them.
  public static func isBookTag(_ tag: String) -> Bool {
    let name = tag.lowercased()
    return name == "book" || name == "books" || name.hasPrefix("book/") || name.hasPrefix("books/")
  }

  /// The value of `key` (lowercase), `nil` when absent or empty.
  func text(_ key: String) -> String? { fields[key].flatMap { $0.isEmpty ? nil : $0 } }

  public init() {}

  /// The book info of `doc`'s front matter (empty when it has none).
  public init(_ doc: NoteDocument) {
    self.init()
    guard doc.tree.blockCount > 0, doc.tree.blockKind(at: 0) == .frontMatter else { return }
    let block = doc.tree.block(at: 0)
    // On bytes: every note's front matter is read when a library is indexed.
    // Room for the usual keys (title, authors, published, status, isbn, rating, tags…).
    fields.reserveCapacity(12)
    for entry in block.children where entry.kind == .frontMatterEntry {
      guard let keyNode = entry.child(.frontMatterKey) else { continue }
      let key = Self.lowercased(doc.text.bytes(in: keyNode.range))
      guard fields[key] == nil else { continue }
      fields[key] = Self.value(of: entry, doc)
    }
    title = text("title")
    subtitle = text("subtitle")
    authors = Self.list(text("authors") ?? text("author") ?? "")
    published = text("published")
    isbn = text("isbn")
    googleBooksID = text("google-books-id")
    status = text("status").flatMap { ReadingStatus(frontMatter: $0) }
    started = text("started")
    finished = text("finished")
    rating = text("rating").flatMap(FrontMatterValues.rating).flatMap {
      $0 >= 1 && $0 <= 5 && ($0 * 2).rounded() == $0 * 2 ? $0 : nil
    }
    tags = Self.tagList(text("tags") ?? text("tag") ?? "")
  }

  /// An entry's value as a string: its value, a block list as a flow list, or the lines
  /// of a multi-line string joined by spaces.
  private static func value(of entry: SyntaxNode, _ doc: NoteDocument) -> String {
    var values: [String] = []
    var isList = false
    for child in entry.children {
      if child.kind == .listMarker { isList = true }
      if child.kind == .frontMatterValue { values.append(unquoted(doc.text.bytes(in: child.range)[...])) }
    }
    guard isList else { return values.joined(separator: " ") }
    let items = values.map { item in
      guard item.contains(where: { $0 == "," || $0 == "\"" || $0 == "'" }) else { return item }
      var quoted = "\""
      for character in item { quoted += character == "\"" ? "\\\"" : String(character) }
      return quoted + "\""
    }
    return "[" + items.joined(separator: ", ") + "]"
  }

  /// The tags of a `tags` value: a list, or a string of tags separated by commas or
  /// spaces; `#` optional.
  public static func tagList(_ value: String) -> [String] {
    list(value).flatMap { $0.split(whereSeparator: { $0 == " " || $0 == "\t" }) }.compactMap { item in
      let name = item.hasPrefix("#") ? item.dropFirst() : item[...]
      return name.isEmpty ? nil : String(name)
    }
  }

  /// The items of a comma-separated list or a `[a, b]` flow list, unquoted, empty ones dropped.
  public static func list(_ value: String) -> [String] {
    var text = Array(value.utf8)[...]
    text = trimmed(text)
    if text.first == UInt8(ascii: "[") && text.last == UInt8(ascii: "]") { text = text.dropFirst().dropLast() }
    // Commas inside a quoted item (`"Smith, John"`) do not split it; a quote counts
    // only where an item starts, so an apostrophe (`O'Brien`) is just a letter. Commas
    // and quotes are ASCII: a UTF-8 byte equal to one is that character.
    var items: [String] = []
    var itemStart = text.startIndex
    var quote: UInt8?
    var atItemStart = true
    var escaped = false
    for index in text.indices {
      let byte = text[index]
      if let open = quote {
        // `''` inside single quotes and `\"` inside double quotes stand for the quote.
        if escaped {
          escaped = false
        } else if open == UInt8(ascii: "\"") && byte == UInt8(ascii: "\\") {
          escaped = true
        } else if byte == open {
          if open == UInt8(ascii: "'"), index + 1 < text.endIndex, text[index + 1] == open {
            escaped = true
          } else {
            quote = nil
          }
        }
        continue
      }
      if byte == UInt8(ascii: ",") {
        let item = unquoted(text[itemStart..<index])
        if !item.isEmpty { items.append(item) }
        itemStart = index + 1
        atItemStart = true
        continue
      }
      if atItemStart && (byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'")) { quote = byte }
      if !isSpace(byte) { atItemStart = false }
    }
    let last = unquoted(text[itemStart...])
    if !last.isEmpty { items.append(last) }
    return items
  }

  /// The bytes of `value` trimmed of spaces and tabs, as YAML reads a quoted value
  /// (``YAMLScalar/unquoted(_:)``, trimmed again inside), as a string.
  static func unquoted(_ value: ArraySlice<UInt8>) -> String {
    let text = trimmed(value)
    guard text.count >= 2, let first = text.first, first == text.last,
      first == UInt8(ascii: "\"") || first == UInt8(ascii: "'")
    else { return String(decoding: text, as: UTF8.self) }
    return YAMLScalar.unquoted(String(decoding: text, as: UTF8.self)).trimmingSpaces
  }

  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
  }

  /// `bytes` without leading and trailing spaces and tabs.
  private static func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
    var text = bytes
    while let first = text.first, first == UInt8(ascii: " ") || first == UInt8(ascii: "\t") { text = text.dropFirst() }
    while let last = text.last, last == UInt8(ascii: " ") || last == UInt8(ascii: "\t") { text = text.dropLast() }
    return text
  }

  /// A key lowercased: ASCII keys (nearly all) byte by byte.
  private static func lowercased(_ bytes: [UInt8]) -> String {
    guard bytes.allSatisfy({ $0 < 0x80 }) else { return String(decoding: bytes, as: UTF8.self).lowercased() }
    if !bytes.contains(where: { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }) {
      return String(decoding: bytes, as: UTF8.self)
    }
    return String(
      decoding: bytes.map { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") ? $0 + 32 : $0 }, as: UTF8.self)
  }
}

/// A note's title: its front matter `title`, else the text of its first level-1 heading
/// (markup dropped), else the file name of `path` without its extension (as Obsidian
/// names notes). A note without a file path (an unsaved buffer) has no file name: its
/// title is then its first heading of any level; `nil` when it has neither.
public func noteTitle(of doc: NoteDocument, path: String?) -> String? {
  noteTitle(of: doc, path: path, book: BookInfo(doc))
}

/// ``noteTitle(of:path:)`` with the note's front matter read already.
func noteTitle(of doc: NoteDocument, path: String?, book: BookInfo) -> String? {
  if let title = book.title { return title }
  let heading = path.flatMap(titleFileName) == nil ? firstHeading(of: doc) : firstHeading(of: doc, level: 1)
  if let content = heading?.child(.inlineContent) { return doc.plainText([content]) }
  return path.flatMap(titleFileName)
}

/// A note's title where its path is not known: its front matter `title`, else the
/// text of its first heading (any level), markup dropped; `nil` when it has neither.
public func bookTitle(of doc: NoteDocument) -> String? { noteTitle(of: doc, path: nil) }

/// The title a note's file name gives it: the last component of `path` without its
/// extension; `nil` for a path that names no file (an `untitled:` URI, a bare name).
public func titleFileName(_ path: String) -> String? {
  guard path.hasPrefix("/") else { return nil }
  let utf8 = path.utf8
  // An ASCII path (nearly every one) is read byte by byte: its characters are its bytes
  // (`\r\n` aside, which is neither `/` nor `.`), and a split into characters cost more
  // than the rest of a note's summary.
  if utf8.allSatisfy({ $0 < 0x80 }) {
    var end = utf8.endIndex
    while end > utf8.startIndex && utf8[utf8.index(before: end)] == UInt8(ascii: "/") { end = utf8.index(before: end) }
    var start = end
    while start > utf8.startIndex && utf8[utf8.index(before: start)] != UInt8(ascii: "/") {
      start = utf8.index(before: start)
    }
    var stop = end
    if let dot = utf8[start..<end].lastIndex(of: UInt8(ascii: ".")), dot != start { stop = dot }
    return start == stop ? nil : String(path[start..<stop])
  }
  var name = path.split(separator: "/", omittingEmptySubsequences: true).last.map(String.init) ?? ""
  if let dot = name.lastIndex(of: "."), dot != name.startIndex { name = String(name[..<dot]) }
  return name.isEmpty ? nil : name
}

/// The first heading of `doc` (of `level` when given), if any.
func firstHeading(of doc: NoteDocument, level: Int? = nil) -> SyntaxNode? {
  // Kinds first: a block's kind is read without making a node of it.
  for index in 0..<doc.tree.blockCount where doc.tree.blockKind(at: index) == .heading {
    let block = doc.tree.block(at: index)
    if let level, block.headingLevel != level { continue }
    return block
  }
  return nil
}
