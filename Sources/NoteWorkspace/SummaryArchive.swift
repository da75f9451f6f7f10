public import NoteIntelligence

/// A compact binary form of ``NoteSummary`` for the index cache on disk: the summary
/// is written field by field and read back exactly, or reading fails on the first
/// byte that does not fit (a truncated or corrupt file), never trapping.
public enum SummaryArchive {
  /// The archive could not be read.
  public struct Corrupt: Error, CustomStringConvertible {
    public let offset: Int
    public var description: String { "corrupt archive at byte \(offset)" }
  }

  /// Appends `summary` to `output`.
  public static func write(_ summary: NoteSummary, to output: inout [UInt8]) {
    var writer = ArchiveWriter(bytes: [])
    swap(&writer.bytes, &output)
    write(summary, to: &writer)
    swap(&writer.bytes, &output)
  }

  /// Appends `summary` to `w`: its structure (``writeStructure(_:to:)``), then its
  /// words (``writeTerms(_:to:)``).
  package static func write(_ summary: NoteSummary, to w: inout ArchiveWriter) {
    writeStructure(summary, to: &w)
    writeTerms(summary.terms, to: &w)
  }

  /// Appends everything of `summary` but its words: what a library needs before
  /// search does. Each tag's folded name is kept (when it differs from the name), so
  /// reading it back folds nothing.
  package static func writeStructure(_ summary: NoteSummary, to w: inout ArchiveWriter) {
    w.string(summary.path)
    w.int(summary.byteCount)
    // The prompts first, so that review reads them without the rest (``readPrompts(_:)``).
    w.int(summary.prompts.count)
    for prompt in summary.prompts {
      w.int(Int(Int64(bitPattern: prompt.id.hash)))
      w.int(Int(prompt.id.occurrence))
      w.int(PromptKind.allCases.firstIndex(of: prompt.kind)!)
      w.span(prompt.span)
    }
    let book = summary.book
    for text in [book.title, book.subtitle, book.published, book.isbn, book.googleBooksID, book.started, book.finished]
    {
      w.optionalString(text)
    }
    w.strings(book.authors)
    w.strings(book.tags)
    w.int(book.status.map { ReadingStatus.allCases.firstIndex(of: $0)! + 1 } ?? 0)
    // In halves: `4.5` is 9.
    w.int(book.rating.map { Int(($0 * 2).rounded()) } ?? 0)
    w.int(book.fields.count)
    for (key, value) in book.fields.sorted(by: { $0.key < $1.key }) {
      w.string(key)
      w.string(value)
    }
    w.optionalString(summary.title)
    w.optionalSpan(summary.titleSpan)
    w.int(summary.headings.count)
    for heading in summary.headings {
      w.int(heading.level)
      w.string(heading.text)
      w.span(heading.span)
      w.span(heading.textSpan)
    }
    w.int(summary.tags.count)
    for tag in summary.tags {
      w.string(tag.name)
      // Mostly the name itself (a lowercase tag): then not written again.
      w.optionalString(tag.folded == tag.name ? nil : tag.folded)
      w.span(tag.span)
      w.int(tag.inFrontMatter ? 1 : 0)
    }
    // After the tags: review reads no further (``readReviewFields(_:)``).
    w.int(summary.htmlAnchors.count)
    for anchor in summary.htmlAnchors {
      w.string(anchor.name)
      w.span(anchor.span)
    }
    w.int(summary.questions.count)
    for question in summary.questions {
      w.string(question.text)
      w.span(question.span)
    }
    w.int(summary.links.count)
    for link in summary.links {
      w.string(link.target)
      w.int(Int(link.kind.rawValue))
      w.span(link.span)
      w.span(link.targetSpan)
      w.optionalString(link.heading)
      if link.heading != nil { w.span(link.headingSpan ?? link.targetSpan) }
    }
    w.int(summary.codeRanges.count)
    for range in summary.codeRanges {
      w.int(range.lowerBound)
      w.int(range.count)
    }
    w.bytes(summary.keys.bytes)
    w.array(summary.keys.ends)
    w.array(summary.keys.masks)
  }

  /// Appends a word table.
  package static func writeTerms(_ terms: TermTable, to w: inout ArchiveWriter) {
    w.bytes(terms.bytes)
    w.array(terms.ends)
    w.array(terms.counts)
    w.array(terms.pairs)
  }

  /// Reads one summary from `input` at `offset`, moving `offset` past it. Without
  /// `words`, its word table is skipped (most of its bytes) and the summary is marked
  /// as waiting for its words (``NoteSummary/wordsPending``).
  public static func read(
    _ input: UnsafeRawBufferPointer, at offset: inout Int, words: Bool = true
  ) throws(Corrupt) -> NoteSummary {
    var summary = try readStructure(input, at: &offset)
    if words {
      summary.terms = try readTerms(input, at: &offset)
    } else {
      try skipTerms(input, at: &offset)
      summary.wordsPending = NoteWords.Pending(knowsCode: true)
    }
    return summary
  }

  /// Reads what ``writeStructure(_:to:)`` wrote: a summary without its words (an
  /// empty word table, not marked as waiting), moving `offset` past it.
  package static func readStructure(_ input: UnsafeRawBufferPointer, at offset: inout Int) throws(Corrupt)
    -> NoteSummary
  {
    var r = ArchiveReader(buffer: input, offset: offset)
    let path = try r.string()
    var summary = NoteSummary(nameOnly: path, byteCount: try r.int())
    summary.prompts = try readPrompts(&r)
    var book = BookInfo()
    book.title = try r.optionalString()
    book.subtitle = try r.optionalString()
    book.published = try r.optionalString()
    book.isbn = try r.optionalString()
    book.googleBooksID = try r.optionalString()
    book.started = try r.optionalString()
    book.finished = try r.optionalString()
    book.authors = try r.strings()
    book.tags = try r.strings()
    let status = try r.int()
    guard status >= 0, status <= ReadingStatus.allCases.count else { throw r.corrupt }
    book.status = status == 0 ? nil : ReadingStatus.allCases[status - 1]
    let rating = try r.int()
    book.rating = rating == 0 ? nil : Double(rating) / 2
    for _ in 0..<(try r.count()) {
      let key = try r.string()
      book.fields[key] = try r.string()
    }
    summary.book = book
    summary.title = try r.optionalString()
    summary.titleSpan = try r.optionalSpan()
    let headings = try r.count()
    summary.headings.reserveCapacity(headings)
    for _ in 0..<headings {
      let level = try r.int()
      guard level >= 0 else { throw r.corrupt }
      summary.headings.append(
        NoteSummary.Heading(level: level, text: try r.string(), span: try r.span(), textSpan: try r.span()))
    }
    let tags = try r.count()
    summary.tags.reserveCapacity(tags)
    for _ in 0..<tags {
      let name = try r.string()
      let folded = try r.optionalString() ?? name
      summary.tags.append(
        NoteSummary.TagUse(name: name, folded: folded, span: try r.span(), inFrontMatter: try r.int() == 1))
    }
    for _ in 0..<(try r.count()) {
      summary.htmlAnchors.append(HTMLAnchors.Anchor(name: try r.string(), span: try r.span()))
    }
    let questions = try r.count()
    summary.questions.reserveCapacity(questions)
    for _ in 0..<questions {
      summary.questions.append(NoteSummary.Question(text: try r.string(), span: try r.span()))
    }
    let links = try r.count()
    summary.links.reserveCapacity(links)
    for _ in 0..<links {
      let target = try r.string()
      guard let kind = LinkUse.Kind(rawValue: UInt8(clamping: try r.int())) else { throw r.corrupt }
      let span = try r.span()
      let targetSpan = try r.span()
      let heading = try r.optionalString()
      let headingSpan = heading == nil ? nil : try r.span()
      summary.links.append(
        NoteSummary.NoteLink(
          target: target, kind: kind, span: span, targetSpan: targetSpan, heading: heading, headingSpan: headingSpan))
    }
    let codeRanges = try r.count()
    summary.codeRanges.reserveCapacity(codeRanges)
    for _ in 0..<codeRanges {
      let lower = try r.int()
      let length = try r.int()
      // In order, apart, and within the note.
      guard lower >= (summary.codeRanges.last?.upperBound ?? 0), length > 0, length <= summary.byteCount - lower
      else { throw r.corrupt }
      summary.codeRanges.append(lower..<(lower + length))
    }
    summary.keys.bytes = try r.bytes()
    summary.keys.ends = try r.array(UInt32.self)
    summary.keys.masks = try r.array(UInt64.self)
    guard summary.keys.ends.count == summary.keys.masks.count,
      Self.ascending(summary.keys.ends, upTo: summary.keys.bytes.count)
    else { throw r.corrupt }
    offset = r.offset
    return summary
  }

  /// Reads what ``writeTerms(_:to:)`` wrote, moving `offset` past it.
  package static func readTerms(_ input: UnsafeRawBufferPointer, at offset: inout Int) throws(Corrupt) -> TermTable {
    var r = ArchiveReader(buffer: input, offset: offset)
    var terms = TermTable()
    terms.bytes = try r.bytes()
    terms.ends = try r.array(UInt32.self)
    terms.counts = try r.array(UInt16.self)
    terms.pairs = try r.array(UInt64.self)
    guard terms.ends.count == terms.counts.count, Self.ascending(terms.ends, upTo: terms.bytes.count) else {
      throw r.corrupt
    }
    offset = r.offset
    return terms
  }

  /// Steps over what ``writeTerms(_:to:)`` wrote.
  static func skipTerms(_ input: UnsafeRawBufferPointer, at offset: inout Int) throws(Corrupt) {
    var r = ArchiveReader(buffer: input, offset: offset)
    try r.skipBytes()
    try r.skipArray(UInt32.self)
    try r.skipArray(UInt16.self)
    try r.skipArray(UInt64.self)
    offset = r.offset
  }

  /// Whether `ends` never decreases and stays within `limit` (the ends of words or
  /// keys in a buffer of `limit` bytes).
  static func ascending(_ ends: [UInt32], upTo limit: Int) -> Bool {
    var previous: UInt32 = 0
    for end in ends {
      guard end >= previous else { return false }
      previous = end
    }
    return Int(previous) <= limit
  }
}

extension SummaryArchive {
  /// Reads only the word table and the text length of the summary archived in `input`
  /// at `offset` (every other field is stepped over without being made), moving
  /// `offset` past the summary.
  public static func readWords(
    _ input: UnsafeRawBufferPointer, at offset: inout Int
  ) throws(Corrupt) -> (terms: TermTable, byteCount: Int) {
    var r = ArchiveReader(buffer: input, offset: offset)
    try r.skipBytes()  // path
    let byteCount = try r.int()
    for _ in 0..<(try r.count()) {  // prompts
      _ = try r.int()
      _ = try r.int()
      _ = try r.int()
      try r.skipSpan()
    }
    for _ in 0..<7 { try r.skipOptionalBytes() }  // title, subtitle, published, isbn, id, started, finished
    for _ in 0..<2 {  // authors, tags
      for _ in 0..<(try r.count()) { try r.skipBytes() }
    }
    _ = try r.int()  // status
    _ = try r.int()  // rating
    for _ in 0..<(try r.count()) {  // fields
      try r.skipBytes()
      try r.skipBytes()
    }
    try r.skipOptionalBytes()  // title
    if try r.int() == 1 { try r.skipSpan() }  // title span
    for _ in 0..<(try r.count()) {  // headings
      _ = try r.int()
      try r.skipBytes()
      try r.skipSpan()
      try r.skipSpan()
    }
    for _ in 0..<(try r.count()) {  // tags
      try r.skipBytes()
      try r.skipOptionalBytes()
      try r.skipSpan()
      _ = try r.int()
    }
    for _ in 0..<(try r.count()) {  // HTML anchors
      try r.skipBytes()
      try r.skipSpan()
    }
    for _ in 0..<(try r.count()) {  // questions
      try r.skipBytes()
      try r.skipSpan()
    }
    for _ in 0..<(try r.count()) {  // links
      try r.skipBytes()
      _ = try r.int()
      try r.skipSpan()
      try r.skipSpan()
      if try r.optionalString() != nil { try r.skipSpan() }
    }
    for _ in 0..<(try r.count()) {  // code ranges
      _ = try r.int()
      _ = try r.int()
    }
    try r.skipBytes()  // keys
    try r.skipArray(UInt32.self)
    try r.skipArray(UInt64.self)
    var next = r.offset
    let terms = try readTerms(input, at: &next)
    offset = next
    return (terms, byteCount)
  }
}

extension SummaryArchive {
  /// Reads only the path and the prompts of the summary archived in `input` (its
  /// structure, ``writeStructure(_:to:)``): review's candidates without the rest.
  package static func readPrompts(_ input: UnsafeRawBufferPointer) throws(Corrupt) -> (
    path: String, prompts: [PromptMark]
  ) {
    var r = ArchiveReader(buffer: input, offset: 0)
    let path = try r.string()
    _ = try r.int()  // length
    return (path, try readPrompts(&r))
  }

  /// The path, prompts, title and tags of a note's structure, the rest read past (what
  /// a review of a book or a tag needs of each note).
  package static func readReviewFields(_ input: UnsafeRawBufferPointer) throws(Corrupt) -> (
    path: String, prompts: [PromptMark], title: String?, tags: [NoteSummary.TagUse]
  ) {
    var r = ArchiveReader(buffer: input, offset: 0)
    let path = try r.string()
    _ = try r.int()  // length
    let prompts = try readPrompts(&r)
    // The book: seven optional strings, authors and tags, status, rating, other fields.
    for _ in 0..<7 { try r.skipOptionalBytes() }
    for _ in 0..<2 {
      for _ in 0..<(try r.count()) { try r.skipBytes() }
    }
    _ = try r.int()
    _ = try r.int()
    for _ in 0..<(try r.count()) {
      try r.skipBytes()
      try r.skipBytes()
    }
    let title = try r.optionalString()
    if try r.int() == 1 { try r.skipSpan() }
    for _ in 0..<(try r.count()) {
      _ = try r.int()
      try r.skipBytes()
      try r.skipSpan()
      try r.skipSpan()
    }
    var tags: [NoteSummary.TagUse] = []
    for _ in 0..<(try r.count()) {
      let name = try r.string()
      let folded = try r.optionalString() ?? name
      tags.append(NoteSummary.TagUse(name: name, folded: folded, span: try r.span(), inFrontMatter: try r.int() == 1))
    }
    return (path, prompts, title, tags)
  }

  /// The prompts as ``writeStructure(_:to:)`` writes them.
  static func readPrompts(_ r: inout ArchiveReader) throws(Corrupt) -> [PromptMark] {
    let count = try r.count()
    var prompts: [PromptMark] = []
    prompts.reserveCapacity(count)
    for _ in 0..<count {
      let hash = UInt64(bitPattern: Int64(try r.int()))
      let occurrence = try r.int()
      let kind = try r.int()
      guard occurrence >= 1, occurrence <= UInt32.max, kind >= 0, kind < PromptKind.allCases.count else {
        throw r.corrupt
      }
      let id = PromptID(hash: hash, occurrence: UInt32(occurrence))
      prompts.append(PromptMark(id: id, kind: PromptKind.allCases[kind], span: try r.span()))
    }
    return prompts
  }
}
