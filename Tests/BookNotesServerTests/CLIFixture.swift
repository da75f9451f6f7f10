import BookNotesTestSupport
import Foundation
import Testing

/// A library folder (with a `.booknotes.json`) written to a temporary directory for command-line tests, with
/// notes that are fine, notes with errors and warnings, nested and hidden folders,
/// `node_modules`, an empty note, a binary file, a file that is not UTF-8 and a
/// symbolic link that leaves the folder.
final class CLIFixture {
  /// The library folder.
  let root: URL
  /// A folder beside the library that the symbolic link points into.
  let outside: URL

  static let noteA = """
    ---
    title: Thinking
    ---
    # Thinking

    > Quote here. (p. 42)

    Ego ?[who](Vohs) wrote.

    Q: What\tis it?
    A: That.

    """

  init() throws {
    let base = FileManager.default.temporaryDirectory.appendingPathComponent("booknotes-cli-\(UUID().uuidString)")
    root = base.appendingPathComponent("library")
    outside = base.appendingPathComponent("outside")
    // A notes folder: prompts are expected in every note.
    try write(".booknotes.json", "{}")
    try write("a.md", Self.noteA)
    try write("empty.md", "")
    try write("notes.txt", "Q: Not a note by name\n")
    try write("sub/b.md", "Q: Orphan question?\n\nx ?[h](ans\n")
    try write("sub/deeper/uni.markdown", "é😀 ?[h](x\n")
    try write("warn/w.md", "Ego ?[who] (Vohs) wrote.\n")
    try write(".hidden/c.md", "Q: hidden\n")
    try write("node_modules/d.md", "Q: dependency\n")
    try write("sub/bad.md", Data([0x62, 0x61, 0x64, 0x20, 0xFF, 0xFE, 0x0A]))
    try write("bin.md", Data([0x61, 0x00, 0x62, 0x00]))
    try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
    try Data("Q: outside\n".utf8).write(to: outside.appendingPathComponent("o.md"))
    try FileManager.default.createSymbolicLink(
      at: root.appendingPathComponent("link"), withDestinationURL: outside)
  }

  deinit {
    try? FileManager.default.removeItem(at: root.deletingLastPathComponent())
  }

  func write(_ path: String, _ text: String) throws {
    try write(path, Data(text.utf8))
  }

  func write(_ path: String, _ data: Data) throws {
    let url = root.appendingPathComponent(path)
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try data.write(to: url)
  }
}

/// What a run of the `booknotes` binary gave.
struct CommandResult {
  var status: Int32
  var stdout: String
  var stderr: String

  /// stdout split into lines, without the final empty one.
  var lines: [String] {
    var lines = stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if lines.last == "" { lines.removeLast() }
    return lines
  }

  /// stdout parsed as JSON.
  func json() throws -> Any {
    try JSONSerialization.jsonObject(with: Data(stdout.utf8))
  }
}

/// Runs the built `booknotes` with `arguments` in `directory`, with a user cache folder
/// of its own (removed afterwards), so that no run reads or writes the user's index cache.
func runBooknotes(_ arguments: [String], in directory: URL, environment: [String: String] = [:]) throws
  -> CommandResult
{
  let binary = try #require(BinaryLocator.booknotes(), "the booknotes binary is built next to the tests")
  let process = Process()
  process.executableURL = URL(fileURLWithPath: binary)
  process.arguments = arguments
  process.currentDirectoryURL = directory
  let userCache = FileManager.default.temporaryDirectory.appendingPathComponent("cache-\(UUID().uuidString)")
  defer { try? FileManager.default.removeItem(at: userCache) }
  process.environment = ProcessInfo.processInfo.environment.merging(
    environment.merging(["XDG_CACHE_HOME": userCache.path]) { old, _ in old }
  ) { _, new in new }
  let stdoutFile = FileManager.default.temporaryDirectory.appendingPathComponent("out-\(UUID().uuidString)")
  let stderrFile = FileManager.default.temporaryDirectory.appendingPathComponent("err-\(UUID().uuidString)")
  _ = FileManager.default.createFile(atPath: stdoutFile.path, contents: nil)
  _ = FileManager.default.createFile(atPath: stderrFile.path, contents: nil)
  defer {
    try? FileManager.default.removeItem(at: stdoutFile)
    try? FileManager.default.removeItem(at: stderrFile)
  }
  let stdoutHandle = try FileHandle(forWritingTo: stdoutFile)
  let stderrHandle = try FileHandle(forWritingTo: stderrFile)
  process.standardOutput = stdoutHandle
  process.standardError = stderrHandle
  process.standardInput = FileHandle.nullDevice
  try process.run()
  process.waitUntilExit()
  try stdoutHandle.close()
  try stderrHandle.close()
  return CommandResult(
    status: process.terminationStatus,
    stdout: String(decoding: try Data(contentsOf: stdoutFile), as: UTF8.self),
    stderr: String(decoding: try Data(contentsOf: stderrFile), as: UTF8.self))
}
