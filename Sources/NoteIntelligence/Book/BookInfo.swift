public import NoteSyntax

/// Where a note's book is on the reading list.
public enum ReadingStatus: String, Sendable, CaseIterable {
  case reading
  case wishlist
  case finished
  case archived
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
  /// 1 to 5; `nil` when absent or out of range.
  public var rating: Int?
  /// Tags without `#`.
  public var tags: [String] = []
  /// Every entry as written (values unquoted), unknown keys included, keys lowercased.
  public var fields: [String: String] = [:]

  public init() {}

  /// The book info of `doc`'s front matter (empty when it has none).
  public init(_ doc: NoteDocument) {
    self.init()
    guard doc.tree.blockCount > 0, doc.tree.blockKind(at: 0) == .frontMatter else { return }
    let block = doc.tree.block(at: 0)
    for entry in block.children where entry.kind == .frontMatterEntry {
      guard let keyNode = entry.child(.frontMatterKey) else { continue }
      let key = doc.text.string(in: keyNode.range).lowercased()
      let value = entry.child(.frontMatterValue).map { Self.unquoted(doc.text.string(in: $0.range)) } ?? ""
      if fields[key] == nil { fields[key] = value }
    }
    func text(_ key: String) -> String? { fields[key].flatMap { $0.isEmpty ? nil : $0 } }
    title = text("title")
    subtitle = text("subtitle")
    authors = Self.list(fields["authors"] ?? fields["author"] ?? "")
    published = text("published")
    isbn = text("isbn")
    googleBooksID = text("google-books-id")
    status = text("status").flatMap { ReadingStatus(rawValue: $0.lowercased()) }
    started = text("started")
    finished = text("finished")
    rating = text("rating").flatMap { Int($0) }.flatMap { (1...5).contains($0) ? $0 : nil }
    tags = Self.list(fields["tags"] ?? "").map { $0.hasPrefix("#") ? String($0.dropFirst()) : $0 }
  }

  /// The items of a comma-separated list or a `[a, b]` flow list, unquoted, empty ones dropped.
  public static func list(_ value: String) -> [String] {
    var text = value.trimmingSpaces
    if text.hasPrefix("[") && text.hasSuffix("]") { text = String(text.dropFirst().dropLast()) }
    // Commas inside a quoted item (`"Smith, John"`) do not split it; a quote counts
    // only where an item starts, so an apostrophe (`O'Brien`) is just a letter.
    var items: [String] = []
    var current = ""
    var quote: Character?
    var atItemStart = true
    for character in text {
      if let open = quote {
        if character == open { quote = nil }
        current.append(character)
        continue
      }
      if character == "," {
        items.append(current)
        current = ""
        atItemStart = true
        continue
      }
      if atItemStart && (character == "\"" || character == "'") { quote = character }
      if !character.isWhitespace { atItemStart = false }
      current.append(character)
    }
    items.append(current)
    return items.map(unquoted).filter { !$0.isEmpty }
  }

  /// `value` trimmed, without one pair of surrounding single or double quotes.
  static func unquoted(_ value: String) -> String {
    let trimmed = value.trimmingSpaces
    if trimmed.count >= 2, let first = trimmed.first, first == trimmed.last, first == "\"" || first == "'" {
      return String(trimmed.dropFirst().dropLast()).trimmingSpaces
    }
    return trimmed
  }
}

/// A note's book title: its front matter `title`, else the text of its first heading
/// (any level), markup dropped; `nil` when it has neither.
public func bookTitle(of doc: NoteDocument) -> String? {
  if let title = BookInfo(doc).title { return title }
  return firstHeading(of: doc).flatMap { heading in
    heading.child(.inlineContent).map { doc.plainText([$0]) }
  }
}

/// The first heading of `doc`, if any.
func firstHeading(of doc: NoteDocument) -> SyntaxNode? {
  // Kinds first: joining a large block's pieces to read its kind would copy it.
  for index in 0..<doc.tree.blockCount where doc.tree.blockKind(at: index) == .heading {
    return doc.tree.block(at: index)
  }
  return nil
}
