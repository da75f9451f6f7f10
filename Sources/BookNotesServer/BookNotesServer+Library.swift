import Dispatch
import LanguageServerProtocol
import Locking
import NoteIntelligence
import NoteSyntax
import NoteWorkspace

/// What the server tracks about the library index besides the index itself.
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
  /// Whether an indexing is under way whose words are not all read yet (search waits).
  var readingWords = false
  /// The roots that are indexed (absolute folder paths).
  var roots: [String] = []
  /// The poller, when the server watches the folders itself.
  var poller: FolderPoller?
  /// Whether the client was asked to watch the files.
  var watchRegistered = false
  /// Whether the index cache is being written (`shutdown` waits for it).
  var savingCache = false
  /// What the index cache holds once the first indexing is done: per note file, the
  /// summary read from it with the file's size and time (an open note's edits are not
  /// in it; its file is).
  var cacheRecords: [String: IndexCache.Record]?
  /// The cache the records are written to (that of every root).
  var cacheFile: IndexCache?
  /// Whether the records changed since the cache was last written.
  var cacheDirty = false
  /// When the records last changed.
  var lastCacheChange = ContinuousClock.now
  /// Whether a rewrite of the cache is scheduled.
  var cacheWriteScheduled = false
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
      if LibraryLoader.isTooBroad(path) {
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
  /// progress when the client supports it. Returns at once.
  func startIndexing() {
    let roots = indexableRoots()
    readConfigurationFile(roots: roots)
    let progress = session.withLock { $0.workDoneProgress }
    libraryStatus.withLock { $0.readingWords = true }
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
        index(roots: roots, progress: done.first, wordsProgress: done.dropFirst().first, allRoots: roots)
      }
    }
  }

  /// Lists and loads the notes under `roots` (from the index cache where their files
  /// are unchanged), applying them in batches so that requests answer from what is
  /// indexed so far; then reads their words for search (``NoteWords``: most of the
  /// work, needed by search alone); saves the cache; then watches `allRoots`.
  ///
  /// The cache is read, and a library made of every note it holds with the tag table
  /// and book index it stores (``LibraryImage``), while the roots are listed; the
  /// notes whose files changed, are gone or are open are then taken out of it, and it
  /// is installed at once. Its summaries are decoded when first read, and all of them
  /// in the second pass.
  func index(
    roots: [String], progress token: ProgressToken?, wordsProgress: ProgressToken? = nil, allRoots: [String]
  ) {
    libraryStatus.withLock { $0.readingWords = true }
    let start = ContinuousClock.now
    let startCPU = ProcessTime.split()
    let settings = session.withLock { $0.configuration.settings }
    let exclude = settings.index.exclude.map(Glob.init)
    let cache = indexCache(roots: roots, settings: settings)
    // The cache is opened, and the library made from it, while the roots are listed.
    let opening = Lock<Result<IndexCache.OpenedLibrary, IndexCache.Problem>?>(nil)
    let reading = DispatchGroup()
    if let cache {
      DispatchQueue.global(qos: .userInitiated).async(group: reading) {
        let opened = cache.open().map(IndexCache.OpenedLibrary.init)
        opening.withLock { $0 = opened }
      }
    }
    // With no cache file to compare them with, the notes' sizes and times are looked up
    // as each is read, on every core, rather than all while listing.
    let listsSizes = cache.map { NoteFiles.exists($0.path) } ?? false
    let entries = roots.flatMap { NoteFiles.scan(root: $0, exclude: exclude, sizes: listsSizes) }
    if let token {
      connection.send(
        notification: ProgressParams(
          token: token, value: .begin(title: "Indexing notes", message: "0 of \(entries.count) notes", percentage: 0)))
    }
    var lastReport = ContinuousClock.now
    func report(_ done: Int) {
      guard let token, ContinuousClock.now - lastReport > .milliseconds(100) || done == entries.count else { return }
      lastReport = ContinuousClock.now
      connection.send(
        notification: ProgressParams(
          token: token,
          value: .report(
            message: "\(done) of \(entries.count) notes", percentage: entries.isEmpty ? 100 : done * 100 / entries.count
          )))
    }
    let scanned = ContinuousClock.now
    reading.wait()
    var opened: IndexCache.OpenedLibrary?
    if let cache, let result = opening.withLock({ $0 }) {
      switch result {
      case .success(let result): opened = result
      case .failure(.missing): logger.info("No index cache yet at \(cache.path)")
      // After an upgrade or a settings change: rebuilt as a matter of course.
      case .failure(.outdated): logger.info("\(IndexCache.Problem.outdated) (\(cache.path))")
      case .failure(let problem): logger.warning("\(problem) (\(cache.path))")
      }
    }
    let read = ContinuousClock.now
    var records: [IndexCache.Record] = []
    records.reserveCapacity(entries.count)
    func isOpen() -> Set<String> { Set(documents.withLock { $0.keys }.map(Self.libraryPath(of:))) }
    var remaining = entries
    var fromCache = 0
    var image = opened?.image
    if var opened {
      if let unchanged = opened.keep(entries, excluding: isOpen()) {
        library.install(opened.library)
        remaining = []
        for (entry, record) in zip(entries, unchanged) {
          guard let record else {
            remaining.append(entry)
            continue
          }
          // The library's box (an open note's too: the cache keeps its file's summary).
          records.append(IndexCache.Record(entry: entry, box: opened.boxes[record]))
        }
        fromCache = records.count
        report(fromCache)
      } else {
        logger.warning("\(IndexCache.Problem.corrupt("a record does not read back")) (\(opened.image.count) notes)")
        image = nil
      }
    }
    opened = nil
    // Applied in steps that grow with the library (an eighth of it, at least a batch):
    // a step copies the shards it touches while a request reads the snapshot before
    // it, so steps of a fixed size would copy the library over and over as it grows.
    // Once fewer notes than a step are left to read, a quarter of a step is applied as
    // soon as no batch read ahead is waiting (the applying thread would wait for the
    // next one anyway), so that little is left to apply, on one core, once every note
    // is read.
    var pending: [LibraryChange] = []
    var lookedUp: [String: NoteFiles.Entry] = [:]
    let loaded = LibraryLoader.load(remaining, maxFileSize: settings.index.maxFileSize, words: false) {
      results, done, waiting in
      let open = isOpen()
      for (entry, outcome) in results {
        lookedUp[entry.path] = entry
        switch outcome {
        case .summary(let summary):
          records.append(IndexCache.Record(entry: entry, summary: summary))
          if !open.contains(summary.path) { pending.append(.update(summary)) }
        case .skipped(let path, let reason):
          logger.warning("Not indexing \(path): \(reason)")
        }
      }
      let step = max(256, library.snapshot().noteCount / 8)
      let nearTheEnd = remaining.count - done < step && waiting == 0
      if pending.count >= step || (nearTheEnd && pending.count >= step / 4) || done == remaining.count {
        library.apply(pending)
        pending = []
      }
      report(fromCache + done)
    }
    library.apply(pending)
    let elapsed = ContinuousClock.now - start
    let tail = loaded.map { ContinuousClock.now - $0.lastRead } ?? .zero
    let count = library.snapshot().noteCount
    if let token {
      connection.send(notification: ProgressParams(token: token, value: .end(message: "\(count) notes")))
    }
    let cpu = ProcessTime.split()
    logger.info(
      "Indexed \(count) notes in \(elapsed.milliseconds) ms, \(cpu.user - startCPU.user) ms of CPU "
        + "and \(cpu.system - startCPU.system) ms in the kernel (\(fromCache) from the cache; listing "
        + "\((scanned - start).milliseconds) ms, then waiting for the cache \((read - scanned).milliseconds) ms; "
        + "applying notes after the last was read \(tail.milliseconds) ms"
        + (loaded?.readAhead == true ? "; the notes were not in memory: read ahead from storage)" : ")"))
    let (words, damaged) = readWords(records: &records, image: image, progress: wordsProgress)
    let saves =
      cache != nil
      && (!remaining.isEmpty || fromCache != records.count || records.count != entries.count || damaged
        || image.map { $0.count != fromCache } ?? true)
    // Every summary is decoded: the file's bytes can go.
    image = nil
    // The words → notes index and the symbol names, so that the first search or
    // symbol query after the end of indexing does not build them: part of readying
    // search, on both cores.
    let snapshot = library.snapshot()
    LibraryLoader.parallel(2) { snapshot.prepareQueries(part: $0, of: 2) }
    // Later changes on disk are written to the cache of every root, as they come.
    let whole = indexCache(roots: allRoots, settings: settings)
    libraryStatus.withLock { status in
      status.roots = allRoots
      if saves { status.savingCache = true }
      status.readingWords = false
      var all = status.cacheRecords ?? [:]
      for record in records { all[record.entry.path] = record }
      status.cacheRecords = all
      status.cacheFile = whole
    }
    // The end once the status says it all: a `shutdown` right after it waits for the
    // cache being written.
    if let wordsProgress {
      connection.send(notification: ProgressParams(token: wordsProgress, value: .end(message: "\(words) notes")))
    }
    if let cache, saves {
      do {
        try cache.save(records)
        logger.info("Wrote the index cache \(cache.path)")
      } catch {
        logger.warning("Cannot write the index cache \(cache.path): \(error)")
      }
      libraryStatus.withLock { $0.savingCache = false }
    }
    // The listed notes as read (their sizes and times, which a listing without sizes
    // does not know), for the poller to compare with.
    let known =
      allRoots != roots
      ? allRoots.flatMap { NoteFiles.scan(root: $0, exclude: exclude) } : entries.map { lookedUp[$0.path] ?? $0 }
    if allRoots != roots { recordCacheChanges([]) }
    startWatching(roots: allRoots, known: known)
  }

  /// The second pass of an indexing: the summaries read from the index cache are
  /// decoded, words included, on every core; the words of every note summarised
  /// without them are read from the files, on every core; `records` (what the cache
  /// will hold) get them too. Search waits for this pass. Returns how many notes got
  /// their words, and whether a cached record did not read back.
  func readWords(
    records: inout [IndexCache.Record], image: IndexCache.Image?, progress token: ProgressToken?
  ) -> (count: Int, damaged: Bool) {
    let start = ContinuousClock.now
    let archived = records.filter { !$0.box.isDecoded }.map(\.box)
    let waitingFiles = library.snapshot().pathsWaitingForWords.count
    if let token {
      connection.send(
        notification: ProgressParams(
          token: token,
          value: .begin(
            title: "Indexing words for search", message: "\(archived.count + waitingFiles) notes", percentage: 0)))
    }
    if let image, !archived.isEmpty {
      if !image.readWords() { logger.warning("The index cache's words do not read back; reading them from the notes") }
      NoteBox.decodeAll(archived, parts: LibraryLoader.parts, parallel: LibraryLoader.parallel)
    }
    let decoded = ContinuousClock.now
    // Notes summarised without their words, and those whose cached record did not
    // read back (read from their files again).
    let snapshot = library.snapshot()
    let waiting = snapshot.pathsWaitingForWords
    let maxFileSize = session.withLock { $0.configuration.settings.index.maxFileSize }
    let changes = LibraryLoader.words(of: waiting.compactMap { snapshot.note(at: $0) }, maxFileSize: maxFileSize)
    library.apply(changes)
    // What the cache will hold: the words too, or the note summarised again (its
    // record left out, read again next time).
    var terms: [String: TermTable] = [:]
    var summarised: [String: NoteSummary] = [:]
    for change in changes {
      switch change {
      case .words(let path, let table, _): terms[path] = table
      case .update(let summary): summarised[summary.path] = summary
      default: break
      }
    }
    for index in records.indices where records[index].summary.wordsPending != nil {
      let path = records[index].entry.path
      if let table = terms[path] {
        var summary = records[index].summary
        summary.terms = table
        summary.wordsPending = nil
        records[index].summary = summary
      } else if let summary = summarised[path], summary.byteCount == records[index].entry.size {
        // Summarised again from its file (its cached record did not read back), which
        // still has the size it was listed with.
        records[index].summary = summary
      }
    }
    let damaged = archived.filter { $0.summary.wordsPending != nil }.count
    let read = archived.count - damaged + changes.count
    logger.info(
      "Read the words of \(read) notes in \((ContinuousClock.now - start).milliseconds) ms "
        + "(\(archived.count - damaged) from the cache in \((decoded - start).milliseconds) ms)")
    return (read, damaged > 0)
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

  /// After a note is closed its file is authoritative again: re-read it, or drop it
  /// from the index when it is gone or outside the roots.
  func reindexClosed(_ uri: DocumentURI) {
    let path = Self.libraryPath(of: uri)
    let (roots, maxFileSize) = (
      libraryStatus.withLock { $0.roots }, session.withLock { $0.configuration.settings.index.maxFileSize }
    )
    guard roots.contains(where: { path.hasPrefix(NoteFiles.join($0, "")) && NoteFiles.isInside(path, root: $0) }),
      let entry = NoteFiles.entry(path)
    else {
      library.apply([.remove(path: path)])
      recordCacheChanges([(path, nil)])
      return
    }
    switch LibraryLoader.load(entry, maxFileSize: maxFileSize) {
    case .summary(let summary):
      library.apply([.update(summary)])
      recordCacheChanges([(path, IndexCache.Record(entry: entry, summary: summary))])
    case .skipped:
      library.apply([.remove(path: path)])
      recordCacheChanges([(path, nil)])
    }
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
