public import NoteSyntax

/// A note that may match a query, from the index alone (its words and tags), with its
/// score.
public struct SearchCandidate: Sendable {
  public var note: NoteSummary
  public var score: Double
}

/// A note found by a full-text search: where its best match is and a snippet to show.
public struct SearchHit: Sendable, Hashable {
  public var path: String
  /// The note's book title.
  public var book: String?
  /// The heading the match falls under.
  public var heading: String?
  /// The match's line (0-based).
  public var line: Int
  /// The first match on that line.
  public var span: NoteSpan
  /// The line, trimmed around the match.
  public var snippet: String
  /// What matched, as UTF-8 offsets into `snippet`.
  public var matches: [Range<Int>]
  /// Higher is better.
  public var score: Double

  /// `matches` as UTF-16 offsets into `snippet`.
  public var utf16Matches: [Range<Int>] { NoteMatch.utf16(matches, in: snippet) }
}

extension LibrarySnapshot {
  /// The notes that use every word of `query` (a prefix word: a word starting with it)
  /// and every tag (or a tag inside it), best first. Phrases are not checked: the
  /// index has no word order (see ``search(_:limit:text:)``).
  ///
  /// Score: BM25 over the notes' word counts (the note's length in bytes), plus each
  /// word's weight again when the title has it (more the shorter the title is), and
  /// half of it when a heading does.
  /// A query of tags only scores every note 0 and orders them by title.
  public func searchCandidates(_ query: SearchQuery) throws -> [SearchCandidate] {
    guard !query.isEmpty else { return [] }
    var documentFrequency = [Int](repeating: 0, count: query.words.count)
    var matching: [(note: NoteSummary, counts: [Int])] = []
    var totalBytes = 0
    var total = 0
    for note in notes {
      try Task.checkCancellation()
      total += 1
      totalBytes += note.byteCount
      var counts = [Int](repeating: 0, count: query.words.count)
      var all = true
      for (index, word) in query.words.enumerated() {
        let count = word.isPrefix ? note.terms.count(withPrefix: word.bytes) : note.terms.count(of: word.bytes)
        counts[index] = count
        if count > 0 { documentFrequency[index] += 1 } else { all = false }
      }
      if all && Self.usesTags(note, query.tags) { matching.append((note, counts)) }
    }
    let averageBytes = Double(max(totalBytes, 1)) / Double(max(total, 1))
    let weights = documentFrequency.map { frequency in
      let n = Double(total)
      let df = Double(frequency)
      return (1 + (n - df + 0.5) / (df + 0.5)).logarithm
    }
    var candidates: [SearchCandidate] = []
    candidates.reserveCapacity(matching.count)
    for (note, counts) in matching {
      try Task.checkCancellation()
      let length = Double(max(note.byteCount, 1)) / averageBytes
      var score = 0.0
      let titleWords = note.title.map { TextFolding.words(of: $0) } ?? []
      let headingWords = note.headings.flatMap { TextFolding.words(of: $0.text) }
      for (index, word) in query.words.enumerated() {
        let tf = Double(counts[index])
        score += weights[index] * tf * 2.2 / (tf + 1.2 * (0.25 + 0.75 * length))
        let inTitle = titleWords.filter(word.matches).count
        if inTitle > 0 {
          // More for a word that is more of the title.
          score += weights[index] * (1 + Double(inTitle) / Double(titleWords.count))
        } else if headingWords.contains(where: word.matches) {
          score += weights[index] / 2
        }
      }
      candidates.append(SearchCandidate(note: note, score: score))
    }
    candidates.sort { a, b in
      if a.score != b.score { return a.score > b.score }
      let aTitle = a.note.title.map(TextFolding.folded) ?? ""
      let bTitle = b.note.title.map(TextFolding.folded) ?? ""
      if aTitle != bTitle { return aTitle < bTitle }
      return a.note.path < b.note.path
    }
    return candidates
  }

  /// The best `limit` notes matching `query`, each with its best match.
  ///
  /// Candidates come from the index (``searchCandidates(_:)``); `text` gives a
  /// candidate's text (the open document, else the file), asked for the best ones
  /// only until `limit` of them match. A candidate whose text is `nil`, lacks a phrase
  /// or a word, is dropped and the next one taken. The hits are ordered by score, with
  /// a bonus for a note where the words typed outside quotes follow each other.
  public func search(_ query: SearchQuery, limit: Int, text: (NoteSummary) -> NoteDocument?) throws -> [SearchHit] {
    guard limit > 0 else { return [] }
    var hits: [SearchHit] = []
    for candidate in try searchCandidates(query) {
      try Task.checkCancellation()
      guard let doc = text(candidate.note), let match = NoteMatch.find(query, in: doc) else { continue }
      var score = candidate.score
      if match.followsSequence { score *= 1.5 }
      hits.append(
        SearchHit(
          path: candidate.note.path, book: candidate.note.title, heading: match.heading, line: match.line,
          span: match.span, snippet: match.snippet, matches: match.matches, score: (score * 1000).rounded() / 1000))
      if hits.count == limit { break }
    }
    // Stable: equal scores keep the candidates' order.
    return hits.enumerated().sorted { a, b in
      a.element.score != b.element.score ? a.element.score > b.element.score : a.offset < b.offset
    }.map(\.element)
  }

  /// Whether `note` uses each of `tags` (folded), or a tag inside it.
  static func usesTags(_ note: NoteSummary, _ tags: [String]) -> Bool {
    guard !tags.isEmpty else { return true }
    let used = note.tags.map { TextFolding.folded($0.name) }
    return tags.allSatisfy { tag in used.contains { Hashtag.isWithin($0, tag) } }
  }
}

extension Double {
  /// The natural logarithm, for positive values (by the standard library's means only).
  var logarithm: Double {
    // ln(x) = 2 atanh((x - 1) / (x + 1)), a series that converges for every x > 0.
    guard self > 0 else { return 0 }
    var exponent = 0
    var mantissa = self
    while mantissa > 2 {
      mantissa /= 2
      exponent += 1
    }
    while mantissa < 1 {
      mantissa *= 2
      exponent -= 1
    }
    let y = (mantissa - 1) / (mantissa + 1)
    let y2 = y * y
    var term = y
    var sum = 0.0
    var k = 1.0
    while abs(term / k) > 1e-15 {
      sum += term / k
      term *= y2
      k += 2
    }
    return 2 * sum + Double(exponent) * 0.693_147_180_559_945_3
  }
}
