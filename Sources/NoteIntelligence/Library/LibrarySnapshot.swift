import Synchronization

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
  /// Per folded tag name: how many notes use it and how it is spelled.
  private(set) var tagTable: [String: TagStat]
  /// Per folded tag and per ancestor of one: the notes using it or a tag inside it.
  private(set) var tagTotals: [String: Int]
  public private(set) var noteCount: Int
  /// Notes by book key (ISBN; title and first author), to find duplicates.
  private(set) var bookIndex: [String: [String]]
  /// The revision of the host's current snapshot; `nil` for a snapshot made without a host.
  var latest: LatestRevision?

  static let shardCount = 64

  /// An empty library.
  public init() {
    revision = 0
    shards = Array(repeating: [:], count: Self.shardCount)
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

  /// Every note, in no particular order.
  public var notes: some Sequence<NoteSummary> { shards.lazy.flatMap { $0.values }.map(\.summary) }

  /// Every note in its box: loops over the whole library read fields through it
  /// instead of copying each summary.
  var boxes: some Sequence<NoteBox> { shards.lazy.flatMap { $0.values } }

  /// Every note's path, sorted.
  public var paths: [String] { shards.flatMap { $0.keys }.sorted() }

  /// Adds or replaces a note.
  mutating func update(_ summary: NoteSummary) {
    let shard = Self.shard(of: summary.path)
    let old = shards[shard].updateValue(NoteBox(summary), forKey: summary.path)?.summary
    if let old {
      countTags(of: old, by: -1)
      indexBook(old, adding: false)
    } else {
      noteCount += 1
    }
    countTags(of: summary, by: 1)
    indexBook(summary, adding: true)
  }

  /// Removes the note at `path`, if there is one.
  mutating func remove(_ path: String) {
    guard let old = shards[Self.shard(of: path)].removeValue(forKey: path)?.summary else { return }
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
      let folded = TextFolding.folded(use.name)
      let first = !seen.contains(folded)
      if first { seen.append(folded) }
      // In place: a copy of the stat would copy its table of spellings.
      tagTable[folded, default: TagStat()].count(use.name, first: first, by: delta)
      if first { tagTable[folded]?.locate(summary.path, use.span, adding: delta > 0) }
      if tagTable[folded]?.noteCount ?? 0 <= 0 { tagTable[folded] = nil }
    }
    // Each tag and its ancestors, once per note.
    var withAncestors: [Substring] = []
    for folded in seen {
      var name = Substring(folded)
      while !withAncestors.contains(name) {
        withAncestors.append(name)
        guard let slash = name.lastIndex(of: "/") else { break }
        name = name[..<slash]
      }
    }
    for name in withAncestors {
      let key = String(name)
      let total = (tagTotals[key] ?? 0) + delta
      tagTotals[key] = total > 0 ? total : nil
    }
  }

  private static func shard(of path: String) -> Int {
    var hash: UInt32 = 2_166_136_261
    for byte in path.utf8 { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
    return Int(hash % UInt32(shardCount))
  }
}

/// A summary behind a reference, so that passing it around costs one retain.
final class NoteBox: Sendable {
  let summary: NoteSummary
  init(_ summary: NoteSummary) { self.summary = summary }
}

/// How a tag is used across the library.
struct TagStat: Sendable {
  var noteCount = 0
  /// Each spelling (`Books`, `books`) with how many uses it has.
  var spellings: [String: Int] = [:]
  /// The first use in the first note by path, while it is known (removing that note
  /// makes it unknown until a query finds it again).
  var first: (path: String, span: NoteSpan)?
  var firstKnown = true

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
    let uses = (spellings[name] ?? 0) + delta
    spellings[name] = uses > 0 ? uses : nil
  }

  /// The most used spelling (the first in code-point order on a tie).
  var name: String {
    spellings.max { ($0.value, $1.key) < ($1.value, $0.key) }?.key ?? ""
  }
}

/// One change to the library.
public enum LibraryChange: Sendable {
  /// A note read or edited: its summary replaces the old one.
  case update(NoteSummary)
  /// A note deleted (or no longer a note).
  case remove(path: String)
  /// A folder gone from the workspace: every note under it.
  case removeAll(prefix: String)
}

/// Applies changes to the library and hands out snapshots (the library's single
/// writer). A change builds the next snapshot and swaps it in atomically; readers
/// keep the snapshot they took.
public final class LibraryHost: Sendable {
  private let current: Mutex<LibrarySnapshot>
  private let latest = LatestRevision()

  public init() {
    var empty = LibrarySnapshot()
    empty.latest = latest
    current = Mutex(empty)
  }

  /// The current snapshot.
  public func snapshot() -> LibrarySnapshot { current.withLock { $0 } }

  /// Applies `changes` as one step and returns the new snapshot.
  @discardableResult
  public func apply(_ changes: [LibraryChange]) -> LibrarySnapshot {
    guard !changes.isEmpty else { return snapshot() }
    return current.withLock { snapshot in
      var next = snapshot
      for change in changes {
        switch change {
        case .update(let summary): next.update(summary)
        case .remove(let path): next.remove(path)
        case .removeAll(let prefix): next.removeAll(under: prefix)
        }
      }
      next.advance(to: snapshot.revision + 1)
      snapshot = next
      // Queries still reading an older snapshot see it and stop.
      latest.value.store(next.revision, ordering: .releasing)
      return next
    }
  }
}
