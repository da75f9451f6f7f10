import Foundation

/// Finds the built `booknotes` executable for end-to-end tests.
public enum BinaryLocator {
  /// `BOOKNOTES_BINARY` when set, else `booknotes` in the build directory that holds the
  /// running test bundle (where `swift test` builds every product), or `nil`.
  public static func booknotes() -> String? {
    let environment = ProcessInfo.processInfo.environment
    if let path = environment["BOOKNOTES_BINARY"], !path.isEmpty { return path }
    var directories: [URL] = []
    if let executable = Bundle.main.executableURL { directories.append(executable.deletingLastPathComponent()) }
    let current = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    directories.append(current.deletingLastPathComponent())
    for bundle in Bundle.allBundles where bundle.bundleURL.pathExtension == "xctest" {
      directories.append(bundle.bundleURL.deletingLastPathComponent())
    }
    for directory in directories {
      let candidate = directory.appendingPathComponent("booknotes").path
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
  }
}
