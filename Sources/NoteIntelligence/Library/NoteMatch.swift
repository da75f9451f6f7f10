public import NoteSyntax
import NoteText

/// A note's text as a search reads it: its bytes and lines, and where its code
/// blocks, headings and tags are. Made from a file's bytes and the summary the index
/// has of them, without parsing the note; or from an open document.
public struct SearchText: Sendable {
  let bytes: [UInt8]
  let lines: LineIndex
  let codeRanges: [Range<Int>]
  let headings: [NoteSummary.Heading]
  let tags: [NoteSummary.TagUse]

  /// `bytes` with `summary`, the index's summary of them; `nil` when the summary is
  /// of another text (its length differs, or a code block or a tag lies past the end).
  public init?(bytes: [UInt8], summary: NoteSummary) {
    let count = bytes.count
    guard count == summary.byteCount, summary.codeRanges.allSatisfy({ $0.upperBound <= count }),
      summary.tags.allSatisfy({ $0.span.bytes.upperBound <= count })
    else { return nil }
    self.init(bytes: bytes, codeRanges: summary.codeRanges, headings: summary.headings, tags: summary.tags)
  }

  /// A file's text, `bytes` (valid UTF-8), with the index's summary of the note:
  /// read without parsing when the summary is of these bytes, else parsed.
  public init(file bytes: [UInt8], summary: NoteSummary) {
    self = SearchText(bytes: bytes, summary: summary) ?? SearchText(NoteDocument(checkedUTF8: bytes))
  }

  /// The text of `doc`.
  public init(_ doc: NoteDocument) {
    let summary = NoteSummary(path: "", doc: doc, words: false)
    self.init(
      bytes: doc.text.bytes(in: 0..<doc.utf8Count), codeRanges: summary.codeRanges, headings: summary.headings,
      tags: summary.tags)
  }

  private init(
    bytes: [UInt8], codeRanges: [Range<Int>], headings: [NoteSummary.Heading], tags: [NoteSummary.TagUse]
  ) {
    self.bytes = bytes
    lines = bytes.withUnsafeBufferPointer { LineIndex(bytes: $0) }
    self.codeRanges = codeRanges
    self.headings = headings
    self.tags = tags
  }

  /// The span of byte range `range`.
  func span(of range: Range<Int>) -> NoteSpan {
    NoteSpan(bytes: range, start: point(of: range.lowerBound), end: point(of: range.upperBound))
  }

  private func point(of offset: Int) -> NotePoint {
    let at = bytes.withUnsafeBufferPointer { all in
      lines.lineAndColumns(of: min(max(offset, 0), bytes.count)) { range, read in
        read(UnsafeBufferPointer(rebasing: all[range]))
      }
    }
    return NotePoint(line: at.line, utf8: at.utf8, utf16: at.utf16, utf32: at.utf32)
  }
}

/// Where a query matches in one note's text: the line to show, the heading it falls
/// under and a snippet with the matched words. The second step of a search, once the
/// index has picked the note: the index keeps words, not their order or place.
public struct NoteMatch: Sendable, Hashable {
  /// The chosen line (0-based).
  public var line: Int
  /// The first match on that line.
  public var span: NoteSpan
  /// The heading the line falls under (the heading itself on a heading line).
  public var heading: String?
  /// The line without its indentation, at most about ``snippetCharacters`` characters
  /// around the match, with `…` where it is cut.
  public var snippet: String
  /// The matched words and phrases, as UTF-8 offsets into `snippet`.
  public var matches: [Range<Int>]
  /// Whether the words typed outside quotes follow each other somewhere in the note.
  public var followsSequence: Bool

  /// About how many characters a snippet shows.
  public static let snippetCharacters = 120

  /// The match of `query` in `doc`, or `nil` when a word or a phrase is missing.
  public static func find(_ query: SearchQuery, in doc: NoteDocument) -> NoteMatch? {
    find(query, in: SearchText(doc))
  }

  /// The match of `query` in `text`, or `nil` when a word or a phrase is missing.
  /// Code blocks are skipped, as the index skips them.
  ///
  /// The line is the first where the words typed outside quotes follow each other;
  /// else the first with the most of the query's phrases and words. A query of tags
  /// only matches at the first use of one of them.
  public static func find(_ query: SearchQuery, in text: SearchText) -> NoteMatch? {
    find(query, in: text, pieceBytes: ClassifiedWords.pieceBytes)
  }

  /// As ``find(_:in:)``, the text read in pieces of about `pieceBytes` (whole lines)
  /// and no further than the chosen line.
  static func find(_ query: SearchQuery, in doc: SearchText, pieceBytes: Int) -> NoteMatch? {
    if query.words.isEmpty {
      guard let range = firstTagUse(query.tags, in: doc) else { return nil }
      return make(doc, line: doc.lines.lineContaining(range.lowerBound), highlights: [range], followsSequence: false)
    }
    // Parts: each word, each phrase, then the sequence of bare words (a bonus only).
    let phraseBase = query.words.count
    let sequenceIndex = phraseBase + query.phrases.count
    let checksSequence = query.sequence.count >= 2
    var found = [Bool](repeating: false, count: sequenceIndex + 1)
    // The parts found on each line, and the lines in the order they were found.
    var byLine: [Int: (parts: Set<Int>, ranges: [Range<Int>])] = [:]
    var lines: [Int] = []
    func record(_ part: Int, _ range: Range<Int>) {
      found[part] = true
      let line = doc.lines.lineContaining(range.lowerBound)
      if byLine[line] == nil { lines.append(line) }
      byLine[line, default: ([], [])].parts.insert(part)
      byLine[line, default: ([], [])].ranges.append(range)
    }
    if query.words.count <= 64 && query.sequence.count <= 64 {
      // Each word of the note reduced to bit sets: the query's words it is, those it
      // matches, the sequence's words it matches (no array per word of the note).
      var words = ClassifiedWords(for: query)
      let phrases = query.phrases.map { phrase in
        phrase.map { word in query.words.firstIndex { $0.bytes == word } ?? 64 }
      }
      // A word's phrases and sequence are looked for once the words they need are read.
      let lookahead = max(1, query.sequence.count, phrases.map(\.count).max() ?? 0)
      var processed = 0
      func process(_ index: Int) {
        let ranges = words.ranges
        var matches = words.matches[index]
        while matches != 0 {
          let part = matches.trailingZeroBitCount
          matches &= matches - 1
          record(part, ranges[index])
        }
        for (offset, phrase) in phrases.enumerated()
        where index + phrase.count <= ranges.count
          && phrase.indices.allSatisfy({ phrase[$0] < 64 && words.exact[index + $0] & (1 << UInt64(phrase[$0])) != 0 })
        {
          record(phraseBase + offset, ranges[index].lowerBound..<ranges[index + phrase.count - 1].upperBound)
        }
        let length = query.sequence.count
        if checksSequence && index + length <= ranges.count
          && (0..<length).allSatisfy({ words.sequence[index + $0] & (1 << UInt64($0)) != 0 })
        {
          record(sequenceIndex, ranges[index].lowerBound..<ranges[index + length - 1].upperBound)
        }
      }
      // The line that will be chosen, once known: the first line with the sequence,
      // or (without one to look for) the first line with every part.
      func decided() -> Int? {
        guard found[..<sequenceIndex].allSatisfy({ $0 }) else { return nil }
        if checksSequence {
          return found[sequenceIndex] ? lines.first { byLine[$0]!.parts.contains(sequenceIndex) } : nil
        }
        return lines.first { byLine[$0]!.parts.count == sequenceIndex }
      }
      // The text is read in pieces of whole lines, and no further once the line to
      // show is known and read to its end.
      ClassifiedWords.forEachPiece(of: doc, pieceBytes: pieceBytes) { piece, base in
        words.add(piece, at: base)
        let pieceEnd = base + piece.count
        while processed + lookahead <= words.count {
          process(processed)
          processed += 1
        }
        guard let line = decided() else { return true }
        let lineEnd = doc.lines.contentRange(ofLine: line).upperBound
        let readTo = processed < words.count ? words.ranges[processed].lowerBound : pieceEnd
        return readTo < lineEnd
      }
      while processed < words.count {
        process(processed)
        processed += 1
      }
    } else {
      let (words, ranges) = wordsOutsideCode(of: doc)
      for index in words.indices {
        for (part, word) in query.words.enumerated() where word.matches(words[index]) {
          record(part, ranges[index])
        }
        for (offset, phrase) in query.phrases.enumerated()
        where index + phrase.count <= words.count && phrase.indices.allSatisfy({ phrase[$0] == words[index + $0] }) {
          record(phraseBase + offset, ranges[index].lowerBound..<ranges[index + phrase.count - 1].upperBound)
        }
        let sequence = query.sequence
        if checksSequence && index + sequence.count <= words.count
          && sequence.indices.allSatisfy({ sequence[$0].matches(words[index + $0]) })
        {
          record(sequenceIndex, ranges[index].lowerBound..<ranges[index + sequence.count - 1].upperBound)
        }
      }
    }
    guard found[..<sequenceIndex].allSatisfy({ $0 }) else { return nil }
    // The line: the first sequence, else the first line with the most distinct parts.
    var best = lines[0]
    if let sequenceLine = lines.first(where: { byLine[$0]!.parts.contains(sequenceIndex) }) {
      best = sequenceLine
    } else {
      for line in lines where byLine[line]!.parts.count > byLine[best]!.parts.count { best = line }
    }
    let lineEnd = doc.lines.contentRange(ofLine: best).upperBound
    let highlights = byLine[best]!.ranges.map { $0.lowerBound..<min($0.upperBound, lineEnd) }
    return make(doc, line: best, highlights: highlights, followsSequence: found[sequenceIndex])
  }

  /// The match on `line` with the byte ranges `highlights` (on that line).
  private static func make(_ doc: SearchText, line: Int, highlights: [Range<Int>], followsSequence: Bool)
    -> NoteMatch
  {
    let merged = merge(highlights)
    let content = doc.lines.contentRange(ofLine: line)
    let (snippet, matches) = snippet(
      Array(doc.bytes[content]),
      highlights: merged.map { ($0.lowerBound - content.lowerBound)..<($0.upperBound - content.lowerBound) })
    return NoteMatch(
      line: line, span: doc.span(of: merged[0]), heading: heading(atLine: line, in: doc), snippet: snippet,
      matches: matches, followsSequence: followsSequence)
  }

  /// The words of a note outside code blocks as bit sets over a query's words (at
  /// most 64 of each kind), with their byte ranges, read piece by piece.
  struct ClassifiedWords {
    let query: SearchQuery
    /// Bit i: the word is the query's word i.
    var exact: [UInt64] = []
    /// Bit i: the word matches the query's word i (starts with it, for a prefix word).
    var matches: [UInt64] = []
    /// Bit i: the word matches the query's sequence word i.
    var sequence: [UInt64] = []
    var ranges: [Range<Int>] = []

    init(for query: SearchQuery) { self.query = query }

    var count: Int { ranges.count }

    /// Cuts the text of `doc` outside code blocks in pieces of whole lines (about
    /// `pieceBytes` each), calling `body` with each piece and where it starts until
    /// it answers `false`.
    static func forEachPiece(
      of doc: SearchText, pieceBytes: Int, _ body: (_ piece: UnsafeBufferPointer<UInt8>, _ base: Int) -> Bool
    ) {
      let count = doc.bytes.count
      doc.bytes.withUnsafeBufferPointer { all in
        var start = 0
        for range in doc.codeRanges + [count..<count] {
          // Words never span a line, so a piece ends after a line break.
          while start < range.lowerBound {
            var end = start + min(max(pieceBytes, 1), range.lowerBound - start)
            while end < range.lowerBound && all[end - 1] != 0x0A { end += 1 }
            let piece = UnsafeBufferPointer(rebasing: all[start..<end])
            let base = start
            start = end
            guard body(piece, base) else { return }
          }
          start = max(start, range.upperBound)
        }
      }
    }

    static let pieceBytes = 1024

    /// Adds the words of `piece`, which starts at byte `base` of the note.
    mutating func add(_ piece: UnsafeBufferPointer<UInt8>, at base: Int) {
      let query = self.query
      func test(_ word: UnsafeBufferPointer<UInt8>, _ wanted: SearchQuery.Word) -> (exact: Bool, matches: Bool) {
        let count = wanted.bytes.count
        guard word.count >= count, word.count == count || wanted.isPrefix else { return (false, false) }
        let same = wanted.bytes.withUnsafeBufferPointer {
          count == 0 || memoryEqual($0.baseAddress!, word.baseAddress!, count)
        }
        return (same && word.count == count, same)
      }
      TextFolding.forEachWord(in: piece) { word, wordRange in
        var exact: UInt64 = 0
        var matches: UInt64 = 0
        var sequence: UInt64 = 0
        for (index, wanted) in query.words.enumerated() {
          let result = test(word, wanted)
          if result.exact { exact |= 1 << UInt64(index) }
          if result.matches { matches |= 1 << UInt64(index) }
        }
        for (index, wanted) in query.sequence.enumerated() where test(word, wanted).matches {
          sequence |= 1 << UInt64(index)
        }
        self.exact.append(exact)
        self.matches.append(matches)
        self.sequence.append(sequence)
        ranges.append((base + wordRange.lowerBound)..<(base + wordRange.upperBound))
      }
    }
  }

  /// The folded words of `doc` outside code blocks, with their byte ranges.
  static func wordsOutsideCode(of doc: SearchText) -> (words: [[UInt8]], ranges: [Range<Int>]) {
    var words: [[UInt8]] = []
    var ranges: [Range<Int>] = []
    var start = 0
    let count = doc.bytes.count
    doc.bytes.withUnsafeBufferPointer { all in
      for range in doc.codeRanges + [count..<count] {
        if range.lowerBound > start {
          let base = start
          TextFolding.words(in: UnsafeBufferPointer(rebasing: all[start..<range.lowerBound])) { word, wordRange in
            words.append(word)
            ranges.append((base + wordRange.lowerBound)..<(base + wordRange.upperBound))
          }
        }
        start = max(start, range.upperBound)
      }
    }
    return (words, ranges)
  }

  /// The range of the first use of a tag within one of `tags` (folded): a hashtag
  /// (without `#`) or an item of the front matter's `tags`.
  static func firstTagUse(_ tags: [String], in doc: SearchText) -> Range<Int>? {
    doc.tags.first { use in tags.contains { Hashtag.isWithin(use.folded, $0) } }?.span.bytes
  }

  /// The text of the last heading on or before line `line`.
  static func heading(atLine line: Int, in doc: SearchText) -> String? {
    doc.headings.last { Int($0.span.start.line) <= line }?.text
  }

  /// Sorted ranges with overlapping or touching ones joined.
  static func merge(_ ranges: [Range<Int>]) -> [Range<Int>] {
    var result: [Range<Int>] = []
    for range in ranges.sorted(by: { ($0.lowerBound, $0.upperBound) < ($1.lowerBound, $1.upperBound) }) {
      if let last = result.last, range.lowerBound <= last.upperBound {
        result[result.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
      } else {
        result.append(range)
      }
    }
    return result
  }

  /// A line's snippet: without its indentation and trailing spaces, cut to about
  /// ``snippetCharacters`` characters from a little before the first highlight, with
  /// `…` at each cut; the highlights (UTF-8 offsets into `line`) moved into it.
  static func snippet(_ line: [UInt8], highlights: [Range<Int>]) -> (String, [Range<Int>]) {
    var start = 0
    var end = line.count
    while start < end && (line[start] == 0x20 || line[start] == 0x09) { start += 1 }
    while end > start && (line[end - 1] == 0x20 || line[end - 1] == 0x09) { end -= 1 }
    let text = String(decoding: line[start..<end], as: UTF8.self)
    // Character boundaries as UTF-8 offsets into the line (the last one is the end).
    var boundaries: [Int] = []
    var offset = start
    for character in text {
      boundaries.append(offset)
      offset += character.utf8.count
    }
    boundaries.append(offset)
    let characters = boundaries.count - 1
    var first = 0
    var last = characters
    if characters > snippetCharacters {
      let matchStart = highlights.first?.lowerBound ?? start
      let matchCharacter = boundaries.lastIndex { $0 <= matchStart } ?? 0
      first = max(0, min(matchCharacter - snippetCharacters / 4, characters - snippetCharacters))
      last = first + snippetCharacters
    }
    let lower = boundaries[first]
    let upper = boundaries[last]
    var snippet = first > 0 ? "…" : ""
    let shift = snippet.utf8.count - lower
    snippet += String(decoding: line[lower..<upper], as: UTF8.self)
    if last < characters { snippet += "…" }
    let matches = highlights.compactMap { range -> Range<Int>? in
      // A highlight outside the cut is dropped (it may lie wholly before or after it).
      let from = max(range.lowerBound, lower)
      let to = min(range.upperBound, upper)
      return from < to ? (from + shift)..<(to + shift) : nil
    }
    return (snippet, matches)
  }

  /// UTF-8 offset ranges into `text` as UTF-16 offset ranges.
  public static func utf16(_ ranges: [Range<Int>], in text: String) -> [Range<Int>] {
    let utf8 = Array(text.utf8)
    func convert(_ offset: Int) -> Int {
      String(decoding: utf8[..<min(offset, utf8.count)], as: UTF8.self).utf16.count
    }
    return ranges.map { convert($0.lowerBound)..<convert($0.upperBound) }
  }
}
