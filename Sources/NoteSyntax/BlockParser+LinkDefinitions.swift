/// CommonMark's link reference definitions (`[foo]: /url "title"`): a block of their own,
/// never a paragraph's text, so nothing inside is a prompt, a tag or a diagnostic.
extension BlockParser {
  /// The most lines a definition's title runs over.
  static let maxTitleLines = 32

  /// The parts of a link reference definition.
  struct LinkDefinition {
    /// The label, between its brackets (it may span lines).
    var label: Range<Int>
    /// The destination, without its angle brackets.
    var destination: Range<Int>
    /// The end of its last line.
    var end: Int
  }

  /// The link reference definition whose first line is `s..<e`, if one starts there: up
  /// to three spaces, `[label]:`, a destination (on this line or the next), and an
  /// optional title (after a space or on the next line, over lines but no blank one),
  /// then only spaces to the line's end. A definition cannot interrupt a paragraph, so
  /// it is tried only where a block starts. Its later lines are those going on with the
  /// paragraph of its first line `firstLine` in `container` (``line(after:in:)``): at the top
  /// level, up to one that is blank or starts another block.
  mutating func linkDefinition(
    _ s: Int, _ e: Int, firstLine: TextLine? = nil, in container: TextLines = .buffer(itemColumn: nil)
  ) -> LinkDefinition? {
    let (columns, first) = LineMarkers.indentation(bytes, s, e)
    // The label may go on over the next lines (`[a` then `b]: /url`).
    guard columns < 4, first < e, bytes[first] == UInt8(ascii: "["),
      first + 1 == e || bytes[first + 1] != UInt8(ascii: "^")
    else { return nil }
    let line = firstLine ?? TextLine(position: s, text: s, end: e)
    var cursor = DefinitionCursor(j: first + 1, lineEnd: e, line: line, container: container)
    // The label: at most 999 characters, no unescaped bracket, not only spaces.
    var count = 0
    var sawText = false
    while true {
      guard cursor.j < cursor.lineEnd else {
        guard nextDefinitionLine(&cursor) else { return nil }
        count += 1
        continue
      }
      let b = bytes[cursor.j]
      if b == UInt8(ascii: "]") { break }
      if b == UInt8(ascii: "[") { return nil }
      if !ByteClass.isSpaceOrTab(b) { sawText = true }
      cursor.j += b == UInt8(ascii: "\\") && cursor.j + 1 < cursor.lineEnd ? 2 : 1
      count += 1
      guard count <= 999 else { return nil }
    }
    let label = (first + 1)..<cursor.j
    cursor.j += 1
    guard sawText, cursor.j < cursor.lineEnd, bytes[cursor.j] == UInt8(ascii: ":") else { return nil }
    cursor.j = LineMarkers.skipSpaces(bytes, cursor.j + 1, cursor.lineEnd)
    if cursor.j == cursor.lineEnd {
      guard nextDefinitionLine(&cursor) else { return nil }
      cursor.j = LineMarkers.skipSpaces(bytes, cursor.j, cursor.lineEnd)
    }
    guard let destination = Self.linkDestination(bytes, cursor.j, cursor.lineEnd) else { return nil }
    cursor.j = destination.end
    let destinationLineEnd = cursor.lineEnd
    let afterDestination = LineMarkers.skipSpaces(bytes, cursor.j, cursor.lineEnd)
    if afterDestination < cursor.lineEnd {
      // A title on the destination's line, after a space; else no definition.
      guard afterDestination > cursor.j, linkTitle(&cursor, from: afterDestination) else { return nil }
      return LinkDefinition(label: label, destination: destination.range, end: cursor.lineEnd)
    }
    // A title may start on the next line; without one, the definition ends here.
    var next = cursor
    if nextDefinitionLine(&next) {
      let start = LineMarkers.skipSpaces(bytes, next.j, next.lineEnd)
      if linkTitle(&next, from: start) {
        return LinkDefinition(label: label, destination: destination.range, end: next.lineEnd)
      }
    }
    return LinkDefinition(label: label, destination: destination.range, end: destinationLineEnd)
  }

  /// A position in a definition that may span lines, the end of its line, that line and
  /// the container it is read in.
  struct DefinitionCursor {
    var j: Int
    var lineEnd: Int
    var line: TextLine
    var container: TextLines
  }

  /// Moves `cursor` to the text of the next line, unless there is none or it does not go
  /// on with the paragraph a definition is read from (it is blank, starts another block
  /// or is a setext underline, which makes the paragraph a heading).
  private mutating func nextDefinitionLine(_ cursor: inout DefinitionCursor) -> Bool {
    guard let next = line(after: cursor.line, in: cursor.container), next.continues,
      underline(next, in: cursor.container) == nil
    else { return false }
    cursor.line = next
    cursor.j = next.text
    cursor.lineEnd = next.end
    return true
  }

  /// A link destination at `i`: `<…>` on one line, or a run of bytes other than spaces
  /// and controls whose unescaped parentheses balance. Its range (without the angle
  /// brackets) and where it ends.
  /// Static: it reads the bytes alone, and a call from the mutating parse to a method that
  /// is not mutating copies the whole parser.
  private static func linkDestination(
    _ bytes: UnsafeBufferPointer<UInt8>, _ i: Int, _ lineEnd: Int
  ) -> (range: Range<Int>, end: Int)? {
    guard i < lineEnd else { return nil }
    if bytes[i] == UInt8(ascii: "<") {
      var j = i + 1
      while j < lineEnd {
        let b = bytes[j]
        if b == UInt8(ascii: ">") { return ((i + 1)..<j, j + 1) }
        if b == UInt8(ascii: "<") { return nil }
        j += b == UInt8(ascii: "\\") && j + 1 < lineEnd ? 2 : 1
      }
      return nil
    }
    var depth = 0
    var j = i
    while j < lineEnd {
      let b = bytes[j]
      if b <= 0x20 || b == 0x7F { break }
      if b == UInt8(ascii: "\\") && j + 1 < lineEnd && ByteClass.isASCIIPunctuation(bytes[j + 1]) {
        j += 2
        continue
      }
      if b == UInt8(ascii: "(") {
        depth += 1
        guard depth <= 32 else { return nil }
      } else if b == UInt8(ascii: ")") {
        guard depth > 0 else { break }
        depth -= 1
      }
      j += 1
    }
    guard j > i, depth == 0 else { return nil }
    return (i..<j, j)
  }

  /// A link title at `start` (`"…"`, `'…'` or `(…)`, over lines but no blank one), then
  /// only spaces to its last line's end: moves `cursor` to that line.
  private mutating func linkTitle(_ cursor: inout DefinitionCursor, from start: Int) -> Bool {
    guard start < cursor.lineEnd else { return false }
    let open = bytes[start]
    let close: UInt8
    switch open {
    case UInt8(ascii: "\""), UInt8(ascii: "'"): close = open
    case UInt8(ascii: "("): close = UInt8(ascii: ")")
    default: return false
    }
    cursor.j = start + 1
    var lines = 1
    while true {
      guard cursor.j < cursor.lineEnd else {
        // A title that runs on for many lines is no title (so that a stray quote mark
        // does not make a parse read a long paragraph twice).
        guard lines < Self.maxTitleLines, nextDefinitionLine(&cursor) else { return false }
        lines += 1
        continue
      }
      let b = bytes[cursor.j]
      if b == close { break }
      if open == UInt8(ascii: "(") && b == open { return false }
      cursor.j += b == UInt8(ascii: "\\") && cursor.j + 1 < cursor.lineEnd ? 2 : 1
    }
    return LineMarkers.isBlank(bytes, cursor.j + 1, cursor.lineEnd)
  }

  /// The context after a top-level `definition`: ``BlockContext/definitionText`` when the
  /// next line goes on with the paragraph the definition opened (CommonMark reads
  /// definitions from the start of a paragraph's lines, so no block but one that
  /// interrupts a paragraph starts there).
  mutating func context(after definition: LinkDefinition) -> BlockContext {
    let last = TextLine(position: definition.end, text: definition.end, end: definition.end)
    guard let next = line(after: last, in: .buffer(itemColumn: nil)),
      goesOnFromDefinition(next, in: .buffer(itemColumn: nil))
    else { return .text }
    return .definitionText
  }

  /// Whether `line`, after a link reference definition in `container`, goes on with the
  /// paragraph the definition opened: it does not end a paragraph, or it is a setext
  /// underline (`---` too), which cmark-gfm makes the text of a paragraph of only definitions.
  mutating func goesOnFromDefinition(_ line: TextLine, in container: TextLines) -> Bool {
    line.continues || underline(line, in: container) != nil
  }

  /// The top-level line `s..<e` that goes on with a paragraph of link reference
  /// definitions: a table's header (when a delimiter row follows), another definition, or
  /// the paragraph's text, whatever block its text would start elsewhere.
  mutating func definitionText(_ s: Int, _ e: Int) -> BlockContext {
    let text = LineMarkers.skipSpaces(bytes, s, e)
    if let columns = tableColumns(text, e) {
      table(s, e, columns: columns)
      return .text
    }
    if let definition = linkDefinition(text, e) {
      linkReferenceDefinition(s, definition)
      return context(after: definition)
    }
    return paragraph(s, e)
  }

  /// A link reference definition's block: its label (``NodeKind/linkText``) and
  /// destination (``NodeKind/linkTarget``), the title kept as written.
  mutating func linkReferenceDefinition(_ s: Int, _ definition: LinkDefinition) {
    var markers = LineMarks.none
    let text = LeafLine(content: s, end: definition.end, next: nextLine(definition.end))
    linkReferenceDefinition(at: s, definition, CollectionOfOne(text), &markers)
  }

  /// A link reference definition opened at `start` over its `lines`: its label a
  /// `linkText` on each line it runs over (so a quote's later markers stay outside it),
  /// its destination on the line that holds it, the later lines' markers between.
  mutating func linkReferenceDefinition(
    at start: Int, _ definition: LinkDefinition, _ lines: some Sequence<LeafLine>, _ markers: inout LineMarks
  ) {
    let node = builder.open(.linkReferenceDefinition, at: start)
    let (label, destination) = (definition.label, definition.destination)
    var next = start
    for line in lines {
      if next != start { writeMarks(line.marks, &markers) }
      let labelStart = max(label.lowerBound, line.content)
      let labelEnd = min(label.upperBound, line.end)
      if labelStart < labelEnd { builder.leaf(.linkText, labelStart, labelEnd) }
      if !destination.isEmpty && destination.lowerBound >= line.content && destination.lowerBound <= line.end {
        builder.leaf(.linkTarget, destination.lowerBound, destination.upperBound)
      }
      next = line.next
    }
    builder.close(node, at: next)
  }
}

/// Link reference definitions inside a quote: CommonMark reads them from the start of a
/// paragraph's lines once the paragraph is known, so the quote's lines are read first
/// (``BlockParser/readQuoteLines(from:itemColumn:)``) and each paragraph that opens with
/// `[` is read for definitions then, over its lines as ``BlockParser/line(after:in:)`` reads them.
extension BlockParser {
  /// The link reference definition opening a quote's line `lines[index]`, and the index
  /// of its last line.
  mutating func quoteDefinition(at index: Int, in lines: [QuoteLine]) -> (LinkDefinition, last: Int)? {
    let line = lines[index]
    guard bytes[line.first] == UInt8(ascii: "["),
      let definition = linkDefinition(
        line.first, line.lineEnd, firstLine: line.textLine(index), in: .quote(lines, depth: line.depth))
    else { return nil }
    var last = index
    while lines[last].lineEnd < definition.end { last += 1 }
    return (definition, last)
  }

  /// Whether a quote's `lines` from `start` on are all link reference definitions.
  mutating func areDefinitions(_ lines: [QuoteLine], from start: Int) -> Bool {
    var current = start
    while current < lines.count, let (_, last) = quoteDefinition(at: current, in: lines) { current = last + 1 }
    return current >= lines.count
  }

  /// Marks the definitions that open `quote`'s paragraphs: a definition's first line
  /// `linkDefinition` (its parts in ``QuoteLines/definitions``), its later lines `leafLine`;
  /// the rest of a paragraph stays text. A setext underline below a paragraph that is only
  /// definitions is its text, as the reader found (``areDefinitions(_:from:)``).
  mutating func readQuoteDefinitions(_ quote: inout QuoteLines) {
    for start in quote.bracketParagraphs {
      let role = quote.lines[start].role
      guard role == .text || role == .headingText else { continue }
      var current = start
      // The lines are read, then let go, before their roles are set: no copy of them.
      while current < quote.lines.count, quote.lines[current].role == role,
        let (definition, last) = quoteDefinition(at: current, in: quote.lines)
      {
        quote.lines[current].role = .linkDefinition
        quote.definitions.append(definition)
        for index in current..<last { quote.lines[index + 1].role = .leafLine }
        current = last + 1
      }
    }
  }
}
