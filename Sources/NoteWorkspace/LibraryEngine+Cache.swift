import Locking

/// The index cache while the library is open: records kept current with the notes
/// read from disk, and the file rewritten once changes pause.
extension LibraryEngine {
  /// Keeps the index cache's records current with notes read from disk (`nil`: the
  /// file at that path, or under that folder, is no longer a note), and writes the
  /// cache once changes pause (``cacheWriteDelay``), off the caller's path, so that a
  /// library open for long starts next time from fresh summaries.
  func recordCacheChanges(_ changes: [(path: String, record: IndexCache.Record?)], removingUnder folders: [String] = [])
  {
    let start = state.withLock { state -> Bool in
      guard state.records != nil, state.cache != nil else { return false }
      for (path, record) in changes { state.records?[path] = record }
      for folder in folders {
        let prefix = NoteFiles.join(folder, "")
        state.records = state.records?.filter { !$0.key.hasPrefix(prefix) }
      }
      state.dirty = true
      state.lastChange = .now
      if state.writeScheduled { return false }
      state.writeScheduled = true
      return true
    }
    guard start else { return }
    Task.detached(priority: .utility) { [self] in
      while true {
        let wait = state.withLock { state -> Duration? in
          let quiet = ContinuousClock.now - state.lastChange
          return quiet < Self.cacheWriteDelay ? Self.cacheWriteDelay - quiet : nil
        }
        if let wait {
          try? await Task.sleep(for: wait)
          continue
        }
        if saveIfChanged() { continue }
        // Done, unless another write was under way with changes still to write.
        let done = state.withLock { state -> Bool in
          if state.dirty { return false }
          state.writeScheduled = false
          return true
        }
        if done { return }
        try? await Task.sleep(for: Self.cacheWriteDelay)
      }
    }
  }

  /// Writes the index cache's records when they changed since the last write and no
  /// other write is under way; whether there was something to write.
  @discardableResult
  public func saveIfChanged() -> Bool {
    let work = state.withLock { state -> ([IndexCache.Record], IndexCache)? in
      guard state.dirty, !state.saving, let file = state.cache, let records = state.records else { return nil }
      state.dirty = false
      state.saving = true
      return (Array(records.values), file)
    }
    guard let (records, file) = work else { return false }
    do {
      try file.save(records.sorted { $0.entry.path < $1.entry.path })
      report(.info("Rewrote the index cache \(file.path) (\(records.count) notes)"))
    } catch {
      report(.warning("Cannot write the index cache \(file.path): \(error)"))
    }
    state.withLock { $0.saving = false }
    return true
  }

  /// How long changes on disk must pause before the index cache is rewritten.
  static let cacheWriteDelay = Duration.milliseconds(500)

  /// The cache file the library's changes are written to (tests look at it).
  public var cacheFile: IndexCache? { state.withLock { $0.cache } }

  /// The poller, when the library polls its folders (tests poll it themselves).
  public var poller: FolderPoller? { state.withLock { $0.poller } }

  /// What the index cache holds now, by note path (tests compare it with the disk).
  public var cacheRecords: [String: IndexCache.Record]? { state.withLock { $0.records } }
}
