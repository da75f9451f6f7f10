/// The library index at one moment: every note's ``NoteSummary`` and the tag table,
/// as an immutable value. Queries read one snapshot and never see a half-applied
/// change; ``LibraryHost`` makes the next one.
///
/// Notes are kept in shards, so replacing one note copies one shard's table rather
/// than the whole library while older snapshots are still being read.
public struct LibrarySnapshot: Sendable {
  /// Increases with every change the host applies.
  public private(set) var revision: Int
  private var shards: [[String: NoteBox]]
  /// Per shard, its words → notes index, built on first use and replaced (empty)
  /// whenever the shard changes; snapshots share the indexes of unchanged shards.
  private var searchIndexes: [ShardSearchIndex]
  /// Per shard, its names side by side for workspace symbols, likewise.
  private var symbolIndexes: [ShardSymbolIndex]
  /// Per folded tag name: how many notes use it and how it is spelled.
  private(set) var tagTable: [String: TagStat]
  /// Per folded tag and per ancestor of one: the notes using it or a tag inside it.
  private(set) var tagTotals: [String: Int]
  public private(set) var noteCount: Int
  /// Notes by book key (ISBN; title and first author), to find duplicates.
  private(set) var bookIndex: [String: [String]]
  /// The folders (absolute paths) whose notes are books, from `library.bookFolders`.
  public var bookFolders: [String] = []
  /// The workspace roots (absolute paths), which a link starting with `/` is relative to.
  public var roots: [String] = []
  /// The names of notes for wiki links and the backlinks, built on first use.
  var linkTables = LinkTables()
  /// The revision of the host's current snapshot; `nil` for a snapshot made without a host.
  var latest: LatestRevision?

  static let shardCount = 64

  /// An empty library.
  public init() {
    revision = 0
    shards = Array(repeating: [:], count: Self.shardCount)
    searchIndexes = (0..<Self.shardCount).map { _ in ShardSearchIndex() }
    symbolIndexes = (0..<Self.shardCount).map { _ in ShardSymbolIndex() }
    tagTable = [:]
    tagTotals = [:]
    bookIndex = [:]
    noteCount = 0
    latest = nil
  }

  /// The note at `path`.
  public func note(at path: String) -> NoteSummary? {
    shards[Self.shard(of: path)][path]?.summary
  }

  /// When the note at `path` last changed on disk (``NoteSummary/modified``), read
  /// without copying its summary.
  func modified(of path: String) -> Int64 { shards[Self.shard(of: path)][path]?.summary.modified ?? 0 }

  /// Every note, in no particular order.
  public var notes: some Sequence<NoteSummary> { shards.lazy.flatMap { $0.values }.map(\.summary) }

  /// The names of one shard's notes, side by side.
  func symbols(inShard shard: Int) -> ShardSymbols { symbolIndexes[shard].symbols(of: shards[shard]) }

  /// Every note in its box: loops over the whole library read fields through it
  /// instead of copying each summary.
  var boxes: some Sequence<NoteBox> { shards.lazy.flatMap { $0.values } }

  /// Each shard's search index, with the shard's notes.
  func forEachSearchIndex(_ body: (ShardPostings) throws -> Void) rethrows {
    for (index, shard) in shards.enumerated() { try body(searchIndexes[index].postings(of: shard)) }
  }

  /// Builds the search index and the symbol names of the shards `part`,
  /// `part + parts`, … that have none yet, so that the next search or workspace symbol
  /// query does not wait for them (after a library is loaded, off the request path;
  /// parts can be built at once).
  public func prepareQueries(part: Int = 0, of parts: Int = 1) {
    for shard in stride(from: part, to: Self.shardCount, by: parts) {
      _ = searchIndexes[shard].postings(of: shards[shard])
      _ = symbols(inShard: shard)
    }
  }

  /// The boxes of a shard's notes by path: a query visits them in the same order in
  /// every process (a dictionary's order follows its process's hash seed), so its
  /// answer and its cost do not vary from one run to the next.
  static func inPathOrder(_ shard: [String: NoteBox]) -> [NoteBox] {
    shard.sorted { $0.key < $1.key }.map(\.value)
  }

  /// Every note's path, sorted.
  /// Whether `note` is a book: by what it says (``NoteSummary/isBook``) or by lying
  /// under one of `bookFolders`. Notes that are not books have titles, headings and
  /// prompts, but no place in the reading list and no duplicate-book check.
  public func isBook(_ note: NoteSummary) -> Bool {
    note.isBook || bookFolders.contains { folder in note.path.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/") }
  }

  public var paths: [String] { shards.flatMap { $0.keys }.sorted() }

  /// Adds or replaces a note. With `sameBook`, the caller knows that the note's book
  /// identity (front matter and title) is unchanged, so the book index is left as it is.
  mutating func update(_ summary: NoteSummary, sameBook: Bool = false) {
    let shard = Self.shard(of: summary.path)
    let old = shards[shard].updateValue(NoteBox(summary), forKey: summary.path)?.summary
    invalidateQueries(ofShard: shard)
    // The names of notes follow paths, titles and aliases only: most edits keep them,
    // and then the backlinks change by the note's own links alone.
    let sameNames = old.map { $0.title == summary.title && $0.book.aliases == summary.book.aliases } ?? false
    let names = sameNames ? linkTables.builtNames : nil
    let backlinks = names.flatMap { names in
      linkTables.builtBacklinks.map {
        $0.replacing(summary.path, old: old?.links ?? [], new: summary.links, in: self, names: names)
      }
    }
    var times = names == nil ? nil : linkTables.builtTimes
    if let entry = names?.entry(of: summary.path), times != nil { times?[entry] = summary.modified }
    replaceLinkTables(names: names, backlinks: backlinks, times: times)
    // A note edited without touching its book keeps its keys: the book index, a
    // table over the whole library, is then not copied.
    let keepsBook =
      old.map { old in sameBook || DuplicateBooks.keys(of: old) == DuplicateBooks.keys(of: summary) } ?? false
    if let old {
      countTags(of: old, by: -1)
      if !keepsBook { indexBook(old, adding: false) }
    } else {
      noteCount += 1
    }
    countTags(of: summary, by: 1)
    if !keepsBook { indexBook(summary, adding: true) }
  }

  /// Gives the library new link tables after a change. Empty tables that no other
  /// snapshot holds are kept: a first indexing changes the library note by note long
  /// before any table is built, and a new object for each change costs more than the
  /// tables.
  private mutating func replaceLinkTables(
    names: WikiLinkNames? = nil, backlinks: Backlinks? = nil, times: [Int64]? = nil
  ) {
    if names == nil && backlinks == nil && times == nil && isKnownUniquelyReferenced(&linkTables)
      && linkTables.isEmpty
    {
      return
    }
    linkTables = LinkTables(names: names, backlinks: backlinks, times: times)
  }

  /// Empties the shard's search index and symbol names after it changed. One that no
  /// other snapshot shares (made earlier in the same step) is emptied in place: a step
  /// of a first indexing changes each shard many times.
  private mutating func invalidateQueries(ofShard shard: Int) {
    if isKnownUniquelyReferenced(&searchIndexes[shard]) {
      searchIndexes[shard].clear()
    } else {
      searchIndexes[shard] = ShardSearchIndex()
    }
    if isKnownUniquelyReferenced(&symbolIndexes[shard]) {
      symbolIndexes[shard].clear()
    } else {
      symbolIndexes[shard] = ShardSymbolIndex()
    }
  }

  /// Fills in the words of a note summarised without them; the rest of the library
  /// (tags, books) does not depend on words.
  mutating func setWords(of path: String, _ terms: TermTable, byteCount: Int) {
    let shard = Self.shard(of: path)
    guard let box = shards[shard][path], box.summary.wordsPending != nil, box.summary.byteCount == byteCount else {
      return
    }
    var summary = box.summary
    summary.terms = terms
    summary.wordsPending = nil
    shards[shard][path] = NoteBox(summary)
    invalidateQueries(ofShard: shard)
  }

  /// The paths of the notes that wait for their words.
  public var pathsWaitingForWords: [String] {
    boxes.filter(\.waitsForWords).map(\.summary.path)
  }

  /// Every note's box, for ``NoteBox/decodeAll(_:parts:parallel:)``.
  public var allBoxes: [NoteBox] { Array(boxes) }

  /// Removes the note at `path`, if there is one.
  mutating func remove(_ path: String) {
    let shard = Self.shard(of: path)
    guard let old = shards[shard].removeValue(forKey: path)?.summary else { return }
    invalidateQueries(ofShard: shard)
    replaceLinkTables()
    noteCount -= 1
    countTags(of: old, by: -1)
    indexBook(old, adding: false)
  }

  private mutating func indexBook(_ summary: NoteSummary, adding: Bool) {
    for key in DuplicateBooks.keys(of: summary) {
      if adding {
        bookIndex[key, default: []].append(summary.path)
      } else {
        bookIndex[key]?.removeAll { $0 == summary.path }
        if bookIndex[key]?.isEmpty == true { bookIndex[key] = nil }
      }
    }
  }

  /// Removes every note whose path starts with `prefix`.
  mutating func removeAll(under prefix: String) {
    for index in shards.indices {
      for path in shards[index].keys where path.hasPrefix(prefix) { remove(path) }
    }
  }

  mutating func advance(to revision: Int) { self.revision = revision }

  /// Adds (`delta` 1) or takes away (-1) a note's tags from the tag table; a note
  /// counts once per tag.
  private mutating func countTags(of summary: NoteSummary, by delta: Int) {
    // A note has a handful of tags: arrays, not sets.
    var seen: [String] = []
    for use in summary.tags {
      let folded = use.folded
      let first = !seen.contains(folded)
      if first { seen.append(folded) }
      // In place, one lookup: a copy of the stat would copy its table of spellings.
      func change(_ stat: inout TagStat) -> Bool {
        stat.count(use.name, first: first, by: delta)
        if first { stat.locate(summary.path, use.span, adding: delta > 0) }
        return stat.noteCount <= 0
      }
      if change(&tagTable[folded, default: TagStat()]) { tagTable[folded] = nil }
    }
    // Each tag and its ancestors, once per note.
    var withAncestors: [String] = []
    for folded in seen {
      var name = folded
      while !withAncestors.contains(name) {
        withAncestors.append(name)
        guard let slash = name.utf8.lastIndex(of: UInt8(ascii: "/")) else { break }
        name = String(name[..<slash])
      }
    }
    for key in withAncestors {
      func change(_ total: inout Int) -> Bool {
        total += delta
        return total <= 0
      }
      if change(&tagTotals[key, default: 0]) { tagTotals[key] = nil }
    }
  }

  private static func shard(of path: String) -> Int {
    var hash: UInt32 = 2_166_136_261
    for byte in path.utf8 { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
    return Int(hash % UInt32(shardCount))
  }
}

/// How a tag is used across the library.
package struct TagStat: Sendable {
  package var noteCount = 0
  /// Each spelling (`Books`, `books`) with how many uses it has.
  package var spellings: [String: Int] = [:]
  /// The first use in the first note by path, while it is known (removing that note
  /// makes it unknown until a query finds it again).
  package var first: (path: String, span: NoteSpan)?
  package var firstKnown = true

  package init() {}

  /// Keeps ``first`` current as a note's first use of the tag is added or removed.
  mutating func locate(_ path: String, _ span: NoteSpan, adding: Bool) {
    if adding {
      guard firstKnown else { return }
      if first == nil || path < first!.path { first = (path, span) }
    } else if first?.path == path {
      first = nil
      firstKnown = false
    }
  }

  /// Counts one use spelled `name` (`first`: the note's first use of the tag).
  mutating func count(_ name: String, first: Bool, by delta: Int) {
    if first { noteCount += delta }
    // One lookup when adding (every note of a first indexing); a spelling no longer
    // used is removed.
    spellings[name, default: 0] += delta
    if delta < 0, let uses = spellings[name], uses <= 0 { spellings[name] = nil }
  }

  /// The most used spelling (the first in code-point order on a tie).
  var name: String {
    spellings.max { ($0.value, $1.key) < ($1.value, $0.key) }?.key ?? ""
  }
}

extension LibrarySnapshot {
  /// Part `part` of `parts` of the library of `summaries`: the notes of the shards
  /// `part`, `part + parts`, … with their tags and books. Parts are independent, so
  /// they can be built at once; ``init(merging:)`` joins them.
  public static func part(_ part: Int, of parts: Int, from summaries: [NoteSummary]) -> LibrarySnapshot {
    var result = LibrarySnapshot()
    for summary in summaries where shard(of: summary.path) % parts == part { result.update(summary) }
    return result
  }

  /// The library made of `parts` (from ``part(_:of:from:)``, in order).
  public init(merging parts: [LibrarySnapshot]) {
    self.init()
    for (index, part) in parts.enumerated() {
      for shard in stride(from: index, to: Self.shardCount, by: parts.count) {
        shards[shard] = part.shards[shard]
        searchIndexes[shard] = part.searchIndexes[shard]
        symbolIndexes[shard] = part.symbolIndexes[shard]
      }
      noteCount += part.noteCount
      for (folded, stat) in part.tagTable {
        func merge(_ into: inout TagStat) {
          into.noteCount += stat.noteCount
          into.spellings.merge(stat.spellings, uniquingKeysWith: +)
          if let first = stat.first, into.first == nil || first.path < into.first!.path { into.first = first }
          into.firstKnown = into.firstKnown && stat.firstKnown
        }
        merge(&tagTable[folded, default: TagStat()])
      }
      tagTotals.merge(part.tagTotals, uniquingKeysWith: +)
      for (key, paths) in part.bookIndex { bookIndex[key, default: []] += paths }
    }
  }
}

extension LibrarySnapshot {
  /// The library of the notes `notes` (each path with its box) whose tag table, tag
  /// totals and book index are `tables`, made from these notes and those of
  /// `dropped`: the tables are taken as they are, then the dropped notes taken out of
  /// them. A library read from the index cache is made so, without visiting the
  /// notes it keeps.
  init(notes: [(path: String, box: NoteBox)], tables: LibraryTables, dropped: [NoteSummary]) {
    self.init()
    var sized = [Int](repeating: 0, count: Self.shardCount)
    let shardOf = notes.map { Self.shard(of: $0.path) }
    for shard in shardOf { sized[shard] += 1 }
    for index in shards.indices { shards[index].reserveCapacity(sized[index]) }
    for (index, note) in notes.enumerated() where shards[shardOf[index]].updateValue(note.box, forKey: note.path) == nil
    {
      noteCount += 1
    }
    tagTable = tables.tagTable
    tagTotals = tables.tagTotals
    bookIndex = tables.bookIndex
    for summary in dropped {
      countTags(of: summary, by: -1)
      indexBook(summary, adding: false)
    }
  }

  /// Takes the note at `path` out of a library made by ``init(notes:tables:dropped:)``:
  /// its box leaves its shard, and `summary` (what the tables counted of it) leaves the
  /// tables, so that its box need not be decoded.
  mutating func drop(_ path: String, counted summary: NoteSummary) {
    if shards[Self.shard(of: path)].removeValue(forKey: path) != nil { noteCount -= 1 }
    replaceLinkTables()
    countTags(of: summary, by: -1)
    indexBook(summary, adding: false)
  }

  /// The tag table, tag totals and book index of a library of `summaries`.
  static func tables(of summaries: [NoteSummary]) -> LibraryTables {
    var library = LibrarySnapshot()
    for summary in summaries {
      library.countTags(of: summary, by: 1)
      library.indexBook(summary, adding: true)
    }
    return LibraryTables(tagTable: library.tagTable, tagTotals: library.tagTotals, bookIndex: library.bookIndex)
  }
}
