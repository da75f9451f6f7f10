#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads up to `capacity` bytes; an empty array at end of input or on error.
func readSome(_ descriptor: Int32, capacity: Int = 64 * 1024) -> [UInt8] {
  var buffer = [UInt8](repeating: 0, count: capacity)
  while true {
    let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, capacity) }
    if count < 0 && errno == EINTR { continue }
    guard count > 0 else { return [] }
    buffer.removeSubrange(count...)
    return buffer
  }
}

/// Keeps a write to a closed pipe from killing the process; the write fails instead.
func ignoreBrokenPipeSignal() {
  signal(SIGPIPE, SIG_IGN)
}
