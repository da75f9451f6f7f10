import NoteSyntax

/// The values of the front matter keys that have a fixed form (`status`, `rating`,
/// `isbn`): what other tools write for them, and which values are wrong. The parser reads
/// front matter as keys and values; what a value means is the book's, checked here.
public enum FrontMatterValues {
  /// The values `status` accepts.
  public static let statuses = ["reading", "wishlist", "finished", "abandoned", "archived"]

  /// The words other tools write for a status, each with the status it means, written
  /// without spaces, hyphens or underscores.
  static let statusWords: [String: String] = [
    "reading": "reading", "currentlyreading": "reading", "inprogress": "reading", "current": "reading",
    "wishlist": "wishlist", "toread": "wishlist", "wanttoread": "wishlist", "tbr": "wishlist",
    "finished": "finished", "read": "finished", "done": "finished", "completed": "finished",
    "abandoned": "abandoned", "didnotfinish": "abandoned", "dnf": "abandoned",
    "archived": "archived",
  ]

  /// The status `value` means (one of ``statuses``), case, spaces, hyphens and
  /// underscores aside; `nil` for any other word.
  public static func status(_ value: String) -> String? {
    let word = String(
      value.lowercased().unicodeScalars.filter { $0 != " " && $0 != "-" && $0 != "_" && $0 != "\t" })
    return statusWords[word]
  }

  /// The rating `value` gives: 1 to 5 in halves (`4.5`), or a run of one to five `★` or
  /// `⭐`; 0 for `0` (unrated); `nil` for anything else.
  public static func rating(_ value: String) -> Double? {
    let text = String(
      String(value.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }).reversed())
    if let number = Double(text), text.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }) {
      return number == 0 || ((1...5).contains(number) && (number * 2).rounded() == number * 2) ? number : nil
    }
    let stars = text.unicodeScalars.filter { $0 != "\u{FE0F}" }
    guard (1...5).contains(stars.count), stars.allSatisfy({ $0 == "★" || $0 == "⭐" }) else { return nil }
    return Double(stars.count)
  }

  /// Whether `value` is an Amazon ASIN (`B0` and eight letters or digits), which notes
  /// exported from a Kindle carry in `isbn`.
  public static func isASIN(_ value: some Collection<UInt8>) -> Bool {
    value.count == 10 && value.starts(with: [UInt8(ascii: "B"), UInt8(ascii: "0")])
      && value.allSatisfy { isDigit($0) || ($0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z")) }
  }

  /// A `front-matter-bad-value` finding for each value written on its key's line that
  /// the key does not accept, in order.
  static func badValues(of doc: NoteDocument) -> [SyntaxFinding] {
    guard doc.tree.blockCount > 0, doc.tree.blockKind(at: 0) == .frontMatter else { return [] }
    return badValues(in: doc.tree.block(at: 0), of: doc)
  }

  /// The bad values of `block`, a front matter block of `doc`.
  static func badValues(in block: SyntaxNode, of doc: NoteDocument) -> [SyntaxFinding] {
    var findings: [SyntaxFinding] = []
    for entry in block.children where entry.kind == .frontMatterEntry {
      guard let key = entry.child(.frontMatterKey), let value = entry.child(.frontMatterValue),
        doc.lines.lineContaining(value.range.lowerBound) == doc.lines.lineContaining(key.range.lowerBound),
        !isValid(key: doc.text.bytes(in: key.range), value: doc.text.bytes(in: value.range))
      else { continue }
      findings.append(SyntaxFinding(code: .frontMatterBadValue, range: value.range))
    }
    return findings
  }

  static func isValid(key: [UInt8], value: [UInt8]) -> Bool {
    let value = unquoted(value)
    switch String(decoding: key, as: UTF8.self).lowercased() {
    case "status": return status(String(decoding: value, as: UTF8.self)) != nil
    case "rating": return rating(String(decoding: value, as: UTF8.self)) != nil
    case "isbn": return isValidISBN(value)
    default: return true
    }
  }

  /// `value` without one pair of surrounding quotes.
  public static func unquoted(_ value: [UInt8]) -> [UInt8] {
    guard value.count >= 2, let first = value.first, first == value.last,
      first == UInt8(ascii: "\"") || first == UInt8(ascii: "'")
    else { return value }
    return Array(value[1..<(value.count - 1)])
  }

  /// Whether the text is an ISBN-10 or ISBN-13 with a correct check digit (hyphens and spaces ignored).
  public static func isValidISBN(_ text: some Sequence<UInt8>) -> Bool {
    let chars = text.filter { $0 != UInt8(ascii: "-") && $0 != UInt8(ascii: " ") }
    if chars.count == 13 {
      guard chars.allSatisfy(isDigit) else { return false }
      var sum = 0
      for (i, c) in chars.enumerated() { sum += Int(c - 0x30) * (i % 2 == 0 ? 1 : 3) }
      return sum % 10 == 0
    }
    if chars.count == 10 {
      var sum = 0
      for (i, c) in chars.enumerated() {
        let digit: Int
        if isDigit(c) {
          digit = Int(c - 0x30)
        } else if i == 9 && (c == UInt8(ascii: "X") || c == UInt8(ascii: "x")) {
          digit = 10
        } else {
          return false
        }
        sum += digit * (10 - i)
      }
      return sum % 11 == 0
    }
    return false
  }

  private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
}
