import Foundation
import JSONCore
import NoteSyntax

/// `booknotes-bench workspace [--notes N]… [--cold] [--from-storage] [BINARY]`: the real server on a generated
/// library whose notes link to each other (``Corpus/linkedLibrary(notes:)``) over
/// pipes: from `initialized` to the end of indexing, cold (empty cache)
/// and warm (second start), the server's peak RSS, then the latencies of workspace
/// requests (symbols, hashtag completion, full-text search, `[[` completion,
/// backlinks, a moved note's edits) and of a keystroke's tokens + diagnostics with the
/// whole library indexed. Whole process, nothing in
/// process; the machine's other work adds noise. `--cold` runs the cold start alone
/// (to alternate two builds' cold starts). `--from-storage` drops the library's files
/// and the index cache from the page cache before each start (Linux), as after the
/// machine starts: the notes are then read from storage.
enum WorkspaceBenchmark {
  static func run(arguments: [String]) throws {
    var counts: [Int] = []
    var binary: String?
    var coldOnly = false
    var fromStorage = false
    var rest = arguments[...]
    while let argument = rest.popFirst() {
      if argument == "--notes", let value = rest.popFirst(), let count = Int(value) {
        counts.append(count)
      } else if argument == "--cold" {
        coldOnly = true
      } else if argument == "--from-storage" {
        fromStorage = true
      } else {
        binary = argument
      }
    }
    if counts.isEmpty { counts = [10_000] }
    let server =
      binary ?? ProcessInfo.processInfo.environment["BOOKNOTES_BINARY"]
      ?? URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("booknotes")
      .path
    print("workspace benchmark (\(server))")
    for count in counts {
      let library = try Corpus.linkedLibrary(notes: count)
      let cache = "\(Corpus.directory)/cache-\(count)"
      try? FileManager.default.removeItem(atPath: cache)
      print()
      print("\(count) notes (\(library))")
      print("start | initialized → indexed | → words read | peak RSS")
      for start in coldOnly ? ["cold"] : ["cold", "warm"] {
        if fromStorage {
          let evicted = Corpus.evict(library) + Corpus.evict(cache)
          if evicted == 0 { print("(--from-storage: the page cache cannot be dropped here)") }
        }
        let session = try Session(binary: server, root: library, cache: cache)
        let (indexing, words) = try session.index()
        print(
          "\(pad(start, 5)) | \(pad(Measure.format(indexing), 21)) | \(pad(Measure.format(words), 12)) | "
            + Measure.megabytes(session.process.peakResidentBytes))
        if start == "warm" {
          try session.queries(library: library)
          try session.linkQueries(library: library)
        }
        // The second start reads what the first wrote: the cold server is left running
        // until its index cache is in place (at 100,000 notes writing it takes seconds,
        // and a `shutdown` waits for it only so long), as an editor left open would.
        if start == "cold" && !coldOnly {
          let began = DispatchTime.now().uptimeNanoseconds
          while !Self.hasCache(cache), DispatchTime.now().uptimeNanoseconds - began < 120_000_000_000 {
            usleep(50_000)
          }
        }
        session.process.shutdown()
      }
    }
  }

  /// Whether `folder` holds a written index cache (not only a temporary one).
  static func hasCache(_ folder: String) -> Bool {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    return names.contains { $0.hasPrefix("index-") && $0.hasSuffix(".bin") }
  }

  final class Session {
    let process: ServerProcess
    let root: String
    let cache: String

    init(binary: String, root: String, cache: String) throws {
      process = try ServerProcess(command: [binary, "lsp"])
      self.root = root
      self.cache = cache
    }

    /// `initialize` (with work-done progress), then the time from `initialized` to
    /// the end of indexing (notes, then their words for search).
    func index() throws -> (notes: Double, words: Double) {
      let id = process.request(
        "initialize",
        [
          "processId": .null, "rootUri": .string("file://" + root),
          "capabilities": ["general": ["positionEncodings": ["utf-16"]], "window": ["workDoneProgress": true]],
          "initializationOptions": ["cacheDirectory": .string(cache)],
        ])
      _ = try process.response(id)
      let start = DispatchTime.now().uptimeNanoseconds
      process.notify("initialized", [:])
      func end(of token: String) throws -> UInt64 {
        try process.waitForMessage {
          $0["method"] == "$/progress" && $0["params"]?["token"] == .string(token)
            && $0["params"]?["value"]?["kind"] == "end"
        }
      }
      let notes = try end(of: "booknotes/indexing")
      let words = try end(of: "booknotes/indexing-words")
      return (Double(notes - start) / 1e9, Double(words - start) / 1e9)
    }

    /// Latencies of `count` requests made by `make`, median and p95 printed; `n/a`
    /// when the server answers an error (a request it does not have).
    func measure(_ name: String, count: Int, _ make: (Int) -> (String, JSONValue)) throws {
      var latencies: [Double] = []
      // Per distinct query, its latencies: the slowest query's median is printed.
      var byQuery: [String: [Double]] = [:]
      var results = 0
      for index in 0..<count {
        let (method, params) = make(index)
        let start = DispatchTime.now().uptimeNanoseconds
        let answer = try process.responseBody(process.request(method, params))
        latencies.append(Double(answer.time - start) / 1e9)
        byQuery[params["query"]?.stringValue ?? "", default: []].append(latencies.last!)
        let value = try JSONParser.parse(answer.body)
        if let error = value["error"] {
          print("\(pad(name, 28)) | n/a: \(error["message"]?.stringValue ?? "error")")
          return
        }
        if case .array(let items)? = value["result"] { results += items.count }
        if case .array(let items)? = value["result"]?["items"] { results += items.count }
        if case .array(let edits)? = value["result"]?["documentChanges"] { results += edits.count }
        if case .object(let notes)? = value["result"]?["changes"] { results += notes.count }
      }
      let slowest = byQuery.mapValues(Measure.median).max { $0.value < $1.value }
      let slowestText = slowest.map {
        $0.key.isEmpty ? "" : "; slowest \($0.key.debugDescription) \(Measure.format($0.value))"
      }
      print(
        "\(pad(name, 28)) | \(pad(Measure.format(Measure.median(latencies)), 8)) | "
          + "\(pad(Measure.format(Measure.percentile(latencies, 0.95)), 8)) | \(results / count) results on average"
          + (slowestText ?? ""))
    }

    func queries(library: String) throws {
      print()
      print("request (warm, whole library indexed) | median | p95 | answers")
      let symbolQueries = [
        "chapter", "the", "a", "memory", "habit", "ch 1", "attention", "what does", "book", "and", "deci", "focus",
        "#books", "#theme/", "lang", "economy", "power", "design", "luck", "q", "why", "x", "evolution", "work",
        "reading", "chapter 3", "summary", "brain", "the little", "notes",
      ]
      try measure("workspace/symbol (50)", count: 50) { index in
        ("workspace/symbol", ["query": .string(symbolQueries[index % symbolQueries.count])])
      }
      let notes = try FileManager.default.contentsOfDirectory(atPath: library).filter { $0.hasSuffix(".md") }.sorted()
      let uri = "file://" + library + "/" + (notes.first ?? "x.md")
      let text = try String(contentsOfFile: library + "/" + (notes.first ?? "x.md"), encoding: .utf8)
      // A scratch line at the end of the note, where `#` is typed.
      let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count
      process.notify(
        "textDocument/didOpen",
        ["textDocument": ["uri": .string(uri), "languageId": "markdown", "version": 1, "text": .string(text + "\n#")]])
      try measure("hashtag completion (50)", count: 50) { _ in
        (
          "textDocument/completion",
          ["textDocument": ["uri": .string(uri)], "position": ["line": .int(lines), "character": 1]]
        )
      }
      let searchQueries = [
        "memory", "habit formation", "\"the book\"", "attention #books", "decis", "economy power", "language",
        "review", "brain", "luck and design",
      ]
      try measure("booknotes/search (50)", count: 50) { index in
        ("booknotes/search", ["query": .string(searchQueries[index % searchQueries.count])])
      }
      try keystrokes(uri: uri, text: text + "\n#")
    }

    /// One-character edits in the open note, each followed by a semantic-tokens delta
    /// (diagnostics are pushed with the change).
    func keystrokes(uri: String, text: String) throws {
      var mirror = NoteDocument(text)
      var random = BenchRandom(state: 7)
      var resultID = LSPBenchmark.Session.resultID(
        of: try process.responseBody(
          process.request("textDocument/semanticTokens/full", ["textDocument": ["uri": .string(uri)]])
        ).body)
      var latencies: [Double] = []
      for version in 2..<202 {
        let at = mirror.scalarBoundary(atOrBefore: random.next(mirror.utf8Count))
        let position = mirror.lineColumn(of: at, in: .utf16)
        mirror.replace(at..<at, with: "x")
        let range: JSONValue = [
          "start": ["line": .int(position.line), "character": .int(position.column)],
          "end": ["line": .int(position.line), "character": .int(position.column)],
        ]
        let start = DispatchTime.now().uptimeNanoseconds
        process.notify(
          "textDocument/didChange",
          [
            "textDocument": ["uri": .string(uri), "version": .int(version)],
            "contentChanges": [["range": range, "text": "x"]],
          ])
        let answer = try process.responseBody(
          process.request(
            "textDocument/semanticTokens/full/delta",
            ["textDocument": ["uri": .string(uri)], "previousResultId": resultID]))
        latencies.append(Double(answer.time - start) / 1e9)
        resultID = LSPBenchmark.Session.resultID(of: answer.body)
      }
      print(
        "\(pad("keystroke → delta (200)", 28)) | \(pad(Measure.format(Measure.median(latencies)), 8)) | "
          + "\(Measure.format(Measure.percentile(latencies, 0.95))) | one \(text.utf8.count / 1024) KiB note")
    }
  }
}
