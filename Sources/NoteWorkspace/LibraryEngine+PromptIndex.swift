import Locking
import NoteIntelligence
import NoteSyntax

/// The notes' prompts read straight from the index cache's image, for review: a
/// review needs of each note only its path, its file's time and its prompts, which the
/// image holds at the start of each note's record (and, for a review of a book or a
/// tag, its title and tags, the rest of the record read past). The few notes changed,
/// added or open since the cache was written (at most ``maxChanged(of:)``) are read
/// from their files instead, and the cache is left as it is; with more, the library is
/// opened and the cache written. No library is made (no boxes, tables or shards) until
/// something asks for it (``LibraryEngine/snapshot()``).
struct PromptIndex: Sendable {
  let image: IndexCache.Image
  /// Each note listed, in path order: its record in the image, or its summary read
  /// from its file.
  let notes: [Note]
  /// The notes as listed, and each one's record, when every note is in the image.
  let entries: [NoteFiles.Entry]
  let entryRecords: [Int]?

  enum Note: Sendable {
    case record(Int)
    case read(NoteSummary)
  }

  /// How many notes of `count` listed may be read from their files: a hundredth, at
  /// least 16.
  static func maxChanged(of count: Int) -> Int { max(16, count / 100) }
}

extension LibraryEngine {
  /// Keeps `image` as the prompt index when it holds the notes of `entries` with the
  /// size and time listed, but for at most ``PromptIndex/maxChanged(of:)`` (changed,
  /// added or open in an editor), which are read from their files now; whether it did.
  func keepPromptIndex(_ image: IndexCache.Image, entries: [NoteFiles.Entry], maxFileSize: Int) -> Bool {
    let open = openNotes()
    var records: [Int] = []
    var changed: [NoteFiles.Entry] = []
    records.reserveCapacity(entries.count)
    for (entry, record) in zip(entries, image.unchanged(entries)) {
      if let record, !open.contains(entry.path) {
        records.append(record)
      } else {
        changed.append(entry)
        guard changed.count <= PromptIndex.maxChanged(of: entries.count) else { return false }
      }
    }
    // The changed notes summarised from their files (without their words), on every core.
    var outcomes = [LibraryLoader.Outcome?](repeating: nil, count: changed.count)
    outcomes.withUnsafeMutableBufferPointer { buffer in
      nonisolated(unsafe) let slots = buffer
      // Each iteration writes only its own slot.
      Self.parallel(changed.count) {
        slots[$0] = LibraryLoader.load(changed[$0], maxFileSize: maxFileSize, words: false)
      }
    }
    var read: [NoteSummary] = []
    for outcome in outcomes {
      switch outcome {
      case .summary(let summary): read.append(summary)
      case .skipped(let path, let reason): report(.skipped(path: path, reason: reason))
      case nil: break
      }
    }
    read.sort { $0.path < $1.path }
    // Both in path order: merged.
    let sorted = records.sorted()
    var notes: [PromptIndex.Note] = []
    notes.reserveCapacity(sorted.count + read.count)
    var next = 0
    for record in sorted {
      while next < read.count && read[next].path < image.paths[record] {
        notes.append(.read(read[next]))
        next += 1
      }
      notes.append(.record(record))
    }
    notes += read[next...].map { .read($0) }
    let index = PromptIndex(
      image: image, notes: notes, entries: entries, entryRecords: changed.isEmpty ? records : nil)
    promptIndex.withLock { $0 = index }
    return true
  }

  /// Makes the library review skipped making, if it did, as an opening from the cache
  /// with every note unchanged makes it: from the image's tables and a box per note,
  /// each decoded when first read. Should the image not read back, the library is
  /// indexed again.
  func installPromptIndex() {
    promptIndex.withLock { index in
      guard let made = index else { return }
      index = nil
      // The notes the image holds besides those listed (and open ones) leave it. With
      // notes read from their files, the library is opened as any command opens it.
      guard let entryRecords = made.entryRecords, var library = IndexCache.OpenedLibrary(made.image),
        library.keep(made.entries, excluding: openNotes()) != nil
      else {
        let roots = self.roots
        self.index(roots, of: roots, words: false, needsWords: false, needsSummaries: true, progress: { _ in })
        return
      }
      host.install(library.library)
      let records = zip(made.entries, entryRecords).map {
        IndexCache.Record(entry: $0, box: library.boxes[$1])
      }
      state.withLock { state in
        var all = state.records ?? [:]
        for record in records { all[record.entry.path] = record }
        state.records = all
      }
    }
  }

  /// The prompts of every note `filter` admits, from the prompt index, as
  /// ``reviewCandidates(_:snapshot:openNote:)`` gives them (an open note's, `openNote`
  /// giving its text, as edited); `nil` without a prompt index or when a note's record
  /// does not read back.
  func candidatesFromPromptIndex(
    _ filter: ReviewFilter, openNote: (String) -> NoteDocument?
  ) -> [ReviewCandidate]? {
    guard let index = promptIndex.withLock({ $0 }) else { return nil }
    let image = index.image
    let notes = index.notes
    func path(_ note: PromptIndex.Note) -> String {
      switch note {
      case .record(let record): image.paths[record]
      case .read(let summary): summary.path
      }
    }
    var open: [Int: NoteDocument] = [:]
    for (position, note) in notes.enumerated() { open[position] = openNote(path(note)) }
    // In parts of consecutive notes, on every core, so that joining them keeps the order.
    let parts = min(16, max(1, notes.count / 256))
    let read = Lock([[ReviewCandidate]?](repeating: nil, count: parts))
    Self.parallel(parts) { part in
      var candidates: [ReviewCandidate] = []
      for position in (part * notes.count / parts)..<((part + 1) * notes.count / parts) {
        let path = path(notes[position])
        var prompts: [PromptMark]
        let modified: Int64
        switch notes[position] {
        case .read(let summary):
          // The title and tags the index holds, an open note's too (as the library's).
          guard filter.admits(summary) else { continue }
          prompts = summary.prompts
          modified = summary.modified
        case .record(let record) where filter.filters:
          guard let found = image.reviewFields(at: record), found.path == path else { return }
          guard filter.admits(title: found.title, tags: found.tags) else { continue }
          prompts = found.prompts
          modified = image.modified[record]
        case .record(let record):
          guard let found = image.promptMarks(at: record), found.path == path else { return }
          prompts = found.prompts
          modified = image.modified[record]
        }
        if let note = open[position] { prompts = Prompts.marks(for: note, path: path) }
        let time = modified / 1_000_000_000
        for mark in prompts { candidates.append(ReviewCandidate(mark: mark, path: path, noteTime: time)) }
      }
      read.withLock { $0[part] = candidates }
    }
    var candidates: [ReviewCandidate] = []
    for part in read.withLock({ $0 }) {
      guard let part else { return nil }
      candidates += part
    }
    return candidates
  }
}
