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

  /// Keeps the library current once the first indexing is done: through the client's
  /// file watching when it can register it, else by polling the roots.
  func startWatching() {
    guard !library.roots.isEmpty else { return }
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
          startPolling()
        }
      }
    } else {
      startPolling()
    }
  }

  private func startPolling() {
    // Library diagnostics of open notes (a linked note created or deleted) may change.
    library.pollFolders { [self] in republishDiagnostics() }
  }

  /// `workspace/didChangeWatchedFiles`: files (or folders) created, changed or deleted.
  func applyFileEvents(_ events: [FileEvent]) {
    let changes = events.compactMap { event in
      FileURI.path(of: event.uri).map { (path: $0, deleted: event.type == .deleted) }
    }
    // Library diagnostics of open notes (a linked note created or deleted) may change.
    if library.apply(fileEvents: changes) { republishDiagnostics() }
  }

  /// `workspace/didChangeWorkspaceFolders`: drops the notes of removed folders and
  /// indexes added ones in the background.
  func changeFolders(_ event: WorkspaceFoldersChangeEvent) {
    let removed = Set(event.removed.map(\.uri))
    session.withLock { session in
      session.workspaceRoots.removeAll { removed.contains($0) }
      session.workspaceRoots += event.added.map(\.uri).filter { !session.workspaceRoots.contains($0) }
    }
    library.changeRoots(to: indexableRoots(), removed: event.removed.compactMap { FileURI.path(of: $0.uri) })
  }
}
