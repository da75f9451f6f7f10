import Foundation
import JSONCore
import LanguageServerProtocol
import NoteIntelligence
import NoteSyntax
import SystemIO

#if canImport(Glibc)
  import Glibc
#endif

/// `booknotes-bench open [BINARY]`: what a client waits for on a corpus note, over the
/// real binary.
///
/// **Outline against tokens** (1 MiB): in a fresh server per round, the note opened and
/// its diagnostics received (so the parse is done), then `documentSymbol` and
/// `semanticTokens/full` each first with empty caches (cold), then alternated ten times
/// (warm). Which of the two goes first alternates by round: the first request a process
/// answers also pays its first use of memory, which is neither one's own cost. Each time is request sent → answer read, less what this client spends
/// framing and copying an answer of that size (measured alone, in process).
///
/// **Opening against cmark** (10 MiB): whole processes, alternated: `booknotes lsp`
/// spawned, sent `initialize`, `initialized`, `didOpen` (the note, framed before the
/// spawn) and `semanticTokens/full`, timed until that answer is read; `cmark NOTE`
/// spawned, its HTML to `/dev/null`, timed until it exits.
///
/// **Lines of findings**: see ``linesOfFindings(binary:)``; `BOOKNOTES_BENCH_ONLY=findings`
/// runs it alone.
enum OpenBenchmark {
  static func run(arguments: [String]) throws {
    let binary =
      arguments.first ?? ProcessInfo.processInfo.environment["BOOKNOTES_BINARY"]
      ?? URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("booknotes")
      .path
    // BOOKNOTES_BENCH_RUNS sets the rounds of each measurement (default 10).
    let rounds = ProcessInfo.processInfo.environment["BOOKNOTES_BENCH_RUNS"].flatMap { Int($0) } ?? 10
    // BOOKNOTES_BENCH_ONLY=outline or =opening runs that part alone.
    let only = ProcessInfo.processInfo.environment["BOOKNOTES_BENCH_ONLY"] ?? ""
    print("open benchmark (\(binary)), \(rounds) rounds")
    if only.isEmpty || only == "outline" {
      try inProcess(path: try Corpus.note(bytes: 1 << 20))
      try outlineAgainstTokens(binary: binary, path: try Corpus.note(bytes: 1 << 20), rounds: rounds)
    }
    if only.isEmpty || only == "opening" {
      try openingAgainstCMark(binary: binary, path: try Corpus.note(bytes: 10 << 20), rounds: rounds)
    }
    if only.isEmpty || only == "findings" { try linesOfFindings(binary: binary) }
  }

  /// Opening a note of one 1 MB line that holds a finding every few bytes, in a notes
  /// folder on disk: spawn → full tokens read, and → its diagnostics read.
  static func linesOfFindings(binary: String) throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("booknotes-bench-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: root) }
    try Data("{}".utf8).write(to: root.appendingPathComponent(".booknotes.json"))
    let lines: [(String, String)] = [
      ("`?[ ` repeated", String(repeating: "?[ ", count: 350_000)),
      ("links to missing notes", (0..<70_000).map { "[[gone \($0 % 1000)]] " }.joined()),
    ]
    print()
    print("one 1 MB line of findings, opened in a notes folder: spawn → full tokens | → diagnostics")
    for (name, line) in lines {
      let note = root.appendingPathComponent("note.md")
      let text = "# Findings\n\n" + line + "\n"
      try Data(text.utf8).write(to: note)
      let uri = JSONValue.string(note.absoluteString)
      let server = try ServerProcess(command: [binary, "lsp", "--log-level", "error"])
      server.write(opening(text, uri: uri, root: .string(root.absoluteString)) + fullTokens(id: 2, uri: uri))
      var tokensRead: UInt64?
      var diagnosticsRead: UInt64?
      var diagnostics = 0
      _ = try server.waitForMessage(timeout: 300) { message in
        let now = DispatchTime.now().uptimeNanoseconds
        if message["id"] == .int(2) { tokensRead = now }
        if message["method"] == "textDocument/publishDiagnostics", message["params"]?["uri"] == uri,
          case .array(let found)? = message["params"]?["diagnostics"], !found.isEmpty
        {
          diagnosticsRead = now
          diagnostics = found.count
        }
        return tokensRead != nil && diagnosticsRead != nil
      }
      server.shutdown()
      func since(_ time: UInt64?) -> String { Measure.format(Double((time ?? 0) - server.spawnedAt) / 1e9) }
      print(
        "\(name.padding(toLength: 22, withPad: " ", startingAt: 0)) | \(since(tokensRead)) | \(since(diagnosticsRead))"
          + " (\(diagnostics) diagnostics)")
    }
  }

  static let uri: JSONValue = "file:///bench/open.md"

  /// The framed `initialize` (with `root` as its root), `initialized` and `didOpen` of
  /// `text` at `uri`.
  static func opening(_ text: String, uri: JSONValue = uri, root: JSONValue = .null) -> [UInt8] {
    let messages: [JSONValue] = [
      [
        "jsonrpc": "2.0", "id": 1, "method": "initialize",
        "params": [
          "processId": .null, "rootUri": root, "capabilities": ["general": ["positionEncodings": ["utf-16"]]],
        ],
      ],
      ["jsonrpc": "2.0", "method": "initialized", "params": [:]],
      [
        "jsonrpc": "2.0", "method": "textDocument/didOpen",
        "params": ["textDocument": ["uri": uri, "languageId": "markdown", "version": 1, "text": .string(text)]],
      ],
    ]
    return messages.flatMap { MessageWriter.frame(Array($0.description.utf8)) }
  }

  /// The framed `semanticTokens/full` request `id` for `uri`.
  static func fullTokens(id: Int, uri: JSONValue) -> [UInt8] {
    let request: JSONValue = [
      "jsonrpc": "2.0", "id": .int(id), "method": "textDocument/semanticTokens/full",
      "params": ["textDocument": ["uri": uri]],
    ]
    return MessageWriter.frame(Array(request.description.utf8))
  }

  static func outlineAgainstTokens(binary: String, path: String, rounds: Int) throws {
    let text = try String(contentsOfFile: path, encoding: .utf8)
    let framed = opening(text)
    var cold: [String: [Double]] = [:]
    var warm: [String: [Double]] = [:]
    var sizes: [String: Int] = [:]
    let methods = ["textDocument/documentSymbol", "textDocument/semanticTokens/full"]
    for round in 0..<rounds {
      let server = try ServerProcess(command: [binary, "lsp", "--log-level", "error"])
      server.write(framed)
      _ = try server.responseBody(1)
      _ = try server.waitForMessage { $0["method"] == "textDocument/publishDiagnostics" }
      for repeat_ in 0..<11 {
        for method in round.isMultiple(of: 2) ? methods : methods.reversed() {
          let start = DispatchTime.now().uptimeNanoseconds
          let answer = try server.responseBody(server.request(method, ["textDocument": ["uri": uri]]))
          let seconds = Double(answer.time - start) / 1e9 - clientTime(answerBytes: answer.body.count)
          if repeat_ == 0 {
            cold[method, default: []].append(seconds)
          } else {
            warm[method, default: []].append(seconds)
          }
          sizes[method] = answer.body.count
        }
      }
      server.shutdown()
    }
    print()
    print("1 MiB note, request → answer less the client's framing of the answer, median (p90):")
    print("request          | cold                | warm                | answer")
    for method in methods {
      let name = method == methods[0] ? "documentSymbol" : "full tokens"
      print(
        "\(pad(name, 16)) | \(pad(describe(cold[method] ?? []), 19)) | \(pad(describe(warm[method] ?? []), 19)) | "
          + String(format: "%.0f KiB", Double(sizes[method] ?? 0) / 1024))
    }
    let outline = Measure.median(cold[methods[0]] ?? [])
    let tokens = Measure.median(cold[methods[1]] ?? [])
    let warmOutline = Measure.median(warm[methods[0]] ?? [])
    let warmTokens = Measure.median(warm[methods[1]] ?? [])
    print(
      String(
        format: "documentSymbol / full tokens: %.2f cold, %.2f warm (target: at most 0.5, and under 5 ms)",
        outline / tokens, warmOutline / warmTokens))
  }

  /// The outline walk and the tokens of the 1 MiB note in process, without the
  /// server's conversion to LSP: first with empty caches, then again (median of 7).
  static func inProcess(path: String) throws {
    let document = NoteDocument(bytes: Array(try Data(contentsOf: URL(fileURLWithPath: path))))
    struct Counter: OutlineVisitor {
      var entries = 0
      mutating func enter(
        name: UnsafeBufferPointer<UInt8>, detail: UnsafeBufferPointer<UInt8>?, kind: OutlineSymbolKind, rangeStart: Int,
        selection: Swift.Range<Int>
      ) { entries += 1 }
      mutating func leave(rangeEnd: Int) {}
    }
    var entries = 0
    let outlines = OutlineCache()
    let tokens = SemanticTokenCache()
    var coldOutline: [Double] = []
    var coldTokens: [Double] = []
    for _ in 0..<7 {
      let outline = OutlineCache()
      coldOutline.append(
        Measure.seconds {
          var counter = Counter()
          outline.walk(document, visitor: &counter)
          entries = counter.entries
        })
      let cache = SemanticTokenCache()
      coldTokens.append(Measure.seconds { _ = cache.tokens(for: document) })
    }
    var counter = Counter()
    outlines.walk(document, visitor: &counter)
    _ = tokens.tokens(for: document)
    let warmOutline = (0..<7).map { _ in
      Measure.seconds {
        var counter = Counter()
        outlines.walk(document, visitor: &counter)
      }
    }
    let warmTokens = (0..<7).map { _ in Measure.seconds { _ = tokens.tokens(for: document) } }
    print()
    print("1 MiB note in process (\(entries) outline entries), median: outline walk cold \(describe(coldOutline)),")
    print("warm \(describe(warmOutline)); tokens cold \(describe(coldTokens)), warm \(describe(warmTokens))")
  }

  static func describe(_ times: [Double]) -> String {
    "\(Measure.format(Measure.median(times))) (\(Measure.format(Measure.percentile(times, 0.9))))"
  }

  /// What this client spends on an answer of `answerBytes` bytes besides waiting: the
  /// framer fed it in reads of 64 KiB and the body copied out, median of 5.
  static func clientTime(answerBytes: Int) -> Double {
    let body = [UInt8](repeating: UInt8(ascii: "1"), count: answerBytes)
    let framed = MessageWriter.frame(body)
    return Measure.median(
      (0..<5).map { _ in
        Measure.seconds {
          var framer = MessageFramer()
          var offset = 0
          var copied = 0
          while offset < framed.count {
            let end = min(framed.count, offset + 65_536)
            framer.feed(framed[offset..<end])
            offset = end
            while let event = framer.next() {
              if case .message(let message) = event { copied += Array(message).count }
            }
          }
          precondition(copied == answerBytes)
        }
      })
  }

  static func openingAgainstCMark(binary: String, path: String, rounds: Int) throws {
    let text = try String(contentsOfFile: path, encoding: .utf8)
    let framed = opening(text) + fullTokens(id: 2, uri: uri)
    let cmark = ["/usr/bin/cmark", "/usr/local/bin/cmark"].first { FileManager.default.isExecutableFile(atPath: $0) }
    var ours: [Double] = []
    var theirs: [Double] = []
    var answerBytes = 0
    for _ in 0..<rounds {
      let server = try ServerProcess(command: [binary, "lsp", "--log-level", "error"])
      server.write(framed)
      let answer = try server.responseBody(2, timeout: 60)
      ours.append(Double(answer.time - server.spawnedAt) / 1e9)
      answerBytes = answer.body.count
      server.shutdown()
      if let cmark {
        let start = DispatchTime.now().uptimeNanoseconds
        guard
          case .success(let pid) = ProcessSpawn.spawn(
            [cmark, path], output: .file("/dev/null", flags: O_WRONLY), error: .file("/dev/null", flags: O_WRONLY))
        else { throw BenchError("cannot start \(cmark)") }
        ProcessSpawn.wait(pid)
        theirs.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
      }
    }
    print()
    print("10 MiB note, whole process, alternated, median (min–max):")
    print("booknotes: spawn → full tokens read  | \(range(ours)) | answer \(answerBytes / 1024) KiB")
    guard cmark != nil else {
      print("cmark: n/a (apt-get install cmark)")
      return
    }
    print("cmark NOTE > /dev/null               | \(range(theirs))")
    print(String(format: "booknotes / cmark: %.2f (target: at most 1)", Measure.median(ours) / Measure.median(theirs)))
  }

  static func range(_ times: [Double]) -> String {
    "\(Measure.format(Measure.median(times))) (\(Measure.format(times.min() ?? .nan))–\(Measure.format(times.max() ?? .nan)))"
  }
}
