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

    /// Whether it filters anything out.
    var filters: Bool { book?.isEmpty == false || tag?.isEmpty == false }

    func admits(_ note: NoteSummary) -> Bool { admits(title: note.title, tags: note.tags) }

    /// Whether it admits a note of this title and these tags.
    func admits(title: String?, tags: [NoteSummary.TagUse]) -> Bool {
      if let book, !book.isEmpty {
        guard let title, TextFolding.folded(title).contains(TextFolding.folded(book)) else {
          return false
        }
      }
      if var tag, !tag.isEmpty {
        if tag.hasPrefix("#") { tag.removeFirst() }
        let folded = TextFolding.folded(tag)
        guard tags.contains(where: { $0.folded == folded || $0.folded.hasPrefix(folded + "/") }) else {
          return false
        }
      }
      return true
    }
  }

  /// The prompts of every note `filter` admits in `snapshot` (the library's by
  /// default), in path order, from the index: an open note's (`openNote` gives its
  /// text) as edited. A note indexed by name only has none.
  public func reviewCandidates(
    _ filter: ReviewFilter = ReviewFilter(), snapshot: LibrarySnapshot? = nil,
    openNote: (String) -> NoteDocument? = { _ in nil }
  ) -> [ReviewCandidate] {
    let filters = filter.filters
    if snapshot == nil, let candidates = candidatesFromPromptIndex(filter, openNote: openNote) { return candidates }
    let snapshot = snapshot ?? self.snapshot()
    // Each note read in its box, not copied out of it (its prompts read alone from the
    // index cache while its summary is archived there), in parts on every core.
    let boxes = snapshot.allBoxes
    var open: [Int: NoteDocument] = [:]
    for (index, box) in boxes.enumerated() { open[index] = openNote(box.path) }
    let parts = min(16, max(1, boxes.count / 256))
    let read = Lock([[(path: String, prompts: [PromptMark])]](repeating: [], count: parts))
    Self.parallel(parts) { part in
      var notes: [(path: String, prompts: [PromptMark])] = []
      for index in stride(from: part, to: boxes.count, by: parts) {
        let box = boxes[index]
        guard !filters || filter.admits(box.summary) else { continue }
        let path = box.path
        let prompts = open[index].map { Prompts.marks(for: $0, path: path) } ?? box.prompts
        if !prompts.isEmpty { notes.append((path, prompts)) }
      }
      read.withLock { $0[part] = notes }
    }
    var notes = read.withLock { $0 }.flatMap { $0 }
    notes.sort { $0.path < $1.path }
    // When each file was last changed, as the index last saw it, else as it is now.
    let recorded = state.withLock { state in notes.map { state.records?[$0.path]?.entry.modified } }
    var candidates: [ReviewCandidate] = []
    candidates.reserveCapacity(notes.reduce(0) { $0 + $1.prompts.count })
    for (note, modified) in zip(notes, recorded) {
      let time = (modified ?? NoteFiles.entry(note.path)?.modified ?? 0) / 1_000_000_000
      for mark in note.prompts { candidates.append(ReviewCandidate(mark: mark, path: note.path, noteTime: time)) }
    }
    return candidates
  }

  /// The path of the note holding the prompt `id` (an open note's, `openNote` giving
  /// its text, as edited), the first in path order when several do; `nil` when none
  /// does. Each note's prompts are looked at in place, none copied out.
  public func notePath(ofPrompt id: PromptID, openNote: (String) -> NoteDocument? = { _ in nil }) -> String? {
    var found: String?
    for box in snapshot().allBoxes {
      let path = box.path
      if let known = found, known < path { continue }
      let holds =
        openNote(path).map { Prompts.marks(for: $0, path: path).contains { $0.id == id } }
        ?? box.prompts.contains { $0.id == id }
      if holds { found = path }
    }
    return found
  }

  /// The prompts `queued` with their texts, read from their notes (an open note's,
  /// `openNote` giving its text, as edited), in the order given. A prompt no longer in
  /// its note (changed since it was indexed) is left out.
  public func reviewTexts(
    _ queued: [QueuedReview], openNote: (String) -> NoteDocument? = { _ in nil }
  ) -> [DueReview] {
    var paths: [String] = []
    var ids: [String: Set<PromptID>] = [:]
    for item in queued {
      if ids[item.path] == nil { paths.append(item.path) }
      ids[item.path, default: []].insert(item.id)
    }
    var open: [Int: NoteDocument] = [:]
    for (index, path) in paths.enumerated() { open[index] = openNote(path) }
    let maxFileSize = settings().index.maxFileSize
    let found = Lock([[PromptID: (prompt: Prompt, span: NoteSpan)]](repeating: [:], count: paths.count))
    Self.parallel(paths.count) { index in
      let path = paths[index]
      let document: NoteDocument
      if let note = open[index] {
        document = note
      } else if case .note(let bytes) = NoteFiles.read(path), bytes.count <= maxFileSize {
        document = NoteDocument(checkedUTF8: bytes)
      } else {
        return
      }
      let prompts = Prompts.prompts(for: document, path: path, ids: ids[path] ?? [])
      let byID = Dictionary(
        prompts.compactMap { prompt in PromptID(prompt.id).map { ($0, (prompt, document.span(of: prompt.range))) } }
      ) { first, _ in first }
      found.withLock { $0[index] = byID }
    }
    let prompts = found.withLock { $0 }
    let index = Dictionary(uniqueKeysWithValues: paths.enumerated().map { ($1, $0) })
    return queued.compactMap { item in
      guard let found = prompts[index[item.path]!][item.id] else { return nil }
      return DueReview(prompt: found.prompt, path: item.path, span: found.span, card: item.card)
    }
  }

  /// What a session shows now: the prompts `filter` admits that are due (at most
  /// `limit`, else `review.sessionSize`), with their texts, picked with the review
  /// schedule (``reviewSchedule(now:)``), and the warnings of its logs.
  public func dueReviews(
    _ filter: ReviewFilter = ReviewFilter(), limit: Int? = nil, now: Int64 = LibraryEngine.now(),
    openNote: (String) -> NoteDocument? = { _ in nil }
  ) -> (due: [DueReview], warnings: [String]) {
    let candidates = reviewCandidates(filter, openNote: openNote)
    let (schedule, warnings) = reviewSchedule(now: now)
    let queued = ReviewQueue.due(candidates, schedule: schedule, now: now, settings: reviewSettings, limit: limit)
    return (reviewTexts(queued, openNote: openNote), warnings)
  }

  /// Every review in the logs of the library's roots, and a warning per log with
  /// lines that do not read.
  public func reviewLog() -> (log: ReviewLog, warnings: [String]) {
    let roots = self.roots
    let files = roots.flatMap(ReviewLogFiles.files(root:)).map {
      NoteFiles.entry($0) ?? NoteFiles.Entry(path: $0, size: -1, modified: 0, throughLink: false)
    }
    return reviewCaches.log(of: files, scheduler: reviewSettings.scheduler) { readReviewLogs(roots: roots) }
  }

  /// Every review in the logs of the library's roots, read now and not replayed (for
  /// statistics, which replay each prompt's reviews themselves), and a warning per log
  /// with lines that do not read.
  public func readReviewLogs() -> (log: ReviewLog, warnings: [String]) { readReviewLogs(roots: roots) }

  private func readReviewLogs(roots: [String]) -> (log: ReviewLog, warnings: [String]) {
    var records: [ReviewRecord] = []
    var warnings: [String] = []
    for root in roots {
      let read = ReviewLogFiles.read(root: root)
      records += read.records
      warnings += read.warnings
    }
    return (ReviewLog(records), warnings)
  }

  /// Appends `record` to the log of the root holding `path` (the first root when none
  /// does); why it failed, or `nil`.
  public func recordReview(_ record: ReviewRecord, notePath path: String) -> String? {
    let roots = self.roots
    guard let root = roots.first(where: { NoteFiles.isInside(path, root: $0) }) ?? roots.first else {
      return "no library root to keep the review log in"
    }
    let before = reviewLogEntries()
    if let problem = ReviewLogFiles.append(record, root: root) { return problem }
    reviewCaches.advance(
      from: before, to: reviewLogEntries(), by: record, log: ReviewLogFiles.path(root: root),
      scheduler: reviewSettings.scheduler)
    return nil
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
