import NoteSyntax

/// A book as an export file describes it (a Kindle's clippings, a Goodreads or
/// StoryGraph reading list): what goes into the book's note.
public struct ImportedBook: Sendable, Equatable {
  public var title: String
  public var authors: [String]
  /// Digits (and `X`) as the file gives them; `nil` when it has none.
  public var isbn: String?
  /// An Amazon ASIN that a reading list gives instead of an ISBN.
  public var asin: String?
  /// Front matter entries in the order a new note writes them.
  public var fields: [ImportField]
  /// In location order.
  public var highlights: [KindleHighlight]
  /// The reader's review, as plain text.
  public var review: String?

  public init(
    title: String, authors: [String], isbn: String? = nil, asin: String? = nil, fields: [ImportField] = [],
    highlights: [KindleHighlight] = [], review: String? = nil
  ) {
    self.title = title
    self.authors = authors
    self.isbn = isbn
    self.asin = asin
    self.fields = fields
    self.highlights = highlights
    self.review = review
  }
}

/// One front matter entry an import writes.
public struct ImportField: Sendable, Equatable {
  /// Lowercase, as notes write it: `isbn`, `rating`, `finished`.
  public var key: String
  public var value: Value

  public enum Value: Sendable, Equatable {
    /// Text, quoted when YAML would read it otherwise.
    case text(String)
    /// A date, year, number or ISBN written as it is (quoted only when YAML would not
    /// read back the same characters).
    case literal(String)
    /// A flow list, `[psychology, favorites]`; one item without a comma plain, as
    /// ``BookFill`` writes one author.
    case list([String])
  }

  public init(_ key: String, _ value: Value) {
    self.key = key
    self.value = value
  }

  /// The value as written after `key: `.
  public var written: String {
    switch value {
    case .text(let text): YAMLScalar.written(text)
    case .literal(let text): YAMLScalar.written(text, as: .literal)
    case .list(let items) where items.count == 1 && !items[0].contains(","): YAMLScalar.written(items[0])
    case .list(let items): "[" + items.map { YAMLScalar.written($0, inFlowList: true) }.joined(separator: ", ") + "]"
    }
  }

  /// Whether `existing` (a value as ``BookInfo/fields`` holds it) says the same.
  func matches(_ existing: String) -> Bool {
    switch value {
    case .text(let text), .literal(let text): existing == text
    case .list(let items): BookInfo.list(existing) == items
    }
  }
}

/// A highlight from a Kindle, with the reader's notes on it.
public struct KindleHighlight: Sendable, Equatable {
  /// The highlighted text; a note that sits on no highlight has its text here and
  /// ``isNote`` set.
  public var text: String
  /// The page as the device printed it (`20`, `xii`); `nil` for a book without pages.
  public var page: String?
  public var location: ClosedRange<Int>?
  /// The reader's notes on the highlight.
  public var notes: [String] = []
  /// A note on no highlight.
  public var isNote = false

  public init(text: String, page: String? = nil, location: ClosedRange<Int>? = nil) {
    self.text = text
    self.page = page
    self.location = location
  }

  /// `(p. 20)`, else `(loc. 301)`, else nothing: the quote's citation.
  public var citation: String? {
    if let page { return "(p. \(page))" }
    if let location { return "(loc. \(location.lowerBound))" }
    return nil
  }
}

/// Why an import file cannot be read.
public struct ImportFileError: Error, Sendable, Equatable, CustomStringConvertible {
  public let message: String
  public init(_ message: String) { self.message = message }
  public var description: String { message }
}

/// What imports share: a file's text, dates, ratings.
enum ImportText {
  /// The text of `bytes` without byte-order marks, with line ends as `\n`; an error
  /// when it is not UTF-8 or holds NUL bytes (a binary file).
  static func lines(_ bytes: [UInt8]) -> Result<String, ImportFileError> {
    if bytes.contains(0) { return .failure(ImportFileError("it is a binary file, not text")) }
    guard let text = String(validating: bytes, as: UTF8.self) else {
      return .failure(ImportFileError("it is not UTF-8 text"))
    }
    var scalars = String.UnicodeScalarView()
    var previous: Unicode.Scalar?
    for scalar in text.unicodeScalars {
      defer { previous = scalar }
      if scalar == "\u{FEFF}" { continue }
      if scalar == "\n" && previous == "\r" { continue }
      scalars.append(scalar == "\r" ? "\n" : scalar)
    }
    return .success(String(scalars))
  }

  /// `2021/01/30` or `2021-1-3` as `2021-01-30`; `nil` for anything else.
  static func date(_ value: String) -> String? {
    let parts = value.trimmingSpaces.split(whereSeparator: { $0 == "/" || $0 == "-" })
    guard parts.count == 3, parts[0].count == 4, parts.allSatisfy({ $0.allSatisfy(\.isASCII) }),
      let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
      (1...12).contains(month), (1...31).contains(day), year > 0
    else { return nil }
    func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
    return "\(parts[0])-\(two(month))-\(two(day))"
  }

  /// A rating of 0 to 5 as front matter writes it, to the nearest half (`4.5`, `4`);
  /// `nil` when unrated (`0`, empty) or not a number.
  static func rating(_ value: String) -> String? {
    guard let number = Double(value.trimmingSpaces), number.isFinite, number > 0 else { return nil }
    let halves = min(10, max(1, (number * 2).rounded()))
    return halves.truncatingRemainder(dividingBy: 2) == 0 ? String(Int(halves / 2)) : String(halves / 2)
  }

  /// An ISBN-10 or ISBN-13 with a valid check digit, as its digits; `nil` otherwise.
  static func isbn(_ value: String) -> String? {
    let digits = value.filter { $0.isASCII && ($0.isNumber || $0 == "X" || $0 == "x") }.uppercased()
    guard digits.count == 10 || digits.count == 13, FrontMatterValues.isValidISBN(Array(digits.utf8)) else {
      return nil
    }
    return digits
  }

  /// An Amazon ASIN (`B0…`, ten capitals and digits), `nil` otherwise.
  static func asin(_ value: String) -> String? {
    let text = value.trimmingSpaces
    return FrontMatterValues.isASIN(Array(text.utf8)) ? text : nil
  }
}
