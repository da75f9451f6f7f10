public import NoteSyntax

/// A front matter `isbn:` value the cursor is on: what a completion and a code action
/// fill the note's metadata from, and what an ISBN-10 converts from.
public struct ISBNContext: Sendable, Hashable {
  /// The value's bytes on its line.
  public var range: Range<Int>
  /// The value as written (hyphens and spaces kept).
  public var value: String
  /// The entry's line.
  public var line: Int
  /// The ISBN-13 it stands for (an ISBN-10 converted), `nil` when it is not a valid ISBN.
  public var isbn13: String?

  /// The `isbn:` entry on the line of `range` (a cursor is an empty range), in the
  /// note's front matter.
  public static func find(in range: Range<Int>, of doc: NoteDocument) -> ISBNContext? {
    let line = doc.lines.lineContaining(range.lowerBound)
    guard let front = FrontMatterLines(doc, through: line), let entry = front.entry(onLine: line),
      entry.key == "isbn"
    else { return nil }
    let value = YAMLScalar.unquoted(doc.text.string(in: entry.value))
    let valid = FrontMatterValues.isValidISBN(Array(value.utf8))
    return ISBNContext(
      range: entry.value, value: value, line: line, isbn13: valid ? DuplicateBooks.normalizedISBN(value) : nil)
  }

  /// Whether the value is a valid ISBN-10 (hyphens and spaces aside).
  public var isISBN10: Bool {
    isbn13 != nil && value.utf8.filter { $0 != UInt8(ascii: "-") && $0 != UInt8(ascii: " ") }.count == 10
  }

  /// The fix that writes an ISBN-10 as its ISBN-13 (`0374533555` → `9780374533557`).
  public func conversion() -> QuickFix? {
    guard isISBN10, let isbn13 else { return nil }
    return QuickFix(
      title: "Convert to ISBN-13 (\(isbn13))", code: "isbn-10", diagnosticRange: range,
      edits: [TextReplacement(range: range, newText: isbn13)])
  }

  /// The edits that fill the note's front matter from `book`, found by this ISBN:
  /// `title`, `subtitle`, `authors` (or `author`), `published` and the catalog's id,
  /// each only where the note has no value yet; new keys go on the lines after
  /// `isbn:`. `isbn` rewrites the ISBN as it is, so that a completion has an edit of
  /// its own on the cursor's line. Empty when there is nothing to fill.
  public func fill(from book: CatalogBook, in doc: NoteDocument) -> (isbn: ByteEdit, others: [ByteEdit]) {
    let isbnEdit = ByteEdit(range: range, text: doc.text.string(in: range))
    guard let front = FrontMatterLines(doc), let entry = front.entry(onLine: line) else { return (isbnEdit, []) }
    var values: [(String, String)] = [("title", YAMLScalar.written(book.title))]
    if let subtitle = book.subtitle { values.append(("subtitle", YAMLScalar.written(subtitle))) }
    for key in ["authors", "published", book.source.idKey] {
      if let value = BookFill.value(of: key, in: book) { values.append((key, value)) }
    }
    var others: [ByteEdit] = []
    var added: [String] = []
    for (key, value) in values {
      let existing = front.entry(key) ?? (key == "authors" ? front.entry("author") : nil)
      guard let existing else {
        added.append(key + ": " + value)
        continue
      }
      guard existing.value.isEmpty, existing.lastLine == existing.line else { continue }
      others.append(ByteEdit(range: existing.value, text: " " + value))
    }
    if !added.isEmpty {
      let lineBreak = BookFill.lineBreak(after: 0, in: doc)
      let start = doc.lines.startOfLine(entry.lastLine + 1)
      others.append(ByteEdit(range: start..<start, text: added.map { $0 + lineBreak }.joined()))
    }
    return (isbnEdit, others)
  }
}
