import NoteSyntax

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
    guard !query.isEmpty else { return RankedCandidates(RankedCandidates.Builder(capacity: 0), shards: []) }
    let wordCount = query.words.count
    var documentFrequency = [Int](repeating: 0, count: wordCount)
    var shards: [ShardPostings] = []
    // The matching notes by shard and index in it, and their counts, one per query
    // word, back to back.
    var matching: [(shard: Int, note: Int)] = []
    var matchingCounts: [UInt32] = []
    var totalBytes = 0
    var total = 0
    // Per shard, the words' posting lists give each note's counts: the notes that use
    // none of the words are never read.
    try forEachSearchIndex { shard in
      try checkCurrent()
      let count = shard.boxes.count
      total += count
      totalBytes += shard.totalBytes
      // Note n's count of word w at n * wordCount + w.
      var counts = [UInt32](repeating: 0, count: count * wordCount)
      for (index, word) in query.words.enumerated() {
        shard.addCounts(of: word, into: &counts, stride: wordCount, offset: index)
      }
      counts.withUnsafeBufferPointer { counts in
        documentFrequency.withUnsafeMutableBufferPointer { documentFrequency in
          for note in 0..<count {
            let row = note * wordCount
            var all = true
            for index in 0..<wordCount {
              if counts[row + index] > 0 { documentFrequency[index] += 1 } else { all = false }
            }
            guard all else { continue }
            if !query.tags.isEmpty {
              let uses = shard.tags[shard.tagStarts[note]..<shard.tagStarts[note + 1]]
              guard query.tags.allSatisfy({ tag in uses.contains { Hashtag.isWithin($0, tag) } }) else { continue }
            }
            // A phrase whose words never follow each other in the note cannot match it.
            if !query.phrasePairs.isEmpty && !shard.terms[note].mayHold(pairs: query.phrasePairs) { continue }
            matching.append((shards.count, note))
            matchingCounts.append(contentsOf: counts[row..<(row + wordCount)])
          }
        }
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
    // The query's words back to back, each a range in `needles`.
    let needles = query.words.flatMap(\.bytes)
    var needleRanges: [Range<Int>] = []
    for word in query.words {
      let start = needleRanges.last?.upperBound ?? 0
      needleRanges.append(start..<(start + word.bytes.count))
    }
    let prefixes = query.words.map(\.isPrefix)
    var candidates = RankedCandidates.Builder(capacity: matching.count)
    // The matching notes come shard by shard: each shard's tables are taken once.
    var position = 0
    for (shardIndex, shard) in shards.enumerated() {
      let first = position
      while position < matching.count && matching[position].shard == shardIndex { position += 1 }
      guard position > first else { continue }
      needles.withUnsafeBufferPointer { needles in
        shard.keyBytes.withUnsafeBufferPointer { keyBytes in
          shard.keyEnds.withUnsafeBufferPointer { keyEnds in
            shard.keyMasks.withUnsafeBufferPointer { keyMasks in
              matchingCounts.withUnsafeBufferPointer { matchingCounts in
                func key(_ index: Int) -> UnsafeBufferPointer<UInt8> {
                  UnsafeBufferPointer(rebasing: keyBytes[(index == 0 ? 0 : keyEnds[index - 1])..<keyEnds[index]])
                }
                for candidate in first..<position {
                  let note = matching[candidate].note
                  let counts = candidate * wordCount
                  let length = Double(max(shard.byteCounts[note], 1)) / averageBytes
                  var score = 0.0
                  // The folded title and headings: title first.
                  let firstKey = shard.keyStarts[note]
                  let titled = shard.titled[note]
                  let headingStart = firstKey + (titled ? 1 : 0)
                  let headingEnd = shard.keyStarts[note + 1]
                  let titleKey = titled ? key(firstKey) : nil
                  for index in 0..<wordCount {
                    let word = UnsafeBufferPointer(rebasing: needles[needleRanges[index]])
                    let isPrefix = prefixes[index]
                    let tf = Double(matchingCounts[counts + index])
                    score += weights[index] * tf * 2.2 / (tf + 1.2 * (0.25 + 0.75 * length))
                    let inTitle = titleKey.map { Self.occurrences(of: word, isPrefix: isPrefix, in: $0) } ?? 0
                    if let titleKey, inTitle > 0 {
                      // More for a word that is more of the title.
                      score += weights[index] * (1 + Double(inTitle) / Double(max(Self.wordCount(titleKey), 1)))
                      continue
                    }
                    for heading in headingStart..<headingEnd
                    // A heading lacking a character of the word is rejected by its mask alone.
                    where wordMasks[index] & ~keyMasks[heading] == 0
                      && Self.occurrences(of: word, isPrefix: isPrefix, in: key(heading)) > 0
                    {
                      score += weights[index] / 2
                      break
                    }
                  }
                  candidates.append(
                    shard: shardIndex, note: note, score: score,
                    title: titleKey ?? UnsafeBufferPointer(start: nil, count: 0))
                }
              }
            }
          }
        }
      }
    }
    return RankedCandidates(candidates, shards: shards)
  }

  /// The best `limit` notes matching `query`, each with its best match.
  ///
  /// Candidates come from the index (``searchCandidates(_:)``); `text` gives a
  /// candidate's text (the open document, else the file), asked for the best ones
  /// only until `limit` of them match: as many at once as hits are still wanted, read
  /// and matched by `parallel`. A candidate whose text is `nil`, lacks a phrase or a
  /// word, is dropped and the next one taken. The hits are ordered by score, with a
  /// bonus for a note where the words typed outside quotes follow each other.
  public func search(
    _ query: SearchQuery, limit: Int,
    parallel: (_ count: Int, _ body: (Int) -> Void) -> Void = { count, body in for index in 0..<count { body(index) } },
    text: (NoteSummary) -> SearchText?
  ) throws -> [SearchHit] {
    guard limit > 0 else { return [] }
    var candidates = try rankedCandidates(query)
    var hits: [SearchHit] = []
    while hits.count < limit {
      try checkCurrent()
      var batch: [SearchCandidate] = []
      while batch.count < limit - hits.count, let next = candidates.next() { batch.append(next) }
      if batch.isEmpty { break }
      var matches = [NoteMatch?](repeating: nil, count: batch.count)
      matches.withUnsafeMutableBufferPointer { slots in
        // Each job writes only its own slot; none reads a text once a newer change
        // replaced this snapshot.
        nonisolated(unsafe) let slots = slots
        withoutActuallyEscaping(text) { text in
          parallel(batch.count) { index in
            guard !isSuperseded, let text = text(batch[index].note) else { return }
            slots[index] = NoteMatch.find(query, in: text)
          }
        }
      }
      try checkCurrent()
      for (candidate, match) in zip(batch, matches) {
        guard let match else { continue }
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
  static func wordCount(_ text: UnsafeBufferPointer<UInt8>) -> Int {
    var count = 0
    var previous: UInt8 = 0x20
    for byte in text {
      if isWordByte(byte) && !isWordByte(previous) { count += 1 }
      previous = byte
    }
    return count
  }

  /// How many words of `text` (folded) are `word` (start with it, for a prefix word).
  static func occurrences(of word: UnsafeBufferPointer<UInt8>, isPrefix: Bool, in text: UnsafeBufferPointer<UInt8>)
    -> Int
  {
    guard !word.isEmpty, text.count >= word.count else { return 0 }
    var count = 0
    let first = word[0]
    for start in 0...(text.count - word.count)
    where text[start] == first && (start == 0 || !isWordByte(text[start - 1]))
      && memoryEqual(text.baseAddress! + start, word.baseAddress!, word.count)
    {
      let end = start + word.count
      if isPrefix || end == text.count || !isWordByte(text[end]) { count += 1 }
    }
    return count
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
/// each one taken costs a logarithm of how many there are. Candidates are kept as
/// plain numbers (their shard and index in it, score and title bytes side by side):
/// a common word has thousands of them, and only those taken become values.
struct RankedCandidates {
  /// The shards the candidates are in.
  private let shards: [ShardPostings]
  /// Per candidate: its shard (an index into `shards`), its note there, its score.
  private let places: [(shard: Int32, note: Int32)]
  private let scores: [Double]
  /// Per candidate: its folded title (empty without one), back to back.
  private let titleBytes: [UInt8]
  private let titleEnds: [Int]
  /// A heap of indices into the candidates, the best at the root.
  private var heap: [Int32]

  /// The candidates of `builder`, in shards `shards`.
  init(_ builder: Builder, shards: [ShardPostings]) {
    self.shards = shards
    places = builder.places
    scores = builder.scores
    titleBytes = builder.titleBytes
    titleEnds = builder.titleEnds
    heap = []
    var heap = (0..<Int32(builder.places.count)).map { $0 }
    var index = heap.count / 2
    while index > 0 {
      index -= 1
      siftDown(&heap, from: index)
    }
    self.heap = heap
  }

  /// The candidates as they are found.
  struct Builder {
    var places: [(shard: Int32, note: Int32)] = []
    var scores: [Double] = []
    var titleBytes: [UInt8] = []
    var titleEnds: [Int] = []

    init(capacity: Int) {
      places.reserveCapacity(capacity)
      scores.reserveCapacity(capacity)
      titleEnds.reserveCapacity(capacity)
    }

    mutating func append(shard: Int, note: Int, score: Double, title: UnsafeBufferPointer<UInt8>) {
      places.append((Int32(shard), Int32(note)))
      scores.append(score)
      titleBytes.append(contentsOf: title)
      titleEnds.append(titleBytes.count)
    }
  }

  /// The best candidate not taken yet.
  mutating func next() -> SearchCandidate? {
    guard let best = heap.first else { return nil }
    // Taken out while it changes, so that it is not copied.
    var heap = self.heap
    self.heap = []
    let last = heap.removeLast()
    if !heap.isEmpty {
      heap[0] = last
      siftDown(&heap, from: 0)
    }
    self.heap = heap
    let place = places[Int(best)]
    return SearchCandidate(box: shards[Int(place.shard)].boxes[Int(place.note)], score: scores[Int(best)])
  }

  private func path(_ candidate: Int) -> String {
    let place = places[candidate]
    return shards[Int(place.shard)].boxes[Int(place.note)].summary.path
  }

  private func siftDown(_ heap: inout [Int32], from start: Int) {
    scores.withUnsafeBufferPointer { scores in
      titleBytes.withUnsafeBufferPointer { titleBytes in
        titleEnds.withUnsafeBufferPointer { titleEnds in
          func title(_ candidate: Int) -> UnsafeBufferPointer<UInt8> {
            UnsafeBufferPointer(
              rebasing: titleBytes[(candidate == 0 ? 0 : titleEnds[candidate - 1])..<titleEnds[candidate]])
          }
          func ranks(_ a: Int32, before b: Int32) -> Bool {
            let a = Int(a)
            let b = Int(b)
            if scores[a] != scores[b] { return scores[a] > scores[b] }
            let titleA = title(a)
            let titleB = title(b)
            if !titleA.elementsEqual(titleB) { return titleA.lexicographicallyPrecedes(titleB) }
            return path(a) < path(b)
          }
          heap.withUnsafeMutableBufferPointer { heap in
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
      }
    }
  }
}
