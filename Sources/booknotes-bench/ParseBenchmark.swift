import Foundation
import NoteIntelligence
import NoteSyntax

/// `booknotes-bench parse`: per note size, each in a fresh process: full-parse time and
/// throughput, the first full semantic-token pass (what opening a note costs besides the
/// parse), cmark's parse of the same bytes in the same process (libcmark loaded at run
/// time, parse only, no rendering, timed like ours), one-character edit latency and
/// peak memory.
enum ParseBenchmark {
  static func run(arguments: [String]) throws {
    if arguments.first == "--one", arguments.count > 1 {
      try measureOne(path: arguments[1])
      return
    }
    if arguments.first == "--large" {
      try LargeBlockBenchmark.run()
      return
    }
    if arguments.first == "--fence" {
      try FenceBenchmark.run()
      return
    }
    print("parse benchmark (corpus seed 1)")
    print(
      "size     | parse | MiB/s | first tokens | parse + tokens | cmark parse | MiB/s | "
        + "edit median | edit p99 | peak RSS | RSS/size")
    for (name, bytes) in Corpus.sizes {
      let path = try Corpus.note(bytes: bytes)
      let line = try runChild(["parse", "--one", path])
      print(name.padding(toLength: 8, withPad: " ", startingAt: 0) + " | " + line)
    }
    try PathologicalBenchmark.run()
    try FenceBenchmark.run()
    try LargeBlockBenchmark.run()
  }

  /// Runs this executable with `arguments` and returns its last output line.
  static func runChild(_ arguments: [String]) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).absoluteURL
    if !FileManager.default.fileExists(atPath: process.executableURL!.path) {
      process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    }
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self).split(separator: "\n").last.map(String.init) ?? ""
  }

  static func measureOne(path: String) throws {
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    let bytes = Array(data)
    let baseline = Measure.currentRSS()
    var document = NoteDocument(bytes: bytes)
    let peak = Measure.peakRSS() - baseline
    var times: [Double] = []
    for _ in 0..<7 {
      document = NoteDocument("")
      times.append(Measure.seconds { document = NoteDocument(bytes: bytes) })
    }
    let parse = Measure.median(times)
    // The first full pass: a fresh cache, as when a note is opened.
    // The cache outlives the pass, as an open note's does: freeing it is not timed.
    var tokenCount = 0
    let tokens = Measure.median(
      (0..<7).map { _ in
        let cache = SemanticTokenCache()
        return Measure.seconds { tokenCount = cache.tokens(for: document).count }
      })
    var cmarkColumns = "n/a | n/a"
    if let cmark = CMark() {
      cmark.free(cmark.parse(bytes))
      // Like our parse: the tree is freed outside the timed part.
      let cmarkTime = Measure.median(
        (0..<7).map { _ in
          var tree: OpaquePointer?
          let time = Measure.seconds { tree = cmark.parse(bytes) }
          cmark.free(tree)
          return time
        })
      cmarkColumns = "\(Measure.format(cmarkTime)) | " + String(format: "%.1f", mebibytes(bytes.count) / cmarkTime)
    }
    var random = BenchRandom(state: 1)
    var latencies: [Double] = []
    for _ in 0..<300 {
      let at = document.scalarBoundary(atOrBefore: random.next(document.utf8Count))
      latencies.append(Measure.seconds { document.replace(at..<at, with: "x") })
      latencies.append(Measure.seconds { document.replace(at..<(at + 1), with: "") })
    }
    print(
      "\(Measure.format(parse)) | " + String(format: "%.1f", mebibytes(bytes.count) / parse) + " | "
        + "\(Measure.format(tokens)) (\(tokenCount) tokens) | \(Measure.format(parse + tokens)) | \(cmarkColumns) | "
        + "\(Measure.format(Measure.median(latencies))) | \(Measure.format(Measure.percentile(latencies, 0.99))) | "
        + "\(Measure.megabytes(peak)) | " + String(format: "%.1f×", Double(peak) / Double(bytes.count)))
  }

  static func mebibytes(_ bytes: Int) -> Double { Double(bytes) / 1_048_576 }
}
