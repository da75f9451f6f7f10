import Locking
public import NoteIntelligence
public import NoteSyntax

/// The notes' prompts read straight from the index cache's image, for review: when
/// every note listed is unchanged since the cache was written, a review needs of each
/// only its path, its file's time and its prompts, which the image holds at the start
/// of each note's record. No library is made (no boxes, tables or shards) until
/// something asks for it (``LibraryEngine/snapshot()``).
struct PromptIndex: Sendable {
  let image: IndexCache.Image
  /// The image's records of the notes listed, in path order (the image's).
  let records: [Int]
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
    records.sort()
    promptIndex.withLock { $0 = PromptIndex(image: image, records: records) }
    return true
  }

  /// Makes the library review skipped making, if it did: indexed again as a command
  /// that needs the summaries indexes it (from the cache where notes are unchanged).
  func installPromptIndex() {
    promptIndex.withLock { index in
      guard index != nil else { return }
      index = nil
      let roots = self.roots
      self.index(roots, of: roots, words: false, needsWords: false, needsSummaries: true, progress: { _ in })
    }
  }

  /// Every note's prompts from the prompt index, as ``reviewCandidates(_:snapshot:openNote:)``
  /// gives them (an open note's, `openNote` giving its text, as edited); `nil` without
  /// a prompt index or when a note's prompts do not read back.
  func candidatesFromPromptIndex(openNote: (String) -> NoteDocument?) -> [ReviewCandidate]? {
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
        let prompts: [PromptMark]
        if let note = open[position] {
          prompts = Prompts.marks(for: note, path: path)
        } else if let found = image.promptMarks(at: record), found.path == path {
          prompts = found.prompts
        } else {
          return
        }
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
