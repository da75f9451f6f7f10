public import Foundation
public import Testing

/// Expected-output files ("goldens") that tests compare with what the code produces.
///
/// With `BOOKNOTES_RECORD=1` in the environment, `check` writes the actual output as the
/// new expectation instead of comparing (then review the diff). Every golden test of
/// the package reads the variable through here, so they all record under the same rule.
public enum GoldenFile {
  /// Whether goldens are being recorded: `BOOKNOTES_RECORD` is exactly `1`.
  public static var isRecording: Bool { ProcessInfo.processInfo.environment["BOOKNOTES_RECORD"] == "1" }

  /// Compares `actual` with the file at `url`, or writes it there when recording. A
  /// missing file fails the test (it says how to record it).
  public static func check(_ actual: String, against url: URL, sourceLocation: SourceLocation = #_sourceLocation)
    throws
  {
    if isRecording {
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try actual.write(to: url, atomically: true, encoding: .utf8)
      return
    }
    guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
      Issue.record(
        "Missing golden file \(url.lastPathComponent); run with BOOKNOTES_RECORD=1", sourceLocation: sourceLocation)
      return
    }
    #expect(actual == expected, "golden \(url.lastPathComponent) differs", sourceLocation: sourceLocation)
  }
}
