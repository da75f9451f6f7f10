/// A Kindle's clippings file (`My Clippings.txt`) read into books: entries separated by
/// `==========`, each a `Title (Author)` line, a line such as `- Your Highlight on page
/// 12 | Location 140-142 | Added on …` in any of the Kindle's languages, a blank line
/// and the text.
public struct KindleClippings: Sendable, Equatable {
  /// In the order the file first names them; each book's highlights in location order.
  public var books: [ImportedBook] = []
  /// Bookmarks, which hold no text.
  public var bookmarks = 0
  /// Highlights in place of which the device wrote its clipping-limit placeholder
  /// (`<You have reached the clipping limit for this item>`).
  public var placeholders = 0
  /// Highlights an edit on the device replaced: a later entry covers their locations.
  public var replaced = 0
  /// Entries without a title line or a line that says what they are.
  public var unreadable = 0

  /// Reads `bytes`; an error when they are not UTF-8 text or hold no entry at all.
  public static func parse(_ bytes: [UInt8]) -> Result<KindleClippings, ImportFileError> {
    let text: String
    switch ImportText.lines(bytes) {
    case .success(let value): text = value
    case .failure(let error): return .failure(error)
    }
    var result = KindleClippings()
    var entries: [[Substring]] = [[]]
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.trimmingCharacters(in: " \t") == "==========" {
        entries.append([])
      } else {
        entries[entries.count - 1].append(line)
      }
    }
    var books: [String: Collected] = [:]
    var order: [String] = []
    var sawEntry = false
    for lines in entries {
      let content = Array(lines.drop { $0.trimmingCharacters(in: " \t").isEmpty })
      guard !content.isEmpty else { continue }
      sawEntry = true
      guard content.count >= 2, let meta = KindleEntryLine(String(content[1])) else {
        result.unreadable += 1
        continue
      }
      let titleLine = content[0].trimmingCharacters(in: " \t")
      let body = content.dropFirst(2).map { $0.trimmingCharacters(in: " \t") }
        .drop { $0.isEmpty }.reversed().drop { $0.isEmpty }.reversed().joined(separator: "\n")
      if books[titleLine] == nil {
        order.append(titleLine)
        books[titleLine] = Collected(titleLine: titleLine)
      }
      switch meta.kind {
      case .bookmark:
        result.bookmarks += 1
      case .highlight where body.hasPrefix("<") && body.hasSuffix(">") || body.isEmpty:
        result.placeholders += 1
      case .highlight:
        var highlight = KindleHighlight(text: body, page: meta.page, location: meta.location)
        highlight.isNote = false
        result.replaced += books[titleLine]!.add(highlight)
      case .note:
        guard !body.isEmpty else { continue }
        var note = KindleHighlight(text: body, page: meta.page, location: meta.location)
        note.isNote = true
        books[titleLine]!.notes.append(note)
      }
    }
    guard sawEntry, result.unreadable == 0 || !order.isEmpty else {
      return .failure(ImportFileError("it holds no Kindle clippings (entries separated by ==========)"))
    }
    result.books = order.compactMap { books[$0]!.book() }
    return .success(result)
  }

  /// A book's entries as the file gives them.
  private struct Collected {
    var titleLine: String
    var highlights: [KindleHighlight] = []
    var notes: [KindleHighlight] = []

    /// Adds `highlight`, dropping the earlier ones whose locations it covers (an edit
    /// on the device writes the highlight again); returns how many it dropped.
    mutating func add(_ highlight: KindleHighlight) -> Int {
      let before = highlights.count
      highlights.removeAll { earlier in
        if earlier.text == highlight.text && earlier.location == highlight.location { return true }
        guard let covering = highlight.location, let covered = earlier.location else { return false }
        return covering.lowerBound <= covered.lowerBound && covering.upperBound >= covered.upperBound
      }
      highlights.append(highlight)
      return before - (highlights.count - 1)
    }

    /// The book, its notes on the highlights whose locations hold them (the last such
    /// highlight) and the others on their own; `nil` when nothing is left.
    func book() -> ImportedBook? {
      var all = highlights
      for note in notes {
        let at = note.location?.lowerBound
        if let at, let index = all.lastIndex(where: { !$0.isNote && $0.location?.contains(at) == true }) {
          if !all[index].notes.contains(note.text) { all[index].notes.append(note.text) }
        } else if !all.contains(where: { $0.isNote && $0.text == note.text }) {
          all.append(note)
        }
      }
      guard !all.isEmpty else { return nil }
      // Stable: highlights without a location keep their place after those with one.
      let sorted = all.enumerated().sorted { a, b in
        let left = a.element.location?.lowerBound ?? Int.max
        let right = b.element.location?.lowerBound ?? Int.max
        return left != right ? left < right : a.offset < b.offset
      }.map(\.element)
      let (title, authors) = Self.titleAndAuthors(titleLine)
      var fields = [ImportField("title", .text(title))]
      if !authors.isEmpty { fields.append(ImportField("authors", .list(authors))) }
      return ImportedBook(title: title, authors: authors, fields: fields, highlights: sorted)
    }

    /// `Title (Last, First)` as the title and its authors: the last parenthesised part
    /// names them, `;` between two, each `Last, First` turned round.
    static func titleAndAuthors(_ line: String) -> (String, [String]) {
      let characters = Array(line)
      guard characters.last == ")" else { return (line, []) }
      var depth = 0
      var open: Int?
      for index in characters.indices.reversed() {
        if characters[index] == ")" { depth += 1 }
        if characters[index] == "(" {
          depth -= 1
          if depth == 0 {
            open = index
            break
          }
        }
      }
      guard let open, open > 0 else { return (line, []) }
      let title = String(characters[..<open]).trimmingCharacters(in: " \t")
      let inside = String(characters[(open + 1)..<(characters.count - 1)])
      let authors = inside.split(separator: ";").map { name -> String in
        let parts = name.split(separator: ",").map { $0.trimmingCharacters(in: " \t") }
        if parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty { return parts[1] + " " + parts[0] }
        return name.trimmingCharacters(in: " \t")
      }.filter { !$0.isEmpty }
      return (title.isEmpty ? line : title, authors)
    }
  }
}

/// The line under an entry's title: what the entry is and where it is in the book.
struct KindleEntryLine: Equatable {
  enum Kind { case highlight, note, bookmark }
  var kind: Kind
  var page: String?
  var location: ClosedRange<Int>?

  // The words of the Kindle's languages: English, German, French, Spanish, Italian,
  // Portuguese and Japanese.
  static let bookmarkWords = ["bookmark", "lesezeichen", "signet", "marcador", "segnalibro", "ブックマーク"]
  static let highlightWords = [
    "highlight", "markierung", "surlignement", "subrayado", "evidenziazione", "destaque", "ハイライト",
  ]
  static let noteWords = ["note", "notiz", "nota", "メモ"]
  static let pageWords = ["page", "seite", "página", "pagina", "ページ"]
  static let locationWords = ["location", "position", "emplacement", "posición", "posizione", "posição", "位置"]

  /// `nil` when the line names no kind of entry.
  init?(_ line: String) {
    var parts = line.split(separator: "|").map { Array($0.lowercased().utf8) }
    // The last part is when the entry was added, whose words and numbers say nothing here.
    if parts.count >= 2 { parts.removeLast() }
    let all = Array(parts.joined(separator: [UInt8(ascii: "|")]))
    if Self.contains(Self.bookmarkWords, in: all) {
      kind = .bookmark
    } else if Self.contains(Self.highlightWords, in: all) {
      kind = .highlight
    } else if Self.contains(Self.noteWords, in: all) {
      kind = .note
    } else {
      return nil
    }
    for part in parts {
      let text = String(decoding: part, as: UTF8.self)
      if Self.contains(Self.locationWords, in: part), let range = Self.numbers(in: text) {
        location = range
      } else if Self.contains(Self.pageWords, in: part), let range = Self.numbers(in: text) {
        page = String(range.lowerBound)
      }
    }
  }

  /// Whether `bytes` hold one of `words` (as UTF-8).
  static func contains(_ words: [String], in bytes: [UInt8]) -> Bool {
    words.contains { word in
      let needle = Array(word.utf8)
      guard let first = needle.first, needle.count <= bytes.count else { return false }
      var index = 0
      while index + needle.count <= bytes.count {
        if bytes[index] == first && bytes[index..<(index + needle.count)].elementsEqual(needle) { return true }
        index += 1
      }
      return false
    }
  }

  /// The first number of `text`, and the one after a `-` that follows it: `140-142`.
  static func numbers(in text: String) -> ClosedRange<Int>? {
    let scalars = Array(text.unicodeScalars)
    func number(from start: Int) -> (Int, Int)? {
      var end = start
      var value = 0
      while end < scalars.count, let digit = scalars[end].asciiDigit, end - start < 9 {
        value = value * 10 + digit
        end += 1
      }
      return end > start ? (value, end) : nil
    }
    guard let start = scalars.firstIndex(where: { $0.asciiDigit != nil }), let (first, end) = number(from: start)
    else { return nil }
    if end + 1 < scalars.count, scalars[end] == "-", let (second, _) = number(from: end + 1), second >= first {
      return first...second
    }
    return first...first
  }
}

extension Unicode.Scalar {
  fileprivate var asciiDigit: Int? { ("0"..."9").contains(self) ? Int(value - 48) : nil }
}

extension StringProtocol {
  /// The text without the given ASCII characters at either end.
  func trimmingCharacters(in set: String) -> String {
    let trimmed = Array(set.utf8)
    let bytes = Array(utf8)
    var start = 0
    var end = bytes.count
    while start < end, trimmed.contains(bytes[start]) { start += 1 }
    while end > start, trimmed.contains(bytes[end - 1]) { end -= 1 }
    // Cut only at ASCII bytes: the rest is whole UTF-8.
    return String(decoding: bytes[start..<end], as: UTF8.self)
  }
}
