#if canImport(Glibc)
  public import Glibc
#elseif canImport(Darwin)
  public import Darwin
#endif

/// Paths and whole-file reads, for every layer that touches the disk.
public enum Files {
  /// `name` inside the folder `path`.
  public static func join(_ path: String, _ name: String) -> String {
    path.hasSuffix("/") ? path + name : path + "/" + name
  }

  /// The whole content of the file at `path`; `nil` with `errno` set on failure.
  public static func readBytes(_ path: String) -> [UInt8]? {
    var info = stat()
    return readBytes(path, maxSize: .max, info: &info)
  }

  /// The bytes of the file at `path`, its status in `info`; `nil` with `errno` set when
  /// it cannot be read, and with `EFBIG` when it is larger than `maxSize`.
  public static func readBytes(_ path: String, maxSize: Int, info: inout stat) -> [UInt8]? {
    // Not blocking on open: a FIFO named like a note would wait for a writer forever.
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    guard fstat(descriptor, &info) == 0 else { return nil }
    // A FIFO, a device (`/dev/zero` never ends) or a folder is not a file to read whole.
    guard info.st_mode & S_IFMT == S_IFREG else {
      errno = info.st_mode & S_IFMT == S_IFDIR ? EISDIR : EINVAL
      return nil
    }
    guard info.st_size <= maxSize else {
      errno = EFBIG
      return nil
    }
    // Reads of a regular file do not wait for anything: `O_NONBLOCK` can stay. The
    // file is read straight into the result, sized one byte past its length so that a
    // file that did not grow since `fstat` is read whole before the read that sees
    // its end.
    var failure: Int32 = 0
    var ended = false
    var result = [UInt8](unsafeUninitializedCapacity: Int(info.st_size) + 1) { buffer, count in
      while count < buffer.count {
        let read = readDescriptor(
          descriptor, UnsafeMutableRawBufferPointer(UnsafeMutableBufferPointer(rebasing: buffer[count...])))
        if read < 0 && errno == EINTR { continue }
        if read < 0 {
          failure = errno
          return
        }
        if read == 0 {
          ended = true
          return
        }
        count += read
      }
    }
    if failure != 0 {
      errno = failure
      return nil
    }
    if ended { return result }
    // The file grew since `fstat`: the rest in chunks.
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = chunk.withUnsafeMutableBytes { readDescriptor(descriptor, $0) }
      if count < 0 && errno == EINTR { continue }
      if count < 0 { return nil }
      if count == 0 { return result }
      result += chunk[0..<count]
    }
  }
}

/// `read(2)` into `buffer`, outside ``Files`` (a caller's `read` would shadow it).
private func readDescriptor(_ descriptor: Int32, _ buffer: UnsafeMutableRawBufferPointer) -> Int {
  read(descriptor, buffer.baseAddress, buffer.count)
}
