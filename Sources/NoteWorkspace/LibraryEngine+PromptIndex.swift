import Locking
public import NoteIntelligence
public import NoteSyntax

/// The notes' prompts read straight from the index cache's image, for review: when
/// every note listed is unchanged since the cache was written, a review needs of each
/// only its path, its file's time and its prompts, which the image holds at the start
/// of each note's record (and, for a review of a book or a tag, its title and tags,
/// the rest of the record read past). No library is made (no boxes, tables or shards) until
/// something asks for it (``LibraryEngine/snapshot()``).
struct PromptIndex: Sendable {
  let image: IndexCache.Image
  /// The image's records of the notes listed, in path order (the image's).
  let records: [Int]
  /// The notes as listed, and each one's record.
  let entries: [NoteFiles.Entry]
  let entryRecords: [Int]
}

extension LibraryEngine {
  /// Keeps `image` as the prompt index when it holds every note of `entries` with the
  /// size and time listed, and none of them is open in an editor; whether it did.
  func keepPromptIndex(_ image: IndexCache.Image, entries: [NoteFiles.Entry]) -> Bool {
    let open = openNotes()
    var records: [Int] = []
    records.reserveCapacity(entries.count)
    for (entry, record) in zip(entries, image.unchanged(entries)) {
      guard let record, !open.contains(entry.path) else { return false }
      records.append(record)
    }
    let index = PromptIndex(image: image, records: records.sorted(), entries: entries, entryRecords: records)
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
      // The notes the image holds besides those listed (and open ones) leave it.
      guard var library = IndexCache.OpenedLibrary(made.image),
        library.keep(made.entries, excluding: openNotes()) != nil
      else {
        report(.warning("\(IndexCache.Problem.corrupt("a record does not read back")) (\(made.image.count) notes)"))
        let roots = self.roots
        self.index(roots, of: roots, words: false, needsWords: false, needsSummaries: true, progress: { _ in })
        return
      }
      host.install(library.library)
      let records = zip(made.entries, made.entryRecords).map {
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
    let records = index.records
    var open: [Int: NoteDocument] = [:]
    for (position, record) in records.enumerated() { open[position] = openNote(image.paths[record]) }
    // In parts of consecutive notes, on every core, so that joining them keeps the order.
    let parts = min(16, max(1, records.count / 256))
    let read = Lock([[ReviewCandidate]?](repeating: nil, count: parts))
    Self.parallel(parts) { part in
      var candidates: [ReviewCandidate] = []
      for position in (part * records.count / parts)..<((part + 1) * records.count / parts) {
        let record = records[position]
        let path = image.paths[record]
        var prompts: [PromptMark]
        if filter.filters {
          // The title and tags the index holds, an open note's too (as the library's).
          guard let found = image.reviewFields(at: record), found.path == path else { return }
          guard filter.admits(title: found.title, tags: found.tags) else { continue }
          prompts = found.prompts
        } else {
          guard let found = image.promptMarks(at: record), found.path == path else { return }
          prompts = found.prompts
        }
        if let note = open[position] { prompts = Prompts.marks(for: note, path: path) }
        let time = image.modified[record] / 1_000_000_000
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
