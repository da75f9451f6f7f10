import BookNotesTestSupport
import Foundation
import Testing

/// The real `booknotes lsp` under a seeded random client (``SoakClient``): thousands of
/// edits, every request, cancellations and files changing on disk, the server's view
/// of each open note compared with a fresh server's after every batch.
///
/// `BOOKNOTES_SOAK_EDITS` (default 1,000), `BOOKNOTES_SOAK_SEED` and
/// `BOOKNOTES_SOAK_ENCODING` set the run; `Tests/soak/run.sh` runs a long one against
/// the release build.
@Suite struct SoakTests {
  @Test func aLongRandomSessionKeepsTheServerInStepWithTheClient() async throws {
    let binary = try #require(BinaryLocator.booknotes(), "booknotes binary not found; build it or set BOOKNOTES_BINARY")
    let environment = ProcessInfo.processInfo.environment
    var options = SoakClient.Options()
    options.edits = environment["BOOKNOTES_SOAK_EDITS"].flatMap { Int($0) } ?? 1000
    options.seed = environment["BOOKNOTES_SOAK_SEED"].flatMap { UInt64($0) } ?? 20_261_201
    if let encoding = environment["BOOKNOTES_SOAK_ENCODING"].flatMap(SoakText.Encoding.init(rawValue:)) {
      options.encoding = encoding
    }
    let soak = try SoakClient(options: options, binary: binary)
    let report = try await soak.run()
    print("Soak (seed \(options.seed), \(options.encoding.rawValue)): \(report)")
    for failure in report.failures { Issue.record("\(failure)") }
    #expect(report.edits >= options.edits)
    #expect(report.checks > 0 && report.requests > 0)
  }
}
