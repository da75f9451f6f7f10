import Foundation
import JSONCore
import LanguageServerProtocol

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Start-up and memory of whole server processes over pipes, with the same client.
enum ProcessBenchmark {
  /// Spawn → `initialize` answer, over `spawns` fresh processes (after two unmeasured
  /// ones), and the `initialize` round trip of a process that had 50 ms to start.
  static func startup(_ server: MeasuredServer, spawns: Int = 30) throws -> (startup: [Double], roundTrip: [Double]) {
    var startup: [Double] = []
    for index in 0..<(spawns + 2) {
      let process = try ServerProcess(command: server.command)
      try process.initialize()
      let elapsed = Double(DispatchTime.now().uptimeNanoseconds - process.spawnedAt) / 1e9
      if index >= 2 { startup.append(elapsed) }
    }
    var roundTrip: [Double] = []
    for _ in 0..<spawns {
      let process = try ServerProcess(command: server.command)
      usleep(50_000)
      let start = DispatchTime.now().uptimeNanoseconds
      try process.initialize()
      roundTrip.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }
    return (startup, roundTrip)
  }

  /// Peak resident set size (`VmHWM`) after `initialize`, and after opening `text`
  /// and asking for full tokens, five one-character edits each followed by a token
  /// delta, the outline and the folding ranges.
  static func memory(_ server: MeasuredServer, text: String) throws -> (idle: Int, open: Int) {
    let process = try ServerProcess(command: server.command)
    try process.initialize()
    process.notify("initialized", [:])
    let idle = process.peakResidentBytes
    let uri = JSONValue.string("file:///bench/memory.md")
    let document: JSONValue = ["uri": uri]
    process.notify(
      "textDocument/didOpen",
      ["textDocument": ["uri": uri, "languageId": "markdown", "version": 1, "text": .string(text)]])
    let full = try process.response(process.request("textDocument/semanticTokens/full", ["textDocument": document]))
    var resultID = full["result"]?["resultId"] ?? .null
    for version in 2..<7 {
      let start: JSONValue = ["line": 0, "character": 0]
      process.notify(
        "textDocument/didChange",
        [
          "textDocument": ["uri": uri, "version": .int(version)],
          "contentChanges": [["range": ["start": start, "end": start], "text": "x"]],
        ])
      let delta = try process.response(
        process.request(
          "textDocument/semanticTokens/full/delta", ["textDocument": document, "previousResultId": resultID]))
      resultID = delta["result"]?["resultId"] ?? .null
    }
    _ = try process.response(process.request("textDocument/documentSymbol", ["textDocument": document]))
    _ = try process.response(process.request("textDocument/foldingRange", ["textDocument": document]))
    let open = process.peakResidentBytes
    process.shutdown()
    return (idle, open)
  }
}
