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
