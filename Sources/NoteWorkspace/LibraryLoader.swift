import Dispatch
import Locking
public import NoteIntelligence
import NoteSyntax
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads notes from disk into ``NoteSummary``s on every core: the loader of the
/// library index, for the server and the command line alike.
public enum LibraryLoader {
  /// What loading one file gave.
  public enum Outcome: Sendable {
    case summary(NoteSummary)
    /// Not a note (binary, not UTF-8, unreadable): the reason, for one log line.
    case skipped(path: String, reason: String)
  }

  /// Runs `body(0)` … `body(count - 1)` on every core and returns when all are done
  /// (for ``LibraryHost/add(_:parts:parallel:)``).
  public static func parallel(_ count: Int, _ body: (Int) -> Void) {
    withoutActuallyEscaping(body) { body in
      // Each job writes only what its index owns; all are done before this returns.
      nonisolated(unsafe) let body = body
      DispatchQueue.concurrentPerform(iterations: count) { body($0) }
    }
  }

  /// How many parts a library is built in at once.
  public static let parts = 8

  /// The summary of one file: a note larger than `maxFileSize` by its name only.
  /// Without `words`, the note's words are left to read later (``NoteWords``).
  public static func load(_ entry: NoteFiles.Entry, maxFileSize: Int, words: Bool = true) -> Outcome {
    loadLookingUp(entry, maxFileSize: maxFileSize, words: words).outcome
  }

  /// ``load(_:maxFileSize:words:)``, with the entry's size and time as the file read
  /// has them (the listing may have left them unknown).
  static func loadLookingUp(
    _ entry: NoteFiles.Entry, maxFileSize: Int, words: Bool
  ) -> (entry: NoteFiles.Entry, outcome: Outcome) {
    let (found, outcome) = summarise(entry, maxFileSize: maxFileSize, words: words)
    guard case .summary(var summary) = outcome else { return (found, outcome) }
    summary.modified = found.modified
    return (found, .summary(summary))
  }

  private static func summarise(
    _ entry: NoteFiles.Entry, maxFileSize: Int, words: Bool
  ) -> (entry: NoteFiles.Entry, outcome: Outcome) {
    if entry.size > maxFileSize {
      return (entry, .summary(NoteSummary(nameOnly: entry.path, byteCount: entry.size)))
    }
    let (found, content) = NoteFiles.read(entry, maxSize: maxFileSize)
    switch content {
    case .note(let bytes):
      return (found, .summary(NoteSummary(path: entry.path, doc: NoteDocument(checkedUTF8: bytes), words: words)))
    case .skipped(let reason):
      return (found, .skipped(path: entry.path, reason: reason))
    case nil:
      return (found, .summary(NoteSummary(nameOnly: entry.path, byteCount: found.size)))
    }
  }

  /// The words of the notes of `summaries` that wait for them (``NoteWords``), read again
  /// from their files on every core: a change per note whose text still has the
  /// length it was summarised from; a note whose code blocks are not known is
  /// summarised again, words and all.
  public static func words(of summaries: [NoteSummary], maxFileSize: Int) -> [LibraryChange] {
    var found = [LibraryChange?](repeating: nil, count: summaries.count)
    found.withUnsafeMutableBufferPointer { buffer in
      nonisolated(unsafe) let slots = buffer
      // Each iteration writes only its own slot.
      DispatchQueue.concurrentPerform(iterations: summaries.count) { index in
        let summary = summaries[index]
        guard summary.wordsPending?.knowsCode == true else {
          if let entry = NoteFiles.entry(summary.path), case .summary(let full) = load(entry, maxFileSize: maxFileSize)
          {
            slots[index] = .update(full)
          }
          return
        }
        guard case .note(let bytes) = NoteFiles.read(summary.path),
          let terms = NoteWords.terms(of: summary, bytes: bytes)
        else { return }
        slots[index] = .words(path: summary.path, terms: terms, byteCount: bytes.count)
      }
    }
    return found.compactMap { $0 }
  }

  /// Loads `entries` on every core, handing back each batch's entries (with the sizes
  /// and times of the files read) and outcomes in order (on the calling thread), with
  /// how many entries are done and how many batches after this one are read already
  /// (waiting to be handed back). Stops between
  /// batches when `isCancelled` says so. Batches are read ahead of the one handed
  /// back, up to `ahead` of them, so that what `deliver` does (applying notes to the
  /// library, on one core, in steps that grow with it) does not leave the other cores
  /// idle. When the first batch had to be read from storage (the files were not in
  /// memory), the rest is read ahead of the loading (``ReadAhead``). Returns when the
  /// last batch was read, and whether files were read ahead (`nil` without entries).
  @discardableResult
  public static func load(
    _ entries: [NoteFiles.Entry], maxFileSize: Int, words: Bool = true, batchSize: Int = 256, ahead: Int = 4,
    isCancelled: () -> Bool = { false },
    deliver: (_ results: [(entry: NoteFiles.Entry, outcome: Outcome)], _ done: Int, _ waiting: Int) -> Void
  ) -> (lastRead: ContinuousClock.Instant, readAhead: Bool)? {
    typealias Results = [(entry: NoteFiles.Entry, outcome: Outcome)]
    // Reads a batch; with `counting`, also how many blocks its reads took from storage
    // (each thread's own, so that other work of the process does not count).
    @Sendable func read(_ batch: ArraySlice<NoteFiles.Entry>, counting: Bool = false) -> (Results, blocks: Int) {
      var outcomes = [(entry: NoteFiles.Entry, outcome: Outcome)?](repeating: nil, count: batch.count)
      let blocks = Atomic<Int>(0)
      outcomes.withUnsafeMutableBufferPointer { buffer in
        nonisolated(unsafe) let slots = buffer
        // Each iteration writes only its own slot.
        DispatchQueue.concurrentPerform(iterations: batch.count) { index in
          let before = counting ? ProcessTime.blocksReadByThisThread() : 0
          slots[index] = loadLookingUp(batch[batch.startIndex + index], maxFileSize: maxFileSize, words: words)
          if counting { blocks.add(ProcessTime.blocksReadByThisThread() - before, ordering: .relaxed) }
        }
      }
      return (outcomes.compactMap { $0 }, blocks.load(ordering: .relaxed))
    }
    guard !entries.isEmpty else { return nil }
    let ends = Array(stride(from: batchSize, to: entries.count, by: batchSize)) + [entries.count]
    // The reader fills `ready` in order; `room` bounds how far it runs ahead.
    let ready = Lock<[Results]>([])
    let filled = DispatchSemaphore(value: 0)
    let room = DispatchSemaphore(value: max(1, ahead))
    let stopped = Lock(false)
    let lastRead = Lock(ContinuousClock.now)
    let readingAhead = Lock(false)
    let reading = DispatchGroup()
    DispatchQueue.global(qos: .utility).async(group: reading) {
      var start = 0
      var readAhead: ReadAhead?
      defer { readAhead?.stop() }
      for end in ends {
        room.wait()
        if stopped.withLock({ $0 }) { return }
        let counting = ReadAhead.isAvailable && start == 0 && end < entries.count
        let (results, blocks) = read(entries[start..<end], counting: counting)
        ready.withLock { $0.append(results) }
        lastRead.withLock { $0 = .now }
        filled.signal()
        // Once the first batch needed storage (more than a block per note), the rest
        // is asked for ahead of the reading, up to three batches ahead.
        if counting && blocks > end {
          readAhead = ReadAhead(entries.map(\.path), from: end, maxSize: maxFileSize)
          readingAhead.withLock { $0 = true }
        }
        readAhead?.allow(upTo: end + 3 * batchSize)
        start = end
      }
    }
    for end in ends {
      filled.wait()
      let (results, waiting) = ready.withLock { ($0.removeFirst(), $0.count) }
      room.signal()
      deliver(results, end, waiting)
      if end < entries.count && isCancelled() {
        stopped.withLock { $0 = true }
        // The reader may wait for room: it then sees `stopped` and ends.
        room.signal()
        break
      }
    }
    reading.wait()
    return (lastRead.withLock { $0 }, readingAhead.withLock { $0 })
  }
}
