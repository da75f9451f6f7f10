public import NoteSyntax

/// Where a book's title is being typed: front matter's `title:` value, or the note's
/// first heading. Read from the lines, so front matter still being written (no closing
/// `---` yet) counts too.
public struct TitleCompletionContext: Sendable, Hashable {
  public enum Place: Sendable, Hashable {
    /// The value of `title:` in front matter, on `line` (0-based).
    case frontMatter(line: Int)
    /// The text of the note's first heading.
    case heading
  }

  /// Titles are looked up once this many characters are typed.
  public static let minimumCharacters = 3

  public var place: Place
  /// The bytes a chosen title replaces: the whole value or heading text.
  public var range: Range<Int>
  /// What is typed from the start of the value to the cursor, spaces trimmed.
  public var typed: String

  /// The context at byte `offset` of `doc`, `nil` elsewhere or when fewer than
  /// ``minimumCharacters`` characters are typed.
  public static func find(at offset: Int, in doc: NoteDocument) -> TitleCompletionContext? {
    guard let context = at(offset, in: doc), context.typed.count >= minimumCharacters else { return nil }
    return context
  }

  /// The title under byte `offset` however much of it is typed: for hover.
  public static func at(_ offset: Int, in doc: NoteDocument) -> TitleCompletionContext? {
    let offset = doc.scalarBoundary(atOrBefore: min(max(offset, 0), doc.utf8Count))
    return inFrontMatter(offset, doc) ?? inFirstHeading(offset, doc)
  }

  private static func inFrontMatter(_ offset: Int, _ doc: NoteDocument) -> TitleCompletionContext? {
    let line = doc.lines.lineContaining(offset)
    guard let entries = FrontMatterLines(doc, through: line), let entry = entries.entry(onLine: line),
      entry.key == "title", offset >= entry.value.lowerBound
    else { return nil }
    let typed = doc.text.string(in: entry.value.lowerBound..<offset).trimmingSpaces
    return TitleCompletionContext(place: .frontMatter(line: line), range: entry.value, typed: typed)
  }

  private static func inFirstHeading(_ offset: Int, _ doc: NoteDocument) -> TitleCompletionContext? {
    guard let heading = firstHeading(of: doc), let content = heading.child(.inlineContent),
      content.range.lowerBound <= offset, offset <= content.range.upperBound
    else { return nil }
    let typed = doc.text.string(in: content.range.lowerBound..<offset).trimmingSpaces
    return TitleCompletionContext(place: .heading, range: content.range, typed: typed)
  }
}

/// The `key: value` lines of front matter read line by line from the opening `---`,
/// whether or not it is closed yet.
struct FrontMatterLines {
  struct Entry {
    var line: Int
    /// Lowercased.
    var key: String
    /// The value's bytes, spaces trimmed at both ends (empty at the end of the line
    /// when there is no value).
    var value: Range<Int>
  }

  var entries: [Entry] = []
  /// The line of the closing `---` or `...`, `nil` while unclosed.
  var closingLine: Int?

  /// The front matter of `doc`, read through line `last` (or to its end when
  /// `last` is `nil`); `nil` when `doc` does not start with `---` or line `last` is
  /// past the closing fence.
  init?(_ doc: NoteDocument, through last: Int? = nil) {
    let lines = doc.lines
    guard lines.lineCount > 1, doc.text.string(in: lines.contentRange(ofLine: 0)).trimmingSpaces == "---" else {
      return nil
    }
    if let last, last < 1 { return nil }
    let end = min(last.map { $0 + 1 } ?? lines.lineCount, lines.lineCount)
    for number in 1..<end {
      let range = lines.contentRange(ofLine: number)
      let text = doc.text.string(in: range)
      let trimmed = text.trimmingSpaces
      if trimmed == "---" || trimmed == "..." {
        closingLine = number
        if let last, last >= number { return nil }
        return
      }
      guard let colon = text.utf8.firstIndex(of: UInt8(ascii: ":")) else { continue }
      let keyLength = text.utf8.distance(from: text.utf8.startIndex, to: colon)
      let key = String(text.utf8[..<colon])!.trimmingSpaces.lowercased()
      var valueStart = range.lowerBound + keyLength + 1
      var valueEnd = range.upperBound
      let bytes = Array(text.utf8[text.utf8.index(after: colon)...])
      var low = 0
      var high = bytes.count
      while low < high, bytes[low] == 0x20 || bytes[low] == 0x09 { low += 1 }
      while high > low, bytes[high - 1] == 0x20 || bytes[high - 1] == 0x09 { high -= 1 }
      valueEnd = valueStart + high
      valueStart += low
      entries.append(Entry(line: number, key: key, value: valueStart..<valueEnd))
    }
  }

  func entry(onLine line: Int) -> Entry? { entries.first { $0.line == line } }
  func entry(_ key: String) -> Entry? { entries.first { $0.key == key } }
}

/// A text edit in byte offsets.
public struct ByteEdit: Sendable, Hashable {
  public var range: Range<Int>
  public var text: String

  public init(range: Range<Int>, text: String) {
    self.range = range
    self.text = text
  }
}

/// What choosing a catalog book writes into a note's front matter besides the title.
public enum BookFill {
  /// The keys filled, in the order new lines are added.
  public static let keys = ["authors", "published", "isbn", "google-books-id"]

  /// Edits that set `authors`, `published`, `isbn` and `google-books-id` to `book`'s
  /// (those it has): an existing entry's value is replaced, missing ones are added as
  /// lines after `title:` on `titleLine`, in one insertion.
  public static func frontMatterEdits(for book: CatalogBook, in doc: NoteDocument, titleLine: Int) -> [ByteEdit] {
    guard let front = FrontMatterLines(doc) else { return [] }
    var edits: [ByteEdit] = []
    var added = ""
    let lineBreak = lineBreak(after: titleLine, in: doc)
    for key in keys {
      guard let value = value(of: key, in: book) else { continue }
      if let entry = front.entry(key) {
        edits.append(ByteEdit(range: entry.value, text: value))
      } else {
        added += lineBreak + key + ": " + value
      }
    }
    if !added.isEmpty {
      let end = doc.lines.contentRange(ofLine: titleLine).upperBound
      edits.append(ByteEdit(range: end..<end, text: added))
    }
    return edits
  }

  /// `book`'s value for front-matter `key`, as a line holds it.
  public static func value(of key: String, in book: CatalogBook) -> String? {
    switch key {
    case "authors":
      guard !book.authors.isEmpty else { return nil }
      if book.authors.count == 1, !book.authors[0].contains(",") { return book.authors[0] }
      return "[" + book.authors.map { $0.contains(",") ? "\"\($0)\"" : $0 }.joined(separator: ", ") + "]"
    case "published": return book.published
    case "isbn": return book.isbn
    case "google-books-id": return book.id
    default: return nil
    }
  }

  /// The line break that ends `line` (`\n` when it has none).
  static func lineBreak(after line: Int, in doc: NoteDocument) -> String {
    let end = doc.lines.contentRange(ofLine: line).upperBound
    let next = doc.lines.startOfLine(line + 1)
    guard next > end else { return "\n" }
    return doc.text.string(in: end..<next)
  }
}

/// Where a front-matter key or a `status:` value is being typed.
public struct FrontMatterCompletionContext: Sendable, Hashable {
  public enum Kind: Sendable, Hashable {
    /// A key at the start of a line; `present` are the keys the front matter has.
    case key(present: [String])
    /// The value of `status:`.
    case status
  }

  /// The keys with a meaning, in the order they are offered.
  public static let keys = [
    "title", "subtitle", "authors", "published", "isbn", "google-books-id", "status", "started", "finished",
    "rating", "tags",
  ]

  public var kind: Kind
  /// The bytes a completion replaces.
  public var range: Range<Int>

  public static func find(at offset: Int, in doc: NoteDocument) -> FrontMatterCompletionContext? {
    let offset = doc.scalarBoundary(atOrBefore: min(max(offset, 0), doc.utf8Count))
    let line = doc.lines.lineContaining(offset)
    guard let front = FrontMatterLines(doc, through: line) else { return nil }
    let lineRange = doc.lines.contentRange(ofLine: line)
    if let entry = front.entry(onLine: line) {
      guard entry.key == "status", offset >= entry.value.lowerBound else { return nil }
      return FrontMatterCompletionContext(
        kind: .status, range: entry.value.lowerBound..<max(offset, entry.value.upperBound))
    }
    let before = doc.text.string(in: lineRange.lowerBound..<offset)
    guard before.utf8.allSatisfy({ isKeyByte($0) }) else { return nil }
    let present = (FrontMatterLines(doc)?.entries ?? front.entries).map(\.key)
    return FrontMatterCompletionContext(kind: .key(present: present), range: lineRange)
  }

  private static func isKeyByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "-"),
      UInt8(ascii: "_"):
      true
    default: false
    }
  }
}
