import BookCatalog
import Foundation
import Testing

/// The transport's side of the `booknotes-fetch` protocol, with a stand-in helper: a
/// shell loop that answers each request line with status 200 at once.
@Suite struct FetchProcessTests {
  /// A helper that answers every request `{"id":N,…}` with `{"id":N,"status":200,…}`.
  static func answeringHelper() throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("fetch-\(UUID().uuidString).sh").path
    let script = """
      #!/bin/sh
      while IFS= read -r line; do
        id=${line#*\\"id\\":}
        printf '{"id":%s,"status":200,"body":"ok"}\\n' "${id%%,*}"
      done
      """
    try script.write(toFile: path, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
    return path
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
