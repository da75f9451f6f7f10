/// The FNV-1a hashes of many suffixes of one text, each from a state of its own, in time
/// about linear in the text.
///
/// FNV-1a's step `h → (h ^ byte) · prime` changes the low byte of `h` according to the low
/// byte alone, and two states of equal low byte hash any text to values that differ by
/// their difference times `primeⁿ`, `n` the text's length. So one state run from a suffix's
/// start to the text's end gives the hash of every suffix starting on its way from a state
/// with the low byte it has there. The low byte's step is a permutation: such runs never
/// meet, and there are at most as many as suffixes, and at most 256.
///
/// Two states whose low bytes differ in the top bit alone go on differing there alone,
/// and over a byte below 0x80 their difference is only multiplied by the prime. So a
/// *lane* runs one state for the two low bytes of its low seven bits (at most 128 lanes),
/// and its other state's difference to it is followed apart (``Lanes``). Lanes run a word
/// at a time where words repeat (``WordMaps``).
enum SuffixHashes {
  /// The hash of `text[start...]` from `state`, for each of `suffixes`.
  static func hashes(of text: [UInt8], suffixes: [(start: Int, state: UInt64)]) -> [UInt64] {
    let order = suffixes.indices.sorted { suffixes[$0].start < suffixes[$1].start }
    // Each suffix's lane and state there (the lane's own or its other), and its state
    // less that one where the suffix starts.
    var laneOfSuffix = [Int](repeating: 0, count: suffixes.count)
    var isOther = [Bool](repeating: false, count: suffixes.count)
    var offsets = [UInt64](repeating: 0, count: suffixes.count)
    var laneByLowBits = [Int](repeating: -1, count: 128)
    var lanes = Lanes(from: order.first.map { suffixes[$0].start } ?? text.count)
    text.withUnsafeBufferPointer { text in
      var next = 0
      while next < order.count {
        let start = suffixes[order[next]].start
        lanes.advance(to: start, in: text)
        for index in 0..<128 { laneByLowBits[index] = -1 }
        for (lane, value) in lanes.values.enumerated() { laneByLowBits[Int(value & 0x7F)] = lane }
        while next < order.count, suffixes[order[next]].start == start {
          let suffix = order[next]
          let state = suffixes[suffix].state
          let low = Int(state & 0x7F)
          if laneByLowBits[low] < 0 { laneByLowBits[low] = lanes.add(state) }
          let lane = laneByLowBits[low]
          laneOfSuffix[suffix] = lane
          isOther[suffix] = (state ^ lanes.values[lane]) & 0x80 != 0
          offsets[suffix] = state &- (isOther[suffix] ? lanes.other(lane) : lanes.values[lane])
          next += 1
        }
      }
      lanes.advance(to: text.count, in: text)
    }
    return suffixes.indices.map { suffix in
      let lane = laneOfSuffix[suffix]
      let end = isOther[suffix] ? lanes.other(lane) : lanes.values[lane]
      return end &+ offsets[suffix] &* FNV1a.power(FNV1a.prime, text.count - suffixes[suffix].start)
    }
  }
}

/// States run together over a text: each lane one state, and the difference to it of the
/// state whose low byte differs from its own in the top bit alone, kept as it is at the
/// text's start (times `prime⁻ᵏ` where the lanes are at `k`): bytes below 0x80 leave it so.
struct Lanes {
  /// Each lane's state.
  private(set) var values: [UInt64] = []
  /// Each lane's other state less its own, times `prime⁻ᵏ`.
  private var others: [UInt64] = []
  /// Where the lanes are, `k`, with `primeᵏ` and `prime⁻ᵏ`.
  private var position: Int
  private var power: UInt64
  private var inverse: UInt64
  private var words = WordMaps()
  private var scratch: [UInt64] = []

  init(from position: Int) {
    self.position = position
    power = FNV1a.power(FNV1a.prime, position)
    inverse = FNV1a.power(FNV1a.inversePrime, position)
  }

  /// A lane starting at `state`; returns its number.
  mutating func add(_ state: UInt64) -> Int {
    values.append(state)
    others.append(((state ^ 0x80) &- state) &* inverse)
    return values.count - 1
  }

  /// The other state of `lane`.
  func other(_ lane: Int) -> UInt64 { values[lane] &+ others[lane] &* power }

  /// Runs every lane on to `end` of `text`, a word at a time.
  mutating func advance(to end: Int, in text: UnsafeBufferPointer<UInt8>) {
    guard !values.isEmpty else {
      position = end
      power = FNV1a.power(FNV1a.prime, position)
      inverse = FNV1a.power(FNV1a.inversePrime, position)
      return
    }
    while position < end {
      let limit = min(end, position + WordMaps.longestWord)
      var wordEnd = position
      var hash = FNV1a()
      var bits: UInt8 = 0
      while wordEnd < limit {
        let byte = text[wordEnd]
        hash.add(byte)
        bits |= byte
        wordEnd += 1
        if byte == 0x20 { break }
      }
      let word = position..<wordEnd
      let map = words.map(of: word, hash: hash.value, in: text, lanes: values.count)
      if bits & 0x80 == 0 {
        words.run(&values, over: word, of: text, map: map)
        power = power &* words.power(of: word, map: map)
        inverse = inverse &* words.inversePower(of: word, map: map)
      } else {
        // Past a byte from 0x80 the other states are run too.
        scratch.removeAll(keepingCapacity: true)
        for lane in values.indices { scratch.append(other(lane)) }
        words.run(&values, over: word, of: text, map: map)
        words.run(&scratch, over: word, of: text, map: map)
        power = power &* words.power(of: word, map: map)
        inverse = inverse &* words.inversePower(of: word, map: map)
        for lane in values.indices { others[lane] = (scratch[lane] &- values[lane]) &* inverse }
      }
      position = wordEnd
    }
  }
}

extension FNV1a {
  /// The prime's inverse modulo 2⁶⁴ (Newton's iteration: each step doubles the bits).
  static let inversePrime: UInt64 = {
    var inverse = prime
    for _ in 0..<6 { inverse = inverse &* (2 &- prime &* inverse) }
    return inverse
  }()

  /// `baseⁿ` modulo 2⁶⁴, by squaring.
  static func power(_ base: UInt64, _ exponent: Int) -> UInt64 {
    var result: UInt64 = 1
    var base = base
    var exponent = exponent
    while exponent > 0 {
      if exponent & 1 == 1 { result = result &* base }
      base = base &* base
      exponent >>= 1
    }
    return result
  }
}

/// The maps of a text's words that came back: a word's hash from each of the 256 low
/// bytes, which takes a lane across the word in one step, `(h − l) · primeⁿ + table[l]`
/// (`l` the low byte of `h`). A word is the bytes up to a space and the space, at most
/// ``longestWord`` bytes; its map is made the second time it comes, while enough lanes
/// run for a map to cost less than the bytes' steps.
struct WordMaps {
  static let longestWord = 32
  /// The most maps kept: 2 KB each.
  static let mostMaps = 2048
  /// The fewest lanes for which a word that came back is given a map.
  static let fewestLanes = 16

  /// The maps' tables, 256 entries each, and their words' `primeⁿ` and `prime⁻ⁿ`.
  private var tables: [UInt64] = []
  private var powers: [UInt64] = []
  private var inverses: [UInt64] = []
  /// By a word's hash: where it was first seen, and its map's number once it has one.
  private var seen: [UInt64: (start: Int, length: Int, map: Int?)] = [:]

  /// Runs each of `states` over `word` of `text`, by its `map` if it has one.
  func run(_ states: inout [UInt64], over word: Range<Int>, of text: UnsafeBufferPointer<UInt8>, map: Int?) {
    states.withUnsafeMutableBufferPointer { states in
      guard let map else {
        for offset in word {
          let byte = UInt64(text[offset])
          for index in states.indices { states[index] = (states[index] ^ byte) &* FNV1a.prime }
        }
        return
      }
      let power = powers[map]
      tables.withUnsafeBufferPointer { tables in
        let table = UnsafeBufferPointer(rebasing: tables[(map * 256)..<(map * 256 + 256)])
        for index in states.indices {
          let value = states[index]
          let low = value & 0xFF
          states[index] = (value &- low) &* power &+ table[Int(low)]
        }
      }
    }
  }

  /// `primeⁿ` and `prime⁻ⁿ` for `word`, `n` its length.
  func power(of word: Range<Int>, map: Int?) -> UInt64 {
    map.map { powers[$0] } ?? FNV1a.power(FNV1a.prime, word.count)
  }

  func inversePower(of word: Range<Int>, map: Int?) -> UInt64 {
    map.map { inverses[$0] } ?? FNV1a.power(FNV1a.inversePrime, word.count)
  }

  /// The map of `word`, made now if it came before; `nil` when it has none.
  mutating func map(of word: Range<Int>, hash: UInt64, in text: UnsafeBufferPointer<UInt8>, lanes: Int)
    -> Int?
  {
    guard let known = seen[hash] else {
      if seen.count < Self.mostMaps * 4 { seen[hash] = (word.lowerBound, word.count, nil) }
      return nil
    }
    // Another word of the same hash has none.
    guard known.length == word.count,
      word.allSatisfy({ text[known.start + $0 - word.lowerBound] == text[$0] })
    else { return nil }
    if let map = known.map { return map }
    guard lanes >= Self.fewestLanes, powers.count < Self.mostMaps else { return nil }
    let map = powers.count
    var power: UInt64 = 1
    tables.append(contentsOf: UInt64(0)..<256)
    tables.withUnsafeMutableBufferPointer { tables in
      let table = UnsafeMutableBufferPointer(rebasing: tables[(map * 256)...])
      for offset in word {
        let byte = UInt64(text[offset])
        for low in 0..<256 { table[low] = (table[low] ^ byte) &* FNV1a.prime }
        power = power &* FNV1a.prime
      }
    }
    powers.append(power)
    inverses.append(FNV1a.power(FNV1a.inversePrime, word.count))
    seen[hash] = (known.start, known.length, map)
    return map
  }
}
