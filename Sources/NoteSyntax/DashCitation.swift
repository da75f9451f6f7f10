/// A citation after a dash at the end of a quote's last line with text: `… — p. 6`,
/// `… – ch. 3`, `… -- Kahneman, p. 6`. The dash (an em dash, an en dash, a horizontal
/// bar, or two hyphens or more) follows a space or a tab, and all that follows it to
/// the line's end is a reference, perhaps after a name and a comma: a page, chapter,
/// location or section marker and a number (`p. 6`, `pp. 6–7`, `ch. IV`, `loc. 1234`,
/// `§ 3`). A dash inside a sentence, or one followed by anything else, is text.
enum DashCitation {
  /// The most bytes such a citation takes, from its dash to the line's end: the search
  /// for its dash reads no further back.
  static let maximumLength = 160

  /// The dash citation ending `start..<end` (a quote line's text without its trailing
  /// spaces), from its dash to `end`; `nil` when the text does not end in one. The dash
  /// is the last one after a space within ``maximumLength`` bytes of the end.
  static func find(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Range<Int>? {
    var d = end - 1
    let lowest = max(start + 1, end - maximumLength)
    while d >= lowest {
      if ByteClass.isSpaceOrTab(bytes[d - 1]) && startsDash(bytes, d, end) {
        return referenceFollows(bytes, afterDashes(bytes, d, end), end) ? d..<end : nil
      }
      d -= 1
    }
    return nil
  }

  /// Whether a run of dashes that may open a citation starts at `d`: a long dash or
  /// two hyphens. Without the bytes to tell (`end` comes first), a byte that may begin
  /// one counts.
  @inline(__always)
  static func startsDash(_ bytes: UnsafeBufferPointer<UInt8>, _ d: Int, _ end: Int) -> Bool {
    switch bytes[d] {
    case UInt8(ascii: "-"): d + 1 >= end || bytes[d + 1] == UInt8(ascii: "-")
    case 0xE2: d + 2 >= end || isLongDash(bytes, d, end)
    default: false
    }
  }

  /// An en dash (–), em dash (—) or horizontal bar (―) at `i`.
  @inline(__always)
  static func isLongDash(_ bytes: UnsafeBufferPointer<UInt8>, _ i: Int, _ end: Int) -> Bool {
    i + 2 < end && bytes[i] == 0xE2 && bytes[i + 1] == 0x80 && bytes[i + 2] >= 0x93 && bytes[i + 2] <= 0x95
  }

  /// Where the run of hyphens and long dashes at `d` ends.
  private static func afterDashes(_ bytes: UnsafeBufferPointer<UInt8>, _ d: Int, _ end: Int) -> Int {
    var i = d
    while i < end {
      if bytes[i] == UInt8(ascii: "-") {
        i += 1
      } else if isLongDash(bytes, i, end) {
        i += 3
      } else {
        break
      }
    }
    return i
  }

  /// Whether `start..<end` is a reference, or a name, a comma and a reference.
  private static func referenceFollows(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
    let start = LineMarkers.skipSpaces(bytes, start, end)
    if isReference(bytes, start, end) { return true }
    var i = start
    while i < end {
      if bytes[i] == UInt8(ascii: ",") && i > start
        && isReference(bytes, LineMarkers.skipSpaces(bytes, i + 1, end), end)
      {
        return true
      }
      i += 1
    }
    return false
  }

  /// Markers of a page, a location or a section, then a number.
  private static let markers: Set<[UInt8]> = Set(
    ["p", "pp", "pg", "pgs", "page", "pages", "loc", "location", "locations", "sec", "section", "sections"]
      .map { Array($0.utf8) })
  /// Markers of a chapter, then a number or a Roman numeral.
  private static let chapterMarkers: Set<[UInt8]> = Set(["ch", "chap", "chapter", "chapters"].map { Array($0.utf8) })

  /// Whether `start..<end` is one reference: a marker (`p`, `ch`, `loc`, `§`…), an
  /// optional period, a number, more numbers after `-`, `–`, `/` or `,`, and an optional
  /// period.
  private static func isReference(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
    var i = start
    var roman = false
    if i + 1 < end && bytes[i] == 0xC2 && bytes[i + 1] == 0xA7 {
      i += 2
      if i + 1 < end && bytes[i] == 0xC2 && bytes[i + 1] == 0xA7 { i += 2 }
    } else {
      var word: [UInt8] = []
      while i < end && word.count <= 9 && ByteClass.isASCIILetter(bytes[i]) {
        word.append(bytes[i] | 0x20)
        i += 1
      }
      roman = chapterMarkers.contains(word)
      guard roman || markers.contains(word) else { return false }
      if i < end && bytes[i] == UInt8(ascii: ".") { i += 1 }
    }
    i = LineMarkers.skipSpaces(bytes, i, end)
    guard let number = numberEnd(bytes, i, end, roman: roman) else { return false }
    i = number
    while i < end {
      var next = LineMarkers.skipSpaces(bytes, i, end)
      guard next < end else { break }
      if bytes[next] == UInt8(ascii: "-") || bytes[next] == UInt8(ascii: "/") || bytes[next] == UInt8(ascii: ",") {
        next += 1
      } else if isLongDash(bytes, next, end) {
        next += 3
      } else {
        break
      }
      guard let more = numberEnd(bytes, LineMarkers.skipSpaces(bytes, next, end), end, roman: roman) else { break }
      i = more
    }
    if i < end && bytes[i] == UInt8(ascii: ".") { i += 1 }
    return LineMarkers.skipSpaces(bytes, i, end) == end
  }

  /// The end of the number at `start`: digits, or with `roman` a Roman numeral.
  private static func numberEnd(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, roman: Bool) -> Int? {
    var i = start
    while i < end && ByteClass.isDigit(bytes[i]) { i += 1 }
    if i == start && roman {
      while i < end && romanDigits.contains(bytes[i] | 0x20) { i += 1 }
      // Not the start of a word: `ch. vivid` is no chapter.
      if i < end && ByteClass.isASCIILetter(bytes[i]) { return nil }
    }
    return i > start ? i : nil
  }

  private static let romanDigits = Array("ivxlcdm".utf8)
}
