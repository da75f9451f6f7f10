/// CommonMark's seven kinds of HTML block: how each starts and ends.
extension LineMarkers {
  /// The kind of HTML block a line starts (1 to 7, as CommonMark numbers them), or
  /// `nil`. Kind 7 (any complete tag alone on its line) cannot interrupt a paragraph.
  static func htmlBlockKind(_ bytes: Buffer, _ i: Int, _ lineEnd: Int) -> Int? {
    let (columns, first) = indentation(bytes, i, lineEnd)
    guard columns < 4, first + 1 < lineEnd, bytes[first] == UInt8(ascii: "<") else { return nil }
    let j = first + 1
    if let name = tagName(bytes, j, lineEnd), isRawTag(bytes, name),
      endsTagName(bytes, name.upperBound, lineEnd, slash: false)
    {
      return 1
    }
    if starts(bytes, j, lineEnd, "!--") { return 2 }
    if bytes[j] == UInt8(ascii: "?") { return 3 }
    if starts(bytes, j, lineEnd, "![CDATA[") { return 5 }
    if bytes[j] == UInt8(ascii: "!"), j + 1 < lineEnd, ByteClass.isASCIILetter(bytes[j + 1]) { return 4 }
    let closing = bytes[j] == UInt8(ascii: "/")
    if let name = tagName(bytes, closing ? j + 1 : j, lineEnd), isBlockTag(bytes, name),
      endsTagName(bytes, name.upperBound, lineEnd, slash: true)
    {
      return 6
    }
    if let end = completeTag(bytes, first, lineEnd), isBlank(bytes, end, lineEnd) {
      if !closing, let name = tagName(bytes, j, lineEnd), isRawTag(bytes, name) { return nil }
      return 7
    }
    return nil
  }

  /// Whether the line `i..<lineEnd` holds the end of an HTML block of `kind` (1 to 5;
  /// kinds 6 and 7 end at a blank line).
  static func endsHTMLBlock(_ bytes: Buffer, _ i: Int, _ lineEnd: Int, kind: Int) -> Bool {
    switch kind {
    case 1:
      for tag in ["</pre>", "</script>", "</style>", "</textarea>"] where contains(bytes, i, lineEnd, tag) {
        return true
      }
      return false
    case 2: return contains(bytes, i, lineEnd, "-->")
    case 3: return contains(bytes, i, lineEnd, "?>")
    case 4: return contains(bytes, i, lineEnd, ">")
    case 5: return contains(bytes, i, lineEnd, "]]>")
    default: return false
    }
  }

  private static let rawTags = ["pre", "script", "style", "textarea"]

  private static let blockTags: Set<String> = [
    "address", "article", "aside", "base", "basefont", "blockquote", "body", "caption", "center", "col", "colgroup",
    "dd", "details", "dialog", "dir", "div", "dl", "dt", "fieldset", "figcaption", "figure", "footer", "form", "frame",
    "frameset", "h1", "h2", "h3", "h4", "h5", "h6", "head", "header", "hr", "html", "iframe", "legend", "li", "link",
    "main", "menu", "menuitem", "nav", "noframes", "ol", "optgroup", "option", "p", "param", "search", "section",
    "summary", "table", "tbody", "td", "tfoot", "th", "thead", "title", "tr", "track", "ul",
  ]

  /// A tag name at `i`: an ASCII letter, then letters, digits and `-`.
  private static func tagName(_ bytes: Buffer, _ i: Int, _ lineEnd: Int) -> Range<Int>? {
    guard i < lineEnd, ByteClass.isASCIILetter(bytes[i]) else { return nil }
    var j = i + 1
    while j < lineEnd && (ByteClass.isASCIIAlphanumeric(bytes[j]) || bytes[j] == UInt8(ascii: "-")) { j += 1 }
    return i..<j
  }

  private static func lowercasedName(_ bytes: Buffer, _ name: Range<Int>) -> String {
    String(decoding: name.map { ByteClass.lowercased(bytes[$0]) }, as: UTF8.self)
  }

  private static func isRawTag(_ bytes: Buffer, _ name: Range<Int>) -> Bool {
    name.count <= 8 && rawTags.contains(lowercasedName(bytes, name))
  }

  private static func isBlockTag(_ bytes: Buffer, _ name: Range<Int>) -> Bool {
    name.count <= 10 && blockTags.contains(lowercasedName(bytes, name))
  }

  /// Whether a tag name ending at `j` is followed by a space, a tab, the line's end,
  /// `>`, or (`slash`) `/>`.
  private static func endsTagName(_ bytes: Buffer, _ j: Int, _ lineEnd: Int, slash: Bool) -> Bool {
    if j == lineEnd { return true }
    let b = bytes[j]
    if ByteClass.isSpaceOrTab(b) || b == UInt8(ascii: ">") { return true }
    return slash && b == UInt8(ascii: "/") && j + 1 < lineEnd && bytes[j + 1] == UInt8(ascii: ">")
  }

  /// Whether the bytes at `i` are `word` (ASCII, case-insensitive for letters).
  private static func starts(_ bytes: Buffer, _ i: Int, _ lineEnd: Int, _ word: String) -> Bool {
    var j = i
    for c in word.utf8 {
      guard j < lineEnd, ByteClass.lowercased(bytes[j]) == ByteClass.lowercased(c) else { return false }
      j += 1
    }
    return true
  }

  private static func contains(_ bytes: Buffer, _ i: Int, _ lineEnd: Int, _ word: String) -> Bool {
    (i..<lineEnd).contains { starts(bytes, $0, lineEnd, word) }
  }

  /// The end of a complete open tag (`<name attr="v" …>` or `/>`) or closing tag
  /// (`</name >`) at `i`, within the line.
  private static func completeTag(_ bytes: Buffer, _ i: Int, _ lineEnd: Int) -> Int? {
    var j = i + 1
    if j < lineEnd && bytes[j] == UInt8(ascii: "/") {
      guard let name = tagName(bytes, j + 1, lineEnd) else { return nil }
      j = skipSpaces(bytes, name.upperBound, lineEnd)
      return j < lineEnd && bytes[j] == UInt8(ascii: ">") ? j + 1 : nil
    }
    guard let name = tagName(bytes, j, lineEnd) else { return nil }
    j = name.upperBound
    while true {
      let spaced = skipSpaces(bytes, j, lineEnd)
      guard spaced < lineEnd else { return nil }
      if bytes[spaced] == UInt8(ascii: ">") { return spaced + 1 }
      if bytes[spaced] == UInt8(ascii: "/") {
        return spaced + 1 < lineEnd && bytes[spaced + 1] == UInt8(ascii: ">") ? spaced + 2 : nil
      }
      // An attribute needs a space before it.
      guard spaced > j, let attributeEnd = attribute(bytes, spaced, lineEnd) else { return nil }
      j = attributeEnd
    }
  }

  /// The end of an attribute at `i`: a name (`[A-Za-z_:][A-Za-z0-9_.:-]*`), then
  /// optionally `=` and an unquoted, single- or double-quoted value.
  private static func attribute(_ bytes: Buffer, _ i: Int, _ lineEnd: Int) -> Int? {
    func startsName(_ b: UInt8) -> Bool {
      ByteClass.isASCIILetter(b) || b == UInt8(ascii: "_") || b == UInt8(ascii: ":")
    }
    func continuesName(_ b: UInt8) -> Bool {
      ByteClass.isASCIIAlphanumeric(b) || b == UInt8(ascii: "_") || b == UInt8(ascii: ".") || b == UInt8(ascii: ":")
        || b == UInt8(ascii: "-")
    }
    guard startsName(bytes[i]) else { return nil }
    var j = i + 1
    while j < lineEnd && continuesName(bytes[j]) { j += 1 }
    let equals = skipSpaces(bytes, j, lineEnd)
    guard equals < lineEnd, bytes[equals] == UInt8(ascii: "=") else { return j }
    var v = skipSpaces(bytes, equals + 1, lineEnd)
    guard v < lineEnd else { return nil }
    let quote = bytes[v]
    if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
      v += 1
      while v < lineEnd && bytes[v] != quote { v += 1 }
      return v < lineEnd ? v + 1 : nil
    }
    let start = v
    while v < lineEnd {
      let b = bytes[v]
      if ByteClass.isSpaceOrTab(b) || b == UInt8(ascii: "\"") || b == UInt8(ascii: "'") || b == UInt8(ascii: "=")
        || b == UInt8(ascii: "<") || b == UInt8(ascii: ">") || b == UInt8(ascii: "`")
      {
        break
      }
      v += 1
    }
    return v > start ? v : nil
  }
}
