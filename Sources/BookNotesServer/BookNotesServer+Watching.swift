import Dispatch
import JSONCore
import LanguageServerProtocol
import Locking
import NoteIntelligence
import NoteWorkspace

extension BookNotesServer {
  func registerWatching() {
    connection.register(DidChangeWatchedFilesParams.self, scope: { _ in .independent }) { [self] params in
      applyFileEvents(params.changes)
    }
    connection.register(DidChangeWorkspaceFoldersParams.self, scope: { _ in .global }) { [self] params in
      changeFolders(params.event)
    }
  }

  /// Keeps the index current once the first indexing is done: through the client's
  /// file watching when it can register it, else by polling the roots.
  func startWatching(roots: [String], known: [NoteFiles.Entry]) {
    guard !roots.isEmpty else { return }
    if session.withLock({ $0.watchedFilesRegistration }) {
      let registered = libraryStatus.withLock { status in
        defer { status.watchRegistered = true }
        return status.watchRegistered
      }
      if registered { return }
      // Note names in lower and upper case (clients match globs case-sensitively);
      // a name in mixed case is found when its folder is listed again.
      let watchers: [JSONValue] = ["**/*.md", "**/*.markdown", "**/*.MD", "**/*.MARKDOWN"].map {
        ["globPattern": .string($0)]
      }
      Task {
        do {
          _ = try await connection.sendRequest(
            RegistrationParams(registrations: [
              Registration(
                id: "booknotes/watched-files", method: DidChangeWatchedFilesParams.method,
                registerOptions: ["watchers": .array(watchers)])
            ]))
          logger.info("The client watches the notes' files")
        } catch {
          logger.warning("Registering file watching failed (\(error)); polling the folders instead")
          startPolling(roots: roots, known: known)
        }
      }
    } else {
      startPolling(roots: roots, known: known)
    }
  }

  private func startPolling(roots: [String], known: [NoteFiles.Entry]) {
    let settings = session.withLock { $0.configuration.settings }
    let poller = FolderPoller(
      roots: roots, exclude: settings.index.exclude.map(Glob.init), known: known,
      interval: .milliseconds(settings.index.pollInterval))
    let previous = libraryStatus.withLock { status in
      defer { status.poller = poller }
      return status.poller
    }
    previous?.stop()
    poller.start { [self] changes in applyPolled(changes) }
    logger.info("Polling \(roots.count) folder\(roots.count == 1 ? "" : "s") for changed notes")
  }

  /// Updates the index with what a poll of the folders found.
  func applyPolled(_ changes: FolderPoller.Changes) {
    let maxFileSize = session.withLock { $0.configuration.settings.index.maxFileSize }
    var updates: [LibraryChange] = changes.deleted.map { .remove(path: $0) }
    var records: [(path: String, record: IndexCache.Record?)] = changes.deleted.map { ($0, nil) }
    let open = Set(documents.withLock { $0.keys }.map(Self.libraryPath(of:)))
    for entry in changes.updated {
      let change = libraryChange(for: entry, maxFileSize: maxFileSize)
      records.append((entry.path, Self.cacheRecord(entry, change)))
      // An open note's text is newer than its file; the cache takes the file.
      if !open.contains(entry.path) { updates.append(change) }
    }
    library.apply(updates)
    recordCacheChanges(records)
    logger.info("Notes changed on disk: \(changes.updated.count) updated, \(changes.deleted.count) deleted")
    if !updates.isEmpty { republishDiagnostics() }
  }

  /// The cache record of a note file read from disk, `nil` when it is not a note.
  static func cacheRecord(_ entry: NoteFiles.Entry, _ change: LibraryChange) -> IndexCache.Record? {
    guard case .update(let summary) = change else { return nil }
    return IndexCache.Record(entry: entry, summary: summary)
  }

  /// The index change for a note file read from disk.
  func libraryChange(for entry: NoteFiles.Entry, maxFileSize: Int) -> LibraryChange {
    switch LibraryLoader.load(entry, maxFileSize: maxFileSize) {
    case .summary(let summary):
      return .update(summary)
    case .skipped(let path, let reason):
      logger.warning("Not indexing \(path): \(reason)")
      return .remove(path: path)
    }
  }

  /// `workspace/didChangeWatchedFiles`: files (or folders) created, changed or deleted.
  func applyFileEvents(_ events: [FileEvent]) {
    let (roots, settings) = (libraryStatus.withLock { $0.roots }, session.withLock { $0.configuration.settings })
    let exclude = settings.index.exclude.map(Glob.init)
    let open = Set(documents.withLock { $0.keys }.map(Self.libraryPath(of:)))
    var changes: [LibraryChange] = []
    var records: [(path: String, record: IndexCache.Record?)] = []
    var removedFolders: [String] = []
    for event in events {
      // `..` resolved, so an event cannot name a file above a root; one that exists
      // must be inside its root where symbolic links lead too.
      guard let path = FileURI.path(of: event.uri).map(NoteFiles.normalized),
        let root = roots.first(where: { path.hasPrefix(NoteFiles.join($0, "")) }),
        event.type == .deleted || NoteFiles.isInside(path, root: root)
      else { continue }
      if event.type == .deleted {
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
        let change = libraryChange(for: entry, maxFileSize: settings.index.maxFileSize)
        records.append((path, Self.cacheRecord(entry, change)))
        if !open.contains(path) { changes.append(change) }
      } else {
        // A folder: its notes.
        for entry in NoteFiles.scan(root: path, exclude: []) {
          let change = libraryChange(for: entry, maxFileSize: settings.index.maxFileSize)
          records.append((entry.path, Self.cacheRecord(entry, change)))
          if !open.contains(entry.path) { changes.append(change) }
        }
      }
    }
    library.apply(changes)
    recordCacheChanges(records, removingUnder: removedFolders)
    // Library diagnostics of open notes (a linked note created or deleted) may change.
    if !changes.isEmpty { republishDiagnostics() }
  }

  /// `workspace/didChangeWorkspaceFolders`: drops the notes of removed folders and
  /// indexes added ones in the background.
  func changeFolders(_ event: WorkspaceFoldersChangeEvent) {
    let removed = Set(event.removed.map(\.uri))
    session.withLock { session in
      session.workspaceRoots.removeAll { removed.contains($0) }
      session.workspaceRoots += event.added.map(\.uri).filter { !session.workspaceRoots.contains($0) }
    }
    let removedPaths = event.removed.compactMap { FileURI.path(of: $0.uri) }
    library.apply(removedPaths.map { .removeAll(prefix: NoteFiles.join($0, "")) })
    recordCacheChanges([], removingUnder: removedPaths)
    let roots = indexableRoots()
    libraryStatus.withLock { $0.roots = roots }
    let added = roots.filter { root in event.added.contains { FileURI.path(of: $0.uri) == root } }
    logger.info("Workspace folders: \(added.count) added, \(removedPaths.count) removed")
    // On a thread of its own, as the first indexing (see ``startIndexing()``).
    startThread { [self] in
      index(roots: added, progress: nil, allRoots: roots)
    }
  }
}
