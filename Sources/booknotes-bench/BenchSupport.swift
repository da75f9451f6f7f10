import Foundation
import GoogleBooksStandIn
import JSONCore
import Locking
import SystemIO

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension FakeGoogleBooks {
  /// The script: `--fake PATH`, else this package's.
  static func script(_ path: String?) -> String { path ?? FakeGoogleBooks.script }

  /// Every later answer waits `delay` seconds first (0: none).
  func plan(delay: Double) throws { try plan(delay > 0 ? ["delay": .double(delay)] : [:]) }

  /// How many lookups it has received.
  func requestCount() -> Int { requests().count }
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
    let start = DispatchTime.now().uptimeNanoseconds
    let null = ProcessSpawn.Stream.file("/dev/null", flags: O_WRONLY)
    let child: pid_t
    switch ProcessSpawn.spawn(command, input: .file("/dev/null", flags: O_RDONLY), output: null, error: null) {
    case .success(let pid): child = pid
    case .failure(let problem): throw BenchError("cannot start \(command[0]): \(problem)")
    }
    let status = ProcessSpawn.wait(child)
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    return (seconds, status)
  }
}
