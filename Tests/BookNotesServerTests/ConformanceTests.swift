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

  @Test func everyMessageMatchesTheProtocolTypes() throws {
    try Self.installIfNeeded()
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
