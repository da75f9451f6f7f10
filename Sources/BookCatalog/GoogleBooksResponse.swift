import JSONCore
public import NoteIntelligence

/// Reads Google Books answers: volumes on 200, the error object otherwise. Every field
/// is optional; an item without an id or a title is left out. The texts a note or a
/// completion shows are made one line (runs of spaces, tabs and line breaks become one
/// space), so no answer can add a line to the front matter a book is written into.
public enum GoogleBooksResponse {
  /// The books of an answer with HTTP `status` and `body`, or the error it reports.
  public static func decode(status: Int, body: some Collection<UInt8>) throws(CatalogError) -> [CatalogBook] {
    let json = try? JSONParser.parse(body)
    guard status == 200 else { throw error(status: status, json: json) }
    guard let json, case .object = json else {
      throw .malformed(body.isEmpty ? "an empty body" : "not a JSON object")
    }
    if let total = json["totalItems"], total.intValue == nil {
      throw .malformed("totalItems is not a number")
    }
    guard let items = json["items"] else { return [] }
    guard let list = items.arrayValue else { throw .malformed("items is not an array") }
    return list.compactMap(book)
  }

  /// One volume, `nil` without an id or a title.
  static func book(_ item: JSONValue) -> CatalogBook? {
    guard let id = item["id"]?.stringValue.map(clean), !id.isEmpty, let info = item["volumeInfo"],
      let title = info["title"]?.stringValue.map(clean), !title.isEmpty
    else { return nil }
    var book = CatalogBook(id: id, title: title)
    book.subtitle = info["subtitle"]?.stringValue.map(clean).flatMap { $0.isEmpty ? nil : $0 }
    book.authors = (info["authors"]?.arrayValue ?? []).compactMap { $0.stringValue.map(clean) }.filter {
      !$0.isEmpty
    }
    book.publisher = info["publisher"]?.stringValue.map(clean).flatMap { $0.isEmpty ? nil : $0 }
    // A date (`2008`, `2008-05`, `2008-05-08`, a timestamp), nothing else: another text
    // there would be written into a new note's front matter.
    book.publishedDate = info["publishedDate"]?.stringValue.map(clean).flatMap { date in
      date.utf8.count <= 40 && date.utf8.prefix(4).count == 4
        && date.utf8.prefix(4).allSatisfy({ $0 >= 0x30 && $0 <= 0x39 })
        ? date : nil
    }
    for identifier in info["industryIdentifiers"]?.arrayValue ?? [] {
      guard let value = identifier["identifier"]?.stringValue.map(clean), !value.isEmpty else { continue }
      switch identifier["type"]?.stringValue {
      case "ISBN_13": book.isbn13 = book.isbn13 ?? value
      case "ISBN_10": book.isbn10 = book.isbn10 ?? value
      default: break
      }
    }
    if let pages = info["pageCount"]?.intValue, pages > 0 { book.pageCount = pages }
    let description = info["description"]?.stringValue ?? item["searchInfo"]?["textSnippet"]?.stringValue
    book.description = description.map(HTMLText.plain).flatMap { $0.isEmpty ? nil : $0 }
    let images = info["imageLinks"]
    if let image = images?["thumbnail"]?.stringValue ?? images?["smallThumbnail"]?.stringValue {
      book.thumbnail = CatalogBook.secure(image)
    }
    book.infoLink = info["infoLink"]?.stringValue.map(CatalogBook.secure)
    book.language = info["language"]?.stringValue
    return book
  }

  /// The error an answer with HTTP `status` reports, read from its body when it is
  /// Google's error object.
  static func error(status: Int, json: JSONValue?) -> CatalogError {
    let error = json?["error"]
    let message = error?["message"]?.stringValue ?? "no message"
    let reasons = (error?["errors"]?.arrayValue ?? []).compactMap { $0["reason"]?.stringValue }
    switch status {
    case 400:
      if reasons.contains("keyInvalid") || message.lowercased().contains("api key not valid") {
        return .badKey(message)
      }
      return .badRequest(message)
    case 401: return .badKey(message)
    case 403:
      if reasons.contains("unknownLocation") { return .unknownLocation(message) }
      return .forbidden(message)
    case 429:
      // Google tells the two quotas apart only in the message.
      let lowered = message.lowercased()
      if lowered.contains("per minute") || lowered.contains("per-minute") || lowered.contains("perminute") {
        return .quotaPerMinute(message)
      }
      return .quotaPerDay(message)
    case 500...599: return .unavailable(status, message)
    default: return .status(status, message)
    }
  }

  /// `text` as one line: runs of spaces, tabs and line breaks (`\r\n`, one character,
  /// among them) become one space, none left at either end.
  static func clean(_ text: String) -> String {
    text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0.isNewline }).joined(separator: " ")
  }
}

/// HTML as Google Books sends it in snippets and descriptions, made plain text: tags
/// dropped (a `<br>` or `<p>` becomes a space), entities unescaped, spaces collapsed.
public enum HTMLText {
  static let named: [String: String] = [
    "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": " ", "#39": "'", "mdash": "—",
    "ndash": "–", "hellip": "…", "rsquo": "’", "lsquo": "‘", "rdquo": "”", "ldquo": "“",
  ]

  public static func plain(_ html: String) -> String {
    var output = ""
    var index = html.startIndex
    while index < html.endIndex {
      let character = html[index]
      if character == "<", let close = html[index...].firstIndex(of: ">") {
        output.append(" ")
        index = html.index(after: close)
        continue
      }
      if character == "&", let semicolon = html[index...].prefix(12).firstIndex(of: ";") {
        let name = String(html[html.index(after: index)..<semicolon])
        if let decoded = entity(name) {
          output += decoded
          index = html.index(after: semicolon)
          continue
        }
      }
      output.append(character)
      index = html.index(after: index)
    }
    return output.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
  }

  static func entity(_ name: String) -> String? {
    if let text = named[name] { return text }
    guard name.hasPrefix("#") else { return nil }
    let digits = name.dropFirst()
    let value = digits.first == "x" || digits.first == "X" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
    return value.flatMap(Unicode.Scalar.init).map { String(Character($0)) }
  }
}
