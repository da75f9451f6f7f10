import Dispatch
import Locking
import NoteIntelligence

extension LibraryEngine {
  /// Lists and loads the notes under `roots` (from the index cache where their files
  /// are unchanged), applying them in batches so that readers see what is indexed so
  /// far; then reads their words for search (``NoteWords``: most of the work, needed by
  /// search alone; with `words`, in the same reading); saves the cache. Later changes
  /// are written to the cache of `allRoots`.
  ///
  /// The cache is read, and a library made of every note it holds with the tag table
  /// and book index it stores (``LibraryImage``), while the roots are listed; the
  /// notes whose files changed, are gone or are open are then taken out of it, and it
  /// is installed at once. Its summaries are decoded when first read, and all of them
  /// in the second pass.
  func index(
    _ roots: [String], of allRoots: [String], words: Bool, needsWords: Bool = true, needsSummaries: Bool = true,
    progress: (LibraryProgress) -> Void
  ) {
    state.withLock { $0.readingWords = true }
    let start = ContinuousClock.now
    let startCPU = ProcessTime.split()
    let settings = settings()
    let exclude = settings.index.exclude.map(Glob.init)
    let cache = IndexCache.library(roots: roots, settings: settings)
    // The cache is opened, and the library made from it, while the roots are listed.
    // Review alone (neither words nor summaries needed) reads the notes' prompts
    // straight from the cache when every note is unchanged (``PromptIndex``): the
    // library is made only if that fails.
    let promptsOnly = !needsWords && !needsSummaries
    let opening = Lock<(image: Result<IndexCache.Image, IndexCache.Problem>, library: IndexCache.OpenedLibrary?)?>(nil)
    let reading = DispatchGroup()
    if let cache {
      DispatchQueue.global(qos: .userInitiated).async(group: reading) {
        let image = cache.open(withTables: !promptsOnly)
        let library = promptsOnly ? nil : (try? image.get()).flatMap(IndexCache.OpenedLibrary.init)
        opening.withLock { $0 = (image, library) }
      }
    }
    // With no cache file to compare them with, the notes' sizes and times are looked up
    // as each is read, on every core, rather than all while listing.
    let listsSizes = cache.map { NoteFiles.exists($0.path) } ?? false
    let entries = roots.flatMap { NoteFiles.scan(root: $0, exclude: exclude, sizes: listsSizes) }
    progress(.summarised(0, of: entries.count))
    let scanned = ContinuousClock.now
    reading.wait()
    var opened: IndexCache.OpenedLibrary?
    if let cache, let result = opening.withLock({ $0 }) {
      switch result.image {
      case .success(let image):
        if promptsOnly && keepPromptIndex(image, entries: entries, maxFileSize: settings.index.maxFileSize) {
          state.withLock { state in
            state.readingWords = false
            state.known = entries
            state.cache = IndexCache.library(roots: allRoots, settings: settings)
          }
          report(
            .info(
              "Read \(entries.count) notes' prompts from the index cache in "
                + "\((ContinuousClock.now - start).milliseconds) ms (listing \((scanned - start).milliseconds) ms)"))
          return
        }
        opened = result.library ?? IndexCache.OpenedLibrary(image)
        if opened == nil { report(.warning("\(IndexCache.Problem.corrupt("bad tables")) (\(cache.path))")) }
      case .failure(.missing): report(.info("No index cache yet at \(cache.path)"))
      // After an upgrade or a settings change: rebuilt as a matter of course.
      case .failure(.outdated): report(.info("\(IndexCache.Problem.outdated) (\(cache.path))"))
      case .failure(let problem): report(.warning("\(problem) (\(cache.path))"))
      }
    }
    let read = ContinuousClock.now
    var records: [IndexCache.Record] = []
    records.reserveCapacity(entries.count)
    var remaining = entries
    var fromCache = 0
    var image = opened?.image
    if var opened {
      if let unchanged = opened.keep(entries, excluding: openNotes()) {
        host.install(opened.library)
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
        progress(.summarised(fromCache, of: entries.count))
      } else {
        report(.warning("\(IndexCache.Problem.corrupt("a record does not read back")) (\(opened.image.count) notes)"))
        image = nil
      }
    }
    opened = nil
    // Applied in steps that grow with the library (an eighth of it, at least a batch):
    // a step copies the shards it touches while a reader holds the snapshot before
    // it, so steps of a fixed size would copy the library over and over as it grows.
    // Once fewer notes than a step are left to read, a quarter of a step is applied as
    // soon as no batch read ahead is waiting (the applying thread would wait for the
    // next one anyway), so that little is left to apply, on one core, once every note
    // is read.
    var pending: [LibraryChange] = []
    var lookedUp: [String: NoteFiles.Entry] = [:]
    let loaded = LibraryLoader.load(remaining, maxFileSize: settings.index.maxFileSize, words: words) {
      results, done, waiting in
      let open = openNotes()
      for (entry, outcome) in results {
        lookedUp[entry.path] = entry
        switch outcome {
        case .summary(let summary):
          records.append(IndexCache.Record(entry: entry, summary: summary))
          if !open.contains(summary.path) { pending.append(.update(summary)) }
        case .skipped(let path, let reason):
          report(.skipped(path: path, reason: reason))
        }
      }
      let step = max(256, host.snapshot().noteCount / 8)
      let nearTheEnd = remaining.count - done < step && waiting == 0
      if pending.count >= step || (nearTheEnd && pending.count >= step / 4) || done == remaining.count {
        host.apply(pending)
        pending = []
      }
      progress(.summarised(fromCache + done, of: entries.count))
    }
    host.apply(pending)
    let elapsed = ContinuousClock.now - start
    let tail = loaded.map { ContinuousClock.now - $0.lastRead } ?? .zero
    let count = host.snapshot().noteCount
    progress(.summariesDone(notes: count))
    let cpu = ProcessTime.split()
    report(
      .info(
        "Indexed \(count) notes in \(elapsed.milliseconds) ms, \(cpu.user - startCPU.user) ms of CPU "
          + "and \(cpu.system - startCPU.system) ms in the kernel (\(fromCache) from the cache; listing "
          + "\((scanned - start).milliseconds) ms, then waiting for the cache \((read - scanned).milliseconds) ms; "
          + "applying notes after the last was read \(tail.milliseconds) ms"
          + (loaded?.readAhead == true ? "; the notes were not in memory: read ahead from storage)" : ")")))
    if !needsWords, image != nil, remaining.isEmpty, fromCache == entries.count {
      // Every note from the cache and nothing to write back: the words stay in it, and
      // without `needsSummaries` the summaries too.
      if needsSummaries {
        NoteBox.decodeAll(
          records.map(\.box), words: false, parts: LibraryLoader.parts, parallel: LibraryLoader.parallel)
      }
      state.withLock { state in
        state.readingWords = false
        state.known = entries
        var all = state.records ?? [:]
        for record in records { all[record.entry.path] = record }
        state.records = all
        state.cache = IndexCache.library(roots: allRoots, settings: settings)
      }
      return
    }
    let (wordCount, damaged) = readWords(records: &records, image: image, progress: progress)
    let saves =
      cache != nil
      && (!remaining.isEmpty || fromCache != records.count || records.count != entries.count || damaged
        || image.map { $0.count != fromCache } ?? true)
    // Every summary is decoded: the file's bytes can go.
    image = nil
    // The words → notes index and the symbol names, so that the first search or
    // symbol query after the end of indexing does not build them: part of readying
    // search, on both cores.
    let snapshot = host.snapshot()
    LibraryLoader.parallel(2) { snapshot.prepareQueries(part: $0, of: 2) }
    // The listed notes as read (their sizes and times, which a listing without sizes
    // does not know), for a poller to compare with.
    let known =
      allRoots != roots
      ? allRoots.flatMap { NoteFiles.scan(root: $0, exclude: exclude) } : entries.map { lookedUp[$0.path] ?? $0 }
    // Later changes on disk are written to the cache of every root, as they come.
    let whole = IndexCache.library(roots: allRoots, settings: settings)
    state.withLock { state in
      if saves { state.saving = true }
      state.readingWords = false
      state.known = known
      var all = state.records ?? [:]
      for record in records { all[record.entry.path] = record }
      state.records = all
      state.cache = whole
    }
    // The end once the state says it all: a close right after it waits for the cache
    // being written.
    progress(.wordsDone(notes: wordCount))
    if let cache, saves {
      do {
        try cache.save(records)
        report(.info("Wrote the index cache \(cache.path)"))
      } catch {
        report(.warning("Cannot write the index cache \(cache.path): \(error)"))
      }
      state.withLock { $0.saving = false }
    }
    if allRoots != roots { recordCacheChanges([]) }
  }

  /// The second pass of an indexing: the summaries read from the index cache are
  /// decoded, words included, on every core; the words of every note summarised
  /// without them are read from the files, on every core; `records` (what the cache
  /// will hold) get them too. Search waits for this pass. Returns how many notes got
  /// their words, and whether a cached record did not read back.
  func readWords(
    records: inout [IndexCache.Record], image: IndexCache.Image?, progress: (LibraryProgress) -> Void
  ) -> (count: Int, damaged: Bool) {
    let start = ContinuousClock.now
    let archived = records.filter { !$0.box.isDecoded }.map(\.box)
    let waitingFiles = host.snapshot().pathsWaitingForWords.count
    progress(.readingWords(notes: archived.count + waitingFiles))
    if let image, !archived.isEmpty {
      if !image.readWords() {
        report(.warning("The index cache's words do not read back; reading them from the notes"))
      }
      NoteBox.decodeAll(archived, parts: LibraryLoader.parts, parallel: LibraryLoader.parallel)
    }
    let decoded = ContinuousClock.now
    // Notes summarised without their words, and those whose cached record did not
    // read back (read from their files again).
    let snapshot = host.snapshot()
    let waiting = snapshot.pathsWaitingForWords
    let changes = LibraryLoader.words(
      of: waiting.compactMap { snapshot.note(at: $0) }, maxFileSize: settings().index.maxFileSize)
    host.apply(changes)
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
    report(
      .info(
        "Read the words of \(read) notes in \((ContinuousClock.now - start).milliseconds) ms "
          + "(\(archived.count - damaged) from the cache in \((decoded - start).milliseconds) ms)"))
    return (read, damaged > 0)
  }
}

extension Duration {
  /// Whole milliseconds.
  var milliseconds: Int64 { components.seconds * 1000 + components.attoseconds / 1_000_000_000_000_000 }
}
