import SystemIO

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes command output: results to stdout, problems to stderr.
enum Output {
  static func standard(_ text: String) {
    emit(text, to: 1)
  }

  static func error(_ text: String) {
    emit(text.hasSuffix("\n") ? text : text + "\n", to: 2)
  }

  private static func emit(_ text: String, to descriptor: Int32) {
    _ = writeAll(descriptor, Array(text.utf8))
  }

  /// The whole content of the file at `path`, or what went wrong.
  static func readFile(_ path: String) -> Result<[UInt8], ReadError> {
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else { return .failure(ReadError(path: path, code: errno)) }
    defer { close(descriptor) }
    var result: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      if count < 0 { return .failure(ReadError(path: path, code: errno)) }
      if count == 0 { return .success(result) }
      result += buffer[0..<count]
    }
  }

  struct ReadError: Error, CustomStringConvertible {
    let path: String
    let code: Int32
    var description: String { "\(path): \(String(cString: strerror(code)))" }
  }
}
