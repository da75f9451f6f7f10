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

  /// Writes all of `bytes` to `descriptor`, retrying short writes.
  public static func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBytes { buffer in
      var done = 0
      while done < buffer.count {
        let count = systemWrite(descriptor, buffer.baseAddress! + done, buffer.count - done)
        if count < 0 && errno == EINTR { continue }
        if count <= 0 { return false }
        done += count
      }
      return true
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

private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
  write(descriptor, buffer, count)
}
