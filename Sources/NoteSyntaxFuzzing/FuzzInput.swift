/// Reads a fuzzer's bytes as a script: numbers and runs of bytes, in order. Past the
/// end every read gives zeros (or nothing), so every input is a valid script.
struct FuzzInput {
  private let bytes: [UInt8]
  private var position: Int

  init(_ bytes: [UInt8], from position: Int = 0) {
    self.bytes = bytes
    self.position = min(position, bytes.count)
  }

  var isAtEnd: Bool { position >= bytes.count }

  mutating func byte() -> UInt8 {
    guard position < bytes.count else { return 0 }
    defer { position += 1 }
    return bytes[position]
  }

  /// Two bytes, least significant first.
  mutating func uint16() -> Int {
    let low = Int(byte())
    return low | Int(byte()) << 8
  }

  /// The next `count` bytes, fewer at the end.
  mutating func bytes(_ count: Int) -> ArraySlice<UInt8> {
    let end = min(bytes.count, position + count)
    defer { position = end }
    return bytes[position..<end]
  }
}
