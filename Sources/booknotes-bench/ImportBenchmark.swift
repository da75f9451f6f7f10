import Foundation
import SystemIO

/// `booknotes-bench import [--highlights N] [BOOKNOTES_BINARY]`: the real `booknotes
/// import kindle` on a generated clippings file of N highlights (10,000 by default),
/// fifty to a book, in the Kindle's CR LF with a byte-order mark: into an empty folder
/// (every note new), the same file again (nothing to add), and a newer file with a
/// tenth more highlights (every note merged). Each timed five times on a fresh copy;
/// the median and the range are printed, never asserted. Index caches go to a folder
/// of the run (`cacheDirectory`), never the user's.
enum ImportBenchmark {
  static func run(arguments: [String]) throws {
    var highlights = 10_000
    var binary: String?
    var rest = arguments[...]
    while let argument = rest.popFirst() {
      if argument == "--highlights", let value = rest.popFirst().flatMap(Int.init), value >= 50 {
        highlights = value
      } else {
        binary = argument
      }
    }
    let booknotes =
      binary ?? ProcessInfo.processInfo.environment["BOOKNOTES_BINARY"]
      ?? URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("booknotes")
      .path
    let folder = NSTemporaryDirectory() + "booknotes-bench-import-\(getpid())"
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let books = highlights / 50
    let older = Files.join(folder, "older.txt")
    let newer = Files.join(folder, "newer.txt")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try Data(clippings(books: books, perBook: 50).utf8).write(to: URL(fileURLWithPath: older))
    try Data((clippings(books: books, perBook: 50) + clippings(books: books, perBook: 5, from: 50)).utf8)
      .write(to: URL(fileURLWithPath: newer))
    let empty = Files.join(folder, "empty")
    let imported = Files.join(folder, "imported")
    // The index cache each import writes goes beside the libraries, not to the user's.
    let settings = Data("{\"cacheDirectory\": \"\(Files.join(folder, "cache"))\"}".utf8)
    for library in [empty, imported] {
      try FileManager.default.createDirectory(atPath: library, withIntermediateDirectories: true)
      try settings.write(to: URL(fileURLWithPath: Files.join(library, ".booknotes.json")))
    }
    _ = try Run.command([booknotes, "import", "kindle", older, "--root", imported])
    print("booknotes import kindle: \(highlights) highlights, \(books) books (\(fileSize(older)) bytes)")
    for (name, file, base) in [
      ("into an empty folder", older, empty), ("the same file again", older, imported),
      ("a newer file (+10%)", newer, imported),
    ] {
      var times: [Double] = []
      for round in 0..<5 {
        let library = Files.join(folder, "run-\(round)")
        try? FileManager.default.removeItem(atPath: library)
        try FileManager.default.copyItem(atPath: base, toPath: library)
        let (seconds, status) = try Run.command([booknotes, "import", "kindle", file, "--root", library])
        guard status == 0 else { throw BenchError("booknotes import exited with \(status)") }
        times.append(seconds)
        try? FileManager.default.removeItem(atPath: library)
      }
      let sorted = times.sorted()
      print(
        "  \(name): median \(Measure.format(Measure.median(times))) "
          + "(\(Measure.format(sorted[0]))–\(Measure.format(sorted[sorted.count - 1])))")
    }
  }

  /// `perBook` highlights of each of `books` books, from highlight `first` on.
  static func clippings(books: Int, perBook: Int, from first: Int = 0) -> String {
    let words = ["alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta", "iota", "kappa"]
    var text = "\u{FEFF}"
    for book in 0..<books {
      for index in first..<(first + perBook) {
        let location = 100 + index * 10
        let sentence = (0..<25).map { words[($0 * 7 + index * 3 + book) % words.count] }.joined(separator: " ")
        text += "Book \(book) of the Benchmark (Writer, Some\(book))\r\n"
        text += "- Your Highlight on page \(index + 1) | Location \(location)-\(location + 3) | Added on Monday, "
        text += "4 January 2021 21:14:05\r\n\r\n\(sentence) \(book)-\(index).\r\n==========\r\n"
      }
    }
    return text
  }

  static func fileSize(_ path: String) -> Int {
    ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? 0
  }
}
