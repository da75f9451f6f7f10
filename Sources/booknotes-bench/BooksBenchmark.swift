import BookCatalog
import Foundation
import GoogleBooksStandIn
import JSONCore
import Locking
import NoteIntelligence

/// `booknotes-bench books [--rounds N] [--fake SCRIPT] [BOOKNOTES_BINARY]`: Google Books
/// lookups and title completion against the fake server on 127.0.0.1, which answers at
/// once (so these figures leave out the real service's network time):
///
/// - in process, a `CachedCatalog` over a `FetchProcess`: the first lookup of a
///   fresh catalog with an empty cache (it starts the `booknotes-fetch` helper), later
///   cold lookups with the helper running, lookups answered from memory, and the first
///   lookup of a new catalog over a filled cache folder (from disk); and what a cold
///   lookup does besides the request (decoding the answer, writing the cache file);
/// - whole process, the real `booknotes lsp` over pipes: `textDocument/completion` of a
///   front-matter title, cold (first request of a new server, then with the helper
///   running), again (memory), and after a restart (disk); the time to the first answer
///   and to the first answer holding Google Books items, asking again at once while the
///   answers say `isIncomplete` as an editor does; then with the fake delaying its
///   answers, the completion budget bounding the first answer;
/// - whole process, `booknotes lookup`, cold and cached, with the process's start-up
///   (`booknotes lookup` without words) measured alongside and subtracted.
///
/// Every cold lookup asks a title not asked before. Medians and p95, printed, never
/// asserted.
enum BooksBenchmark {
  static func run(arguments: [String]) throws {
    var rounds = 10
    var script: String?
    var binary: String?
    var rest = arguments[...]
    while let argument = rest.popFirst() {
      switch argument {
      case "--rounds":
        guard let value = rest.popFirst().flatMap({ Int($0) }), value > 0 else {
          throw BenchError("--rounds needs a positive number")
        }
        rounds = value
      case "--fake":
        guard let value = rest.popFirst() else { throw BenchError("--fake needs the script's path") }
        script = value
      default: binary = argument
      }
    }
    let server =
      binary ?? ProcessInfo.processInfo.environment["BOOKNOTES_BINARY"]
      ?? URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("booknotes")
      .path
    guard let helper = FetchProcess.locateHelper() else {
      throw BenchError("booknotes-fetch not found beside booknotes-bench (build it, or set BOOKNOTES_FETCH)")
    }
    let fake = try FakeGoogleBooks(script: FakeGoogleBooks.script(script))
    defer { fake.stop() }
    print("books benchmark (\(server), \(helper), fake Google Books at \(fake.endpoint), \(rounds) rounds)")
    var titles = DistinctTitles()
    try inProcess(fake: fake, helper: helper, rounds: rounds, titles: &titles)
    try phases(fixture: URL(fileURLWithPath: FakeGoogleBooks.script(script)).deletingLastPathComponent().path)
    try completion(fake: fake, binary: server, rounds: rounds, titles: &titles)
    try budget(fake: fake, binary: server, titles: &titles)
    try commandLine(fake: fake, binary: server, rounds: rounds, titles: &titles)
  }

  static func header(_ title: String, _ columns: String = "median    | p95       | count") {
    print()
    print(title)
    print("\(pad("", 48)) | \(columns)")
  }

  static func row(_ name: String, _ values: [Double]) {
    print(
      "\(pad(name, 48)) | \(pad(Measure.format(Measure.median(values)), 9)) | "
        + "\(pad(Measure.format(Measure.percentile(values, 0.95)), 9)) | \(values.count)")
  }

  /// A fresh, empty folder under the temporary directory.
  static func temporaryFolder(_ name: String) throws -> String {
    let folder = NSTemporaryDirectory() + "booknotes-bench-\(name)-\(getpid())-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    return folder
  }

  /// Seconds `catalog.lookup` takes for `query`; throws when nothing is found.
  static func timedLookup(_ catalog: CachedCatalog, _ query: CatalogQuery) async throws -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    let books = try await catalog.lookup(query, channel: nil)
    let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    guard !books.isEmpty else { throw BenchError("no books for \(query.title)") }
    return elapsed
  }

  static func catalog(
    _ endpoint: String, folder: String, helper: String, transport: (any HTTPTransport)? = nil
  ) -> CachedCatalog {
    CachedCatalog(
      settings: CatalogSettings(endpoint: endpoint), cacheDirectory: folder,
      transport: transport ?? FetchProcess(executable: helper)
    ) { _ in }
  }

  /// A transport that times each request of the one it wraps.
  final class TimedTransport: HTTPTransport {
    let inner: any HTTPTransport
    let times = Lock<[Double]>([])

    init(_ inner: any HTTPTransport) { self.inner = inner }

    func get(_ url: String, headers: [String: String], timeout: Duration) async throws(CatalogError) -> HTTPResponse {
      let start = DispatchTime.now().uptimeNanoseconds
      let response = try await inner.get(url, headers: headers, timeout: timeout)
      let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
      times.withLock { $0.append(elapsed) }
      return response
    }
  }

  /// The catalog in this process: cold (first lookup, then with the helper running),
  /// memory, disk.
  static func inProcess(fake: FakeGoogleBooks, helper: String, rounds: Int, titles: inout DistinctTitles) throws {
    var startup: [Double] = []
    var first: [Double] = []
    var later: [Double] = []
    var firstRequest: [Double] = []
    var laterRequests: [Double] = []
    var memory: [Double] = []
    var disk: [Double] = []
    let requestsBefore = fake.requestCount()
    let endpoint = fake.endpoint
    for _ in 0..<rounds {
      startup.append(try Run.command([helper]).seconds)
      let folder = try temporaryFolder("catalog")
      defer { try? FileManager.default.removeItem(atPath: folder) }
      let queries = (0..<6).map { _ in CatalogQuery(title: titles.take()) }
      let (cold, cached, requests) = try Run.blocking {
        let transport = TimedTransport(FetchProcess(executable: helper))
        let catalog = catalog(endpoint, folder: folder, helper: helper, transport: transport)
        var cold: [Double] = []
        for query in queries { cold.append(try await timedLookup(catalog, query)) }
        var cached: [Double] = []
        for _ in 0..<20 {
          for query in queries { cached.append(try await timedLookup(catalog, query)) }
        }
        return (cold, cached, transport.times.withLock { $0 })
      }
      first.append(cold[0])
      later += cold.dropFirst()
      firstRequest.append(requests[0])
      laterRequests += requests.dropFirst()
      memory += cached
      // A new catalog for each query, over the filled folder: each lookup reads its file.
      disk += try Run.blocking {
        var times: [Double] = []
        for query in queries {
          times.append(try await timedLookup(catalog(endpoint, folder: folder, helper: helper), query))
        }
        return times
      }
    }
    header("in process: CachedCatalog.lookup over booknotes-fetch (fake answers at once)")
    row("booknotes-fetch start-up alone (spawn → exit)", startup)
    row("cold, first lookup (starts the helper)", first)
    row("  of which the helper's HTTP round trip", firstRequest)
    row("cold, helper running", later)
    row("  of which the helper's HTTP round trip", laterRequests)
    row("memory cache", memory)
    row("disk cache (new catalog, first lookup)", disk)
    let requests = fake.requestCount() - requestsBefore
    if requests != rounds * 6 { print("note: the fake received \(requests) lookups, \(rounds * 6) expected") }
  }

  /// What a cold lookup does besides the request, in this process: decoding the answer
  /// (fixture 01, 10 books) and writing it to the disk cache; reading it back.
  static func phases(fixture folder: String) throws {
    let path = folder + "/fixtures/01_abandoh_Book_volumes_q-java.json"
    guard let body = FileManager.default.contents(atPath: path).map(Array.init) else {
      throw BenchError("cannot read \(path)")
    }
    let cache = try temporaryFolder("phases")
    defer { try? FileManager.default.removeItem(atPath: cache) }
    let disk = BookCache(directory: cache, lifetime: .seconds(3600))
    var parse: [Double] = []
    var decode: [Double] = []
    var write: [Double] = []
    var read: [Double] = []
    for index in 0..<50 {
      parse.append(Measure.seconds { _ = try? JSONParser.parse(body) })
      var books: [CatalogBook] = []
      decode.append(Measure.seconds { books = (try? GoogleBooksResponse.decode(status: 200, body: body)) ?? [] })
      guard books.count == 10 else { throw BenchError("fixture 01 decoded to \(books.count) books") }
      write.append(Measure.seconds { disk.write(books, for: "key \(index)") })
      read.append(Measure.seconds { _ = disk.read("key \(index)") })
    }
    header("in process: a cold lookup's own work, fixture 01 (\(body.count / 1024) KiB, 10 books)")
    row("JSONParser.parse of the body alone", parse)
    row("GoogleBooksResponse.decode (parse and books)", decode)
    row("BookCache.write (new file)", write)
    row("BookCache.read", read)
  }

  /// One `booknotes lsp` with `books.endpoint` at the fake and its own cache folder, and
  /// one note whose front-matter title is typed.
  final class CompletionClient {
    let server: ServerProcess
    let uri: JSONValue = "file:///bench/books/title.md"
    var version = 0

    init(binary: String, endpoint: String, cache: String) throws {
      server = try ServerProcess(command: [binary, "lsp", "--log-level", "error"])
      let id = server.request(
        "initialize",
        [
          "processId": .null, "rootUri": .null,
          "capabilities": ["general": ["positionEncodings": ["utf-16"]]],
          "initializationOptions": ["books": ["endpoint": .string(endpoint)], "cacheDirectory": .string(cache)],
        ])
      _ = try server.response(id)
      server.notify("initialized", [:])
    }

    /// Sets the note's title to `title` and asks for completion at its end, then asks
    /// again at once while the answer holds no Google Books item: the seconds to the
    /// first answer, to the first answer with Google Books items, and the requests made.
    func complete(_ title: String) throws -> (answer: Double, books: Double, requests: Int) {
      let text = JSONValue.string("---\ntitle: \(title)\n---\n")
      version += 1
      if version == 1 {
        server.notify(
          "textDocument/didOpen", ["textDocument": ["uri": uri, "languageId": "markdown", "version": 1, "text": text]])
      } else {
        server.notify(
          "textDocument/didChange",
          ["textDocument": ["uri": uri, "version": .int(version)], "contentChanges": [["text": text]]])
      }
      let position: JSONValue = ["line": 1, "character": .int(7 + title.utf16.count)]
      let marker = Array("\"googleBooksID\"".utf8)
      let start = DispatchTime.now().uptimeNanoseconds
      var answer: Double?
      var requests = 0
      while true {
        requests += 1
        // Invoked, then "incomplete completions" as an editor asks again.
        let trigger = requests == 1 ? 1 : 3
        let reply = try server.responseBody(
          server.request(
            "textDocument/completion",
            ["textDocument": ["uri": uri], "position": position, "context": ["triggerKind": .int(trigger)]]))
        let elapsed = Double(reply.time - start) / 1e9
        if answer == nil { answer = elapsed }
        if reply.body.indices.contains(where: { reply.body[$0...].starts(with: marker) }) {
          return (answer ?? elapsed, elapsed, requests)
        }
        guard elapsed < 30 else { throw BenchError("no Google Books items for \(title) in 30 s") }
      }
    }

    func close() { server.shutdown() }
  }

  /// Title completion over the real server: cold, memory, after a restart.
  static func completion(fake: FakeGoogleBooks, binary: String, rounds: Int, titles: inout DistinctTitles) throws {
    var firstAnswer: [Double] = []
    var firstBooks: [Double] = []
    var firstRequests = 0
    var laterAnswer: [Double] = []
    var laterBooks: [Double] = []
    var memory: [Double] = []
    var restartFirst: [Double] = []
    var restartLater: [Double] = []
    var extraRequests = 0
    for _ in 0..<rounds {
      let cache = try temporaryFolder("completion")
      defer { try? FileManager.default.removeItem(atPath: cache) }
      let round = (0..<6).map { _ in titles.take() }
      let client = try CompletionClient(binary: binary, endpoint: fake.endpoint, cache: cache)
      let first = try client.complete(round[0])
      firstAnswer.append(first.answer)
      firstBooks.append(first.books)
      firstRequests += first.requests
      for title in round.dropFirst() {
        let cold = try client.complete(title)
        laterAnswer.append(cold.answer)
        laterBooks.append(cold.books)
      }
      let asked = fake.requestCount()
      for title in round {
        let again = try client.complete(title)
        memory.append(again.books)
        extraRequests += again.requests - 1
      }
      client.close()
      let restarted = try CompletionClient(binary: binary, endpoint: fake.endpoint, cache: cache)
      for (index, title) in round.enumerated() {
        let fromDisk = try restarted.complete(title)
        if index == 0 { restartFirst.append(fromDisk.books) } else { restartLater.append(fromDisk.books) }
        extraRequests += fromDisk.requests - 1
      }
      restarted.close()
      if fake.requestCount() != asked { print("note: cached completions reached the fake") }
    }
    header(
      "whole process: booknotes lsp, textDocument/completion of `title: Java …` (budget 300 ms)",
      "median    | p95       | count")
    row("cold, first request of the server: answer", firstAnswer)
    row("  … until an answer holds Google Books items", firstBooks)
    row("cold, helper running: answer", laterAnswer)
    row("  … until an answer holds Google Books items", laterBooks)
    row("same title again (memory cache)", memory)
    row("after a restart, first request (disk cache)", restartFirst)
    row("after a restart, later titles (disk cache)", restartLater)
    print(
      "requests per first title: \(String(format: "%.1f", Double(firstRequests) / Double(rounds))); "
        + "cached titles asked more than once: \(extraRequests)")
  }

  /// The fake delaying every answer: the first answer comes at the budget at the latest
  /// (without Google Books items), the books once the lookup ends.
  static func budget(fake: FakeGoogleBooks, binary: String, titles: inout DistinctTitles) throws {
    let cache = try temporaryFolder("budget")
    defer { try? FileManager.default.removeItem(atPath: cache) }
    let client = try CompletionClient(binary: binary, endpoint: fake.endpoint, cache: cache)
    defer { client.close() }
    // The helper is started first, so only the delay and the budget differ.
    _ = try client.complete(titles.take())
    header(
      "whole process: completion with the fake delaying its answers, helper running (budget 300 ms)",
      "answer median | until Google Books items, median | requests")
    defer { try? fake.plan(delay: 0) }
    for delay in [0.1, 0.25, 0.5, 1.0] {
      try fake.plan(delay: delay)
      var answers: [Double] = []
      var books: [Double] = []
      var requests = 0
      for _ in 0..<3 {
        let result = try client.complete(titles.take())
        answers.append(result.answer)
        books.append(result.books)
        requests += result.requests
      }
      print(
        "\(pad("delay \(Int(delay * 1000)) ms", 48)) | \(pad(Measure.format(Measure.median(answers)), 13)) | "
          + "\(pad(Measure.format(Measure.median(books)), 32)) | \(String(format: "%.1f", Double(requests) / 3))")
    }
  }

  /// `booknotes lookup` as whole processes, cold and cached, against its start-up.
  static func commandLine(fake: FakeGoogleBooks, binary: String, rounds: Int, titles: inout DistinctTitles) throws {
    let root = try temporaryFolder("lookup")
    defer { try? FileManager.default.removeItem(atPath: root) }
    let settings: JSONValue = [
      "books": ["endpoint": .string(fake.endpoint)], "cacheDirectory": .string(root + "/cache"),
    ]
    try Data(settings.description.utf8).write(to: URL(fileURLWithPath: root + "/.booknotes.json"))
    var startup: [Double] = []
    var cold: [Double] = []
    var cached: [Double] = []
    // Alternated, so the machine's other work touches all three alike.
    for _ in 0..<(rounds * 2) {
      let title = titles.take().split(separator: " ").map(String.init)
      let bare = try Run.command([binary, "lookup", "--root", root])
      guard bare.status == 2 else { throw BenchError("booknotes lookup without words exited \(bare.status)") }
      startup.append(bare.seconds)
      let command = [binary, "lookup"] + title + ["--root", root]
      for pass in 0..<2 {
        let run = try Run.command(command)
        guard run.status == 0 else { throw BenchError("booknotes lookup exited \(run.status)") }
        if pass == 0 { cold.append(run.seconds) } else { cached.append(run.seconds) }
      }
    }
    let base = Measure.median(startup)
    header(
      "whole process: booknotes lookup TITLE (spawn → exit)",
      "median    | p95       | count | median − start-up")
    for (name, values) in [
      ("start-up (`booknotes lookup` without words)", startup), ("cold (starts booknotes-fetch)", cold),
      ("cached (disk)", cached),
    ] {
      print(
        "\(pad(name, 48)) | \(pad(Measure.format(Measure.median(values)), 9)) | "
          + "\(pad(Measure.format(Measure.percentile(values, 0.95)), 9)) | \(pad(String(values.count), 5)) | "
          + (values == startup ? "" : Measure.format(Measure.median(values) - base)))
    }
  }
}
