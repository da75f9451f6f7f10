import BookNotesTestSupport
import Foundation
import Testing

/// Runs the pytest-lsp conformance suite (Tests/conformance) against the built binary
/// when its virtualenv exists (`Tests/conformance/run.sh --install-only` creates it).
@Suite struct ConformanceTests {
  static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("conformance")
  static let python = directory.appendingPathComponent(".venv/bin/python").path

  @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: python), "no Tests/conformance/.venv"))
  func everyMessageMatchesTheProtocolTypes() throws {
    let binary = try #require(BinaryLocator.booknotes(), "booknotes binary not found")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: Self.python)
    process.arguments = ["-m", "pytest", "-q"]
    process.currentDirectoryURL = Self.directory
    var environment = ProcessInfo.processInfo.environment
    environment["BOOKNOTES_BINARY"] = binary
    process.environment = environment
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "pytest failed:\n\(text)")
  }
}
