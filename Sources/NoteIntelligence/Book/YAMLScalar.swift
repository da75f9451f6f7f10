/// Values written into front matter so that a YAML reader reads them back as written:
/// plain when YAML would read the plain text as the same string, single-quoted
/// otherwise (a title with `: `, a leading `#` or quote, `yes`, `1984`).
public enum YAMLScalar {
  /// How a value is read when written plain.
  public enum Kind: Sendable {
    /// Text: quoted also when YAML would read it as a number, a date, a boolean or null.
    case text
    /// A value whose YAML type may follow its form (a year, a date, an ISBN): quoted
    /// only when it would not read back as the same characters.
    case literal
  }

  /// `value` on one line (line breaks and tabs become spaces), plain or single-quoted.
  /// `inFlowList`: an item of `[a, b]`, where `,`, `[`, `]`, `{` and `}` also need quotes.
  public static func written(_ value: String, as kind: Kind = .text, inFlowList: Bool = false) -> String {
    let line = String(
      String.UnicodeScalarView(
        value.unicodeScalars.map { $0 == "\n" || $0 == "\r" || $0 == "\t" ? " " : $0 }))
    guard needsQuotes(line, kind: kind, inFlowList: inFlowList) else { return line }
    return "'" + line.replacingAll("'", with: "''") + "'"
  }

  static func needsQuotes(_ value: String, kind: Kind, inFlowList: Bool) -> Bool {
    let scalars = Array(value.unicodeScalars)
    guard let first = scalars.first, let last = scalars.last else { return true }
    if first == " " || last == " " || last == ":" { return true }
    // Indicators that open another kind of node, whatever follows them.
    if "#&*!|>'\"%@`{[]},".unicodeScalars.contains(first) { return true }
    // `-`, `?` and `:` open one when a space or nothing follows.
    if "-?:".unicodeScalars.contains(first), scalars.count == 1 || scalars[1] == " " { return true }
    for index in scalars.indices.dropLast() {
      // `key: value` and ` # comment` inside the value.
      if scalars[index] == ":" && scalars[index + 1] == " " { return true }
      if scalars[index] == " " && scalars[index + 1] == "#" { return true }
    }
    if inFlowList, scalars.contains(where: { ",[]{}".unicodeScalars.contains($0) }) { return true }
    if scalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) { return true }
    return kind == .text && readsAsOtherThanText(value)
  }

  /// Whether YAML (1.1 or 1.2) reads the plain `value` as a boolean, null, a number or
  /// a date rather than as text.
  static func readsAsOtherThanText(_ value: String) -> Bool {
    let words: Set<String> = ["true", "false", "yes", "no", "on", "off", "y", "n", "null", "~", ".nan", ".inf"]
    let lower = value.lowercased()
    if words.contains(lower) || lower == "-.inf" || lower == "+.inf" { return true }
    var body = Substring(lower)
    if body.first == "-" || body.first == "+" { body = body.dropFirst() }
    // Numbers, hexadecimal and octal included, and sexagesimal `1:30`; dates
    // `2024-05-01`. Every such form is made of digits and a few marks only.
    let numberMarks = Set("0123456789._:-+eoxabcdef")
    guard let firstDigit = body.first, firstDigit.isASCII, firstDigit.isNumber || firstDigit == "." else {
      return false
    }
    return body.allSatisfy { numberMarks.contains($0) } && body.contains(where: \.isNumber)
  }

  /// The text of a front-matter value as YAML reads it: without one pair of
  /// surrounding quotes, `''` in single quotes read as `'`, and `\"`, `\\`, `\n`, `\t`
  /// in double quotes as what they stand for. A value that is not quoted whole is
  /// returned as it is.
  public static func unquoted(_ value: String) -> String {
    guard let firstByte = value.utf8.first, firstByte == UInt8(ascii: "'") || firstByte == UInt8(ascii: "\"") else {
      return value
    }
    let scalars = Array(value.unicodeScalars)
    guard scalars.count >= 2, let first = scalars.first, first == scalars.last, first == "'" || first == "\"" else {
      return value
    }
    let inner = scalars[1..<(scalars.count - 1)]
    var result = String.UnicodeScalarView()
    var index = inner.startIndex
    while index < inner.endIndex {
      let scalar = inner[index]
      let next = index + 1 < inner.endIndex ? inner[index + 1] : nil
      if first == "'", scalar == "'", next == "'" {
        result.append("'")
        index += 2
        continue
      }
      if first == "\"", scalar == "\\", let next {
        switch next {
        case "n": result.append("\n")
        case "t": result.append("\t")
        case "\"", "\\", "/": result.append(next)
        default:
          result.append(scalar)
          result.append(next)
        }
        index += 2
        continue
      }
      result.append(scalar)
      index += 1
    }
    return String(result)
  }
}

extension String {
  /// Every `target` replaced by `replacement`.
  fileprivate func replacingAll(_ target: Character, with replacement: String) -> String {
    var result = ""
    for character in self {
      if character == target { result += replacement } else { result.append(character) }
    }
    return result
  }
}
