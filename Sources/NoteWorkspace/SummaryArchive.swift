public import NoteIntelligence

/// A compact binary form of ``NoteSummary`` for the index cache on disk: the summary
/// is written field by field and read back exactly, or reading fails on the first
/// byte that does not fit (a truncated or corrupt file), never trapping.
///
/// A summary's structure is its path, its length and then its ``Part``s in their
/// declared order; its words are a record of their own (``writeTerms(_:to:)``).
public enum SummaryArchive {
  /// The archive could not be read.
  public struct Corrupt: Error, CustomStringConvertible {
    public let offset: Int
    public var description: String { "corrupt archive at byte \(offset)" }
  }

  /// The parts of a summary's structure, in the order they are written. A new part is a
  /// case here and one in each of ``write(_:of:to:)`` and ``read(_:_:into:)``; review
  /// reads a note's prompts, title and tags and stops after the tags
  /// (``readReviewFields(_:)``), so a part it does not need goes after them.
  enum Part: CaseIterable {
    /// First, so that review reads them without the rest (``readPrompts(_:)``).
    case prompts
    case book, title, headings, tags
    case htmlAnchors, questions, links, codeRanges, keys
  }

  /// Appends `summary` to `output`: its structure, then its words.
  public static func write(_ summary: NoteSummary, to output: inout [UInt8]) {
    var writer = ArchiveWriter(bytes: [])
    swap(&writer.bytes, &output)
    write(summary, to: &writer)
    swap(&writer.bytes, &output)
  }

  /// Appends `summary` to `w`: its structure, then its words.
  package static func write(_ summary: NoteSummary, to w: inout ArchiveWriter) {
    writeStructure(summary, to: &w)
    writeTerms(summary.terms, to: &w)
  }

  /// Reads what ``write(_:to:)`` wrote at `offset`, moving `offset` past it.
  public static func read(_ input: UnsafeRawBufferPointer, at offset: inout Int) throws(Corrupt) -> NoteSummary {
    var summary = try readStructure(input, at: &offset)
    summary.terms = try readTerms(input, at: &offset)
    return summary
  }

  /// Appends everything of `summary` but its words: what a library needs before
  /// search does.
  package static func writeStructure(_ summary: NoteSummary, to w: inout ArchiveWriter) {
    w.string(summary.path)
    w.int(summary.byteCount)
    for part in Part.allCases { write(part, of: summary, to: &w) }
  }

  /// Reads what ``writeStructure(_:to:)`` wrote: a summary without its words (an
  /// empty word table, not marked as waiting), moving `offset` past it.
  package static func readStructure(_ input: UnsafeRawBufferPointer, at offset: inout Int) throws(Corrupt)
    -> NoteSummary
  {
    var r = ArchiveReader(buffer: input, offset: offset)
    let path = try r.string()
    var summary = NoteSummary(nameOnly: path, byteCount: try r.int())
    for part in Part.allCases { try read(part, &r, into: &summary) }
    offset = r.offset
    return summary
  }

  /// Appends a word table.
  package static func writeTerms(_ terms: TermTable, to w: inout ArchiveWriter) {
    w.bytes(terms.bytes)
    w.array(terms.ends)
    w.array(terms.counts)
    w.array(terms.pairs)
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
  /// Reads only the path and the prompts of the summary archived in `input` (its
  /// structure, ``writeStructure(_:to:)``): review's candidates without the rest.
  package static func readPrompts(_ input: UnsafeRawBufferPointer) throws(Corrupt) -> (
    path: String, prompts: [PromptMark]
  ) {
    var r = ArchiveReader(buffer: input, offset: 0)
    let path = try r.string()
    var summary = NoteSummary(nameOnly: path, byteCount: try r.int())
    try read(.prompts, &r, into: &summary)
    return (path, summary.prompts)
  }

  /// The path, prompts, title and tags of a note's structure, the parts between stepped
  /// over (what a review of a book or a tag needs of each note).
  package static func readReviewFields(_ input: UnsafeRawBufferPointer) throws(Corrupt) -> (
    path: String, prompts: [PromptMark], title: String?, tags: [NoteSummary.TagUse]
  ) {
    var r = ArchiveReader(buffer: input, offset: 0)
    let path = try r.string()
    var summary = NoteSummary(nameOnly: path, byteCount: try r.int())
    for part in Part.allCases {
      switch part {
      case .prompts, .title, .tags: try read(part, &r, into: &summary)
      default: try skip(part, &r)
      }
      if part == .tags { break }
    }
    return (path, summary.prompts, summary.title, summary.tags)
  }

  /// Steps over `part`: the book and the headings without making their strings, the
  /// others read and dropped.
  static func skip(_ part: Part, _ r: inout ArchiveReader) throws(Corrupt) {
    switch part {
    case .book:
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
    case .headings:
      for _ in 0..<(try r.count()) {
        _ = try r.int()
        try r.skipBytes()
        try r.skipSpan()
        try r.skipSpan()
      }
    default:
      var dropped = NoteSummary(nameOnly: "", byteCount: .max)
      try read(part, &r, into: &dropped)
    }
  }
}
