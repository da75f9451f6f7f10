import Foundation
import NoteSyntax

/// `booknotes-bench parse`: full-parse throughput, one-character edit latency and peak
/// memory per note size, each size in a fresh process, plus cmark on the same files.
enum ParseBenchmark {
  static func run(arguments: [String]) throws {
    if arguments.first == "--one", arguments.count > 1 {
      try measureOne(path: arguments[1])
      return
    }
    print("parse benchmark (corpus seed 1)")
    print("size     | parse MB/s | cmark MB/s | edit median | edit p99 | peak RSS | RSS/size")
    for (name, bytes) in Corpus.sizes {
      let path = try Corpus.note(bytes: bytes)
      let line = try runChild(["parse", "--one", path])
      let cmark = cmarkThroughput(path: path, bytes: bytes)
      print(
        String(
          format: "%-8@ | %@ | %10@ | %@", name, line.components(separatedBy: " | ")[0], cmark,
          line.components(separatedBy: " | ").dropFirst().joined(separator: " | ")))
    }
    try PathologicalBenchmark.run()
    try FenceBenchmark.run()
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
    let throughput = Double(bytes.count) / 1_048_576 / Measure.median(times)
    var random = BenchRandom(state: 1)
    var latencies: [Double] = []
    for _ in 0..<300 {
      let at = document.scalarBoundary(atOrBefore: random.next(document.utf8Count))
      latencies.append(Measure.seconds { document.replace(at..<at, with: "x") })
      latencies.append(Measure.seconds { document.replace(at..<(at + 1), with: "") })
    }
    print(
      String(format: "%10.1f", throughput) + " | "
        + "\(Measure.format(Measure.median(latencies))) | \(Measure.format(Measure.percentile(latencies, 0.99))) | "
        + "\(Measure.megabytes(peak)) | " + String(format: "%.1f×", Double(peak) / Double(bytes.count)))
  }

  /// cmark's throughput on the same file (median of 5 runs, process start included).
  static func cmarkThroughput(path: String, bytes: Int) -> String {
    guard FileManager.default.fileExists(atPath: "/usr/bin/cmark") else { return "n/a" }
    var times: [Double] = []
    for _ in 0..<5 {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/cmark")
      process.arguments = [path]
      process.standardOutput = FileHandle.nullDevice
      times.append(
        Measure.seconds {
          try? process.run()
          process.waitUntilExit()
        })
    }
    return String(format: "%.1f", Double(bytes) / 1_048_576 / Measure.median(times))
  }
}
