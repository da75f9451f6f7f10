/// Recognisers for what a line starts with. Pure functions of the bytes from a line's
/// start to its end (`lineEnd`, the position of its line break or the buffer's end).
enum LineMarkers {
  typealias Buffer = UnsafeBufferPointer<UInt8>

  /// Position after the spaces and tabs from `i`.
  @inline(__always)
  static func skipSpaces(_ bytes: Buffer, _ i: Int, _ end: Int) -> Int {
    var j = i
    while j < end && ByteClass.isSpaceOrTab(bytes[j]) { j += 1 }
    return j
  }

  /// Position after at most three spaces from `i`: where a block's marker may start.
  @inline(__always)
  static func skipUpToThreeSpaces(_ bytes: Buffer, _ i: Int, _ lineEnd: Int) -> Int {
    var j = i
    while j < lineEnd && j - i < 3 && bytes[j] == ByteClass.space { j += 1 }
    return j
  }

  /// Whether `b` may be part of a front-matter key or a callout's type: an ASCII letter
  /// or digit, `-` or `_`.
  @inline(__always)
  static func isNameByte(_ b: UInt8) -> Bool {
    ByteClass.isASCIIAlphanumeric(b) || b == UInt8(ascii: "-") || b == UInt8(ascii: "_")
  }

  /// Whether the line `start..<end` starts with a front-matter key: letters, digits,
  /// `-` or `_`, then `:` and a space, a tab or the line's end.
  static func startsWithAKey(_ bytes: Buffer, _ start: Int, _ end: Int) -> Bool {
    var j = start
    while j < end && isNameByte(bytes[j]) { j += 1 }
    guard j > start, j < end, bytes[j] == UInt8(ascii: ":") else { return false }
    return j + 1 == end || ByteClass.isSpaceOrTab(bytes[j + 1])
  }

  /// Position before trailing spaces and tabs of `start..<end`.
  @inline(__always)
  static func trimEnd(_ bytes: Buffer, _ start: Int, _ end: Int) -> Int {
    var j = end
    while j > start && ByteClass.isSpaceOrTab(bytes[j - 1]) { j -= 1 }
    return j
  }

  static func isBlank(_ bytes: Buffer, _ i: Int, _ lineEnd: Int) -> Bool {
    skipSpaces(bytes, i, lineEnd) == lineEnd
  }

  /// The heading level (1–6) when the line is a heading (`#` alone is an empty one).
  static func headingLevel(_ bytes: Buffer, _ i: Int, _ lineEnd: Int) -> Int? {
    var j = i
    while j < lineEnd && j - i < 7 && bytes[j] == UInt8(ascii: "#") { j += 1 }
    let level = j - i
    guard level >= 1 && level <= 6 && (j == lineEnd || ByteClass.isSpaceOrTab(bytes[j])) else { return nil }
    return level
  }

  /// A list item's marker: where it starts and ends, and where the content starts.
  struct ListMarker {
    var ordered: Bool
    var markerStart: Int
    var markerEnd: Int
    var contentStart: Int
  }

  static func listMarker(_ bytes: Buffer, _ i: Int, _ lineEnd: Int) -> ListMarker? {
    let m = skipSpaces(bytes, i, lineEnd)
    guard m < lineEnd else { return nil }
    var markerEnd: Int
    let b = bytes[m]
    let ordered: Bool
    if b == UInt8(ascii: "*") || b == UInt8(ascii: "-") || b == UInt8(ascii: "+") {
      markerEnd = m + 1
      ordered = false
    } else if ByteClass.isDigit(b) {
      var j = m
      while j < lineEnd && ByteClass.isDigit(bytes[j]) && j - m < 10 { j += 1 }
      guard j - m <= 9, j < lineEnd, bytes[j] == UInt8(ascii: ".") || bytes[j] == UInt8(ascii: ")") else { return nil }
      markerEnd = j + 1
      ordered = true
    } else {
      return nil
    }
    // An empty item: the marker alone on its line.
    if markerEnd == lineEnd || isBlank(bytes, markerEnd, lineEnd) {
      return ListMarker(ordered: ordered, markerStart: m, markerEnd: markerEnd, contentStart: lineEnd)
    }
    guard bytes[markerEnd] == ByteClass.space || bytes[markerEnd] == ByteClass.tab else { return nil }
    var content = markerEnd
    while content < lineEnd && content - markerEnd < 4 && bytes[content] == ByteClass.space { content += 1 }
    return ListMarker(ordered: ordered, markerStart: m, markerEnd: markerEnd, contentStart: content)
  }

  /// The position of a blockquote's `>` (after at most three spaces).
  static func quoteMarker(_ bytes: Buffer, _ i: Int, _ lineEnd: Int) -> Int? {
    let j = skipUpToThreeSpaces(bytes, i, lineEnd)
    return j < lineEnd && bytes[j] == UInt8(ascii: ">") ? j : nil
  }

  /// A callout's marker at `i` (a quote's first text): `[!type]`, the type 1 to 64
  /// ASCII letters, digits, `-` or `_`, then an optional `+` or `-` fold marker. Returns
  /// the type's range and the marker's end (after the fold marker).
  static func calloutMarker(_ bytes: Buffer, _ i: Int, _ lineEnd: Int) -> (type: Range<Int>, end: Int)? {
    guard i + 3 < lineEnd, bytes[i] == UInt8(ascii: "["), bytes[i + 1] == UInt8(ascii: "!") else { return nil }
    var j = i + 2
    while j < lineEnd && j - i < 66 && isNameByte(bytes[j]) { j += 1 }
    guard j > i + 2, j < lineEnd, bytes[j] == UInt8(ascii: "]") else { return nil }
    var end = j + 1
    if end < lineEnd && (bytes[end] == UInt8(ascii: "+") || bytes[end] == UInt8(ascii: "-")) { end += 1 }
    return (i + 2..<j, end)
  }

  /// A `Q:` (or `A:`, by `letter`) marker at `i`: `true` when well formed (then a space,
  /// a tab or the line's end), `false` for `Q:text` or `q: `, still the marker meant.
  static func promptMarker(_ bytes: Buffer, _ i: Int, _ lineEnd: Int, letter: UInt8) -> Bool? {
    guard i + 1 < lineEnd, bytes[i] & ~0x20 == letter, bytes[i + 1] == UInt8(ascii: ":") else { return nil }
    return bytes[i] == letter && (i + 2 == lineEnd || ByteClass.isSpaceOrTab(bytes[i + 2]))
  }

  /// A `Q:` or `A:` marker, plain or bold (`**Q:**`): its end and whether it is well formed.
  static func promptMarkerSpan(_ bytes: Buffer, _ i: Int, _ lineEnd: Int, letter: UInt8) -> (
    end: Int, wellFormed: Bool
  )? {
    if let wellFormed = promptMarker(bytes, i, lineEnd, letter: letter) { return (i + 2, wellFormed) }
    let star = UInt8(ascii: "*")
    guard i + 6 <= lineEnd, bytes[i] == star, bytes[i + 1] == star, bytes[i + 2] == letter,
      bytes[i + 3] == UInt8(ascii: ":"),
      bytes[i + 4] == star, bytes[i + 5] == star, i + 6 == lineEnd || ByteClass.isSpaceOrTab(bytes[i + 6])
    else { return nil }
    return (i + 6, true)
  }

  /// The `Q:` marker, else the `A:` marker, plain or bold, that opens the text at `i`:
  /// its end, whether it is well formed, and whether it asks. Most text opens with neither,
  /// which its first byte says.
  @inline(__always)
  static func openingPromptMarker(_ bytes: Buffer, _ i: Int, _ lineEnd: Int) -> (
    end: Int, wellFormed: Bool, asks: Bool
  )? {
    guard i < lineEnd, case let letter = bytes[i] & ~0x20,
      letter == UInt8(ascii: "Q") || letter == UInt8(ascii: "A") || bytes[i] == UInt8(ascii: "*")
    else { return nil }
    if let question = promptMarkerSpan(bytes, i, lineEnd, letter: UInt8(ascii: "Q")) {
      return (question.end, question.wellFormed, true)
    }
    return promptMarkerSpan(bytes, i, lineEnd, letter: UInt8(ascii: "A")).map { ($0.end, $0.wellFormed, false) }
  }

  /// The end of a `Summary:` or `tl;dr:` marker (case-insensitive) followed by a space, a tab or the line's end.
  static func summaryMarkerEnd(_ bytes: Buffer, _ i: Int, _ lineEnd: Int) -> Int? {
    for word in summaryWords {
      guard i + word.count <= lineEnd else { continue }
      var matches = true
      for (k, c) in word.enumerated() where ByteClass.lowercased(bytes[i + k]) != c {
        matches = false
        break
      }
      let end = i + word.count
      if matches && (end == lineEnd || ByteClass.isSpaceOrTab(bytes[end])) { return end }
    }
    return nil
  }

  private static let summaryWords: [[UInt8]] = [Array("summary:".utf8), Array("tl;dr:".utf8)]

  /// An opening code fence: where its run of backticks or tildes is and where the info
  /// string (trimmed, possibly empty) is.
  struct CodeFence {
    var character: UInt8
    var run: Range<Int>
    var info: Range<Int>
  }

  /// The code fence that opens a fenced code block on this line: 0 to 3 spaces, 3 or more
  /// backticks or tildes, then an info string (without backticks after backticks).
  static func openingCodeFence(_ bytes: Buffer, _ i: Int, _ lineEnd: Int) -> CodeFence? {
    let start = skipUpToThreeSpaces(bytes, i, lineEnd)
    guard start < lineEnd, bytes[start] == UInt8(ascii: "`") || bytes[start] == UInt8(ascii: "~") else { return nil }
    let character = bytes[start]
    var end = start
    while end < lineEnd && bytes[end] == character { end += 1 }
    guard end - start >= 3 else { return nil }
    let infoStart = skipSpaces(bytes, end, lineEnd)
    let infoEnd = trimEnd(bytes, infoStart, lineEnd)
    if character == UInt8(ascii: "`") {
      for j in infoStart..<infoEnd where bytes[j] == UInt8(ascii: "`") { return nil }
    }
    return CodeFence(character: character, run: start..<end, info: infoStart..<infoEnd)
  }

  /// The run of a fence that closes the code block of `context` on this line: 0 to 3
  /// spaces, at least as many of the same character as opened it, then only spaces.
  static func closingCodeFence(_ bytes: Buffer, _ i: Int, _ lineEnd: Int, _ context: BlockContext) -> Range<Int>? {
    guard case .code(let fence, let length) = context else { return nil }
    if fence == UInt8(ascii: "$") || fence == UInt8(ascii: "%") {
      return closingDelimiter(bytes, i, lineEnd, fence).map { $0..<($0 + 2) }
    }
    let start = skipUpToThreeSpaces(bytes, i, lineEnd)
    var end = start
    while end < lineEnd && bytes[end] == fence { end += 1 }
    guard end - start >= length, isBlank(bytes, end, lineEnd) else { return nil }
    return start..<end
  }

  /// Whether the line is exactly `fence` (`---` or `...`) plus trailing spaces.
  static func isFence(_ bytes: Buffer, _ i: Int, _ lineEnd: Int, _ c: UInt8) -> Bool {
    i + 3 <= lineEnd && bytes[i] == c && bytes[i + 1] == c && bytes[i + 2] == c && isBlank(bytes, i + 3, lineEnd)
  }

  /// At the start of a paragraph line: a `Q:`/`A:` marker that is not part of a question
  /// and answer pair gets a marker node and its finding. Returns where text resumes.
  static func paragraphLineMarker(
    _ bytes: Buffer, _ i: Int, _ lineEnd: Int, _ builder: inout TreeBuilder
  ) -> Int {
    let kind: NodeKind
    let wellFormed: Bool
    if let question = promptMarker(bytes, i, lineEnd, letter: UInt8(ascii: "Q")) {
      (kind, wellFormed) = (.questionMarker, question)
    } else if let answer = promptMarker(bytes, i, lineEnd, letter: UInt8(ascii: "A")) {
      (kind, wellFormed) = (.answerMarker, answer)
    } else {
      return i
    }
    builder.leaf(kind, i, i + 2)
    if !wellFormed {
      builder.finding(.qaMissingSpace, i, i + 2)
    } else if kind == .questionMarker {
      builder.finding(.qaMissingAnswer, i, i + 2)
    } else {
      builder.finding(.qaOrphanAnswer, i, i + 2)
    }
    return i + 2
  }
}
