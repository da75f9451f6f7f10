extension LibrarySnapshot {
  /// The note of the book with `isbn`, else of `title` by `firstAuthor`, as the
  /// duplicate-book check matches books (``DuplicateBooks``); the first by path when
  /// several are. A note with another ISBN but the same title and first author is
  /// another edition of the book: it matches too, so an import adds no second note.
  public func bookNote(isbn: String?, title: String, firstAuthor: String?) -> String? {
    if let key = isbn.flatMap(DuplicateBooks.normalizedISBN), let paths = bookIndex["isbn " + key], !paths.isEmpty {
      return paths.min()
    }
    guard let firstAuthor else { return nil }
    let name = DuplicateBooks.normalizedName(title)
    guard !name.isEmpty else { return nil }
    return bookIndex["name " + name + "\u{0}" + DuplicateBooks.normalizedName(firstAuthor)]?.min()
  }
}
