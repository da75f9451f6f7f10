import Foundation

/// An empty library folder in a temporary directory for `booknotes import`, and the
/// export files of `Tests/Imports/fixtures` (a Kindle's clippings, Goodreads' and
/// StoryGraph's CSV).
final class ImportFixture {
  static let files = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Imports/fixtures")
  static let clippings = files.appendingPathComponent("My Clippings.txt").path
  static let goodreads = files.appendingPathComponent("goodreads_library_export.csv").path
  static let storygraph = files.appendingPathComponent("storygraph_export.csv").path

  let base: URL
  /// The library.
  let root: URL

  init() throws {
    base = FileManager.default.temporaryDirectory.appendingPathComponent("booknotes-import-\(UUID().uuidString)")
    root = base.appendingPathComponent("library")
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
  }

  deinit {
    try? FileManager.default.removeItem(at: base)
  }

  /// Writes `bytes` beside the library (not in it) and returns its path.
  func exportFile(_ name: String, _ bytes: Data) throws -> String {
    let url = base.appendingPathComponent(name)
    try bytes.write(to: url)
    return url.path
  }

  func write(_ path: String, _ text: String) throws {
    let url = root.appendingPathComponent(path)
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: url)
  }

  func read(_ path: String) throws -> String {
    String(decoding: try Data(contentsOf: root.appendingPathComponent(path)), as: UTF8.self)
  }

  /// The notes of the library by file name, with their text.
  func notes() throws -> [String: String] {
    var notes: [String: String] = [:]
    for name in try FileManager.default.contentsOfDirectory(atPath: root.path) where name.hasSuffix(".md") {
      notes[name] = try read(name)
    }
    return notes
  }

  /// Runs `booknotes import ARGUMENTS` in the library.
  func run(_ arguments: [String]) throws -> CommandResult {
    try runBooknotes(["import"] + arguments, in: root)
  }

  /// The clippings file cut after its first `entries` entries, as an older Kindle had it.
  static func clippings(firstEntries entries: Int) throws -> Data {
    let bytes = try Data(contentsOf: URL(fileURLWithPath: clippings))
    let separator = Data("==========\r\n".utf8)
    var end = bytes.startIndex
    for _ in 0..<entries {
      guard let found = bytes.range(of: separator, in: end..<bytes.endIndex) else { break }
      end = found.upperBound
    }
    return bytes[..<end]
  }
}
