import BookCatalog
import Foundation
import Testing

/// The transport's side of the `booknotes-fetch` protocol, with a stand-in helper: a
/// shell loop that answers each request line with status 200 at once.
@Suite struct FetchProcessTests {
  /// A helper that answers every request `{"id":N,…}` with `{"id":N,"status":200,…}`.
  static func answeringHelper() throws -> String {
    try script(
      """
      #!/bin/sh
      while IFS= read -r line; do
        id=${line#*\\"id\\":}
        printf '{"id":%s,"status":200,"body":"ok"}\\n' "${id%%,*}"
      done
      """)
  }

  /// A helper that answers a request whose URL holds `slow` after `seconds`, never one
  /// whose URL holds `hang`, and any other at once.
  static func slowAndHangingHelper(seconds: Int) throws -> String {
    try script(
      """
      #!/bin/sh
      while IFS= read -r line; do
        id=${line#*\\"id\\":}
        id=${id%%,*}
        case "$line" in
          *hang*) ;;
          *slow*) (sleep \(seconds); printf '{"id":%s,"status":200,"body":"ok"}\\n' "$id") 2>/dev/null & ;;
          *) printf '{"id":%s,"status":200,"body":"ok"}\\n' "$id" ;;
        esac
      done
      """)
  }

  static func script(_ text: String) throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("fetch-\(UUID().uuidString).sh").path
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
    return path
  }

  /// A request the helper never answers ends the helper after its time-out and the
  /// grace period. Another request in flight on that helper is sent again to a new one
  /// and gets its answer: it does not fail as if the helper were missing, which would
  /// pause the catalog's lookups.
  @Test func aHungRequestCostsTheOthersInFlightNothing() async throws {
    let helper = try Self.slowAndHangingHelper(seconds: 4)
    defer { try? FileManager.default.removeItem(atPath: helper) }
    let transport = FetchProcess(executable: helper)
    async let hung = Self.outcome(transport, "http://127.0.0.1:1/hang", timeout: .milliseconds(200))
    try await Task.sleep(for: .milliseconds(100))
    // In flight when the hung request ends the helper, about 2.2 s from now.
    async let slow = Self.outcome(transport, "http://127.0.0.1:1/slow", timeout: .seconds(20))
    let (hungOutcome, slowOutcome) = await (hung, slow)
    #expect(hungOutcome == .failure(.timedOut))
    #expect(slowOutcome == .success(200))
    #expect(await Self.outcome(transport, "http://127.0.0.1:1/now", timeout: .seconds(5)) == .success(200))
  }

  /// A helper that ends on every request: each request is tried on two helpers, then
  /// fails, and the transport goes on answering once a helper can.
  @Test func aHelperThatEndsOnEveryRequestFailsItAfterTwoTries() async throws {
    let starts = FileManager.default.temporaryDirectory.appendingPathComponent("starts-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: starts) }
    let helper = try Self.script(
      """
      #!/bin/sh
      echo started >> '\(starts)'
      IFS= read -r line
      exit 1
      """)
    defer { try? FileManager.default.removeItem(atPath: helper) }
    let transport = FetchProcess(executable: helper)
    let outcome = await Self.outcome(transport, "http://127.0.0.1:1/", timeout: .seconds(5))
    #expect(outcome == .failure(.helperUnavailable("booknotes-fetch stopped")))
    let started = try String(contentsOfFile: starts, encoding: .utf8).split(separator: "\n").count
    #expect(started == 2)
  }

  /// A request's status, or its error.
  static func outcome(_ transport: FetchProcess, _ url: String, timeout: Duration) async -> Result<Int, CatalogError> {
    do throws(CatalogError) {
      return .success(try await transport.get(url, headers: [:], timeout: timeout).status)
    } catch {
      return .failure(error)
    }
  }

  /// Each transport reads its helper's replies for as long as the helper runs. Many at
  /// once (a process with several servers, or several catalogs) each get their answer
  /// within the time-out: no reader waits for a worker that Dispatch adds only when it
  /// sees the others blocked (about one a second, none while the cores are busy), which
  /// would leave most of these without an answer after 7 seconds.
  @Test func manyTransportsAtOnceEachGetTheirAnswer() async throws {
    let helper = try Self.answeringHelper()
    defer { try? FileManager.default.removeItem(atPath: helper) }
    let count = ProcessInfo.processInfo.activeProcessorCount * 2 + 30
    let transports = (0..<count).map { _ in FetchProcess(executable: helper) }
    let statuses = await withTaskGroup(of: Int?.self) { group in
      for transport in transports {
        group.addTask { try? await transport.get("http://127.0.0.1:1/", headers: [:], timeout: .seconds(5)).status }
      }
      return await group.reduce(into: []) { $0.append($1) }
    }
    #expect(statuses == Array(repeating: 200, count: count))
  }
}
