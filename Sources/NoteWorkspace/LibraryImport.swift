public import NoteIntelligence
import SystemIO

/// Imported books written into a library's notes: each merged into the note of its book
/// (``LibrarySnapshot/bookNote(isbn:title:firstAuthor:)``) or written as a new note under
/// the root, every file by write-then-rename (``AtomicFile``), nothing written on a dry
/// run. Only additions (``NoteMerge``): a word the reader wrote is never changed.
public enum LibraryImport {
  /// What happened to one book.
  public struct Outcome: Sendable, Equatable {
    public var book: ImportedBook
    /// The note's absolute path; `nil` when the book has none (a failure before one was chosen).
    public var path: String?
    public var action: Action
    /// What was left undone in a note that was otherwise changed (its unclosed front matter).
    public var warning: String? = nil
  }

  public enum Action: Sendable, Equatable {
    case created(highlights: Int)
    /// Keys filled, keys rewritten, highlights and review added.
    case updated(filled: [String], updated: [String], highlights: Int, review: Bool)
    case unchanged
    /// Left as it was, and why.
    case failed(String)
  }

  /// Writes `books` into the library `snapshot` holds under `root` (absolute).
  /// `overwrite`: rewrite the import's own front matter keys; `dryRun`: write nothing.
  public static func run(
    _ books: [ImportedBook], root: String, snapshot: LibrarySnapshot, overwrite: Bool, dryRun: Bool
  ) -> [Outcome] {
    var texts: [String: [UInt8]] = [:]
    var original: [String: NoteFiles.Entry] = [:]
    var created: Set<String> = []
    var changed: [String] = []
    // Books this run wrote a new note for, by the keys the library matches notes by.
    var newNotes: [String: String] = [:]
    var outcomes: [Outcome] = []
    for book in books {
      let keys = matchKeys(book)
      let found =
        snapshot.bookNote(isbn: book.isbn, title: book.title, firstAuthor: book.authors.first)
        ?? keys.lazy.compactMap { newNotes[$0] }.first
      guard let path = found else {
        let note = NoteMerge.newNote(for: book)
        let path = freePath(for: note.fileName, in: root, taken: Set(texts.keys))
        texts[path] = note.text
        created.insert(path)
        changed.append(path)
        for key in keys { newNotes[key] = path }
        outcomes.append(Outcome(book: book, path: path, action: .created(highlights: note.highlights)))
        continue
      }
      for key in keys where newNotes[key] == nil { newNotes[key] = path }
      if texts[path] == nil {
        guard let entry = NoteFiles.entry(path) else {
          outcomes.append(Outcome(book: book, path: path, action: .failed("it is no longer there")))
          continue
        }
        switch NoteFiles.read(path) {
        case .note(let bytes):
          texts[path] = bytes
          original[path] = entry
        case .skipped(let reason):
          outcomes.append(Outcome(book: book, path: path, action: .failed("cannot read it: \(reason)")))
          continue
        }
      }
      let merged = NoteMerge.merge(book, into: texts[path]!, overwrite: overwrite)
      guard merged.changed else {
        outcomes.append(
          Outcome(book: book, path: path, action: merged.problem.map { .failed($0) } ?? .unchanged))
        continue
      }
      texts[path] = merged.text
      if !changed.contains(path) { changed.append(path) }
      outcomes.append(
        Outcome(
          book: book, path: path,
          action: .updated(
            filled: merged.filled, updated: merged.updated, highlights: merged.highlights, review: merged.review),
          warning: merged.problem))
    }
    guard !dryRun else { return outcomes }
    var failures: [String: String] = [:]
    for path in changed {
      guard let text = texts[path] else { continue }
      if created.contains(path) {
        // A new note never replaces a file that appeared while the import ran.
        if NoteFiles.exists(path) {
          failures[path] = "a file appeared there while importing; run the import again"
          continue
        }
      } else if let before = original[path], NoteFiles.entry(path) != before {
        failures[path] = "it changed while importing; run the import again"
        continue
      }
      if let reason = AtomicFile.write(text, to: path) { failures[path] = "cannot write it: \(reason)" }
    }
    return outcomes.map { outcome in
      guard let path = outcome.path, let reason = failures[path], outcome.action != .unchanged else { return outcome }
      var failed = outcome
      failed.action = .failed(reason)
      return failed
    }
  }

  /// The keys under which an import finds the note it made for an earlier book of the
  /// same file: its ISBN, and its title with its first author.
  static func matchKeys(_ book: ImportedBook) -> [String] {
    var keys: [String] = []
    if let isbn = book.isbn.flatMap(DuplicateBooks.normalizedISBN) { keys.append("isbn " + isbn) }
    if let author = book.authors.first {
      keys.append("name " + DuplicateBooks.normalizedName(book.title) + "\u{0}" + DuplicateBooks.normalizedName(author))
    }
    return keys
  }

  /// `name` in `folder`, or `name-2.md`, `name-3.md`… when a file (or a note of this
  /// run) has it.
  static func freePath(for name: String, in folder: String, taken: Set<String>) -> String {
    let stem = name.hasSuffix(".md") ? String(name.dropLast(3)) : name
    var candidate = NoteFiles.join(folder, name)
    var number = 2
    while taken.contains(candidate) || NoteFiles.exists(candidate) {
      candidate = NoteFiles.join(folder, stem + "-\(number).md")
      number += 1
    }
    return candidate
  }
}
