public import NoteSyntax

/// Telling whether two notes are about the same book.
public enum DuplicateBooks {
  /// The diagnostic code.
  public static let code = "duplicate-book"

  /// An ISBN as 13 characters: digits and `X` only (`978-0-374-53355-7` →
  /// `9780374533557`), an ISBN-10 converted to its ISBN-13; `nil` when it has
  /// neither length.
  public static func normalizedISBN(_ isbn: String) -> String? {
    // On bytes: every note with an ISBN is keyed when a library is indexed. Digits and
    // `X` are ASCII, so any other byte (a separator, part of another character) goes.
    var characters: [UInt8] = []
    for byte in isbn.utf8 {
      if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
        characters.append(byte)
      } else if byte == UInt8(ascii: "X") || byte == UInt8(ascii: "x") {
        characters.append(UInt8(ascii: "X"))
      }
    }
    switch characters.count {
    case 13:
      return String(decoding: characters, as: UTF8.self)
    case 10:
      let digits = Array("978".utf8) + characters.prefix(9)
      var sum = 0
      for (index, digit) in digits.enumerated() where digit != UInt8(ascii: "X") {
        sum += Int(digit - UInt8(ascii: "0")) * (index % 2 == 0 ? 1 : 3)
      }
      return String(decoding: digits, as: UTF8.self) + String((10 - sum % 10) % 10)
    default:
      return nil
    }
  }

  /// A title or name for comparison: its words folded, joined by spaces, so case,
  /// accents and punctuation do not count (`Thinking, Fast and Slow` and `thinking
  /// fast and slow` are the same).
  public static func normalizedName(_ text: String) -> String {
    var joined: [UInt8] = []
    for word in TextFolding.words(of: text) {
      if !joined.isEmpty { joined.append(UInt8(ascii: " ")) }
      joined += word
    }
    return String(decoding: joined, as: UTF8.self)
  }

  /// Whether notes `a` and `b` are about the same book: the same ISBN when both have
  /// one; otherwise the same title and first author (both needed).
  public static func same(_ a: NoteSummary, _ b: NoteSummary) -> Bool {
    if let aISBN = a.book.isbn.flatMap(normalizedISBN), let bISBN = b.book.isbn.flatMap(normalizedISBN) {
      return aISBN == bISBN
    }
    guard let aTitle = a.title, let bTitle = b.title, let aAuthor = a.book.authors.first,
      let bAuthor = b.book.authors.first
    else { return false }
    let title = normalizedName(aTitle)
    return !title.isEmpty && title == normalizedName(bTitle) && normalizedName(aAuthor) == normalizedName(bAuthor)
  }

  /// The keys under which the library finds a note's possible duplicates: its ISBN,
  /// and its title with its first author. Both make a note a book (``BookInfo/isBook``):
  /// a note that is not a book has no keys and no duplicate-book check.
  static func keys(of note: NoteSummary) -> [String] {
    guard note.book.isBook else { return [] }
    var keys: [String] = []
    if let isbn = note.book.isbn.flatMap(normalizedISBN) { keys.append("isbn " + isbn) }
    if let title = note.title, let author = note.book.authors.first {
      let name = normalizedName(title)
      if !name.isEmpty { keys.append("name " + name + "\u{0}" + normalizedName(author)) }
    }
    return keys
  }

  /// The `duplicate-book` warning for `note` (whose text is `doc`) when `duplicates`
  /// (other notes about the same book) is not empty: on the title, else on the first
  /// line; the message names the other notes by path relative to the note's folder
  /// (by title when a path is not a file path).
  public static func diagnostic(
    for note: NoteSummary, duplicates: [NoteSummary], in doc: NoteDocument, severity: NoteDiagnostic.Severity = .warning
  ) -> NoteDiagnostic? {
    guard !duplicates.isEmpty else { return nil }
    let names = duplicates.map { other -> String in
      if note.path.hasPrefix("/") && other.path.hasPrefix("/") { return relativePath(of: other.path, from: note.path) }
      return other.title.map { "\"\($0)\"" } ?? other.path
    }
    let listed = names.count <= 3 ? names.joined(separator: ", ") : names.prefix(3).joined(separator: ", ") + " …"
    let range = note.titleSpan?.bytes ?? doc.lines.contentRange(ofLine: 0)
    let message =
      duplicates.count == 1
      ? "Another note is about the same book: \(listed)" : "Other notes are about the same book: \(listed)"
    return NoteDiagnostic(range: range, severity: severity, code: code, message: message)
  }

  /// `path` relative to the folder of `base` (both absolute): `../thinking.md`.
  public static func relativePath(of path: String, from base: String) -> String {
    var folder = base.split(separator: "/", omittingEmptySubsequences: true).dropLast()
    var target = path.split(separator: "/", omittingEmptySubsequences: true)[...]
    while let first = folder.first, let other = target.first, first == other, target.count > 1 {
      folder = folder.dropFirst()
      target = target.dropFirst()
    }
    return (Array(repeating: "..", count: folder.count) + target.map(String.init)).joined(separator: "/")
  }
}

extension LibrarySnapshot {
  /// The paths of the other notes about the same book as the note at `path`
  /// (see ``DuplicateBooks/same(_:_:)``), sorted.
  public func duplicates(of path: String) -> [String] {
    guard let note = note(at: path) else { return [] }
    return duplicates(of: note).map(\.path)
  }

  /// The other notes about the same book as `note` (which may be newer than the
  /// snapshot's entry for its path), by path.
  public func duplicates(of note: NoteSummary) -> [NoteSummary] {
    var paths: Set<String> = []
    for key in DuplicateBooks.keys(of: note) { paths.formUnion(bookIndex[key] ?? []) }
    paths.remove(note.path)
    return paths.sorted().compactMap { self.note(at: $0) }.filter { DuplicateBooks.same(note, $0) }
  }

  /// The `duplicate-book` warning of `note` (text `doc`) against this library, if any.
  public func duplicateBookDiagnostic(
    for note: NoteSummary, in doc: NoteDocument, severity: NoteDiagnostic.Severity = .warning
  ) -> NoteDiagnostic? {
    DuplicateBooks.diagnostic(for: note, duplicates: duplicates(of: note), in: doc, severity: severity)
  }
}
