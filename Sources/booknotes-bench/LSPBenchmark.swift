import Foundation
import JSONCore
import LanguageServerProtocol
import NoteSyntax

/// `booknotes-bench lsp`: drives the real `booknotes lsp` binary over pipes and measures
/// start-up (spawn → `initialize` answer) and peak memory with a 10 MB note open, for
/// booknotes and each peer server found (``MeasuredServer``); then `initialize` →
/// response, one-character `didChange` → answer of the following
/// `semanticTokens/full/delta`, and `didChange` → answer of the following
/// `documentSymbol` (with the answer's size), for generated notes and prompt-dense notes.
enum LSPBenchmark {
  static func run(arguments: [String]) throws {
    let binary =
      arguments.first ?? ProcessInfo.processInfo.environment["BOOKNOTES_BINARY"]
      ?? URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("booknotes")
      .path
    print("lsp benchmark (\(binary))")
    // BOOKNOTES_BENCH_ONLY keeps the notes whose name starts with it, and skips start-up and memory.
    let only = ProcessInfo.processInfo.environment["BOOKNOTES_BENCH_ONLY"] ?? ""
    if only.isEmpty { try startupAndMemory(binary: binary) }
    print()
    print("note          | initialize | keystroke→delta median | p99 | keystroke→symbols median | p99 | symbols size")
    // BOOKNOTES_BENCH_KEYSTROKES sets the keystrokes per measurement (default 300, 50 at 10 MB).
    let keystrokes = ProcessInfo.processInfo.environment["BOOKNOTES_BENCH_KEYSTROKES"].flatMap { Int($0) }
    // BOOKNOTES_BENCH_DELTA_ONLY=1 measures keystroke → delta only (for profiling it).
    let deltaOnly = ProcessInfo.processInfo.environment["BOOKNOTES_BENCH_DELTA_ONLY"] == "1"
    // Each note is made when its turn comes, so that making the others (tens of MB)
    // does not run beside a measurement.
    var notes: [(name: String, make: () throws -> String)] = []
    for (name, bytes) in Corpus.sizes where bytes >= 100 * 1024 {
      notes.append((name, { try String(contentsOfFile: try Corpus.note(bytes: bytes), encoding: .utf8) }))
    }
    notes.append(("dense 1.6 MB", { PromptDenseNote.make(bytes: 1_600_000) }))
    // One very large block each (see ``LargeBlocks``): keystrokes land inside it.
    notes.append(("paragraph 1 MB", { LargeBlocks.paragraph(bytes: 1 << 20, lineBreaks: false) }))
    notes.append(("lines 1 MB", { LargeBlocks.paragraph(bytes: 1 << 20, lineBreaks: true) }))
    notes.append(("quote 1 MB", { LargeBlocks.quote(bytes: 1 << 20) }))
    notes.append(("list 1 MB", { LargeBlocks.list(bytes: 1 << 20) }))
    notes.append(("CJK 1 MB", { LargeBlocks.cjk(bytes: 1 << 20) }))
    notes.append(("unclosed * 1 MB", { LargeBlocks.afterUnclosedStar(bytes: 1 << 20) }))
    notes.append(("stray * 1 MB", { LargeBlocks.strayStars(bytes: 1 << 20) }))
    notes.append(("stray [ 1 MB", { LargeBlocks.strayBrackets(bytes: 1 << 20) }))
    notes.append(("one word repeated 1 MB", { LargeBlocks.repeatedWord(bytes: 1 << 20) }))
    notes.append(("quote of one line 1 MB", { LargeBlocks.quoteLine(bytes: 1 << 20) }))
    notes.append(("list of one item 1 MB", { LargeBlocks.listItem(bytes: 1 << 20) }))
    for (name, make) in notes where name.hasPrefix(only) {
      let text = try make()
      let session = try Session(binary: binary)
      let initialize = try session.initialize()
      session.open(text: text)
      let count = keystrokes ?? (text.utf8.count > 5_000_000 ? 50 : 300)
      let delta = try session.keystrokes(count: count, then: .semanticTokensDelta)
      let symbols =
        deltaOnly ? (latencies: [0.0], responseBytes: 0) : try session.keystrokes(count: count, then: .documentSymbol)
      session.close()
      print(
        "\(name.padding(toLength: 14, withPad: " ", startingAt: 0)) | \(Measure.format(initialize)) | "
          + "\(Measure.format(Measure.median(delta.latencies))) | "
          + "\(Measure.format(Measure.percentile(delta.latencies, 0.99))) | "
          + "\(Measure.format(Measure.median(symbols.latencies))) | "
          + "\(Measure.format(Measure.percentile(symbols.latencies, 0.99))) | "
          + String(format: "%.1f KiB", Double(symbols.responseBytes) / 1024))
    }
    if only.isEmpty || only.hasPrefix("links") { try missingLinks(binary: binary, keystrokes: keystrokes ?? 300) }
  }

  /// Keystroke → pulled diagnostics in the 100 KB note, as it is and with 40 links to
  /// notes that do not exist (`link-missing-note` looks for each on every keystroke).
  static func missingLinks(binary: String, keystrokes: Int) throws {
    print()
    print("note                  | keystroke→diagnostics median | p99")
    let base = try String(contentsOfFile: try Corpus.note(bytes: 100 * 1024), encoding: .utf8)
    let links = (0..<40).map { "See [note \($0)](later/chapter-\($0).md).\n" }.joined()
    // A workspace folder on disk holding the note, as an editor opens a library.
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("booknotes-bench-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: root) }
    for (name, text) in [("100 KB", base), ("100 KB + 40 missing", base + "\n" + links)] {
      let note = root.appendingPathComponent("note.md")
      try Data(text.utf8).write(to: note)
      let session = try Session(binary: binary, uri: note.absoluteString)
      _ = try session.initialize(root: root.absoluteString, pullsDiagnostics: true)
      session.open(text: text)
      let pulled = try session.keystrokes(count: keystrokes, then: .pulledDiagnostics)
      session.close()
      print(
        "\(name.padding(toLength: 21, withPad: " ", startingAt: 0)) | "
          + "\(Measure.format(Measure.median(pulled.latencies))) | "
          + "\(Measure.format(Measure.percentile(pulled.latencies, 0.99)))")
    }
  }

  /// Start-up of booknotes and each peer found, and peak memory with a 10 MB note open.
  static func startupAndMemory(binary: String) throws {
    let servers = MeasuredServer.all(booknotes: binary)
    if servers.count == 1 { print("no peers found (Benchmarks/peers.sh installs them)") }
    let spawns = 30
    print()
    print("start-up: spawn → initialize answer, \(spawns) spawns each (same client, over pipes);")
    print("initialize round trip: a process given 50 ms to start, initialize → answer")
    print("server    | spawn→answer median | p90      | initialize round trip median | p90")
    for server in servers {
      let (startup, roundTrip) = try ProcessBenchmark.startup(server, spawns: spawns)
      print(
        "\(pad(server.name, 9)) | \(pad(Measure.format(Measure.median(startup)), 19)) | "
          + "\(pad(Measure.format(Measure.percentile(startup, 0.9)), 8)) | "
          + "\(pad(Measure.format(Measure.median(roundTrip)), 28)) | \(Measure.format(Measure.percentile(roundTrip, 0.9)))"
      )
    }
    print()
    let noteBytes = 10 * 1024 * 1024
    let note = try String(contentsOfFile: try Corpus.note(bytes: noteBytes), encoding: .utf8)
    print("memory: peak RSS (VmHWM) after initialize, then after opening a 10 MB note, full tokens,")
    print("5 edits with token deltas, documentSymbol and foldingRange")
    print("server    | idle     | with note | difference | difference / note size")
    for server in servers {
      do {
        let (idle, open) = try ProcessBenchmark.memory(server, text: note)
        print(
          "\(pad(server.name, 9)) | \(pad(Measure.megabytes(idle), 8)) | \(pad(Measure.megabytes(open), 9)) | "
            + "\(pad(Measure.megabytes(open - idle), 10)) | "
            + String(format: "%.1f×", Double(open - idle) / Double(noteBytes)))
      } catch {
        print("\(pad(server.name, 9)) | n/a: \(error)")
      }
    }
  }

  /// What follows each keystroke.
  enum FollowUp {
    case semanticTokensDelta
    case documentSymbol
    case pulledDiagnostics
  }

  /// One `booknotes lsp` process (``ServerProcess``) and the note it edits.
  final class Session {
    let server: ServerProcess
    let uri: JSONValue
    var mirror = NoteDocument("")
    var version = 1
    var random = BenchRandom(state: 7)
    var tokenResultID = JSONValue.null

    init(binary: String, uri: String = "file:///bench/note.md") throws {
      server = try ServerProcess(command: [binary, "lsp", "--log-level", "error"])
      self.uri = .string(uri)
    }

    func request(_ method: String, _ params: JSONValue) -> Int { server.request(method, params) }

    func notify(_ method: String, _ params: JSONValue) { server.notify(method, params) }

    func response(_ id: Int) throws -> (time: UInt64, body: [UInt8]) { try server.responseBody(id) }

    /// Starts the session, with `root` (a `file:` URI) as its workspace folder if given,
    /// and diagnostics pulled by the client rather than pushed if `pullsDiagnostics`.
    func initialize(root: String? = nil, pullsDiagnostics: Bool = false) throws -> Double {
      let start = DispatchTime.now().uptimeNanoseconds
      let capabilities: JSONValue =
        pullsDiagnostics
        ? ["general": ["positionEncodings": ["utf-16"]], "textDocument": ["diagnostic": [:]]]
        : ["general": ["positionEncodings": ["utf-16"]]]
      let id = request(
        "initialize",
        [
          "processId": .null, "rootUri": root.map { .string($0) } ?? .null,
          "workspaceFolders": root.map { [["uri": .string($0), "name": "notes"]] } ?? .null,
          "capabilities": capabilities,
        ])
      let answer = try response(id)
      notify("initialized", [:])
      return Double(answer.time - start) / 1e9
    }

    func open(text: String) {
      notify(
        "textDocument/didOpen",
        ["textDocument": ["uri": uri, "languageId": "markdown", "version": 1, "text": .string(text)]])
      mirror = NoteDocument(text)
    }

    /// `count` one-character insertions at seeded random places, each followed by
    /// `followUp`: the latencies from sending the change to receiving the answer, and
    /// the size of the last answer.
    func keystrokes(count: Int, then followUp: FollowUp) throws -> (latencies: [Double], responseBytes: Int) {
      if followUp == .semanticTokensDelta {
        let result = try response(request("textDocument/semanticTokens/full", ["textDocument": ["uri": uri]]))
        tokenResultID = Self.resultID(of: result.body)
      } else if followUp == .documentSymbol {
        _ = try response(request("textDocument/documentSymbol", ["textDocument": ["uri": uri]]))
      } else {
        _ = try response(request("textDocument/diagnostic", ["textDocument": ["uri": uri]]))
      }
      var latencies: [Double] = []
      var size = 0
      // BOOKNOTES_BENCH_SLOW=MS prints each keystroke slower than MS milliseconds and where it landed.
      let slow = ProcessInfo.processInfo.environment["BOOKNOTES_BENCH_SLOW"].flatMap(Double.init).map { $0 / 1000 }
      for _ in 0..<count {
        version += 1
        let at = mirror.scalarBoundary(atOrBefore: random.next(mirror.utf8Count))
        let position = mirror.lineColumn(of: at, in: .utf16)
        mirror.replace(at..<at, with: "x")
        let range: JSONValue = [
          "start": ["line": .int(position.line), "character": .int(position.column)],
          "end": ["line": .int(position.line), "character": .int(position.column)],
        ]
        let start = DispatchTime.now().uptimeNanoseconds
        notify(
          "textDocument/didChange",
          [
            "textDocument": ["uri": uri, "version": .int(version)],
            "contentChanges": [["range": range, "text": "x"]],
          ])
        let id: Int
        switch followUp {
        case .semanticTokensDelta:
          id = request(
            "textDocument/semanticTokens/full/delta",
            ["textDocument": ["uri": uri], "previousResultId": tokenResultID])
        case .documentSymbol:
          id = request("textDocument/documentSymbol", ["textDocument": ["uri": uri]])
        case .pulledDiagnostics:
          id = request("textDocument/diagnostic", ["textDocument": ["uri": uri]])
        }
        let answer = try response(id)
        latencies.append(Double(answer.time - start) / 1e9)
        if let slow, latencies[latencies.count - 1] > slow { report(slow: latencies[latencies.count - 1], at: at) }
        size = answer.body.count
        if followUp == .semanticTokensDelta { tokenResultID = Self.resultID(of: answer.body) }
      }
      return (latencies, size)
    }

    /// Prints a slow keystroke (`seconds`) and the text around where it landed (`at`).
    func report(slow seconds: Double, at offset: Int) {
      let around = mirror.text.string(in: max(0, offset - 50)..<min(mirror.utf8Count, offset + 50))
      print(
        String(format: "  slow keystroke: %.2f ms at byte %d: ", seconds * 1000, offset)
          + around.replacingOccurrences(of: "\n", with: "⏎"))
    }

    /// The `resultId` of a semantic-tokens answer, found without decoding its integers.
    static func resultID(of body: [UInt8]) -> JSONValue {
      let key = Array("\"resultId\":\"".utf8)
      guard let at = body.indices.first(where: { body[$0...].starts(with: key) }) else { return .null }
      let start = at + key.count
      let end = body[start...].firstIndex(of: UInt8(ascii: "\"")) ?? body.count
      return .string(String(decoding: body[start..<end], as: UTF8.self))
    }

    func close() {
      _ = try? response(request("shutdown", .null))
      notify("exit", .null)
    }
  }
}

/// `text` padded with spaces to `width` characters.
func pad(_ text: String, _ width: Int) -> String {
  text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
}

/// A note dense with prompts, built in process: headings, long paragraphs holding
/// hundreds of clozes, long quotes and many `Q:`/`A:` pairs.
enum PromptDenseNote {
  static func make(bytes: Int) -> String {
    var random = BenchRandom(state: 11)
    let words = [
      "memory", "habit", "reader", "attention", "the", "of", "a", "slowly", "because", "mind", "book", "chapter",
      "effort", "and", "thinking", "with", "pattern", "review", "note", "idea",
    ]
    func sentence(clozes: Int) -> String {
      var parts: [String] = []
      for i in 0..<(8 + random.next(10)) {
        if i % 3 == 1 && clozes > 0 && random.next(2) == 0 {
          parts.append("?[\(words[random.next(words.count)])](\(words[random.next(words.count)]) \(i))")
        } else {
          parts.append(words[random.next(words.count)])
        }
      }
      return parts.joined(separator: " ") + "."
    }
    var text = "---\ntitle: Dense Prompts\n---\n"
    var chapter = 0
    while text.utf8.count < bytes {
      chapter += 1
      text += "\n## Chapter \(chapter)\n\n### Section \(chapter).1\n\n"
      text += (0..<300).map { _ in sentence(clozes: 1) }.joined(separator: " ") + "\n\n"
      text += (0..<60).map { _ in "> " + sentence(clozes: 1) }.joined(separator: "\n") + "\n> — p. \(chapter)\n\n"
      for _ in 0..<40 { text += "Q: \(sentence(clozes: 0))\nA: \(sentence(clozes: 1))\n\n" }
      text += "tl;dr: " + (0..<20).map { _ in sentence(clozes: 0) }.joined(separator: " ") + "\n"
    }
    return text
  }
}
