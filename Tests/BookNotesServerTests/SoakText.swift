import BookNotesTestSupport
import JSONCore

/// A note as a client holds it: UTF-8 bytes, edited by protocol ranges clamped as the
/// server's contract says (a line past the end is the end of the text, a column past
/// a line's end is the end of its content, a column inside a character is its start,
/// an inverted range collapses to its start). Written apart from the server's code,
/// so the two are checked against each other.
struct SoakText {
  enum Encoding: String {
    case utf8 = "utf-8"
    case utf16 = "utf-16"
    case utf32 = "utf-32"
  }

  private(set) var bytes: [UInt8]
  let encoding: Encoding
  /// Per line: where it starts and where its content ends (before its line break).
  private(set) var lines: [(start: Int, end: Int)] = []

  init(_ text: String, encoding: Encoding) {
    bytes = Array(text.utf8)
    self.encoding = encoding
    indexLines()
  }

  var string: String { String(decoding: bytes, as: UTF8.self) }

  private mutating func indexLines() {
    lines.removeAll(keepingCapacity: true)
    var start = 0
    var i = 0
    while i < bytes.count {
      switch bytes[i] {
      case UInt8(ascii: "\n"):
        lines.append((start, i))
        start = i + 1
      case UInt8(ascii: "\r"):
        lines.append((start, i))
        if i + 1 < bytes.count && bytes[i + 1] == UInt8(ascii: "\n") { i += 1 }
        start = i + 1
      default: break
      }
      i += 1
    }
    lines.append((start, bytes.count))
  }

  /// The bytes of the character starting with `lead`.
  static func length(_ lead: UInt8) -> Int { lead < 0x80 ? 1 : lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2 }

  /// Columns the character of `length` bytes spans.
  func width(_ length: Int) -> Int {
    switch encoding {
    case .utf8: length
    case .utf16: length == 4 ? 2 : 1
    case .utf32: 1
    }
  }

  /// Columns of line `line`'s content.
  func columns(ofLine line: Int) -> Int {
    var units = 0
    var i = lines[line].start
    while i < lines[line].end {
      let length = Self.length(bytes[i])
      units += width(length)
      i += length
    }
    return units
  }

  /// The byte offset of a protocol position, clamped.
  func offset(line: Int, column: Int) -> Int {
    guard line < lines.count else { return bytes.count }
    var units = 0
    var i = lines[line].start
    while i < lines[line].end {
      let length = Self.length(bytes[i])
      if units + width(length) > column { break }
      units += width(length)
      i += length
    }
    return i
  }

  /// The protocol position of byte `offset` (a character boundary).
  func position(of offset: Int) -> (line: Int, column: Int) {
    var low = 0
    var high = lines.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if lines[middle].start <= offset { low = middle } else { high = middle - 1 }
    }
    var units = 0
    var i = lines[low].start
    while i < min(offset, lines[low].end) {
      let length = Self.length(bytes[i])
      units += width(length)
      i += length
    }
    return (low, units)
  }

  /// Applies one change as the server must: `range` (start and end line and column)
  /// or, without one, the whole text.
  mutating func apply(_ range: (Int, Int, Int, Int)?, _ text: String) {
    if let range {
      let lower = offset(line: range.0, column: range.1)
      let upper = max(lower, offset(line: range.2, column: range.3))
      bytes.replaceSubrange(lower..<upper, with: Array(text.utf8))
    } else {
      bytes = Array(text.utf8)
    }
    indexLines()
  }
}

/// Random note text: the Mini Markdown constructs, line breaks of every kind, emoji,
/// combining marks and CJK.
enum SoakWords {
  static let pieces = [
    "# ", "## ", "### ", "Q: ", "A: ", "Q:", "> ", "- ", "1. ", "tl;dr: ", "Summary: ", "?[hint](answer)", "?[",
    "](", ")", "(", "[", "]", "#books/2021", "#idea", " #tag", "#bias/anchoring", "#mood/😀", "**", "*", "_", "`",
    "```\n", "~~~sh\n", "---\n", "title: ", "status: reading\n", "tags: a, b\n", "[link](thinking.md)",
    "[gone](missing.md)", "![cover](cover.png)", "<https://example.com>", "😀", "👩‍👩‍👧", "🇫🇷", "東京", "é", "e\u{301}",
    "\r\n", "\n", "\r", "\n\n", "\t", " ", "  ", "word", "the", "System one", "zeppelin", "(p. 42)", "— p. 3", ":",
    "#", "/", "\\", "café", "Ünïcödé",
  ]

  static let typed = Array("abcdefghijklmnopqrstuvwxyz #Q:A>?[]()*_`-\n\r😀é東")

  /// One to `count` pieces.
  static func phrase(_ rng: inout SplitMix, count: Int = 6) -> String {
    (0..<Int.random(in: 1...count, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined()
  }

  /// A whole note of about `lines` lines.
  static func note(_ rng: inout SplitMix, lines: Int, crlf: Bool = false) -> String {
    var text = ""
    if Bool.random(using: &rng) {
      let (book, year) = (Int.random(in: 0..<50, using: &rng), Int.random(in: 2000..<2030, using: &rng))
      text += "---\ntitle: Book \(book)\nstatus: reading\ntags: soak, books/\(year)\n---\n"
    }
    text += "# \(phrase(&rng, count: 3))\n\n"
    for _ in 0..<lines {
      let starts = ["", "", "Q: ", "A: ", "> ", "## ", "- ", "tl;dr: ", "#idea "]
      text += starts.randomElement(using: &rng)! + phrase(&rng) + "\n"
      if Int.random(in: 0..<4, using: &rng) == 0 { text += "\n" }
    }
    return crlf ? text.replacingLineFeeds() : text
  }
}

extension String {
  /// `\n` made `\r\n`.
  func replacingLineFeeds() -> String {
    split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\r\n")
  }
}

extension JSONValue {
  /// A protocol range value.
  static func range(_ range: (Int, Int, Int, Int)) -> JSONValue {
    [
      "start": ["line": .int(range.0), "character": .int(range.1)],
      "end": ["line": .int(range.2), "character": .int(range.3)],
    ]
  }
}
