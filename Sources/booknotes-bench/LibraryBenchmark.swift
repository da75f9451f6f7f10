import Foundation
import NoteIntelligence
import NoteSyntax
import NoteWorkspace

/// `booknotes-bench library [--notes N] [--only PHASE]`: the library index in this
/// process, one core, phase by phase: parsing and summarising every note, archiving
/// the summaries and reading them back, building the snapshot, then workspace queries
/// (symbols, tag completion, note completion, search candidates) on it. For profiling (`perf`,
/// `callgrind`); the server benchmark (`workspace`) gives the figures users see.
/// `--only first-pass` repeats a cold start's first pass alone: each note parsed and
/// summarised without its words, then applied in the server's steps.
/// `BOOKNOTES_BENCH_QUERY=Q` runs the search phase on query `Q` alone, 20 times.
enum LibraryBenchmark {
  static func run(arguments: [String]) throws {
    var count = 10_000
    var only: String?
    var rest = arguments[...]
    while let argument = rest.popFirst() {
      if argument == "--notes", let value = rest.popFirst().flatMap({ Int($0) }) { count = value }
      if argument == "--only", let value = rest.popFirst() { only = value }
    }
    func wanted(_ phase: String) -> Bool { only == nil || only == phase }
    let folder = try Corpus.library(notes: count)
    let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".md") }.sorted()
    let files = names.map {
      (path: folder + "/" + $0, bytes: [UInt8](FileManager.default.contents(atPath: folder + "/" + $0)!))
    }
    print("library benchmark: \(files.count) notes, \(files.reduce(0) { $0 + $1.bytes.count }) bytes")

    if only == "first-pass" {
      firstPass(files)
      return
    }
    var summaries: [NoteSummary] = []
    var docs: [NoteDocument] = []
    let parse = Measure.seconds { docs = files.map { NoteDocument(bytes: $0.bytes) } }
    print("parse            | \(Measure.format(parse))")
    let summarise = Measure.seconds {
      summaries = zip(files, docs).map { NoteSummary(path: $0.path, doc: $1) }
    }
    print("summarise        | \(Measure.format(summarise))")
    var structures: [NoteSummary] = []
    let withoutWords = Measure.seconds {
      structures = zip(files, docs).map { NoteSummary(path: $0.path, doc: $1, words: false) }
    }
    print("summarise, no words | \(Measure.format(withoutWords)) (a first indexing's first pass)")
    let wordsTime = Measure.seconds {
      for (file, structure) in zip(files, structures) { _ = NoteWords.terms(of: structure, bytes: file.bytes) }
    }
    print("words            | \(Measure.format(wordsTime)) (its second pass, the texts in memory)")
    structures = []
    docs = []

    if wanted("archive") {
      var archive: [UInt8] = []
      let write = Measure.seconds { for summary in summaries { SummaryArchive.write(summary, to: &archive) } }
      var read: [NoteSummary] = []
      let readTime = Measure.seconds {
        archive.withUnsafeBytes { buffer in
          var offset = 0
          while offset < buffer.count { read.append(try! SummaryArchive.read(buffer, at: &offset)) }
        }
      }
      print("archive write    | \(Measure.format(write)) (\(archive.count) bytes)")
      print("archive read     | \(Measure.format(readTime))")
    }

    if wanted("cache") {
      // The server's warm start: the index cache read back and the library built from it.
      let directory = NSTemporaryDirectory() + "booknotes-bench-cache-\(getpid())"
      defer { try? FileManager.default.removeItem(atPath: directory) }
      let cache = IndexCache(directory: directory, roots: [folder], fingerprint: "bench")
      let entries = NoteFiles.scan(root: folder, exclude: [])
      let byPath = Dictionary(uniqueKeysWithValues: summaries.map { ($0.path, $0) })
      let records = entries.compactMap { entry in
        byPath[entry.path].map { IndexCache.Record(entry: entry, summary: $0) }
      }
      let save = Measure.seconds { try? cache.save(records) }
      var scanned: [NoteFiles.Entry] = []
      let scan = Measure.seconds { scanned = NoteFiles.scan(root: folder, exclude: []) }
      var loaded: [String: NoteSummary] = [:]
      let load = Measure.seconds { if case .success(let found) = cache.load(matching: scanned) { loaded = found } }
      var built = LibrarySnapshot()
      let build = Measure.seconds {
        built = LibraryHost().add(Array(loaded.values), parts: LibraryLoader.parts, parallel: LibraryLoader.parallel)
      }
      let loadedCount = loaded.count
      loaded = [:]
      // The server's warm start: the cache opened, the library made from its tables
      // and boxes; then (the second pass) every summary decoded.
      var image: IndexCache.Image?
      let open = Measure.seconds { if case .success(let opened) = cache.open() { image = opened } }
      let host = LibraryHost()
      let install = Measure.seconds {
        guard let image else { return }
        let notes = zip(scanned, image.unchanged(scanned)).compactMap { entry, record in
          record.map { (path: entry.path, box: image.box(at: $0)) }
        }
        host.install(notes, tables: image.tables, dropped: [])
      }
      let decode = Measure.seconds {
        image?.readWords()
        NoteBox.decodeAll(host.snapshot().allBoxes, parts: LibraryLoader.parts, parallel: LibraryLoader.parallel)
      }
      print("cache save       | \(Measure.format(save))")
      print("cache scan       | \(Measure.format(scan)) (listing the notes)")
      print("cache load       | \(Measure.format(load)) (\(loadedCount) notes decoded, every core)")
      print("cache build      | \(Measure.format(build)) (the library from them, every core)")
      print("cache open       | \(Measure.format(open)) (header, stamps, tables, structure read and checked)")
      print("cache install    | \(Measure.format(install)) (\(host.snapshot().noteCount) notes, from the tables)")
      print("cache decode     | \(Measure.format(decode)) (words read, every summary decoded, every core)")
      // The same queries on the library built from decoded summaries and on the one
      // installed from the cache (its summaries decoded in place since).
      let installed = host.snapshot()
      for (name, snapshot) in [("symbols, built", built), ("symbols, cache", installed)] {
        report(name, symbolQueries) { _ = try? snapshot.symbols(matching: $0, limit: 200) }
      }
    }

    let host = LibraryHost()
    let apply = Measure.seconds {
      var start = 0
      while start < summaries.count {
        host.apply(summaries[start..<min(start + 256, summaries.count)].map { .update($0) })
        start += 256
      }
    }
    print("snapshot         | \(Measure.format(apply))")
    let snapshot = host.snapshot()
    let partsTime = Measure.seconds {
      let parts = (0..<8).map { LibrarySnapshot.part($0, of: 8, from: summaries) }
      _ = LibrarySnapshot(merging: parts)
    }
    print("snapshot (parts) | \(Measure.format(partsTime)) (8 parts in turn, then merged)")

    if wanted("symbols") {
      let queries = symbolQueries
      report("symbols", queries) { _ = try? snapshot.symbols(matching: $0, limit: 200) }
      report("symbols (2 parts)", queries) {
        _ = try? snapshot.symbols(matching: $0, limit: 200, parallel: LibraryLoader.parallel)
      }
    }
    if wanted("tags") {
      report("tag completion", ["", "b", "books/", "theme/m"]) { _ = snapshot.tagCompletions(prefix: $0) }
    }
    if wanted("links") {
      let prefixes = ["", "the", "ch", "a", "x"]
      report("[[ completion", prefixes) { _ = snapshot.noteCandidates(matching: $0, limit: 100) }
      // A change to a note makes the ranks (links, times) be read again on the next completion.
      var times: [Double] = []
      var tables: [Double] = []
      for round in 0..<20 {
        let changed = host.apply([.update(summaries[round * 97 % summaries.count])])
        tables.append(Measure.seconds { _ = (changed.noteNames, changed.backlinks(to: "")) })
        times.append(Measure.seconds { _ = changed.noteCandidates(matching: "a", limit: 100) })
      }
      print(
        "[[ after a change | median \(Measure.format(Measure.median(times))), 20 changes; "
          + "the names and backlinks before it \(Measure.format(Measure.median(tables)))")
    }
    if wanted("search") {
      var queries = [
        "memory", "habit formation", "\"the book\"", "attention #books", "decis", "economy power", "language",
        "review", "brain", "luck and design",
      ]
      if let only = ProcessInfo.processInfo.environment["BOOKNOTES_BENCH_QUERY"] {
        queries = Array(repeating: only, count: 20)
      }
      _ = try? snapshot.searchCandidates(SearchQuery("warm"))
      print(
        "candidates per query: "
          + queries.map { "\((try? snapshot.searchCandidates(SearchQuery($0)))?.count ?? 0)" }.joined(separator: " "))
      report("search candidates", queries) { _ = try? snapshot.searchCandidates(SearchQuery($0)) }
      // As the server: files read with their summaries, on one core.
      func text(_ note: NoteSummary) -> SearchText? {
        guard let data = FileManager.default.contents(atPath: note.path) else { return nil }
        return SearchText(file: [UInt8](data), summary: note)
      }
      for query in queries {
        var reads = 0
        let parsed = SearchQuery(query)
        let hits =
          (try? snapshot.search(parsed, limit: 50) { note in
            reads += 1
            return text(note)
          })?.count ?? 0
        print("  \(query): \(hits) hits, \(reads) texts read")
      }
      report("search (50)", queries) { query in
        let parsed = SearchQuery(query)
        _ = try? snapshot.search(parsed, limit: 50) { text($0) }
      }
    }
  }

  static let symbolQueries = [
    "chapter", "the", "a", "memory", "habit", "ch 1", "attention", "what does", "book", "and", "deci", "focus",
    "#books", "#theme/", "lang", "economy", "power", "design", "luck", "q", "why", "x", "evolution", "work",
    "reading", "chapter 3", "summary", "brain", "the little", "notes",
  ]

  /// Each query 5 times; the median and the slowest query's median.
  static func report(_ name: String, _ queries: [String], _ body: (String) -> Void) {
    var medians: [(String, Double)] = []
    for query in queries {
      var times: [Double] = []
      for _ in 0..<5 { times.append(Measure.seconds { body(query) }) }
      medians.append((query, Measure.median(times)))
    }
    let slowest = medians.max { $0.1 < $1.1 }!
    print(
      "\(name.padding(toLength: 16, withPad: " ", startingAt: 0)) | median \(Measure.format(Measure.median(medians.map(\.1)))), "
        + "slowest \(Measure.format(slowest.1)) (\(slowest.0))")
  }

  /// A cold start's first pass, three times, on one core: each text parsed alone (for
  /// comparison), what the loader does per note (the text parsed, summarised without
  /// its words), then what applying the
  /// summaries does (in steps of an eighth of the library, at least 256 notes, as
  /// the server).
  static func firstPass(_ files: [(path: String, bytes: [UInt8])]) {
    print("first pass       | parse alone | parse + summarise | apply    | CPU of the round, in the kernel")
    for _ in 0..<3 {
      let cpu = ProcessTime.split()
      var blocks = 0
      let parse = Measure.seconds {
        for file in files { blocks &+= NoteDocument(bytes: file.bytes).tree.blockCount }
      }
      precondition(blocks > 0)
      var summaries: [NoteSummary] = []
      summaries.reserveCapacity(files.count)
      let summarise = Measure.seconds {
        for file in files {
          summaries.append(NoteSummary(path: file.path, doc: NoteDocument(bytes: file.bytes), words: false))
        }
      }
      let host = LibraryHost()
      let apply = Measure.seconds {
        var start = 0
        while start < summaries.count {
          let end = min(summaries.count, start + max(256, host.snapshot().noteCount / 8))
          host.apply(summaries[start..<end].map { .update($0) })
          start = end
        }
      }
      let used = ProcessTime.split()
      print(
        "                 | \(Measure.format(parse))   | \(Measure.format(summarise))        | \(Measure.format(apply)) "
          + "| \(used.user + used.system - cpu.user - cpu.system) ms, \(used.system - cpu.system) ms"
      )
    }
  }
}
