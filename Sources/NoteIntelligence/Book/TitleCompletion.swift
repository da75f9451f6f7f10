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
  /// With the note's file `path`, only a level-1 heading is a title (a note without
  /// one is named by its file name, ``noteTitle(of:path:)``).
  public static func find(at offset: Int, in doc: NoteDocument, path: String? = nil) -> TitleCompletionContext? {
    guard let context = at(offset, in: doc, path: path), context.typed.count >= minimumCharacters else { return nil }
    return context
  }

  /// The title under byte `offset` however much of it is typed: for hover.
  public static func at(_ offset: Int, in doc: NoteDocument, path: String? = nil) -> TitleCompletionContext? {
    let offset = doc.scalarBoundary(atOrBefore: min(max(offset, 0), doc.utf8Count))
    let level = path.flatMap(titleFileName) == nil ? nil : 1
    return inFrontMatter(offset, doc) ?? inFirstHeading(offset, doc, level: level)
  }

  private static func inFrontMatter(_ offset: Int, _ doc: NoteDocument) -> TitleCompletionContext? {
    let line = doc.lines.lineContaining(offset)
    guard let entries = FrontMatterLines(doc, through: line), let entry = entries.entry(onLine: line),
      entry.key == "title", offset >= entry.value.lowerBound
    else { return nil }
    let typed = doc.text.string(in: entry.value.lowerBound..<offset).trimmingSpaces
    return TitleCompletionContext(place: .frontMatter(line: line), range: entry.value, typed: typed)
  }

  private static func inFirstHeading(_ offset: Int, _ doc: NoteDocument, level: Int?) -> TitleCompletionContext? {
    guard let heading = firstHeading(of: doc, level: level), let content = heading.child(.inlineContent),
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
    /// The value's bytes on the key's line, spaces trimmed at both ends (empty at the
    /// end of the line when there is no value there).
    var value: Range<Int>
    /// The last line of the value: `line`, or the last of the indented lines and `- `
    /// items that follow it (a block list, a multi-line string).
    var lastLine: Int
  }

  var entries: [Entry] = []
  /// The line of the closing `---` or `...`, `nil` while unclosed.
  var closingLine: Int?

  /// The front matter of `doc`, read through line `last` (or to its end when
  /// `last` is `nil`); `nil` when `doc` does not start with `---` or line `last` is
  /// past the closing fence.
  init?(_ doc: NoteDocument, through last: Int? = nil) {
    let lines = doc.lines
    // A byte-order mark before the opening `---` does not hide it.
    let opening = doc.text.string(in: lines.contentRange(ofLine: 0)).trimmingSpaces
    guard lines.lineCount > 1, opening == "---" || opening == "\u{FEFF}---" else { return nil }
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
      if !entries.isEmpty, !trimmed.isEmpty, Self.continuesAValue(text) {
        entries[entries.count - 1].lastLine = number
        continue
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
      entries.append(Entry(line: number, key: key, value: valueStart..<valueEnd, lastLine: number))
    }
  }

  /// Whether a line belongs to the value above it: indented, or a `- ` item.
  private static func continuesAValue(_ line: String) -> Bool {
    let bytes = Array(line.utf8.prefix(2))
    guard let first = bytes.first else { return false }
    if first == 0x20 || first == 0x09 { return true }
    return first == UInt8(ascii: "-") && (bytes.count == 1 || bytes[1] == 0x20 || bytes[1] == 0x09)
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

/// What choosing a catalog book writes into a note's front matter.
public enum BookFill {
  /// The keys filled besides the title, in the order new lines are added.
  public static let keys = ["authors", "published", "isbn", "google-books-id", "openlibrary-id"]

  /// The edits that choosing `book` for the `title:` value on `titleLine` makes: `title`
  /// replaces the value, `others` set `authors`, `published`, `isbn` and
  /// `google-books-id` (or `openlibrary-id`) to `book`'s (those it has); an `author:` line
  /// becomes `authors:`.
  ///
  /// Editors apply a completion's main edit and its additional edits in different
  /// orders (Neovim the additional ones first, eglot and lsp-mode after it), so the two
  /// never depend on each other: `others` lie on lines other than the title's, those
  /// above it keep their line count, and `title` adds no line, except when the title is
  /// on the note's last line, where `title` carries the new keys itself.
  public static func edits(choosing book: CatalogBook, titleLine: Int, in doc: NoteDocument)
    -> (title: ByteEdit, others: [ByteEdit])?
  {
    guard let front = FrontMatterLines(doc), let titleEntry = front.entry(onLine: titleLine),
      titleEntry.key == "title"
    else { return nil }
    let lineBreak = lineBreak(after: 0, in: doc)
    var title = ByteEdit(range: titleEntry.value, text: YAMLScalar.written(book.title))
    var others: [ByteEdit] = []
    var added: [String] = []
    for key in keys {
      guard let value = value(of: key, in: book) else { continue }
      if let entry = front.entry(key) {
        others += replacing(entry, with: value, keepingLines: entry.line < titleLine, in: doc)
      } else if key == "authors", var entry = front.entry("author") {
        // `author` (the alias) becomes `authors`.
        entry.value = doc.lines.contentRange(ofLine: entry.line).lowerBound..<entry.value.upperBound
        others += replacing(entry, with: "authors: " + value, keepingLines: entry.line < titleLine, in: doc)
      } else {
        added.append(key + ": " + value)
      }
      // An `author:` beside `authors:` would say otherwise: it goes (its lines
      // emptied above the title, so that the lines below keep their numbers).
      for alias in front.entries where key == "authors" && alias.key == "author" && front.entry("authors") != nil {
        let lines = alias.line...alias.lastLine
        if alias.line < titleLine {
          others += lines.map { ByteEdit(range: doc.lines.contentRange(ofLine: $0), text: "") }
        } else {
          others.append(
            ByteEdit(range: doc.lines.startOfLine(alias.line)..<doc.lines.startOfLine(alias.lastLine + 1), text: ""))
        }
      }
    }
    if !added.isEmpty {
      let next = titleEntry.lastLine + 1
      if next < doc.lines.lineCount {
        let start = doc.lines.startOfLine(next)
        others.append(ByteEdit(range: start..<start, text: added.map { $0 + lineBreak }.joined()))
      } else {
        title.text += added.map { lineBreak + $0 }.joined()
      }
    }
    return (title, others)
  }

  /// Edits that give `entry` the one-line `value`. A value running over several lines
  /// (a block list) becomes one line; with `keepingLines` its other lines are emptied
  /// rather than removed, so the lines below keep their numbers.
  private static func replacing(
    _ entry: FrontMatterLines.Entry, with value: String, keepingLines: Bool, in doc: NoteDocument
  )
    -> [ByteEdit]
  {
    // `key:` with nothing after it needs the space before a value.
    let value = entry.value.isEmpty ? " " + value : value
    guard entry.lastLine > entry.line else { return [ByteEdit(range: entry.value, text: value)] }
    let lastEnd = doc.lines.contentRange(ofLine: entry.lastLine).upperBound
    guard keepingLines else { return [ByteEdit(range: entry.value.lowerBound..<lastEnd, text: value)] }
    return [ByteEdit(range: entry.value, text: value)]
      + (entry.line + 1...entry.lastLine).map { ByteEdit(range: doc.lines.contentRange(ofLine: $0), text: "") }
  }

  /// `book`'s value for front-matter `key`, as a line holds it (quoted where YAML would
  /// misread it).
  public static func value(of key: String, in book: CatalogBook) -> String? {
    switch key {
    case "authors":
      guard !book.authors.isEmpty else { return nil }
      if book.authors.count == 1, !book.authors[0].contains(",") { return YAMLScalar.written(book.authors[0]) }
      return "[" + book.authors.map { YAMLScalar.written($0, inFlowList: true) }.joined(separator: ", ") + "]"
    case "published": return book.published.map { YAMLScalar.written($0, as: .literal) }
    case "isbn": return book.isbn.map { YAMLScalar.written($0, as: .literal) }
    case "google-books-id", "openlibrary-id":
      return key == book.source.idKey ? YAMLScalar.written(book.id, as: .literal) : nil
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
