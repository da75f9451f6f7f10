import Foundation
import JSONCore
import Locking

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `Tests/GoogleBooks/fake_google_books.py` on 127.0.0.1, answering every lookup with a
/// fixture body at once (or after a planned delay). It exits when its standard input
/// closes, so it never outlives the benchmark.
final class FakeBooksServer {
  let port: Int
  /// Its plan and records.
  let folder: String
  private let process: Process
  private let lifeline = Pipe()

  /// The `books.endpoint` that reaches it.
  var endpoint: String { "http://127.0.0.1:\(port)/books/v1" }

  /// The script: `--fake PATH` else `Tests/GoogleBooks/fake_google_books.py` under the
  /// current folder (the package's root).
  static func script(_ path: String?) -> String {
    path ?? FileManager.default.currentDirectoryPath + "/Tests/GoogleBooks/fake_google_books.py"
  }

  init(script: String) throws {
    guard FileManager.default.fileExists(atPath: script) else {
      throw BenchError("no fake Google Books server at \(script) (run from the package root or pass --fake PATH)")
    }
    folder = NSTemporaryDirectory() + "booknotes-bench-fake-\(getpid())"
    try? FileManager.default.removeItem(atPath: folder)
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", script, folder]
    let output = Pipe()
    process.standardOutput = output
    process.standardInput = lifeline
    process.standardError = FileHandle.nullDevice
    try process.run()
    var line: [UInt8] = []
    while let byte = try output.fileHandleForReading.read(upToCount: 1)?.first, byte != UInt8(ascii: "\n") {
      line.append(byte)
    }
    guard let port = Int(String(decoding: line, as: UTF8.self).split(separator: " ").last ?? "") else {
      process.terminate()
      throw BenchError("the fake Google Books server did not start: \(String(decoding: line, as: UTF8.self))")
    }
    self.port = port
  }

  /// Ends the server and removes its folder.
  func stop() {
    try? lifeline.fileHandleForWriting.close()
    if process.isRunning { process.terminate() }
    process.waitUntilExit()
    try? FileManager.default.removeItem(atPath: folder)
  }

  /// Every later answer waits `delay` seconds first (0: none).
  func plan(delay: Double) throws {
    let plan: JSONValue = delay > 0 ? ["delay": .double(delay)] : [:]
    try Data(plan.description.utf8).write(to: URL(fileURLWithPath: folder + "/plan.json"))
  }

  /// How many lookups it has received.
  func requestCount() -> Int {
    guard let data = FileManager.default.contents(atPath: folder + "/requests.jsonl") else { return 0 }
    return data.reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
  }
}

/// Distinct titles, so that a lookup meant to be cold is never answered from a cache:
/// `Java a`, `Java b`, … `Java ba`, …
struct DistinctTitles {
  private var next = 0

  mutating func take() -> String {
    var number = next
    next += 1
    var suffix = ""
    repeat {
      suffix = String(UnicodeScalar(UInt8(ascii: "a") + UInt8(number % 26))) + suffix
      number = number / 26 - 1
    } while number >= 0
    return "Java " + suffix
  }
}

/// Helpers for timing whole commands and async code from the benchmark's blocking code.
enum Run {
  /// `body`'s result, waiting on this thread while it runs on the global executor.
  static func blocking<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) throws -> T {
    let outcome = Lock<Result<T, any Error>?>(nil)
    let done = DispatchSemaphore(value: 0)
    Task.detached {
      do {
        let value = try await body()
        outcome.withLock { $0 = .success(value) }
      } catch {
        outcome.withLock { $0 = .failure(error) }
      }
      done.signal()
    }
    done.wait()
    return try outcome.withLock { $0! }.get()
  }

  /// Seconds from just before `posix_spawn` of `command` (its output discarded) until
  /// it has exited, and its exit status.
  static func command(_ command: [String]) throws -> (seconds: Double, status: Int32) {
    #if os(Linux)
      var actions = posix_spawn_file_actions_t()
    #else
      var actions: posix_spawn_file_actions_t?
    #endif
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let arguments = command.map { strdup($0) } + [nil]
    defer { for argument in arguments { free(argument) } }
    #if canImport(Darwin)
      let environment = _NSGetEnviron().pointee
    #else
      let environment = environ
    #endif
    var child: pid_t = 0
    let start = DispatchTime.now().uptimeNanoseconds
    let spawned = posix_spawn(&child, command[0], &actions, nil, arguments, environment)
    guard spawned == 0 else { throw BenchError("cannot start \(command[0]): \(String(cString: strerror(spawned)))") }
    var status: Int32 = 0
    while waitpid(child, &status, 0) < 0 && errno == EINTR {}
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    // WEXITSTATUS, which Swift does not import.
    return (seconds, (status >> 8) & 0xff)
  }
}
