import BookNotesTestSupport
import Foundation
import JSONCore
import LanguageServerProtocol
import NoteIntelligence
import NoteWorkspace
import Testing

@testable import BookNotesServer

/// A start from the index cache (the library made from the cache's tables, its
/// summaries decoded later) answers as a start without one, whatever changed on disk
/// in between; every damaged part of the cache file is refused.
extension IndexCacheTests {
  /// What a session on `fixture` answers, the cache in `cache`: workspace symbols,
  /// search, hashtag completion and tag references in the open note `open` (opened
  /// right after `initialized`), the library's tags and duplicate books; with the
  /// server's log.
  static func answers(
    _ fixture: LibraryFixture, cache: URL, open: (path: String, text: String)? = nil
  ) async throws -> (answers: [String], log: String) {
    let logFile = cache.deletingLastPathComponent().appendingPathComponent("log-\(UUID().uuidString).txt").path
    let harness = InProcessServer(logger: try Logger(level: .info, destination: .file(logFile)))
    try await fixture.initialize(harness.client, options: ["cacheDirectory": .string(cache.path)]) { client in
      if let open { client.open(fixture.uri(open.path), text: open.text) }
    }
    let root = fixture.root.path + "/"
    if let open {
      // The open note's live text replaces its file in the index, in the background.
      for _ in 0..<200
      where harness.server.library.snapshot().note(at: root + open.path)?.byteCount != open.text.utf8.count {
        try await Task.sleep(for: .milliseconds(10))
      }
    }
    var answers: [String] = []
    func add(_ value: JSONValue) { answers.append(value.description) }
    for query in ["", "thinking", "#psy", "#books", "chapter", "noise", "fresh", "café", "what", "added", "bias"] {
      add(try await harness.client.request("workspace/symbol", params: ["query": .string(query)]))
    }
    for query in ["system", "judges", "kahneman", "#psychology", "added words", "noisy"] {
      let items = try await harness.client.request("booknotes/search", params: ["query": .string(query)])
      // Scores as printed to nine places: the same library adds them up in its own order.
      add(
        .array(
          (items.arrayValue ?? []).map { item in
            guard case .object(var members) = item else { return item }
            members["score"] = .string(String(format: "%.9f", members["score"]?.doubleValue ?? 0))
            return .object(members)
          }))
    }
    if let open {
      let lines = open.text.split(separator: "\n", omittingEmptySubsequences: false)
      let uri = fixture.uri(open.path)
      add(
        try await harness.client.request(
          "textDocument/completion",
          params: [
            "textDocument": ["uri": .string(uri)],
            "position": ["line": .int(lines.count - 1), "character": .int(lines.last?.count ?? 0)],
          ]))
      for (line, text) in lines.enumerated() {
        guard let tag = text.range(of: "#psychology") else { continue }
        add(
          try await harness.client.request(
            "textDocument/references",
            params: [
              "textDocument": ["uri": .string(uri)],
              "position": [
                "line": .int(line), "character": .int(text.distance(from: text.startIndex, to: tag.lowerBound) + 2),
              ],
              "context": ["includeDeclaration": true],
            ]))
      }
    }
    let snapshot = harness.server.library.snapshot()
    answers.append("\(snapshot.paths)")
    answers += snapshot.tags().map { "\($0.name) \($0.noteCount) \($0.totalCount) \($0.children)" }
    answers += snapshot.paths.map { "\($0) → \(snapshot.duplicates(of: $0))" }
    try await harness.client.shutdownAndExit()
    _ = try await harness.finish()
    return (answers, (try? String(contentsOfFile: logFile, encoding: .utf8)) ?? "")
  }

  @Test func aWarmStartAfterChangesOnDiskAnswersAsAColdStart() async throws {
    let fixture = try LibraryFixture()
    let first = try await Self.answers(fixture, cache: fixture.cache)
    #expect(first.log.contains("(0 from the cache"))
    // Between two starts: a note changed (the first note of several tags, and a
    // book's duplicate), one deleted (the only one with `#crlf`), one added.
    try fixture.write(
      "books/noise.md",
      """
      ---
      title: Noise
      authors: Daniel Kahneman
      isbn: 9780374533557
      ---
      # Noise

      #fresh #psychology/judgement

      ## Chapter 1: Noisy Judges

      """)
    try fixture.remove("crlf.md")
    try fixture.write("added.md", "# Added Book\n\n#books/2023 #psychology\n\nAdded words.\n")
    let open = (path: "code.md", text: "# Code Notes, Live\n\n#psychology #live\n\nWhat is open.\n\n#")
    let warm = try await Self.answers(fixture, cache: fixture.cache, open: open)
    #expect(warm.log.contains("(4 from the cache"), "thinking, café, thinking-again and the open code.md")
    let fresh = fixture.cache.deletingLastPathComponent().appendingPathComponent("fresh-cache")
    let cold = try await Self.answers(fixture, cache: fresh, open: open)
    #expect(cold.log.contains("(0 from the cache"))
    #expect(warm.answers.count == cold.answers.count)
    for (a, b) in zip(warm.answers, cold.answers) { #expect(a == b) }
    #expect(warm.answers.contains { $0.hasPrefix("fresh 1 1") })
    #expect(warm.answers.contains { $0.hasPrefix("live 1 1") })
    #expect(!warm.answers.contains { $0.hasPrefix("crlf ") }, "the deleted note's tag is gone")
    #expect(warm.answers.contains { $0.hasPrefix("psychology 3 4") }, "thinking, added, code.md; judgement inside")

    // The rewritten cache gives the same again.
    let again = try await Self.answers(fixture, cache: fixture.cache, open: open)
    #expect(again.log.contains("(6 from the cache"))
    #expect(again.answers == cold.answers)
  }

  /// The sections of the cache file: where each starts and its length (see `Layout`).
  static func sections(_ bytes: Data) -> [(name: String, start: Int, length: Int)] {
    var offset = 5 + 4
    // The fingerprint: a zig-zag varint length, then its bytes.
    var length = 0
    var shift = 0
    while true {
      let byte = Int(bytes[bytes.startIndex + offset])
      offset += 1
      length |= (byte & 0x7F) << shift
      if byte < 0x80 { break }
      shift += 7
    }
    offset += (length >> 1) + 4
    func u64(_ at: Int) -> Int {
      (0..<8).reduce(0) { $0 | Int(bytes[bytes.startIndex + at + $1]) << (8 * $1) }
    }
    let lengths = (0..<4).map { u64(offset + 8 * $0) }
    var start = offset + 6 * 8
    var result: [(String, Int, Int)] = [("header", 0, start)]
    for (name, length) in zip(["notes", "tables", "structure", "words"], lengths) {
      result.append((name, start, length))
      start += length
    }
    return result
  }

  @Test(arguments: ["header", "notes", "tables", "structure", "words", "truncated", "longer"])
  func aDamagedPartOfTheCacheIsRefusedAndRewritten(part: String) async throws {
    let fixture = try LibraryFixture()
    let first = try await Self.answers(fixture, cache: fixture.cache)
    let file = try #require(try Self.cacheFiles(fixture).first)
    let good = try Data(contentsOf: file)
    var bytes = good
    let sections = Self.sections(good)
    #expect(sections.map(\.length).reduce(0, +) == good.count)
    switch part {
    case "truncated": bytes = good.prefix(good.count - 9)
    case "longer": bytes.append(contentsOf: [0, 1, 2])
    case "header":
      // The length of the notes section.
      let at = sections[0].length - 6 * 8
      bytes[at] ^= 0x01
    default:
      let section = try #require(sections.first { $0.name == part })
      #expect(section.length > 0)
      bytes[section.start + section.length / 2] ^= 0x20
    }
    try bytes.write(to: file)
    let second = try await Self.answers(fixture, cache: fixture.cache)
    #expect(second.answers == first.answers)
    if part == "words" {
      // The notes come from the cache; their words, from the files.
      #expect(second.log.contains("(6 from the cache"))
      #expect(second.log.contains("words do not read back"))
    } else {
      #expect(second.log.contains("(0 from the cache"))
      #expect(second.log.contains("corrupt"))
    }
    #expect(try Data(contentsOf: file) == good, "rewritten as it was")
  }

  @Test func theCacheDecodesNoSummaryBeforeTheSecondPass() throws {
    let fixture = try LibraryFixture()
    let root = fixture.root.path
    let entries = NoteFiles.scan(root: root, exclude: [])
    let records = entries.compactMap { entry -> IndexCache.Record? in
      guard case .summary(let summary) = LibraryLoader.load(entry, maxFileSize: 1 << 20) else { return nil }
      return IndexCache.Record(entry: entry, summary: summary)
    }
    let summaries = records.map(\.summary)
    let cache = IndexCache(directory: fixture.cache.path, roots: [root], fingerprint: "test")
    try cache.save(records)
    let image = try cache.open().get()
    #expect(image.paths == summaries.map(\.path).sorted())
    let boxes = zip(entries, image.unchanged(entries)).compactMap { entry, record in
      record.map { (path: entry.path, box: image.box(at: $0)) }
    }
    let host = LibraryHost()
    let snapshot = host.install(boxes, tables: image.tables, dropped: [])
    #expect(snapshot.noteCount == summaries.count)
    #expect(!boxes.contains { $0.box.isDecoded }, "made from the tables alone")
    let built = LibraryHost().apply(summaries.map { .update($0) })
    #expect(snapshot.tags() == built.tags())
    #expect(!boxes.contains { $0.box.isDecoded })
    NoteBox.decodeAll(boxes.map(\.box), parts: 3, parallel: LibraryLoader.parallel)
    #expect(boxes.allSatisfy { $0.box.isDecoded })
    for path in built.paths { #expect(snapshot.note(at: path) == built.note(at: path), "\(path)") }
    #expect(
      try cache.load(matching: entries).get() == Dictionary(uniqueKeysWithValues: summaries.map { ($0.path, $0) }))
  }
}
