import LanguageServerProtocol
import Locking
import NoteWorkspace

/// The index cache while the server runs: records kept current with the notes read
/// from disk, and the file rewritten once changes pause.
extension BookNotesServer {
  /// Keeps the index cache's records current with notes read from disk (`nil`: the
  /// file at that path, or under that folder, is no longer a note), and writes the
  /// cache once changes pause (``cacheWriteDelay``), off the request path, so that a
  /// server that ran for long starts next time from fresh summaries.
  func recordCacheChanges(_ changes: [(path: String, record: IndexCache.Record?)], removingUnder folders: [String] = [])
  {
    let start = libraryStatus.withLock { status -> Bool in
      guard status.cacheRecords != nil, status.cacheFile != nil else { return false }
      for (path, record) in changes { status.cacheRecords?[path] = record }
      for folder in folders {
        let prefix = NoteFiles.join(folder, "")
        status.cacheRecords = status.cacheRecords?.filter { !$0.key.hasPrefix(prefix) }
      }
      status.cacheDirty = true
      status.lastCacheChange = .now
      if status.cacheWriteScheduled { return false }
      status.cacheWriteScheduled = true
      return true
    }
    guard start else { return }
    Task.detached(priority: .utility) { [self] in
      while true {
        let wait = libraryStatus.withLock { status -> Duration? in
          let quiet = ContinuousClock.now - status.lastCacheChange
          return quiet < Self.cacheWriteDelay ? Self.cacheWriteDelay - quiet : nil
        }
        if let wait {
          try? await Task.sleep(for: wait)
          continue
        }
        if writeCacheIfChanged() { continue }
        // Done, unless another write was under way with changes still to write.
        let done = libraryStatus.withLock { status -> Bool in
          if status.cacheDirty { return false }
          status.cacheWriteScheduled = false
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
  func writeCacheIfChanged() -> Bool {
    let work = libraryStatus.withLock { status -> ([IndexCache.Record], IndexCache)? in
      guard status.cacheDirty, !status.savingCache, let file = status.cacheFile, let records = status.cacheRecords
      else { return nil }
      status.cacheDirty = false
      status.savingCache = true
      return (Array(records.values), file)
    }
    guard let (records, file) = work else { return false }
    do {
      try file.save(records.sorted { $0.entry.path < $1.entry.path })
      logger.info("Rewrote the index cache \(file.path) (\(records.count) notes)")
    } catch {
      logger.warning("Cannot write the index cache \(file.path): \(error)")
    }
    libraryStatus.withLock { $0.savingCache = false }
    return true
  }

  /// How long changes on disk must pause before the index cache is rewritten.
  static let cacheWriteDelay = Duration.milliseconds(500)

  /// The index cache of `roots`, `nil` when there is no cache folder.
  func indexCache(roots: [String], settings: LibrarySettings) -> IndexCache? {
    IndexCache.library(roots: roots, settings: settings)
  }
}
