import NoteIntelligence

extension LibraryEngine {
  /// Applies file events (an editor's file watching): files or folders created or
  /// changed (read again) and deleted (gone from the library, with what was under
  /// them). Events outside the roots are ignored. Returns whether the library changed.
  @discardableResult
  public func apply(fileEvents events: [(path: String, deleted: Bool)]) -> Bool {
    let roots = roots
    let settings = settings()
    let exclude = settings.index.exclude.map(Glob.init)
    let open = openNotes()
    var changes: [LibraryChange] = []
    var records: [(path: String, record: IndexCache.Record?)] = []
    var removedFolders: [String] = []
    for event in events {
      // `..` resolved, so an event cannot name a file above a root; one that exists
      // must be inside its root where symbolic links lead too.
      let path = NoteFiles.normalized(event.path)
      guard let root = roots.first(where: { path.hasPrefix(NoteFiles.join($0, "")) }),
        event.deleted || NoteFiles.isInside(path, root: root)
      else { continue }
      if event.deleted {
        changes += [.remove(path: path), .removeAll(prefix: NoteFiles.join(path, ""))]
        records.append((path, nil))
        removedFolders.append(path)
        continue
      }
      if let entry = NoteFiles.entry(path) {
        let relative = String(path.dropFirst(NoteFiles.join(root, "").count))
        let components = relative.split(separator: "/")
        let hidden = components.dropLast().contains { $0.hasPrefix(".") || $0 == "node_modules" }
        guard NoteFiles.isNoteName(path), !hidden,
          !exclude.contains(where: { $0.matchesItselfOrAFolder(of: relative) })
        else { continue }
        let change = change(for: entry, maxFileSize: settings.index.maxFileSize)
        records.append((path, Self.cacheRecord(entry, change)))
        if !open.contains(path) { changes.append(change) }
      } else {
        // A folder: its notes.
        for entry in NoteFiles.scan(root: path, exclude: []) {
          let change = change(for: entry, maxFileSize: settings.index.maxFileSize)
          records.append((entry.path, Self.cacheRecord(entry, change)))
          if !open.contains(entry.path) { changes.append(change) }
        }
      }
    }
    host.apply(changes)
    recordCacheChanges(records, removingUnder: removedFolders)
    return !changes.isEmpty
  }

  /// Polls the roots for changed notes (a rescan compared by size and time) every
  /// `index.pollInterval`, calling `onChange` after a poll changed the library. Replaces
  /// an earlier poller; one after a change of roots watches the new roots.
  public func pollFolders(onChange: @escaping @Sendable () -> Void) {
    let settings = settings()
    let (roots, known) = state.withLock { ($0.roots, $0.known) }
    guard !roots.isEmpty else { return }
    let poller = FolderPoller(
      roots: roots, exclude: settings.index.exclude.map(Glob.init), known: known,
      interval: .milliseconds(settings.index.pollInterval))
    let previous = state.withLock { state in
      defer {
        state.poller = poller
        state.onPolledChange = onChange
      }
      return state.poller
    }
    previous?.stop()
    poller.start { [self] changes in
      if applyPolled(changes) { onChange() }
    }
    report(.info("Polling \(roots.count) folder\(roots.count == 1 ? "" : "s") for changed notes"))
  }

  /// Polls the folders at once when the library polls them (an editor that watches
  /// files tells of changes itself), and applies what changed; whether the library
  /// changed.
  @discardableResult
  public func poll() -> Bool {
    guard let poller = state.withLock({ $0.poller }) else { return false }
    let changes = poller.poll()
    return !changes.isEmpty && applyPolled(changes)
  }

  /// Updates the library with what a poll of the folders found; whether it changed.
  func applyPolled(_ changes: FolderPoller.Changes) -> Bool {
    let maxFileSize = settings().index.maxFileSize
    var updates: [LibraryChange] = changes.deleted.map { .remove(path: $0) }
    var records: [(path: String, record: IndexCache.Record?)] = changes.deleted.map { ($0, nil) }
    let open = openNotes()
    for entry in changes.updated {
      let change = change(for: entry, maxFileSize: maxFileSize)
      records.append((entry.path, Self.cacheRecord(entry, change)))
      // An open note's text is newer than its file; the cache takes the file.
      if !open.contains(entry.path) { updates.append(change) }
    }
    host.apply(updates)
    recordCacheChanges(records)
    report(.info("Notes changed on disk: \(changes.updated.count) updated, \(changes.deleted.count) deleted"))
    return !updates.isEmpty
  }

  /// Reads the notes at `paths` again (closed ones: an editor's open notes are its own)
  /// and updates the library with what changed (a note gone from the disk leaves it);
  /// whether anything did.
  @discardableResult
  public func readAgain(_ paths: Set<String>) -> Bool {
    let maxFileSize = settings().index.maxFileSize
    let snapshot = host.snapshot()
    var changes: [LibraryChange] = []
    var records: [(path: String, record: IndexCache.Record?)] = []
    for path in paths.sorted() {
      guard let entry = NoteFiles.entry(path) else {
        if snapshot.note(at: path) != nil {
          changes.append(.remove(path: path))
          records.append((path, nil))
        }
        continue
      }
      let change = change(for: entry, maxFileSize: maxFileSize)
      switch change {
      case .update(let summary) where summary == snapshot.note(at: path):
        continue
      default:
        changes.append(change)
        records.append((path, Self.cacheRecord(entry, change)))
      }
    }
    guard !changes.isEmpty else { return false }
    host.apply(changes)
    recordCacheChanges(records)
    report(.info("Read \(changes.count) note\(changes.count == 1 ? "" : "s") changed on disk"))
    return true
  }

  /// After a note open in an editor is closed its file is authoritative again: reads
  /// it, or drops the note when it is gone or outside the roots.
  public func closed(_ path: String) {
    let (roots, maxFileSize) = (self.roots, settings().index.maxFileSize)
    guard roots.contains(where: { path.hasPrefix(NoteFiles.join($0, "")) && NoteFiles.isInside(path, root: $0) }),
      let entry = NoteFiles.entry(path)
    else {
      host.apply([.remove(path: path)])
      recordCacheChanges([(path, nil)])
      return
    }
    switch LibraryLoader.load(entry, maxFileSize: maxFileSize) {
    case .summary(let summary):
      host.apply([.update(summary)])
      recordCacheChanges([(path, IndexCache.Record(entry: entry, summary: summary))])
    case .skipped:
      host.apply([.remove(path: path)])
      recordCacheChanges([(path, nil)])
    }
  }

  /// Reads `entries` into the library on every core, without the cache (a library
  /// made of given files); files that are not notes are left out.
  public func read(_ entries: [NoteFiles.Entry]) {
    LibraryLoader.load(entries, maxFileSize: settings().index.maxFileSize) { results, _, _ in
      host.apply(
        results.compactMap { _, outcome in
          guard case .summary(let summary) = outcome else { return nil }
          return .update(summary)
        })
    }
  }

  /// The cache record of a note file read from disk, `nil` when it is not a note.
  static func cacheRecord(_ entry: NoteFiles.Entry, _ change: LibraryChange) -> IndexCache.Record? {
    guard case .update(let summary) = change else { return nil }
    return IndexCache.Record(entry: entry, summary: summary)
  }

  /// The library change for a note file read from disk.
  func change(for entry: NoteFiles.Entry, maxFileSize: Int) -> LibraryChange {
    switch LibraryLoader.load(entry, maxFileSize: maxFileSize) {
    case .summary(let summary):
      return .update(summary)
    case .skipped(let path, let reason):
      report(.skipped(path: path, reason: reason))
      return .remove(path: path)
    }
  }
}
