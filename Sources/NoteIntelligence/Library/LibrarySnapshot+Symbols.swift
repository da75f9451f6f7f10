/// A symbol of the library for workspace search: a book, a note that is not a book
/// (by its title), a chapter or section heading, a hashtag or a question.
public struct LibrarySymbol: Sendable, Hashable {
  public enum Kind: Int, Sendable, Hashable, Comparable {
    case book
    case chapter
    case section
    case tag
    case question
    /// A note that is not a book (``LibrarySnapshot/isBook(_:)``), by its title.
    case note

    public static func < (a: Kind, b: Kind) -> Bool { a.rawValue < b.rawValue }
  }

  public var kind: Kind
  /// The book title, heading text, `#tag` or question.
  public var name: String
  /// A book's authors; a tag's note count.
  public var detail: String?
  /// The book a heading or question belongs to.
  public var container: String?
  /// The note (for a tag: the note of its first use, by path).
  public var path: String
  /// Where it is written; `nil` for a book without a title line.
  public var span: NoteSpan?
  /// How well the name matched the query.
  public var tier: MatchTier
  /// How often it is used (notes using a tag; 1 otherwise).
  public var usage: Int
}

extension LibrarySnapshot {
  /// The symbols matching `query` fuzzily, best first, at most `limit`. An empty query
  /// lists every note by its title (its file name when it has no other), books and
  /// other notes alike.
  ///
  /// Order: match tier (exact, prefix, word start, substring, subsequence), then
  /// shorter names, then more used, then kind (books, chapters, sections, tags,
  /// questions), then name (in code point order) and path.
  ///
  /// Throws ``Superseded`` when a newer change replaces the snapshot while it runs.
  ///
  /// `parallel(count, body)` runs `body(0)` … `body(count - 1)`, at once when it can:
  /// the notes are then matched in that many parts (by shard), each keeping its best
  /// candidates per tier, and the parts merged.
  public func symbols(
    matching query: String, limit: Int,
    parallel: (_ count: Int, _ body: (Int) -> Void) -> Void = { count, body in for index in 0..<count { body(index) } }
  ) throws -> [LibrarySymbol] {
    let fuzzy = FuzzyQuery(query)
    guard limit > 0 else { return [] }
    if fuzzy.isEmpty {
      var notes: [LibrarySymbol] = []
      for box in boxes where box.summary.title != nil {
        notes.append(bookSymbol(box.summary, tier: .subsequence))
      }
      notes.sort { ($0.name, $0.path) < ($1.name, $1.path) }
      return Array(notes.prefix(limit))
    }
    let parts = noteCount >= 2048 ? 2 : 1
    let found = PartResults<[[Candidate]]>(count: parts)
    parallel(parts) { part in
      found.store(
        Result { try candidates(fuzzy, limit: limit, shards: stride(from: part, to: Self.shardCount, by: parts)) },
        at: part)
    }
    var byTier: [[Candidate]] = Array(repeating: [], count: 5)
    for result in found.values {
      let tiers = try result.get()
      for tier in tiers.indices { byTier[tier] += tiers[tier] }
    }
    var tagMatches: [[LibrarySymbol]] = Array(repeating: [], count: 5)
    for (folded, stat) in tagTable {
      let key = Array(folded.utf8)
      guard let tier = fuzzy.match(key[...]) ?? fuzzy.match(([UInt8(ascii: "#")] + key)[...]) else { continue }
      tagMatches[tier.rawValue].append(tagSymbol(folded: folded, stat: stat, tier: tier))
    }
    var result: [LibrarySymbol] = []
    for tier in 0..<5 where result.count < limit {
      // Only the best of a tier's candidates become symbols: sorted by the same order
      // (their use is 1, so a length and kind decide first, then the name).
      let wanted = limit - result.count
      // Bucketed by length (short names first); only the buckets needed are sorted.
      var byLength: [[Candidate]] = []
      for candidate in byTier[tier] {
        if candidate.length >= byLength.count {
          byLength += Array(repeating: [], count: candidate.length + 1 - byLength.count)
        }
        byLength[candidate.length].append(candidate)
      }
      var candidates: [Candidate] = []
      for var bucket in byLength where candidates.count < wanted && !bucket.isEmpty {
        bucket.sort { $0.ranks(before: $1) }
        candidates += bucket
      }
      var symbols = candidates.prefix(wanted).map { symbol(for: $0, tier: MatchTier(rawValue: tier)!) }
      symbols += tagMatches[tier]
      symbols.sort(by: Self.ranks)
      result += symbols.prefix(wanted)
    }
    return locatingTags(result)
  }

  /// The candidates of the notes of `shards` matching `fuzzy`, by tier: in each tier
  /// at least the best `limit` of these notes, tiers not needed to fill `limit` empty.
  private func candidates(_ fuzzy: FuzzyQuery, limit: Int, shards: some Sequence<Int>) throws -> [[Candidate]] {
    // Candidates by tier; only the tiers needed to fill `limit` are sorted.
    var byTier: [[Candidate]] = Array(repeating: [], count: 5)
    // Once the tiers up to `worstNeeded` hold `limit` names, worse ones cannot be shown.
    var worstNeeded = 4
    // Within a tier candidates rank by ``Candidate/ranks(before:)``: once a tier holds
    // many, it is cut to its best `limit` and the worst of those bounds what it takes
    // next, so a query matching tens of thousands of names keeps a few hundred.
    var bound: [Candidate?] = Array(repeating: nil, count: 5)
    func add(_ candidate: Candidate, _ tier: MatchTier) {
      let t = tier.rawValue
      guard t <= worstNeeded else { return }
      if let worst = bound[t], worst.ranks(before: candidate) { return }
      byTier[t].append(candidate)
      if byTier[t].count >= 4 * max(limit, 16) {
        byTier[t].sort { $0.ranks(before: $1) }
        byTier[t].removeLast(byTier[t].count - limit)
        bound[t] = byTier[t].last
      }
      var total = 0
      for index in 0...worstNeeded {
        total += byTier[index].count
        if total >= limit {
          worstNeeded = index
          break
        }
      }
    }
    for shard in shards {
      try checkCurrent()
      let table = symbols(inShard: shard)
      table.keys.forEachMatch(fuzzy) { index, tier in
        let kind = table.kinds[index]
        guard kind != ShardSymbols.skipped, let kind = LibrarySymbol.Kind(rawValue: Int(kind)) else {
          return MatchTier(rawValue: worstNeeded)!
        }
        add(
          Candidate(
            box: table.boxes[Int(table.owners[index])], kind: kind, item: Int(table.items[index]),
            length: table.keys.length(at: index), name: table.name(at: index)),
          tier)
        return MatchTier(rawValue: worstNeeded)!
      }
    }
    for tier in (worstNeeded + 1)..<5 { byTier[tier] = [] }
    return byTier
  }

  /// Whether `a` ranks before `b` within one tier.
  static func ranks(_ a: LibrarySymbol, before b: LibrarySymbol) -> Bool {
    if a.tier != b.tier { return a.tier < b.tier }
    let aLength = a.name.utf8.count - (a.kind == .tag ? 1 : 0)
    let bLength = b.name.utf8.count - (b.kind == .tag ? 1 : 0)
    if aLength != bLength { return aLength < bLength }
    if a.usage != b.usage { return a.usage > b.usage }
    if a.kind != b.kind { return a.kind < b.kind }
    if a.name != b.name { return a.name.utf8.lexicographicallyPrecedes(b.name.utf8) }
    return a.path < b.path
  }

  /// A matching name. Its note is held unretained and its name read in place in its
  /// shard's table (``ShardSymbols/name(at:)``): the snapshot being queried keeps
  /// both alive, and a query moves and compares tens of thousands of candidates, so
  /// retaining and releasing a box at each copy, or reading names through their notes,
  /// would be most of its time.
  private struct Candidate: @unchecked Sendable {
    let unmanagedBox: Unmanaged<NoteBox>
    let kind: LibrarySymbol.Kind
    let item: Int
    let length: Int
    let name: UnsafeBufferPointer<UInt8>

    init(box: NoteBox, kind: LibrarySymbol.Kind, item: Int, length: Int, name: UnsafeBufferPointer<UInt8>) {
      unmanagedBox = Unmanaged.passUnretained(box)
      self.kind = kind
      self.item = item
      self.length = length
      self.name = name
    }

    var box: NoteBox { unmanagedBox.takeUnretainedValue() }

    /// Whether this candidate comes before `other` in the same tier: shorter, then
    /// by kind, name (in UTF-8 order, as ``LibrarySnapshot/ranks(_:before:)``) and path.
    func ranks(before other: Candidate) -> Bool {
      if length != other.length { return length < other.length }
      if kind != other.kind { return kind < other.kind }
      if let order = LibrarySnapshot.order(name, other.name) { return order }
      return box.summary.path < other.box.summary.path
    }
  }

  /// Whether UTF-8 text `a` sorts before `b` (code point order), or `nil` when they
  /// are equal.
  static func order(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool? {
    for index in 0..<min(a.count, b.count) where a[index] != b[index] { return a[index] < b[index] }
    return a.count == b.count ? nil : a.count < b.count
  }

  private func symbol(for candidate: Candidate, tier: MatchTier) -> LibrarySymbol {
    let note = candidate.box.summary
    switch candidate.kind {
    case .book:
      return bookSymbol(note, tier: tier)
    case .question:
      let question = note.questions[candidate.item]
      return LibrarySymbol(
        kind: .question, name: question.text, detail: nil, container: note.title, path: note.path, span: question.span,
        tier: tier, usage: 1)
    default:
      let heading = note.headings[candidate.item]
      return LibrarySymbol(
        kind: candidate.kind, name: heading.text, detail: nil, container: note.title, path: note.path,
        span: heading.span, tier: tier, usage: 1)
    }
  }

  private func bookSymbol(_ note: NoteSummary, tier: MatchTier) -> LibrarySymbol {
    LibrarySymbol(
      kind: isBook(note) ? .book : .note, name: note.title ?? "",
      detail: note.book.authors.isEmpty ? nil : note.book.authors.joined(separator: ", "),
      container: nil, path: note.path, span: note.titleSpan, tier: tier, usage: 1)
  }

  /// A tag's symbol, located by ``locatingTag(_:)`` once it is chosen.
  private func tagSymbol(folded: String, stat: TagStat, tier: MatchTier) -> LibrarySymbol {
    LibrarySymbol(
      kind: .tag, name: "#" + stat.name, detail: stat.noteCount == 1 ? "1 note" : "\(stat.noteCount) notes",
      container: nil, path: "", span: nil, tier: tier, usage: stat.noteCount)
  }

  /// The symbols with each tag located at its first use in the first note (by path)
  /// that uses it: one pass over the library for all of them.
  private func locatingTags(_ symbols: [LibrarySymbol]) -> [LibrarySymbol] {
    var located = symbols
    var wanted: [String: Int] = [:]
    for (index, symbol) in symbols.enumerated() where symbol.kind == .tag {
      let folded = TextFolding.folded(symbol.name.dropFirst())
      if let first = tagTable[folded]?.first {
        located[index].path = first.path
        located[index].span = first.span
      } else {
        wanted[folded] = index
      }
    }
    // Tags whose first note was removed since: found by one pass over the library.
    guard !wanted.isEmpty else { return located }
    for box in boxes {
      for use in box.summary.tags {
        guard let index = wanted[use.folded] else { continue }
        let path = box.summary.path
        let current = located[index]
        if current.span == nil || path < current.path
          || (path == current.path && use.span.bytes.lowerBound < current.span!.bytes.lowerBound)
        {
          located[index].path = path
          located[index].span = use.span
        }
      }
    }
    return located
  }

  /// A heading's kind: the heading that gives the note its title is the book;
  /// levels 1 and 2 are chapters, deeper ones sections.
  static func headingKind(_ note: NoteSummary, _ item: Int) -> LibrarySymbol.Kind {
    let heading = note.headings[item]
    if item == 0 && heading.text == note.title { return .book }
    return heading.level <= 2 ? .chapter : .section
  }
}
