import NoteSyntax

/// A reading list exported by Goodreads or StoryGraph (CSV with a header row) read into
/// books: title, authors, ISBN, rating, status, dates read, shelves and review.
public enum ReadingList {
  public enum Source: String, Sendable, CaseIterable {
    case goodreads
    case storygraph

    /// The name the service goes by.
    public var displayName: String { self == .goodreads ? "Goodreads" : "StoryGraph" }

    /// The columns a file must have to be this service's export.
    var requiredColumns: [String] {
      switch self {
      case .goodreads: ["Title", "Author", "ISBN", "ISBN13", "My Rating", "Exclusive Shelf"]
      case .storygraph: ["Title", "Authors", "ISBN/UID", "Read Status", "Star Rating"]
      }
    }
  }

  /// What a file gave: its books, and a line for each row that was skipped.
  public struct Parsed: Sendable, Equatable {
    public var books: [ImportedBook] = []
    public var skipped: [String] = []
  }

  /// Reads `bytes` as `source`'s export; an error when they are not its CSV.
  public static func parse(_ bytes: [UInt8], as source: Source) -> Result<Parsed, ImportFileError> {
    let text: String
    switch ImportText.lines(bytes) {
    case .success(let value): text = value
    case .failure(let error): return .failure(error)
    }
    let rows: [CSVRecords.Row]
    switch CSVRecords.parse(text) {
    case .success(let value): rows = value
    case .failure(let error): return .failure(error)
    }
    guard let header = rows.first else { return .failure(ImportFileError("it is empty")) }
    let columns = header.fields.map { $0.trimmingCharacters(in: " \t") }
    let missing = source.requiredColumns.filter { !columns.contains($0) }
    guard missing.isEmpty else {
      let names = missing.map { "'\($0)'" }.joined(separator: ", ")
      return .failure(ImportFileError("it is not a \(source.displayName) export: no \(names) column"))
    }
    var result = Parsed()
    for row in rows.dropFirst() where !row.fields.allSatisfy({ $0.trimmingCharacters(in: " \t").isEmpty }) {
      let record = Record(columns: columns, fields: row.fields)
      let title = record["Title"]
      guard !title.isEmpty else {
        result.skipped.append("line \(row.line): no title")
        continue
      }
      result.books.append(source == .goodreads ? goodreads(record) : storygraph(record))
    }
    return .success(result)
  }

  /// A row by column name; a column the row lacks is empty.
  struct Record {
    var columns: [String]
    var fields: [String]

    /// The field on one line: runs of spaces, tabs and line breaks as one space, none
    /// at the ends (a title or a name goes into a heading and front matter).
    subscript(_ name: String) -> String {
      text(name).split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).joined(separator: " ")
    }

    /// The field as written, line breaks kept (a review).
    func text(_ name: String) -> String {
      guard let index = columns.firstIndex(of: name), index < fields.count else { return "" }
      return fields[index].trimmingCharacters(in: " \t\n")
    }
  }

  /// A Goodreads row: ISBNs written `="0374275637"`, `My Rating` 0 for unrated, dates
  /// `YYYY/MM/DD`, the exclusive shelf as the status and the other shelves as tags.
  static func goodreads(_ record: Record) -> ImportedBook {
    let title = record["Title"]
    var authors = [record["Author"]].filter { !$0.isEmpty }
    authors += BookInfo.list(record["Additional Authors"]).filter { !authors.contains($0) }
    let isbn = ImportText.isbn(spreadsheetText(record["ISBN13"])) ?? ImportText.isbn(spreadsheetText(record["ISBN"]))
    let shelf = record["Exclusive Shelf"]
    var fields = [ImportField("title", .text(title))]
    if !authors.isEmpty { fields.append(ImportField("authors", .list(authors))) }
    if let isbn { fields.append(ImportField("isbn", .literal(isbn))) }
    let year = record["Year Published"]
    if year.count == 4, year.allSatisfy({ $0.isASCII && $0.isNumber }) {
      fields.append(ImportField("published", .literal(year)))
    }
    if let status = FrontMatterValues.status(shelf) { fields.append(ImportField("status", .literal(status))) }
    if let finished = ImportText.date(record["Date Read"]) {
      fields.append(ImportField("finished", .literal(finished)))
    }
    if let rating = ImportText.rating(record["My Rating"]) { fields.append(ImportField("rating", .literal(rating))) }
    let exclusive: Set<String> = ["read", "currently-reading", "to-read", shelf]
    let tags = BookInfo.list(record["Bookshelves"]).filter { !exclusive.contains($0) }.compactMap(tag)
    if !tags.isEmpty { fields.append(ImportField("tags", .list(tags))) }
    return ImportedBook(
      title: title, authors: authors, isbn: isbn, fields: fields, review: review(record.text("My Review")))
  }

  /// A StoryGraph row: `ISBN/UID` may be an ASIN, `Star Rating` may be fractional,
  /// `Dates Read` is a range (`2021/01/04-2021/01/30`, the last of several reads).
  static func storygraph(_ record: Record) -> ImportedBook {
    let title = record["Title"]
    let authors = BookInfo.list(record["Authors"])
    let identifier = record["ISBN/UID"]
    let isbn = ImportText.isbn(identifier)
    let asin = isbn == nil ? ImportText.asin(identifier) : nil
    var fields = [ImportField("title", .text(title))]
    if !authors.isEmpty { fields.append(ImportField("authors", .list(authors))) }
    if let isbn { fields.append(ImportField("isbn", .literal(isbn))) }
    if let asin { fields.append(ImportField("asin", .literal(asin))) }
    if let status = FrontMatterValues.status(record["Read Status"]) {
      fields.append(ImportField("status", .literal(status)))
    }
    var started: String?
    var finished: String?
    if let last = record["Dates Read"].split(separator: ",").last {
      let ends = last.split(separator: "-", maxSplits: 1).map { String($0) }
      // `2021/01/04-2021/01/30`: the dates use `/`, so the one `-` between them splits.
      if ends.count == 2 {
        started = ImportText.date(ends[0])
        finished = ImportText.date(ends[1])
      } else {
        finished = ImportText.date(String(last))
      }
    }
    finished = finished ?? ImportText.date(record["Last Date Read"])
    if let started { fields.append(ImportField("started", .literal(started))) }
    if let finished { fields.append(ImportField("finished", .literal(finished))) }
    if let rating = ImportText.rating(record["Star Rating"]) { fields.append(ImportField("rating", .literal(rating))) }
    let tags = BookInfo.list(record["Tags"]).compactMap(tag)
    if !tags.isEmpty { fields.append(ImportField("tags", .list(tags))) }
    return ImportedBook(
      title: title, authors: authors, isbn: isbn, asin: asin, fields: fields, review: review(record.text("Review")))
  }

  /// A shelf or tag as a hashtag: words joined by `-` (a tag holds no space), no `#`;
  /// `nil` when nothing is left.
  static func tag(_ name: String) -> String? {
    let words = name.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "#" })
    return words.isEmpty ? nil : words.joined(separator: "-")
  }

  /// A spreadsheet formula's text: `="0374275637"` → `0374275637`, `=""` → empty.
  static func spreadsheetText(_ value: String) -> String {
    guard value.hasPrefix("=") else { return value }
    var text = value.dropFirst()
    if text.hasPrefix("\"") && text.hasSuffix("\"") && text.count >= 2 { text = text.dropFirst().dropLast() }
    return String(text)
  }

  /// A review as plain text: Goodreads' `<br/>` as line breaks; `nil` when empty.
  static func review(_ value: String) -> String? {
    var text = ""
    var rest = Substring(value)
    while !rest.isEmpty {
      if let tag = ["<br/>", "<br />", "<br>"].first(where: { rest.hasPrefix($0) }) {
        text += "\n"
        rest = rest.dropFirst(tag.count)
      } else {
        text.append(rest.removeFirst())
      }
    }
    let trimmed = text.trimmingCharacters(in: " \t\n")
    return trimmed.isEmpty ? nil : trimmed
  }
}

/// Comma-separated records as RFC 4180 writes them: fields in double quotes may hold
/// commas, line breaks and doubled quotes.
enum CSVRecords {
  struct Row: Equatable {
    /// The line the row starts on, from 1.
    var line: Int
    var fields: [String]
  }

  /// The rows of `text` (line ends already `\n`); an error for a quoted field that is
  /// never closed.
  static func parse(_ text: String) -> Result<[Row], ImportFileError> {
    var rows: [Row] = []
    var fields: [String] = []
    var field = String.UnicodeScalarView()
    var line = 1
    var rowLine = 1
    var quoted = false
    var quoteLine = 1
    var afterQuote = false
    var scalars = text.unicodeScalars.makeIterator()
    var pending = scalars.next()
    while let scalar = pending {
      pending = scalars.next()
      if quoted {
        if scalar == "\"" {
          if pending == "\"" {
            field.append("\"")
            pending = scalars.next()
          } else {
            quoted = false
            afterQuote = true
          }
        } else {
          if scalar == "\n" { line += 1 }
          field.append(scalar)
        }
        continue
      }
      switch scalar {
      case "\"" where field.isEmpty && !afterQuote:
        quoted = true
        quoteLine = line
      case ",":
        fields.append(String(field))
        field = String.UnicodeScalarView()
        afterQuote = false
      case "\n":
        fields.append(String(field))
        rows.append(Row(line: rowLine, fields: fields))
        fields = []
        field = String.UnicodeScalarView()
        afterQuote = false
        line += 1
        rowLine = line
      default:
        field.append(scalar)
      }
    }
    if quoted {
      return .failure(ImportFileError("line \(quoteLine): a quoted field is never closed"))
    }
    if !field.isEmpty || !fields.isEmpty {
      fields.append(String(field))
      rows.append(Row(line: rowLine, fields: fields))
    }
    return .success(rows)
  }
}
