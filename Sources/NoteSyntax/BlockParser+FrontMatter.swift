extension BlockParser {
  /// Front matter at offset 0 (or after a byte-order mark, `fenceStart` 3) whose first
  /// line (`---`) ends at `firstLineEnd`. Returns false, leaving the builder to be
  /// reset, when no closing fence follows.
  mutating func frontMatter(fenceStart: Int, firstLineEnd: Int) -> Bool {
    let node = builder.open(.frontMatter, at: 0)
    builder.leaf(.frontMatterFence, fenceStart, fenceStart + 3)
    var entry = OpenEntry?.none
    var lineStart = nextLine(firstLineEnd)
    while lineStart < byteCount {
      let e = examineLine(lineStart)
      if LineMarkers.isFence(bytes, lineStart, e, UInt8(ascii: "-"))
        || LineMarkers.isFence(bytes, lineStart, e, UInt8(ascii: "."))
      {
        if let open = entry { builder.close(open.node, at: open.end) }
        builder.leaf(.frontMatterFence, lineStart, lineStart + 3)
        builder.close(node, at: nextLine(e))
        return true
      }
      frontMatterLine(lineStart, e, &entry)
      lineStart = nextLine(e)
    }
    return false
  }

  /// An entry whose value may go on over the lines below its key: a block list
  /// (`tags:` then `  - a` lines) or a multi-line string (`>`, `|` or indented text).
  struct OpenEntry {
    var node: Int
    var end: Int
    /// The key's value on its own line was empty: `- item` lines below are its list.
    var takesList: Bool
    /// The value is a block scalar (`>` or `|`): a `#` line below is text, not a comment.
    var isScalar = false
  }

  /// One line of front matter: a `key: value` entry, a line continuing the open entry
  /// (a list item, an indented line of text), a comment, or an invalid line.
  private mutating func frontMatterLine(_ s: Int, _ e: Int, _ entry: inout OpenEntry?) {
    let first = LineMarkers.skipSpaces(bytes, s, e)
    if first == e { return }
    let indented = first > s
    if bytes[first] == UInt8(ascii: "#") && !(indented && entry?.isScalar == true) {
      // A comment, which ends neither a list nor a string.
      return
    }
    if var open = entry {
      // `- item`, indented or not, under a key with no value of its own.
      if open.takesList && bytes[first] == UInt8(ascii: "-")
        && (first + 1 == e || ByteClass.isSpaceOrTab(bytes[first + 1]))
      {
        builder.leaf(.listMarker, first, first + 1)
        let itemStart = LineMarkers.skipSpaces(bytes, first + 1, e)
        let itemEnd = Self.valueEnd(bytes, itemStart, e)
        if itemEnd > itemStart { builder.leaf(.frontMatterValue, itemStart, itemEnd) }
        open.end = max(first + 1, itemEnd)
        entry = open
        return
      }
      if indented {
        // A line of a multi-line string, or of a mapping nested under the key: text.
        let textEnd = LineMarkers.trimEnd(bytes, first, e)
        builder.leaf(.frontMatterValue, first, textEnd)
        open.end = textEnd
        open.takesList = false
        entry = open
        return
      }
      builder.close(open.node, at: open.end)
      entry = nil
    }
    guard !indented, let keyEnd = Self.keyEnd(bytes, s, e) else {
      builder.leaf(.frontMatterInvalidLine, s, LineMarkers.trimEnd(bytes, s, e))
      return
    }
    let node = builder.open(.frontMatterEntry, at: s)
    builder.leaf(.frontMatterKey, s, keyEnd)
    let valueStart = LineMarkers.skipSpaces(bytes, keyEnd + 1, e)
    let valueEnd = Self.valueEnd(bytes, valueStart, e)
    if valueEnd > valueStart && !Self.isBlockScalarIndicator(bytes, valueStart, valueEnd) {
      builder.leaf(.frontMatterValue, valueStart, valueEnd)
      entry = OpenEntry(node: node, end: valueEnd, takesList: false)
    } else {
      entry = OpenEntry(
        node: node, end: valueEnd > valueStart ? valueEnd : keyEnd + 1, takesList: valueEnd == valueStart,
        isScalar: valueEnd > valueStart)
    }
  }

  /// Where the key of a `key: value` line at `s` ends (at its `:`), or `nil` when the line
  /// is not one. A key is letters, digits, `-`, `_`, `.`, spaces and any non-ASCII
  /// character, starting with neither a space nor `-`.
  /// Static: it reads the bytes alone, and a call from the mutating parse to a method that
  /// is not mutating copies the whole parser.
  private static func keyEnd(_ bytes: UnsafeBufferPointer<UInt8>, _ s: Int, _ e: Int) -> Int? {
    var j = s
    while j < e {
      let c = bytes[j]
      if c == UInt8(ascii: ":") {
        guard j > s, j + 1 == e || ByteClass.isSpaceOrTab(bytes[j + 1]) else { return nil }
        let end = LineMarkers.trimEnd(bytes, s, j)
        return end == j ? j : nil
      }
      guard
        ByteClass.isASCIIAlphanumeric(c) || c >= 0x80 || c == UInt8(ascii: "_") || c == UInt8(ascii: ".")
          || (j > s && (c == UInt8(ascii: "-") || c == ByteClass.space))
      else { return nil }
      j += 1
    }
    return nil
  }

  /// The end of the value from `start` on a line ending at `e`: before a comment (`#`
  /// after a space, then a space or the line's end, outside quotes) and trailing spaces.
  static func valueEnd(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ e: Int) -> Int {
    var quote: UInt8?
    var j = start
    while j < e {
      let c = bytes[j]
      if let open = quote {
        // `''` in single quotes and `\"` in double quotes stand for the quote.
        if (open == UInt8(ascii: "'") && c == open && j + 1 < e && bytes[j + 1] == open)
          || (open == UInt8(ascii: "\"") && c == UInt8(ascii: "\\"))
        {
          j += 2
          continue
        }
        if c == open { quote = nil }
      } else if j == start && (c == UInt8(ascii: "\"") || c == UInt8(ascii: "'")) {
        quote = c
      } else if c == UInt8(ascii: "#") && (j == start || ByteClass.isSpaceOrTab(bytes[j - 1]))
        && (j + 1 == e || ByteClass.isSpaceOrTab(bytes[j + 1]))
      {
        return LineMarkers.trimEnd(bytes, start, j)
      }
      j += 1
    }
    return LineMarkers.trimEnd(bytes, start, e)
  }

  /// Whether `start..<end` is a block scalar's header: `>` or `|`, then an optional
  /// chomping sign and indentation digit.
  static func isBlockScalarIndicator(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
    guard bytes[start] == UInt8(ascii: ">") || bytes[start] == UInt8(ascii: "|"), end - start <= 3 else { return false }
    return bytes[(start + 1)..<end].allSatisfy {
      $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "+") || ByteClass.isDigit($0)
    }
  }
}
