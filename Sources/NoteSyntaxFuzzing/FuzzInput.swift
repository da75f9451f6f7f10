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

/// A small deterministic generator (SplitMix64), seeded from the input, for choices
/// the input does not spell out (where to cut a stream into reads).
struct FuzzRandom {
  private var state: UInt64

  init(seed: some Sequence<UInt8>) {
    // FNV-1a over the input.
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in seed { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    state = hash
  }

  mutating func next() -> UInt64 {
    state &+= 0x9e37_79b9_7f4a_7c15
    var z = state
    z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
    z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
    return z ^ (z >> 31)
  }

  /// A number in `0..<bound` (`bound` > 0).
  mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
}
