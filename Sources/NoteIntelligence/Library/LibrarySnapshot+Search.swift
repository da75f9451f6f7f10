public import NoteSyntax

/// A note that may match a query, from the index alone (its words and tags), with its
/// score.
public struct SearchCandidate: Sendable {
  let box: NoteBox
  public var score: Double
  public var note: NoteSummary { box.summary }
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
  /// A query of tags only scores every note 0 and orders them by title. Throws
  /// ``Superseded`` when a newer change replaces the snapshot while it runs.
  public func searchCandidates(_ query: SearchQuery) throws -> [SearchCandidate] {
    var ranked = try rankedCandidates(query)
    var all: [SearchCandidate] = []
    while let next = ranked.next() { all.append(next) }
    return all
  }

  /// The candidates of ``searchCandidates(_:)``, scored but put in order only as they
  /// are taken: a search showing 50 notes of the 9,000 that use a common word orders
  /// a few more than 50.
  func rankedCandidates(_ query: SearchQuery) throws -> RankedCandidates {
    guard !query.isEmpty else { return RankedCandidates(candidates: [], titles: []) }
    var documentFrequency = [Int](repeating: 0, count: query.words.count)
    var shards: [ShardPostings] = []
    // The matching notes by shard and index in it, and their counts, one per query
    // word, back to back.
    var matching: [(shard: Int, note: Int)] = []
    var matchingCounts: [Int] = []
    var totalBytes = 0
    var total = 0
    // Per shard, the words' posting lists give each note's counts: the notes that use
    // none of the words are never read.
    try forEachSearchIndex { shard in
      try checkCurrent()
      let count = shard.boxes.count
      total += count
      totalBytes += shard.totalBytes
      var perWord: [[Int]] = []
      for word in query.words {
        var counts = [Int](repeating: 0, count: count)
        shard.addCounts(of: word, into: &counts)
        perWord.append(counts)
      }
      for note in 0..<count {
        var all = true
        for index in perWord.indices {
          if perWord[index][note] > 0 { documentFrequency[index] += 1 } else { all = false }
        }
        guard all else { continue }
        if !query.tags.isEmpty {
          let uses = shard.tags[shard.tagStarts[note]..<shard.tagStarts[note + 1]]
          guard query.tags.allSatisfy({ tag in uses.contains { Hashtag.isWithin($0, tag) } }) else { continue }
        }
        // A phrase whose words never follow each other in the note cannot match it.
        if !query.phrasePairs.isEmpty && !shard.terms[note].mayHold(pairs: query.phrasePairs) { continue }
        matching.append((shards.count, note))
        for counts in perWord { matchingCounts.append(counts[note]) }
      }
      shards.append(shard)
    }
    let averageBytes = Double(max(totalBytes, 1)) / Double(max(total, 1))
    let weights = documentFrequency.map { frequency in
      let n = Double(total)
      let df = Double(frequency)
      return (1 + (n - df + 0.5) / (df + 0.5)).logarithm
    }
    let wordMasks = query.words.map { FuzzyQuery.mask(of: $0.bytes[...]) }
    var candidates: [SearchCandidate] = []
    var titles: [ArraySlice<UInt8>] = []
    candidates.reserveCapacity(matching.count)
    titles.reserveCapacity(matching.count)
    // The matching notes come shard by shard: each shard's tables are taken once.
    var position = 0
    for (shardIndex, shard) in shards.enumerated() {
      while position < matching.count && matching[position].shard == shardIndex {
        defer { position += 1 }
        let note = matching[position].note
        let counts = matchingCounts[(position * query.words.count)...]
        let length = Double(max(shard.byteCounts[note], 1)) / averageBytes
        var score = 0.0
        // The folded title and headings: title first.
        let firstKey = shard.keyStarts[note]
        let headingStart = firstKey + (shard.titled[note] ? 1 : 0)
        let headingEnd = shard.keyStarts[note + 1]
        let titleKey = shard.titled[note] ? shard.key(firstKey) : nil
        let titleWords = titleKey.map(Self.wordCount) ?? 0
        for (index, word) in query.words.enumerated() {
          let tf = Double(counts[counts.startIndex + index])
          score += weights[index] * tf * 2.2 / (tf + 1.2 * (0.25 + 0.75 * length))
          let inTitle = titleKey.map { Self.occurrences(of: word, in: $0) } ?? 0
          if inTitle > 0 {
            // More for a word that is more of the title.
            score += weights[index] * (1 + Double(inTitle) / Double(max(titleWords, 1)))
          } else if (headingStart..<headingEnd).contains(where: {
            // A heading lacking a character of the word is rejected by its mask alone.
            wordMasks[index] & ~shard.keyMasks[$0] == 0 && Self.occurrences(of: word, in: shard.key($0)) > 0
          }) {
            score += weights[index] / 2
          }
        }
        candidates.append(SearchCandidate(box: shard.boxes[note], score: score))
        titles.append(titleKey ?? [][...])
      }
    }
    return RankedCandidates(candidates: candidates, titles: titles)
  }

  /// The best `limit` notes matching `query`, each with its best match.
  ///
  /// Candidates come from the index (``searchCandidates(_:)``); `text` gives a
  /// candidate's text (the open document, else the file), asked for the best ones
  /// only until `limit` of them match. A candidate whose text is `nil`, lacks a phrase
  /// or a word, is dropped and the next one taken. The hits are ordered by score, with
  /// a bonus for a note where the words typed outside quotes follow each other.
  public func search(_ query: SearchQuery, limit: Int, text: (NoteSummary) -> NoteDocument?) throws -> [SearchHit] {
    // One text at a time, none read once a newer change replaced this snapshot.
    try search(query, limit: limit, texts: { notes in notes.map { isSuperseded ? nil : text($0) } })
  }

  /// As ``search(_:limit:text:)``, `texts` giving the texts of several candidates at
  /// once (so that it may read them at once), as many as hits are still wanted.
  public func search(
    _ query: SearchQuery, limit: Int, texts: ([NoteSummary]) -> [NoteDocument?]
  ) throws -> [SearchHit] {
    guard limit > 0 else { return [] }
    var candidates = try rankedCandidates(query)
    var hits: [SearchHit] = []
    while hits.count < limit {
      try checkCurrent()
      var batch: [SearchCandidate] = []
      while batch.count < limit - hits.count, let next = candidates.next() { batch.append(next) }
      if batch.isEmpty { break }
      let docs = texts(batch.map(\.note))
      try checkCurrent()
      for (candidate, doc) in zip(batch, docs) {
        guard let doc, let match = NoteMatch.find(query, in: doc) else { continue }
        var score = candidate.score
        if match.followsSequence { score *= 1.5 }
        hits.append(
          SearchHit(
            path: candidate.note.path, book: candidate.note.title, heading: match.heading, line: match.line,
            span: match.span, snippet: match.snippet, matches: match.matches, score: (score * 1000).rounded() / 1000))
      }
    }
    // Stable: equal scores keep the candidates' order.
    return hits.enumerated().sorted { a, b in
      a.element.score != b.element.score ? a.element.score > b.element.score : a.offset < b.offset
    }.map(\.element)
  }

  /// Whether a byte of folded text belongs to a word (letters, digits, any non-ASCII).
  private static func isWordByte(_ byte: UInt8) -> Bool {
    byte >= 0x80 || (byte >= 0x30 && byte <= 0x39) || (byte >= 0x61 && byte <= 0x7A)
  }

  /// How many words `text` (folded) has.
  static func wordCount(_ text: ArraySlice<UInt8>) -> Int {
    var count = 0
    var previous: UInt8 = 0x20
    for byte in text {
      if isWordByte(byte) && !isWordByte(previous) { count += 1 }
      previous = byte
    }
    return count
  }

  /// How many words of `text` (folded) are `word` (start with it, for a prefix word).
  static func occurrences(of word: SearchQuery.Word, in text: ArraySlice<UInt8>) -> Int {
    let needle = word.bytes
    guard !needle.isEmpty, text.count >= needle.count else { return 0 }
    return text.withUnsafeBufferPointer { text in
      needle.withUnsafeBufferPointer { needle in
        var count = 0
        let first = needle[0]
        for start in 0...(text.count - needle.count)
        where text[start] == first && (start == 0 || !isWordByte(text[start - 1]))
          && memoryEqual(text.baseAddress! + start, needle.baseAddress!, needle.count)
        {
          let end = start + needle.count
          if word.isPrefix || end == text.count || !isWordByte(text[end]) { count += 1 }
        }
        return count
      }
    }
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

/// Scored search candidates taken best first: by score, then folded title, then path
/// (read only on a tie). A binary heap: building it reads each candidate once, and
/// each one taken costs a logarithm of how many there are.
struct RankedCandidates {
  private let candidates: [SearchCandidate]
  private let titles: [ArraySlice<UInt8>]
  /// A heap of indices into `candidates`, the best at the root.
  private var heap: [Int]

  init(candidates: [SearchCandidate], titles: [ArraySlice<UInt8>]) {
    self.candidates = candidates
    self.titles = titles
    heap = Array(candidates.indices)
    var index = heap.count / 2
    while index > 0 {
      index -= 1
      siftDown(from: index)
    }
  }

  /// The best candidate not taken yet.
  mutating func next() -> SearchCandidate? {
    guard let best = heap.first else { return nil }
    let last = heap.removeLast()
    if !heap.isEmpty {
      heap[0] = last
      siftDown(from: 0)
    }
    return candidates[best]
  }

  private func ranks(_ a: Int, before b: Int) -> Bool {
    if candidates[a].score != candidates[b].score { return candidates[a].score > candidates[b].score }
    if titles[a] != titles[b] { return titles[a].lexicographicallyPrecedes(titles[b]) }
    return candidates[a].box.summary.path < candidates[b].box.summary.path
  }

  private mutating func siftDown(from start: Int) {
    var parent = start
    while true {
      var best = parent
      let left = 2 * parent + 1
      if left < heap.count && ranks(heap[left], before: heap[best]) { best = left }
      if left + 1 < heap.count && ranks(heap[left + 1], before: heap[best]) { best = left + 1 }
      if best == parent { return }
      heap.swapAt(parent, best)
      parent = best
    }
  }
}
