extension LibrarySnapshot {
  /// The note of the book with `isbn`, else of `title` by `firstAuthor`, as the
  /// duplicate-book check matches books (``DuplicateBooks``); the first by path when
  /// several are. Without an author, a note with the title and no author. A note with
  /// another ISBN but the same title and first author is another edition of the book: it
  /// matches too, so an import adds no second note. When no title matches whole, a title
  /// that is the other's without its subtitle or series matches (``shortTitle(_:)``):
  /// Kindle writes `Atomic Habits: An Easy & Proven Way…` for the note `Atomic Habits`.
  public func bookNote(isbn: String?, title: String, firstAuthor: String?) -> String? {
    if let key = isbn.flatMap(DuplicateBooks.normalizedISBN), let paths = bookIndex["isbn " + key], !paths.isEmpty {
      return paths.min()
    }
    let name = DuplicateBooks.normalizedName(title)
    guard !name.isEmpty else { return nil }
    guard let firstAuthor else {
      // A book the file names no author of (a clipping's title without `(Author)`):
      // the note with its title and no author, book or not.
      return notes.filter { note in
        note.book.authors.isEmpty && note.title.map(DuplicateBooks.normalizedName) == name
      }.map(\.path).min()
    }
    let author = "\u{0}" + DuplicateBooks.normalizedName(firstAuthor)
    if let paths = bookIndex["name " + name + author], !paths.isEmpty { return paths.min() }
    // The import's title without its subtitle names the note.
    let short = DuplicateBooks.normalizedName(Self.shortTitle(title))
    if let paths = bookIndex["name " + short + author], !paths.isEmpty { return paths.min() }
    // The note's title has a subtitle the import's lacks: its key starts with the
    // import's title. Two different subtitles (`Sapiens: A Graphic History`) are two books.
    let prefix = "name " + name + " "
    var found: [String] = []
    for (key, paths) in bookIndex where key.hasPrefix(prefix) && key.hasSuffix(author) {
      found += paths.filter { path in
        note(at: path)?.title.map { DuplicateBooks.normalizedName(Self.shortTitle($0)) } == name
      }
    }
    return found.min()
  }

  /// A book's title without its subtitle (after the first `: `) and without a closing
  /// series parenthesis (`Leviathan Wakes (The Expanse, #1)`, as Goodreads writes it);
  /// the title itself when it has neither or nothing would be left.
  static func shortTitle(_ title: String) -> String {
    var short = Substring(title)
    if let colon = short.firstIndex(where: { $0 == ":" }),
      short[short.index(after: colon)...].first?.isWhitespace ?? false
    {
      short = short[..<colon]
    }
    if short.hasSuffix(")"), let open = short.lastIndex(of: "("), short[open...].contains("#") {
      short = short[..<open]
    }
    let trimmed = String(short).trimmingCharacters(in: " \t")
    return trimmed.isEmpty ? title : trimmed
  }
}
