import Dispatch
import Locking
public import NoteIntelligence

/// The library engine: the notes under a set of roots, read into a ``LibraryHost`` and
/// kept current, for the server and the command line alike. Opening a library lists
/// the roots, starts from the index cache where files are unchanged, reads and
/// summarises the rest on every core (applying them in growing steps, so that readers
/// see the library fill), then reads the notes' words for search and saves the cache.
/// Afterwards it takes file events or polls the folders, reads notes again on demand,
/// and rewrites the cache once changes pause.
///
/// Notes open in an editor (``init(settings:openNotes:report:)``'s `openNotes`) are the
/// editor's: their files go to the cache, never to the library.
public final class LibraryEngine: Sendable {
  /// The library: readers take its snapshots; an editor applies its open notes to it.
  public let host: LibraryHost
  let settings: @Sendable () -> LibrarySettings
  let openNotes: @Sendable () -> Set<String>
  let report: @Sendable (LibraryEvent) -> Void
  let state = Lock(State())
  /// Review's prompts per note file and its logs (``ReviewCaches``).
  let reviewCaches = ReviewCaches()
  /// The notes' prompts in the index cache, while review has read only them and the
  /// library is not made yet (``PromptIndex``).
  let promptIndex = Lock<PromptIndex?>(nil)

  struct State: Sendable {
    /// The roots indexed (absolute folder paths).
    var roots: [String] = []
    /// The note files as last listed or read, for a poller to compare with.
    var known: [NoteFiles.Entry] = []
    var poller: FolderPoller?
    /// Called after a poll changed the library.
    var onPolledChange: (@Sendable () -> Void)?
    /// Whether an indexing is under way whose words are not all read yet; so until
    /// the library is first opened, so that a search before it waits for it.
    var readingWords = true
    /// Whether the index cache is being written.
    var saving = false
    /// What the index cache holds: per note file, the summary read from it with the
    /// file's size and time.
    var records: [String: IndexCache.Record]?
    /// The cache the records are written to (that of every root).
    var cache: IndexCache?
    /// Whether the records changed since the cache was last written, and when.
    var dirty = false
    var lastChange = ContinuousClock.now
    var writeScheduled = false
  }

  /// A library with nothing in it yet. `settings` are read when they are needed (the
  /// editor's may change); `openNotes` names the notes (their paths) an editor holds
  /// open; `report` hears what is worth a log line.
  public init(
    host: LibraryHost = LibraryHost(), settings: @escaping @Sendable () -> LibrarySettings,
    openNotes: @escaping @Sendable () -> Set<String> = { [] },
    report: @escaping @Sendable (LibraryEvent) -> Void = { _ in }
  ) {
    self.host = host
    self.settings = settings
    self.openNotes = openNotes
    self.report = report
  }

  /// The library as it is now, with `library.bookFolders` under each root as its
  /// ``LibrarySnapshot/bookFolders``.
  public func snapshot() -> LibrarySnapshot {
    installPromptIndex()
    var snapshot = host.snapshot()
    let roots = self.roots
    snapshot.bookFolders = Self.bookFolders(settings().bookFolders, roots: roots)
    snapshot.roots = roots
    return snapshot
  }

  /// Each of `folders` (relative to a root; a leading `/` or `./` and trailing `/`
  /// aside) under each of `roots`, as absolute paths.
  static func bookFolders(_ folders: [String], roots: [String]) -> [String] {
    guard !folders.isEmpty else { return [] }
    let relative = folders.compactMap { folder -> String? in
      let parts = folder.split(separator: "/").filter { $0 != "." }
      return parts.isEmpty || parts.contains("..") ? nil : parts.joined(separator: "/")
    }
    return roots.flatMap { root in relative.map { NoteFiles.join(root, $0) } }
  }

  /// The roots indexed.
  public var roots: [String] { state.withLock { $0.roots } }

  /// Whether the notes' words are still being read (search waits for them).
  public var isReadingWords: Bool { state.withLock { $0.readingWords } }

  /// Whether the index cache is being written.
  public var isSaving: Bool { state.withLock { $0.saving } }

  /// Runs `body(0)` … `body(count - 1)` on every core (``LibraryLoader/parallel(_:_:)``).
  public static func parallel(_ count: Int, _ body: (Int) -> Void) { LibraryLoader.parallel(count, body) }

  /// The folder of the index cache and the book cache under `settings`.
  public static func cacheDirectory(_ settings: LibrarySettings) -> String? {
    settings.cacheDirectory ?? IndexCache.defaultDirectory()
  }

  /// Indexes every note under `roots` (absolute folder paths), which become the
  /// library's roots; returns once the words are read and the cache is written. In
  /// `twoPasses`, notes read from their files are summarised without their words first
  /// (titles, headings, tags and books are ready in about half the time) and their
  /// words read in a second pass; a command that waits for the whole library reads
  /// each file once instead. Without `needsWords` (a command that searches nothing,
  /// such as review), when every note comes from the index cache, it returns once
  /// their summaries are decoded without their words, which stay in the cache (the
  /// notes wait for them, ``NoteWords/Pending``); without `needsSummaries` too, the
  /// summaries are left in the cache until first read (review reads only the notes'
  /// prompts, ``NoteBox/prompts``).
  public func open(
    _ roots: [String], twoPasses: Bool = true, needsWords: Bool = true, needsSummaries: Bool = true,
    progress: (LibraryProgress) -> Void = { _ in }
  ) {
    state.withLock { $0.roots = roots }
    index(
      roots, of: roots, words: !twoPasses, needsWords: needsWords, needsSummaries: needsSummaries,
      progress: progress)
  }

  /// Makes `roots` the library's roots: the notes under `removed` folders leave it at
  /// once; the roots it did not have are indexed on a thread of their own, and a
  /// poller then watches every root.
  public func changeRoots(to roots: [String], removed: [String]) {
    host.apply(removed.map { .removeAll(prefix: NoteFiles.join($0, "")) })
    recordCacheChanges([], removingUnder: removed)
    let old = state.withLock { state in
      defer { state.roots = roots }
      return state.roots
    }
    let added = roots.filter { !old.contains($0) }
    report(.info("Workspace folders: \(added.count) added, \(removed.count) removed"))
    // On a thread of its own: indexing waits for the loader's batches, and a Dispatch
    // worker waiting would leave the loader one worker fewer.
    startThread { [self] in
      index(added, of: roots, words: false, progress: { _ in })
      let onChange = state.withLock { $0.poller == nil ? nil : $0.onPolledChange }
      if let onChange { pollFolders(onChange: onChange) }
    }
  }

  /// Stops polling and writes the cache's changes not written yet (once a write under
  /// way is done).
  public func close() {
    saveIfChanged()
    state.withLock { $0.poller?.stop() }
  }
}

/// What the library tells its owner for a log line.
public enum LibraryEvent: Sendable {
  case info(String)
  case warning(String)
  /// A file not indexed (binary, not UTF-8, unreadable), with why.
  case skipped(path: String, reason: String)
}

/// How far opening a library is.
public enum LibraryProgress: Sendable {
  /// Notes summarised (from the cache or their files) of those listed.
  case summarised(Int, of: Int)
  /// Every note is summarised: the library holds this many.
  case summariesDone(notes: Int)
  /// The words of this many notes are read (from the cache or their files).
  case readingWords(notes: Int)
  /// The words are read: search is ready.
  case wordsDone(notes: Int)
}
