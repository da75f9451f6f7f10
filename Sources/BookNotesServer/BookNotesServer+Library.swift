import Dispatch
import LanguageServerProtocol
import Locking
import NoteIntelligence
import NoteSyntax
import NoteText
import NoteWorkspace

/// What the server tracks about re-indexing open notes and watching files; the
/// library itself is the engine's (``LibraryEngine``).
struct LibraryStatus: Sendable {
  /// Open notes whose index entries wait for a re-index.
  var pending: Set<DocumentURI> = []
  /// How long typing must pause before the pending notes are re-indexed (the
  /// longest of their pauses, see ``BookNotesServer/typingPause(forBytes:)``).
  var pause = Duration.zero
  /// When a pending note last changed.
  var lastChange = ContinuousClock.now
  /// Whether a re-index task is running.
  var reindexing = false
  /// Whether the client was asked to watch the files.
  var watchRegistered = false
}

extension BookNotesServer {
  /// The index key of a note: its path, or its URI when it has none.
  static func libraryPath(of uri: DocumentURI) -> String {
    FileURI.path(of: uri) ?? uri
  }

  /// The URI of an index key.
  static func uri(ofLibraryPath path: String) -> DocumentURI {
    path.hasPrefix("/") ? FileURI.uri(ofPath: path) : path
  }

  /// The workspace roots as folder paths, those too broad to index left out (with a
  /// warning each).
  func indexableRoots() -> [String] {
    let uris = session.withLock { $0.workspaceRoots }
    var roots: [String] = []
    for uri in uris {
      guard let path = FileURI.path(of: uri) else {
        logger.warning("Not indexing \(uri): not a file URI")
        continue
      }
      if NoteFiles.isTooBroad(path) {
        logger.warning("Not indexing \(path) as a whole: it is the home or root folder; working on open notes only")
        continue
      }
      roots.append(path)
    }
    return roots
  }

  /// Reads `.booknotes.json` of the first root that has one into the settings.
  func readConfigurationFile(roots: [String]) {
    for root in roots {
      do {
        guard let file = try LibraryConfigurationFile.read(root: root) else { continue }
        session.withLock { $0.configuration.file = file }
        logger.info("Read \(LibraryConfigurationFile.fileName) at \(root)")
        return
      } catch {
        logger.warning("Ignoring \(error)")
        return
      }
    }
  }

  /// Indexes every note under the workspace roots in the background, reporting
  /// progress when the client supports it, then watches them. Returns at once.
  func startIndexing() {
    let roots = indexableRoots()
    readConfigurationFile(roots: roots)
    let progress = session.withLock { $0.workDoneProgress }
    Task {
      var tokens: [ProgressToken] = []
      if progress {
        for candidate in [ProgressToken.string("booknotes/indexing"), .string("booknotes/indexing-words")] {
          do {
            _ = try await connection.sendRequest(WorkDoneProgressCreateParams(token: candidate))
            tokens.append(candidate)
          } catch {
            logger.warning("window/workDoneProgress/create failed: \(error)")
            break
          }
        }
      }
      let done = tokens
      // On a thread of its own: it waits for the loader's batches, and a Dispatch
      // worker waiting would leave the loader one worker fewer (one core of two).
      startThread { [self] in
        library.open(roots, progress: progressReporter(done.first, words: done.dropFirst().first))
        startWatching()
      }
    }
  }

  /// Reports the library's progress as work-done progress on `token` (the summaries,
  /// "N of M notes") and `words` (the second pass), at most every 100 ms.
  func progressReporter(_ token: ProgressToken?, words: ProgressToken?) -> (LibraryProgress) -> Void {
    var lastReport = ContinuousClock.now
    var begun = false
    return { [self] step in
      switch step {
      case .summarised(let done, let total):
        guard let token else { return }
        if !begun {
          begun = true
          connection.send(
            notification: ProgressParams(
              token: token, value: .begin(title: "Indexing notes", message: "\(done) of \(total) notes", percentage: 0))
          )
          return
        }
        guard ContinuousClock.now - lastReport > .milliseconds(100) || done == total else { return }
        lastReport = ContinuousClock.now
        connection.send(
          notification: ProgressParams(
            token: token,
            value: .report(message: "\(done) of \(total) notes", percentage: total == 0 ? 100 : done * 100 / total)))
      case .summariesDone(let count):
        guard let token else { return }
        connection.send(notification: ProgressParams(token: token, value: .end(message: "\(count) notes")))
      case .readingWords(let count):
        guard let words else { return }
        connection.send(
          notification: ProgressParams(
            token: words, value: .begin(title: "Indexing words for search", message: "\(count) notes", percentage: 0)))
      case .wordsDone(let count):
        guard let words else { return }
        connection.send(notification: ProgressParams(token: words, value: .end(message: "\(count) notes")))
      }
    }
  }

  /// Re-indexes an open note soon, off the request path; several changes to one note
  /// before that make one re-index. It waits for typing to pause, longer for a longer
  /// note (``typingPause(forBytes:)``), so that summarising it does not compete with
  /// keystrokes for the cores; a note over `index.maxFileSize` is indexed by name only,
  /// as its file would be.
  func scheduleReindex(_ uri: DocumentURI, byteCount: Int) {
    let start = libraryStatus.withLock { status -> Bool in
      status.pending.insert(uri)
      status.lastChange = .now
      status.pause = max(status.pause, Self.typingPause(forBytes: byteCount))
      if status.reindexing { return false }
      status.reindexing = true
      return true
    }
    guard start else { return }
    Task.detached(priority: .utility) { [self] in
      while true {
        let (batch, wait) = libraryStatus.withLock { status -> (Set<DocumentURI>, Duration?) in
          let quiet = ContinuousClock.now - status.lastChange
          if quiet < status.pause { return ([], status.pause - quiet) }
          let batch = status.pending
          status.pending = []
          status.pause = .zero
          if batch.isEmpty { status.reindexing = false }
          return (batch, nil)
        }
        if let wait {
          try? await Task.sleep(for: wait)
          continue
        }
        if batch.isEmpty { return }
        let maxFileSize = session.withLock { $0.configuration.settings.index.maxFileSize }
        var changes: [LibraryChange] = []
        var versions: [(OpenDocument, Int)] = []
        for uri in batch {
          guard let document = documents.withLock({ $0[uri] }) else { continue }
          let (note, version) = document.withState { ($0.note, $0.version) }
          let path = Self.libraryPath(of: uri)
          let summary =
            note.utf8Count > maxFileSize
            ? NoteSummary(nameOnly: path, byteCount: note.utf8Count) : NoteSummary(path: path, doc: note)
          reindexStep(.summarised(uri, version: version))
          // A newer version queued the note again while it was summarised: drop this one.
          guard isCurrent(document, version: version) else { continue }
          changes.append(.update(summary))
          versions.append((document, version))
        }
        applyReindexed(changes, versions)
      }
    }
  }

  /// How long typing must pause before an open note of `bytes` is re-indexed: a
  /// quarter of a microsecond per byte (about what summarising it costs, some 25 ms at
  /// 100 KB), at most 300 ms. Keystrokes closer together than that (a fast typist, a
  /// key held down, an editor replaying changes) are not slowed by a summary on the
  /// other core; with a pause between them, the index follows each one.
  static func typingPause(forBytes bytes: Int) -> Duration {
    min(.milliseconds(300), .nanoseconds(bytes / 4 * 1_000))
  }

  /// After a note is closed its file is authoritative again: the library reads it
  /// (``LibraryEngine/closed(_:)``).
  func reindexClosed(_ uri: DocumentURI) {
    library.closed(Self.libraryPath(of: uri))
  }
}

extension BookNotesServer {
  /// The library with the tags of `open` notes as they are now: the index catches up
  /// with edits in the background, so a tag typed a moment ago counts at once.
  func liveLibrary(overlaying open: [OpenDocument]) -> LibrarySnapshot {
    var snapshot = library.snapshot()
    for document in open {
      snapshot.replaceTags(of: Self.libraryPath(of: document.uri), with: NoteSummary.tagUses(in: document.note))
    }
    return snapshot
  }

  /// Every open note.
  var openDocuments: [OpenDocument] { documents.withLock { Array($0.values) } }

  /// Open notes by index key, to answer with the URI the client opened them by.
  static func byLibraryPath(_ open: [OpenDocument]) -> [String: OpenDocument] {
    Dictionary(open.map { (libraryPath(of: $0.uri), $0) }, uniquingKeysWith: { first, _ in first })
  }

  /// The hashtag at `position` of the open note `note`, from its live text.
  static func tag(at position: Position, in note: NoteDocument, encoding: PositionEncoding) -> TagAtCursor? {
    let offset = note.offset(of: position, in: encoding)
    return TagAtCursor.find(at: offset, in: NoteSummary.tagUses(in: note, around: offset))
  }
}
