#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Whole-file writes that a reader never sees half done.
public enum AtomicFile {
  /// Writes `bytes` to a temporary file beside `path`, then renames it into place,
  /// creating the folders on the way. Returns the system's reason on failure.
  public static func write(_ bytes: [UInt8], to path: String) -> String? {
    write(parts: [bytes], to: path)
  }

  /// ``write(_:to:)`` for a file made of `parts`, written one after another (a large
  /// file need not be joined into one array first).
  public static func write(parts: [[UInt8]], to path: String) -> String? {
    let folder = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
    makeFolders(folder)
    removeAbandonedTemporaries(of: path)
    let temporary = path + ".\(getpid()).tmp"
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { return String(cString: strerror(errno)) }
    let written = parts.allSatisfy { writeAll(descriptor, $0) }
    let failure = String(cString: strerror(errno))
    close(descriptor)
    guard written, rename(temporary, path) == 0 else {
      let reason = written ? String(cString: strerror(errno)) : failure
      unlink(temporary)
      return reason
    }
    return nil
  }

  /// Removes the temporary files of `path` (`path.PID.tmp`) whose process no longer
  /// runs: a process that ended while writing (a server that exited before its index
  /// cache was written) would otherwise leave one behind each time, as large as the
  /// file. Those of running processes are theirs to finish.
  static func removeAbandonedTemporaries(of path: String) {
    let slash = path.lastIndex(of: "/") ?? path.startIndex
    let folder = slash == path.startIndex ? "/" : String(path[..<slash])
    let prefix = String(path[path.index(after: slash)...]) + "."
    guard let directory = opendir(folder) else { return }
    defer { closedir(directory) }
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      guard name.hasPrefix(prefix), name.hasSuffix(".tmp") else { continue }
      let middle = name.dropFirst(prefix.count).dropLast(4)
      guard let pid = Int32(middle), pid > 0, pid != getpid() else { continue }
      if kill(pid, 0) == -1 && errno == ESRCH { unlink(folder + "/" + name) }
    }
  }

  /// Creates `folder` and its parents, as far as they are missing.
  public static func makeFolders(_ folder: String) {
    var current = ""
    for component in folder.split(separator: "/") {
      current += "/" + component
      mkdir(current, 0o755)
    }
  }
}
