public import NoteSyntax

extension NoteSummary {
  /// The summary of `doc`, the note at `path`. Without `words`, its words are left to
  /// read later (``NoteWords``) from the text and `codeRanges`.
  public init(path: String, doc: NoteDocument, words: Bool = true) {
    self.path = path
    book = BookInfo(doc)
    byteCount = doc.utf8Count
    headings = []
    htmlAnchors = []
    tags = []
    questions = []
    links = []
    codeRanges = []
    title = nil
    titleSpan = nil
    keys = SymbolKeys()
    terms = TermTable()
    wordsPending = nil
    let found = Prompts.marksAndQuestions(for: doc, path: path, book: book)
    prompts = found.marks
    // Every pair's question (top-level, in a list item, in a quote) that has text.
    questions = found.questions.compactMap {
      $0.text.isEmpty
        ? nil : Question(text: OutlineText.bounded($0.text, maxBytes: Self.maxTextBytes), span: doc.span(of: $0.range))
    }
    var linkUses: [LinkUse] = []
    // One walk over the blocks for everything: a first indexing summarises every note.
    doc.tree.forEachBlock { block in
      Self.appendTagUses(of: block, doc, to: &tags)
      LinkUse.append(of: block, in: doc, keep: { _ in true }, to: &linkUses)
      Self.appendHeadings(of: block, doc, to: &headings)
      switch block.kind {
      case .frontMatter:
        titleSpan = Self.frontMatterTitleSpan(block, doc)
      case .codeBlockStart, .codeLines, .codeBlockEnd, .indentedCode, .htmlBlock:
        if let last = codeRanges.last, last.upperBound == block.range.lowerBound {
          codeRanges[codeRanges.count - 1] = last.lowerBound..<block.range.upperBound
        } else {
          codeRanges.append(block.range)
        }
      default:
        break
      }
    }
    htmlAnchors = HTMLAnchors.anchors(of: doc)
    links = linkUses.map { link in
      NoteLink(
        target: link.target, kind: link.kind, span: doc.span(of: link.range),
        targetSpan: doc.span(of: link.targetRange), heading: link.heading,
        headingSpan: link.headingRange.map { doc.span(of: $0) })
    }
    let fileName = titleFileName(path)
    if let bookTitle = book.title {
      title = bookTitle
    } else if let first = fileName == nil ? headings.first : headings.first(where: { $0.level == 1 }) {
      title = first.text
      titleSpan = first.textSpan
    } else {
      title = fileName
    }
    if words {
      terms = Self.terms(of: doc, skipping: codeRanges)
    } else {
      wordsPending = NoteWords.Pending(knowsCode: true)
    }
    if let title { keys.append(title) }
    for heading in headings { keys.append(heading.text) }
    for question in questions { keys.append(question.text) }
  }

  /// What identifies the note's book, without the rest: front matter, title and
  /// its span (cheap enough to compute on every keystroke).
  public static func bookIdentity(path: String, doc: NoteDocument) -> NoteSummary {
    var note = NoteSummary(nameOnly: path, byteCount: doc.utf8Count)
    note.book = BookInfo(doc)
    if doc.tree.blockCount > 0, doc.tree.blockKind(at: 0) == .frontMatter {
      note.titleSpan = frontMatterTitleSpan(doc.tree.block(at: 0), doc)
    }
    if let title = note.book.title {
      note.title = title
    } else if let heading = firstHeading(of: doc, level: titleFileName(path) == nil ? nil : 1),
      let content = heading.child(.inlineContent)
    {
      note.title = OutlineText.bounded(doc.plainText([content]), maxBytes: maxTextBytes)
      note.titleSpan = doc.span(of: content.range)
    } else {
      note.title = titleFileName(path)
    }
    return note
  }

  /// Where the front matter's `title` value is written, unquoted.
  private static func frontMatterTitleSpan(_ block: SyntaxNode, _ doc: NoteDocument) -> NoteSpan? {
    for entry in block.children where entry.kind == .frontMatterEntry {
      guard let key = entry.child(.frontMatterKey), let value = entry.child(.frontMatterValue),
        isKey(key.range, "title", doc)
      else { continue }
      return doc.span(of: unquotedRange(value.range, doc))
    }
    return nil
  }

  /// The front matter's tags, each item of `tags: a, #b`, `tags: a b`, `tags: [a, b]`
  /// or a block list (`tags:` then `  - a` lines) that is a tag name, with its own span.
  static func frontMatterTags(_ block: SyntaxNode, _ doc: NoteDocument) -> [TagUse] {
    var tags: [TagUse] = []
    var seenKey = false
    for entry in block.children where entry.kind == .frontMatterEntry {
      // `tags` or `tag`, whichever comes first, as ``BookInfo`` reads them.
      guard let key = entry.child(.frontMatterKey), isKey(key.range, "tags", doc) || isKey(key.range, "tag", doc),
        !seenKey
      else { continue }
      seenKey = true
      for value in entry.children where value.kind == .frontMatterValue {
        for item in listItemRanges(value.range, doc) {
          // A quoted item is one name, spaces and all (and then no tag).
          let isQuoted =
            Self.isQuote(doc.text[item.lowerBound])
            || (item.lowerBound > value.range.lowerBound && Self.isQuote(doc.text[item.lowerBound - 1]))
          for word in isQuoted ? [item] : words(item, doc) {
            var range = word
            if doc.text[range.lowerBound] == UInt8(ascii: "#") { range = (range.lowerBound + 1)..<range.upperBound }
            // An item that is no tag name (`"books, 2021"`) is no tag, as a `#` before it
            // in the text would not make one.
            guard !range.isEmpty else { continue }
            let name = doc.text.string(in: range)
            guard Hashtag.isValidName(name) else { continue }
            tags.append(TagUse(name: name, span: doc.span(of: range), inFrontMatter: true))
          }
        }
      }
    }
    return tags
  }

  private static func isQuote(_ byte: UInt8) -> Bool { byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") }

  /// The parts of `range` between spaces and tabs.
  private static func words(_ range: Range<Int>, _ doc: NoteDocument) -> [Range<Int>] {
    var result: [Range<Int>] = []
    var start: Int?
    for offset in range.lowerBound...range.upperBound {
      let isSpace = offset == range.upperBound || doc.text[offset] == 0x20 || doc.text[offset] == 0x09
      if isSpace, let wordStart = start {
        result.append(wordStart..<offset)
        start = nil
      } else if !isSpace && start == nil {
        start = offset
      }
    }
    return result
  }

  /// Whether the front matter key at `range` is `name` (lowercase ASCII) in any case,
  /// read in place: no other character lowercases to an ASCII letter of `title` or
  /// `tags`.
  private static func isKey(_ range: Range<Int>, _ name: StaticString, _ doc: NoteDocument) -> Bool {
    TextFolding.isCaseless(range.lazy.map { doc.text[$0] }, name)
  }

  /// The ranges of the items of a `a, b` or `[a, b]` list value, trimmed and unquoted.
  static func listItemRanges(_ range: Range<Int>, _ doc: NoteDocument) -> [Range<Int>] {
    var bytes = range
    bytes = trimmed(bytes, doc)
    if bytes.count >= 2 && doc.text[bytes.lowerBound] == UInt8(ascii: "[")
      && doc.text[bytes.upperBound - 1] == UInt8(ascii: "]")
    {
      bytes = (bytes.lowerBound + 1)..<(bytes.upperBound - 1)
    }
    // As ``BookInfo/list(_:)``: a comma inside a quoted item does not split it, and a
    // quote counts only where an item starts.
    var result: [Range<Int>] = []
    var start = bytes.lowerBound
    var quote: UInt8?
    var atItemStart = true
    for offset in bytes.lowerBound...bytes.upperBound {
      let byte = offset < bytes.upperBound ? doc.text[offset] : UInt8(ascii: ",")
      if let open = quote {
        if byte == open { quote = nil }
        if offset < bytes.upperBound { continue }
      }
      if byte == UInt8(ascii: ",") {
        let item = unquotedRange(start..<offset, doc)
        if !item.isEmpty { result.append(item) }
        start = offset + 1
        atItemStart = true
        continue
      }
      if atItemStart && (byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'")) { quote = byte }
      if byte != 0x20 && byte != 0x09 { atItemStart = false }
    }
    return result
  }

  /// `range` without surrounding spaces and one pair of quotes.
  static func unquotedRange(_ range: Range<Int>, _ doc: NoteDocument) -> Range<Int> {
    var result = trimmed(range, doc)
    if result.count >= 2 {
      let first = doc.text[result.lowerBound]
      if (first == UInt8(ascii: "\"") || first == UInt8(ascii: "'")) && doc.text[result.upperBound - 1] == first {
        result = trimmed((result.lowerBound + 1)..<(result.upperBound - 1), doc)
      }
    }
    return result
  }

  private static func trimmed(_ range: Range<Int>, _ doc: NoteDocument) -> Range<Int> {
    var lower = range.lowerBound
    var upper = range.upperBound
    while lower < upper && (doc.text[lower] == 0x20 || doc.text[lower] == 0x09) { lower += 1 }
    while upper > lower && (doc.text[upper - 1] == 0x20 || doc.text[upper - 1] == 0x09) { upper -= 1 }
    return lower..<upper
  }

  /// The words of the note outside code blocks.
  private static func terms(of doc: NoteDocument, skipping code: [Range<Int>]) -> TermTable {
    doc.text.bytes(in: 0..<doc.utf8Count).withUnsafeBufferPointer { TermTable(text: $0, skipping: code) }
  }
}

extension NoteSummary {
  /// The headings of `block`, appended to `headings`: the block itself, or those in its
  /// list items (`- ## JavaScript`) and quotes (`> # Foo`).
  static func appendHeadings(of block: SyntaxNode, _ doc: NoteDocument, to headings: inout [Heading]) {
    func append(_ heading: SyntaxNode) {
      guard let content = heading.child(.inlineContent) else { return }
      let text = OutlineText.bounded(doc.plainText([content]), maxBytes: Self.maxTextBytes)
      headings.append(
        Heading(
          level: heading.headingLevel, text: text, span: doc.span(of: heading.trimmedRange(in: doc)),
          textSpan: doc.span(of: content.range)))
    }
    switch block.kind {
    case .heading:
      append(block)
    case .unorderedList where block.mayHold(.heading), .orderedList where block.mayHold(.heading),
      .blockquote where block.mayHold(.heading):
      // A `where` holds for its own pattern only, so each kind has one: other blocks are
      // not walked node by node.
      block.forEachDescendant { if $0.kind == .heading { append($0) } }
    default:
      break
    }
  }
}
