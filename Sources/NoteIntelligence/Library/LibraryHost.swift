import Locking

/// One change to the library.
public enum LibraryChange: Sendable {
  /// A note read or edited: its summary replaces the old one.
  case update(NoteSummary)
  /// A note deleted (or no longer a note).
  case remove(path: String)
  /// A folder gone from the workspace: every note under it.
  case removeAll(prefix: String)
  /// The words of a note summarised without them (``NoteWords``), read from a text of
  /// `byteCount` bytes: ignored unless the note still waits for its words and was
  /// summarised from a text of that length.
  case words(path: String, terms: TermTable, byteCount: Int)
}

/// Applies changes to the library and hands out snapshots (the library's single
/// writer). A change builds the next snapshot and swaps it in atomically; readers
/// keep the snapshot they took.
public final class LibraryHost: Sendable {
  private let current: Lock<LibrarySnapshot>
  private let latest = LatestRevision()

  /// What the host holds while a step changes its snapshot, under the lock.
  private static let placeholder = LibrarySnapshot()

  public init() {
    var empty = LibrarySnapshot()
    empty.latest = latest
    current = Lock(empty)
  }

  /// The current snapshot.
  public func snapshot() -> LibrarySnapshot { current.withLock { $0 } }

  /// Adds `summaries` as one step. `parallel(count, body)` runs `body(0)` …
  /// `body(count - 1)`, at once when it can: while the library is empty (a first
  /// indexing from the cache, a command's library) it is built in that many parts,
  /// by shard, and the parts merged; otherwise the summaries are applied one by one.
  @discardableResult
  public func add(
    _ summaries: [NoteSummary], parts: Int, parallel: (_ count: Int, _ body: (Int) -> Void) -> Void
  ) -> LibrarySnapshot {
    guard parts > 1, summaries.count >= 2 * parts, snapshot().noteCount == 0 else {
      return apply(summaries.map { .update($0) })
    }
    let slots = PartSlots(count: parts)
    parallel(parts) { part in slots.store(LibrarySnapshot.part(part, of: parts, from: summaries), at: part) }
    let built = LibrarySnapshot(merging: slots.values)
    return current.withLock { snapshot in
      var next = built
      // Changes applied while the parts were built (an open note) come after them.
      if snapshot.noteCount > 0 {
        next = snapshot
        for summary in summaries where snapshot.note(at: summary.path) == nil { next.update(summary) }
      }
      next.advance(to: snapshot.revision + 1)
      snapshot = next
      return next
    }
  }

  /// Applies `changes` as one step and returns the new snapshot.
  @discardableResult
  public func apply(_ changes: [LibraryChange]) -> LibrarySnapshot {
    guard !changes.isEmpty else { return snapshot() }
    return current.withLock { snapshot in
      // Taken out, so that what no reader holds is changed in place: a step of a
      // first indexing would otherwise copy the whole library so far (its shards, tag
      // table and book index) to change a part of it, and then free the old copy.
      var next = snapshot
      let revision = snapshot.revision
      snapshot = Self.placeholder
      for change in changes {
        switch change {
        case .update(let summary): next.update(summary)
        case .remove(let path): next.remove(path)
        case .removeAll(let prefix): next.removeAll(under: prefix)
        case .words(let path, let terms, let byteCount): next.setWords(of: path, terms, byteCount: byteCount)
        }
      }
      next.advance(to: revision + 1)
      snapshot = next
      // Queries still reading an older snapshot see it and stop.
      latest.value.store(next.revision, ordering: .releasing)
      return next
    }
  }
}

/// A library made from the index cache's tables and boxes, not yet installed: it can
/// be made while the folders are listed, and the notes found changed taken out after.
public struct LibraryImage: Sendable {
  fileprivate var library: LibrarySnapshot

  /// The library of `notes` (each path with its box) whose tag table, tag totals and
  /// book index are `tables`, made from exactly these notes.
  public init(notes: [(path: String, box: NoteBox)], tables: LibraryTables) {
    library = LibrarySnapshot(notes: notes, tables: tables, dropped: [])
  }

  /// Takes the note at `path` out (changed, deleted or open since the tables were
  /// made); `summary` is what the tables counted of it (its archived summary, its
  /// words not needed).
  public mutating func drop(_ path: String, counted summary: NoteSummary) {
    library.drop(path, counted: summary)
  }
}

extension LibraryHost {
  /// Makes the library of `notes` with the tables `tables` (see
  /// ``LibrarySnapshot/init(notes:tables:dropped:)``) the current one: a first
  /// indexing from the index cache. Notes applied meanwhile (an open note) are
  /// applied again on top.
  @discardableResult
  public func install(
    _ notes: [(path: String, box: NoteBox)], tables: LibraryTables, dropped: [NoteSummary]
  ) -> LibrarySnapshot {
    install(LibrarySnapshot(notes: notes, tables: tables, dropped: dropped))
  }

  /// Makes `image` the current library (see ``install(_:tables:dropped:)``).
  @discardableResult
  public func install(_ image: LibraryImage) -> LibrarySnapshot { install(image.library) }

  private func install(_ built: LibrarySnapshot) -> LibrarySnapshot {
    current.withLock { snapshot in
      var next = built
      for box in snapshot.boxes { next.update(box.summary) }
      next.advance(to: snapshot.revision + 1)
      snapshot = next
      latest.value.store(next.revision, ordering: .releasing)
      return next
    }
  }
}
