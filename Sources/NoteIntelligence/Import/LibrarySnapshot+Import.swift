extension LibrarySnapshot {
  /// The note of the book with `isbn`, else of `title` by `firstAuthor`, as the
  /// duplicate-book check matches books (``DuplicateBooks``); the first by path when
  /// several are. Without an author, a note with the title and no author. A note with another ISBN but the same title and first author is
  /// another edition of the book: it matches too, so an import adds no second note.
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
    return bookIndex["name " + name + "\u{0}" + DuplicateBooks.normalizedName(firstAuthor)]?.min()
  }
}
