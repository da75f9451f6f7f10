import Locking
public import NoteIntelligence
public import NoteSyntax
import ReviewScheduling

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Review: the prompts of the library's notes as review candidates, and the review
/// logs of its roots (``ReviewLogFiles``).
extension LibraryEngine {
  /// Which notes' prompts a review takes: a book by its title (folded, any part of
  /// it), a tag (with or without `#`, its subtags too).
  public struct ReviewFilter: Sendable {
    public var book: String?
    public var tag: String?

    public init(book: String? = nil, tag: String? = nil) {
      self.book = book
      self.tag = tag
    }

    func admits(_ note: NoteSummary) -> Bool {
      if let book, !book.isEmpty {
        guard let title = note.title, TextFolding.folded(title).contains(TextFolding.folded(book)) else {
          return false
        }
      }
      if var tag, !tag.isEmpty {
        if tag.hasPrefix("#") { tag.removeFirst() }
        let folded = TextFolding.folded(tag)
        guard note.tags.contains(where: { $0.folded == folded || $0.folded.hasPrefix(folded + "/") }) else {
          return false
        }
      }
      return true
    }
  }

  /// The prompts of every note `filter` admits in `snapshot` (the library's by
  /// default), in path order: an open note's (`openNote` gives its text) as edited,
  /// the others read from their files on every core. A note indexed by name only has none.
  public func reviewCandidates(
    _ filter: ReviewFilter = ReviewFilter(), snapshot: LibrarySnapshot? = nil,
    openNote: (String) -> NoteDocument? = { _ in nil }
  ) -> [ReviewCandidate] {
    let snapshot = snapshot ?? self.snapshot()
    let maxFileSize = settings().index.maxFileSize
    let notes = snapshot.paths.compactMap { snapshot.note(at: $0) }.filter(filter.admits)
    var open: [Int: NoteDocument] = [:]
    for (index, note) in notes.enumerated() { open[index] = openNote(note.path) }
    let found = Lock([[ReviewCandidate]](repeating: [], count: notes.count))
    Self.parallel(notes.count) { index in
      let note = notes[index]
      let entry = NoteFiles.entry(note.path)
      let time = (entry?.modified ?? 0) / 1_000_000_000
      var prompts: [Prompt]?
      if let document = open[index] {
        prompts = Prompts.prompts(for: document, path: note.path)
      } else if let entry, note.byteCount <= maxFileSize {
        // Unchanged files' prompts come from the cache.
        prompts = reviewCaches.prompts(of: entry) {
          guard case .note(let bytes) = NoteFiles.read(note.path) else { return nil }
          return Prompts.prompts(for: NoteDocument(checkedUTF8: bytes), path: note.path)
        }
      }
      let candidates = (prompts ?? []).map { ReviewCandidate(prompt: $0, path: note.path, noteTime: time) }
      found.withLock { $0[index] = candidates }
    }
    return found.withLock { $0.flatMap { $0 } }
  }

  /// Every review in the logs of the library's roots, and a warning per log with
  /// lines that do not read.
  public func reviewLog() -> (log: ReviewLog, warnings: [String]) {
    let roots = self.roots
    let files = roots.flatMap(ReviewLogFiles.files(root:)).map {
      NoteFiles.entry($0) ?? NoteFiles.Entry(path: $0, size: -1, modified: 0, throughLink: false)
    }
    return reviewCaches.log(of: files, scheduler: reviewSettings.scheduler) {
      var records: [ReviewRecord] = []
      var warnings: [String] = []
      for root in roots {
        let read = ReviewLogFiles.read(root: root)
        records += read.records
        warnings += read.warnings
      }
      return (ReviewLog(records), warnings)
    }
  }

  /// Appends `record` to the log of the root holding `path` (the first root when none
  /// does); why it failed, or `nil`.
  public func recordReview(_ record: ReviewRecord, notePath path: String) -> String? {
    let roots = self.roots
    guard let root = roots.first(where: { NoteFiles.isInside(path, root: $0) }) ?? roots.first else {
      return "no library root to keep the review log in"
    }
    return ReviewLogFiles.append(record, root: root)
  }

  /// The review settings.
  public var reviewSettings: ReviewSettings { settings().review }

  /// Now, in seconds since 1970: `BOOKNOTES_NOW` (ISO 8601 in UTC, for tests) when it
  /// is set and reads, else the clock.
  public static func now() -> Int64 {
    if let text = getenv("BOOKNOTES_NOW").map({ String(cString: $0) }), let time = UTCTime.parse(text) {
      return time
    }
    return Int64(time(nil))
  }
}
