import Foundation

/// Finds or makes the benchmark notes with the shared deterministic generator.
enum Corpus {
  static let sizes: [(name: String, bytes: Int)] = [
    ("10 KB", 10 * 1024), ("100 KB", 100 * 1024), ("1 MB", 1024 * 1024), ("10 MB", 10 * 1024 * 1024),
  ]

  /// The generator script: `BOOKNOTES_CORPUS_GENERATOR`, else `../shared/corpus/gen_corpus.py`.
  static var generator: String {
    ProcessInfo.processInfo.environment["BOOKNOTES_CORPUS_GENERATOR"]
      ?? FileManager.default.currentDirectoryPath + "/../shared/corpus/gen_corpus.py"
  }

  static let directory = FileManager.default.currentDirectoryPath + "/bench-data"

  /// The path of a single note of `bytes` bytes (seed 1), generated on first use.
  static func note(bytes: Int) throws -> String {
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    let path = "\(directory)/note-\(bytes).md"
    if !FileManager.default.fileExists(atPath: path) {
      try generate(["--single", String(bytes), "--out", path, "--seed", "1"])
    }
    return path
  }

  /// Runs the generator with `arguments`.
  static func generate(_ arguments: [String]) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", generator] + arguments
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw BenchError("corpus generator failed (\(generator)); set BOOKNOTES_CORPUS_GENERATOR")
    }
  }
}

extension Corpus {
  /// The folder of a generated library of `count` notes (seed 1), generated on first use.
  static func library(notes count: Int) throws -> String {
    let path = "\(directory)/library-\(count)"
    if !FileManager.default.fileExists(atPath: path + "/.complete") {
      try? FileManager.default.removeItem(atPath: path)
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
      try generate(["--workspace", String(count), "--out", path, "--seed", "1"])
      _ = FileManager.default.createFile(atPath: path + "/.complete", contents: nil)
    }
    return path
  }
}

extension Corpus {
  /// Drops every file under `folder` from the page cache (written to storage first), so
  /// that the next start reads them from storage, as after the machine starts; no
  /// privileges needed. How many files were dropped (none where the platform cannot).
  @discardableResult
  static func evict(_ folder: String) -> Int {
    #if os(Linux)
      var count = 0
      let files = FileManager.default.enumerator(atPath: folder)
      while let name = files?.nextObject() as? String {
        let descriptor = open(folder + "/" + name, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { continue }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
        fdatasync(descriptor)
        if posix_fadvise(descriptor, 0, 0, POSIX_FADV_DONTNEED) == 0 { count += 1 }
      }
      return count
    #else
      return 0
    #endif
  }
}

struct BenchError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
