import BookNotesTestSupport
import Foundation
import Testing

/// Runs the pytest-lsp conformance suite (Tests/conformance) against the built binary.
/// Its virtualenv is created on first use (`Tests/conformance/run.sh --install-only`,
/// which installs pytest-lsp and lsprotocol from PyPI).
@Suite struct ConformanceTests {
  static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("conformance")
  static let python = directory.appendingPathComponent(".venv/bin/python").path

  /// Creates the virtualenv when it is missing.
  static func installIfNeeded() throws {
    guard !FileManager.default.isExecutableFile(atPath: python) else { return }
    let install = Process()
    install.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    install.arguments = ["bash", directory.appendingPathComponent("run.sh").path, "--install-only"]
    try install.run()
    install.waitUntilExit()
    #expect(install.terminationStatus == 0, "could not install the conformance tools (python3 -m venv, pip from PyPI)")
  }

  @Test func everyMessageMatchesTheProtocolTypes() async throws {
    try Self.installIfNeeded()
    let binary = try #require(BinaryLocator.booknotes(), "booknotes binary not found")
    let pytest = try await ChildProcess.run(
      Self.python, ["-m", "pytest", "-q"], environment: ["BOOKNOTES_BINARY": binary], directory: Self.directory)
    #expect(pytest.status == 0, "pytest failed:\n\(pytest.text)")
  }
}
