public import Foundation
public import JSONCore

/// `Tests/GoogleBooks/fake_google_books.py` running on 127.0.0.1: Google Books' API
/// answered from the fixture bodies, as a plan file says, every request recorded. It
/// exits when its standard input closes, so it never outlives the tests or the
/// benchmark that started it.
public final class FakeGoogleBooks: Sendable {
  public let port: Int
  /// Where the plan and the records live.
  public let folder: URL
  private let process: Process
  private let lifeline = Pipe()

  /// The `books.endpoint` that reaches it.
  public var endpoint: String { "http://127.0.0.1:\(port)/books/v1" }

  /// The script in this package.
  public static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Tests/GoogleBooks/fake_google_books.py").path

  /// Starts the server (`script`, this package's by default); answers fixture 01 until
  /// told otherwise.
  public init(script: String = FakeGoogleBooks.script) throws {
    guard FileManager.default.fileExists(atPath: script) else {
      throw FakeServerError(message: "no fake Google Books server at \(script)")
    }
    folder = FileManager.default.temporaryDirectory.appendingPathComponent("fake-books-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", script, folder.path]
    let output = Pipe()
    process.standardOutput = output
    // The server exits when this pipe closes, with this process at the latest.
    process.standardInput = lifeline
    process.standardError = FileHandle.nullDevice
    try process.run()
    var line: [UInt8] = []
    while let byte = try output.fileHandleForReading.read(upToCount: 1)?.first, byte != UInt8(ascii: "\n") {
      line.append(byte)
    }
    guard let port = Int(String(decoding: line, as: UTF8.self).split(separator: " ").last ?? "") else {
      process.terminate()
      throw FakeServerError(
        message: "the fake Google Books server did not start: \(String(decoding: line, as: UTF8.self))")
    }
    self.port = port
  }

  deinit {
    // Foundation reaps it; waiting here would spin a run loop inside a deinit.
    process.terminate()
    try? lifeline.fileHandleForWriting.close()
    try? FileManager.default.removeItem(at: folder)
  }

  /// Ends the server, waiting for it, and removes its folder.
  public func stop() {
    try? lifeline.fileHandleForWriting.close()
    if process.isRunning { process.terminate() }
    process.waitUntilExit()
    try? FileManager.default.removeItem(at: folder)
  }

  /// How the next requests are answered: `status`, `fixture` (a file of
  /// `Tests/GoogleBooks/fixtures`) or `body`, `delay` (seconds), `gzip`, `hang`, `hold`
  /// (until ``release()``), `reset`.
  public func plan(_ plan: JSONValue) throws {
    try Data(plan.description.utf8).write(to: folder.appendingPathComponent("plan.json"))
  }

  /// Lets the requests held by a `hold` plan, and every later one, be answered.
  public func release() throws {
    try Data().write(to: folder.appendingPathComponent("release"))
  }

  /// The requests received so far: `path`, `query` (parameters), `headers` (lowercased names).
  public func requests() -> [JSONValue] { records("requests.jsonl") }

  /// How many requests were answered (or reset) so far.
  public func answered() -> Int { records("answered.jsonl").count }

  private func records(_ name: String) -> [JSONValue] {
    guard let data = try? Data(contentsOf: folder.appendingPathComponent(name)) else { return [] }
    return data.split(separator: UInt8(ascii: "\n")).compactMap { try? JSONParser.parse(Array($0)) }
  }
}

public struct FakeServerError: Error, CustomStringConvertible {
  public let message: String
  public var description: String { message }
}
