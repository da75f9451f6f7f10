import Foundation
import LanguageServerProtocol
import NoteSyntax

/// `booknotes-bench lsp`: drives the real `booknotes lsp` binary over pipes and measures
/// start-up (spawn → `initialize` answer) and peak memory with a 10 MB note open, for
/// booknotes and each peer server found (``MeasuredServer``), then `initialize` →
/// response and one-character `didChange` → answer of the following
/// `semanticTokens/full/delta`, for a 100 KB and a 1 MB note.
enum LSPBenchmark {
  static func run(arguments: [String]) throws {
    let binary =
      arguments.first ?? ProcessInfo.processInfo.environment["BOOKNOTES_BINARY"]
      ?? URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("booknotes")
      .path
    print("lsp benchmark (\(binary))")
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
    print()
    print("note    | initialize | keystroke→delta median | p99")
    for (name, bytes) in Corpus.sizes where bytes == 100 * 1024 || bytes == 1024 * 1024 {
      let path = try Corpus.note(bytes: bytes)
      let text = try String(contentsOfFile: path, encoding: .utf8)
      let session = try Session(binary: binary)
      let initialize = try session.initialize()
      let latencies = try session.keystrokes(text: text, count: 300)
      session.close()
      print(
        "\(name.padding(toLength: 7, withPad: " ", startingAt: 0)) | \(Measure.format(initialize)) | "
          + "\(Measure.format(Measure.median(latencies))) | \(Measure.format(Measure.percentile(latencies, 0.99)))")
    }
  }

  /// One server process and a blocking reader of its answers.
  final class Session {
    let process = Process()
    let input = Pipe()
    let output = Pipe()
    var framer = MessageFramer()
    var nextID = 1

    init(binary: String) throws {
      process.executableURL = URL(fileURLWithPath: binary)
      process.arguments = ["lsp", "--log-level", "error"]
      process.standardInput = input
      process.standardOutput = output
      process.standardError = FileHandle.nullDevice
      try process.run()
    }

    func send(_ message: JSONValue) {
      input.fileHandleForWriting.write(Data(MessageWriter.frame(Array(message.description.utf8))))
    }

    func request(_ method: String, _ params: JSONValue) -> Int {
      let id = nextID
      nextID += 1
      send(["jsonrpc": "2.0", "id": .int(id), "method": .string(method), "params": params])
      return id
    }

    func notify(_ method: String, _ params: JSONValue) {
      send(["jsonrpc": "2.0", "method": .string(method), "params": params])
    }

    /// Reads messages until the response with `id` arrives.
    func response(_ id: Int) throws -> JSONValue {
      while true {
        while let event = framer.next() {
          guard case .message(let body) = event else { continue }
          let message = try JSONDecoder().decode(JSONValue.self, from: Data(body))
          if message["id"] == .int(id) && message["method"] == nil { return message }
        }
        let chunk = output.fileHandleForReading.availableData
        guard !chunk.isEmpty else { throw BenchError("server closed its output") }
        framer.feed(chunk)
      }
    }

    func initialize() throws -> Double {
      let start = DispatchTime.now().uptimeNanoseconds
      let id = request(
        "initialize",
        ["processId": .null, "rootUri": .null, "capabilities": ["general": ["positionEncodings": ["utf-16"]]]])
      _ = try response(id)
      let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
      notify("initialized", [:])
      return elapsed
    }

    func keystrokes(text: String, count: Int) throws -> [Double] {
      let uri = JSONValue.string("file:///bench/note.md")
      notify(
        "textDocument/didOpen",
        ["textDocument": ["uri": uri, "languageId": "markdown", "version": 1, "text": .string(text)]])
      var result = try response(request("textDocument/semanticTokens/full", ["textDocument": ["uri": uri]]))
      var resultID = result["result"]?["resultId"] ?? .null
      var mirror = NoteDocument(text)
      var random = BenchRandom(state: 7)
      var latencies: [Double] = []
      for version in 2..<(count + 2) {
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
        let id = request(
          "textDocument/semanticTokens/full/delta", ["textDocument": ["uri": uri], "previousResultId": resultID])
        result = try response(id)
        latencies.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        resultID = result["result"]?["resultId"] ?? .null
      }
      return latencies
    }

    func close() {
      let id = request("shutdown", .null)
      _ = try? response(id)
      notify("exit", .null)
      try? input.fileHandleForWriting.close()
      process.waitUntilExit()
    }
  }
}

/// `text` padded with spaces to `width` characters.
func pad(_ text: String, _ width: Int) -> String {
  text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
}
