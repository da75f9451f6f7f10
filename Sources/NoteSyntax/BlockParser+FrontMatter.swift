extension BlockParser {
  /// Front matter at offset 0 whose first line (`---`) ends at `firstLineEnd`. Returns
  /// false, leaving the builder to be reset, when no closing fence follows.
  mutating func frontMatter(firstLineEnd: Int) -> Bool {
    let node = builder.open(.frontMatter, at: 0)
    builder.leaf(.frontMatterFence, 0, 3)
    var lineStart = nextLine(firstLineEnd)
    while lineStart < n {
      let e = examineLine(lineStart)
      if LineMarkers.isFence(p, lineStart, e, UInt8(ascii: "-"))
        || LineMarkers.isFence(p, lineStart, e, UInt8(ascii: "."))
      {
        builder.leaf(.frontMatterFence, lineStart, lineStart + 3)
        builder.close(node, at: nextLine(e))
        return true
      }
      entry(lineStart, e)
      lineStart = nextLine(e)
    }
    return false
  }

  private mutating func entry(_ s: Int, _ e: Int) {
    var j = s
    while j < e && (ByteClass.isASCIIAlphanumeric(p[j]) || p[j] == UInt8(ascii: "-") || p[j] == UInt8(ascii: "_")) {
      j += 1
    }
    guard j > s, j < e, p[j] == UInt8(ascii: ":"), j + 1 == e || ByteClass.isSpaceOrTab(p[j + 1]) else {
      if !LineMarkers.isBlank(p, s, e) { builder.leaf(.frontMatterInvalidLine, s, LineMarkers.trimEnd(p, s, e)) }
      return
    }
    let node = builder.open(.frontMatterEntry, at: s)
    builder.leaf(.frontMatterKey, s, j)
    let valueStart = LineMarkers.skipSpaces(p, j + 1, e)
    let valueEnd = LineMarkers.trimEnd(p, valueStart, e)
    if valueEnd > valueStart {
      builder.leaf(.frontMatterValue, valueStart, valueEnd)
      if !FrontMatterValues.isValid(key: Array(p[s..<j]), value: Array(p[valueStart..<valueEnd])) {
        builder.finding(.frontMatterBadValue, valueStart, valueEnd)
      }
    }
    builder.close(node, at: valueEnd > valueStart ? valueEnd : j + 1)
  }
}

/// Checks the values of front matter keys that have a fixed form.
public enum FrontMatterValues {
  /// The values `status` accepts.
  public static let statuses = ["reading", "wishlist", "finished", "archived"]

  static func isValid(key: [UInt8], value: [UInt8]) -> Bool {
    let value = unquoted(value)
    switch String(decoding: key, as: UTF8.self).lowercased() {
    case "status": return statuses.contains(String(decoding: value, as: UTF8.self).lowercased())
    case "rating": return value.count == 1 && value[0] >= UInt8(ascii: "1") && value[0] <= UInt8(ascii: "5")
    case "isbn": return isValidISBN(value)
    default: return true
    }
  }

  static func unquoted(_ value: [UInt8]) -> [UInt8] {
    guard value.count >= 2, let first = value.first, first == value.last,
      first == UInt8(ascii: "\"") || first == UInt8(ascii: "'")
    else { return value }
    return Array(value[1..<(value.count - 1)])
  }

  /// Whether the text is an ISBN-10 or ISBN-13 with a correct check digit (hyphens and spaces ignored).
  public static func isValidISBN(_ text: some Sequence<UInt8>) -> Bool {
    let chars = text.filter { $0 != UInt8(ascii: "-") && $0 != ByteClass.space }
    if chars.count == 13 {
      guard chars.allSatisfy(ByteClass.isDigit) else { return false }
      var sum = 0
      for (i, c) in chars.enumerated() { sum += Int(c - 0x30) * (i % 2 == 0 ? 1 : 3) }
      return sum % 10 == 0
    }
    if chars.count == 10 {
      var sum = 0
      for (i, c) in chars.enumerated() {
        let digit: Int
        if ByteClass.isDigit(c) {
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
}
