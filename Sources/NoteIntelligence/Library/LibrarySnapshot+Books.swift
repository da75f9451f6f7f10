/// A book on the reading list: a note with a title and its front matter's metadata.
public struct BookEntry: Sendable, Hashable {
  public var title: String
  public var authors: [String]
  /// `nil` when the note has none (or an unknown one).
  public var status: ReadingStatus?
  /// Dates as written.
  public var started: String?
  public var finished: String?
  /// 1 to 5, in halves.
  public var rating: Double?
  public var isbn: String?
  public var path: String

  public init(
    title: String, authors: [String] = [], status: ReadingStatus? = nil, started: String? = nil,
    finished: String? = nil, rating: Double? = nil, isbn: String? = nil, path: String
  ) {
    self.title = title
    self.authors = authors
    self.status = status
    self.started = started
    self.finished = finished
    self.rating = rating
    self.isbn = isbn
    self.path = path
  }
}

/// How the reading list is ordered.
public enum BookOrder: String, Sendable, CaseIterable {
  /// By title (folded), then path.
  case title
  /// By the first author's last name, then title; books without authors last.
  case author
  /// By date read (`finished`, else `started`), newest first; undated books last, by title.
  case date
}

extension LibrarySnapshot {
  /// The books of the library (``isBook(_:)``), those with `status` only when
  /// it is given, in `order`.
  public func books(status: ReadingStatus? = nil, sort order: BookOrder = .title) -> [BookEntry] {
    var entries: [BookEntry] = []
    for note in notes {
      guard let title = note.title, status == nil || note.book.status == status, isBook(note) else { continue }
      let book = note.book
      entries.append(
        BookEntry(
          title: title, authors: book.authors, status: book.status, started: book.started, finished: book.finished,
          rating: book.rating, isbn: book.isbn, path: note.path))
    }
    return Self.sorted(entries, by: order)
  }

  /// `entries` in `order`.
  public static func sorted(_ entries: [BookEntry], by order: BookOrder) -> [BookEntry] {
    let keyed = entries.map { entry in
      (
        entry: entry, title: TextFolding.folded(entry.title),
        author: entry.authors.first.map(lastNameKey) ?? "",
        date: entry.finished ?? entry.started ?? ""
      )
    }
    return keyed.sorted { a, b in
      switch order {
      case .title:
        break
      case .author:
        if a.author.isEmpty != b.author.isEmpty { return !a.author.isEmpty }
        if a.author != b.author { return a.author < b.author }
      case .date:
        if a.date.isEmpty != b.date.isEmpty { return !a.date.isEmpty }
        if a.date != b.date { return a.date > b.date }
      }
      if a.title != b.title { return a.title < b.title }
      return a.entry.path < b.entry.path
    }.map(\.entry)
  }

  /// An author's sort key: the last name, then the rest (`Daniel Kahneman` →
  /// `kahneman daniel`), folded. Trailing noise does not count: a parenthetical or
  /// bracketed part (`Cixin Liu (刘慈欣)`), a suffix such as `Jr.` or `III`, and commas
  /// and periods left at the end. A name written `Last, First` keeps `Last` first.
  static func lastNameKey(_ author: String) -> String {
    let name = withoutTrailingNoise(Substring(author))
    if let comma = name.firstIndex(of: ","), name[..<comma].contains(where: { !isSeparator($0) }) {
      let first = words(name[name.index(after: comma)...])
      return TextFolding.folded(words(name[..<comma]) + (first.isEmpty ? "" : " " + first))
    }
    var names = name.split(whereSeparator: isSeparator)
    guard let last = names.popLast() else { return "" }
    return TextFolding.folded(([last] + names).joined(separator: " "))
  }

  /// Suffixes that tell members of a family apart or add a degree: not a last name.
  private static let nameSuffixes: Set<String> = ["jr", "sr", "ii", "iii", "iv", "phd", "md", "esq"]

  /// `name` without what trails it: spaces, commas and periods, `(…)` and `[…]` parts
  /// and ``nameSuffixes``, each only when a name is left before it.
  private static func withoutTrailingNoise(_ name: Substring) -> Substring {
    var name = name
    func hasName(_ text: Substring) -> Bool { text.contains { $0.isLetter || $0.isNumber } }
    while true {
      let before = name
      while let last = name.last, isSeparator(last) || last == "," || last == ".", hasName(name.dropLast()) {
        name.removeLast()
      }
      if let close = name.last, close == ")" || close == "]" {
        if let open = name.lastIndex(of: close == ")" ? "(" : "["), hasName(name[..<open]) { name = name[..<open] }
      } else if let space = name.lastIndex(where: { isSeparator($0) || $0 == "," }), hasName(name[..<space]),
        nameSuffixes.contains(name[name.index(after: space)...].lowercased().filter { $0 != "." })
      {
        name = name[..<space]
      }
      if name == before { return name }
    }
  }

  /// The words of `text`, joined by one space.
  private static func words(_ text: Substring) -> String {
    text.split(whereSeparator: isSeparator).joined(separator: " ")
  }

  private static func isSeparator(_ character: Character) -> Bool {
    character == " " || character == "\t"
  }
}
