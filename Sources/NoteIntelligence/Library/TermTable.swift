/// A note's distinct words (folded) with how often each occurs, sorted by their bytes:
/// the note's part of the full-text posting list. Exact and prefix lookups are binary
/// searches; the whole table is three flat arrays.
public struct TermTable: Sendable, Equatable {
  /// The sorted distinct words, back to back.
  package var bytes: [UInt8] = []
  /// Where each word ends in `bytes`.
  package var ends: [UInt32] = []
  /// How often each word occurs (saturating).
  package var counts: [UInt16] = []
  /// A Bloom filter of the note's pairs of adjacent words (``WordPairs``), so that a
  /// phrase search skips notes where its words never follow each other; empty when not
  /// known (every pair may be there).
  package var pairs: [UInt64] = []

  public init() {}

  /// The number of distinct words.
  public var count: Int { ends.count }

  /// The table of the words `collect` reports (folded, as ``TextFolding/words(in:_:)`` gives them).
  init(collect: (_ add: (_ word: [UInt8]) -> Void) -> Void) {
    var builder = TermTableBuilder()
    collect { word in word.withUnsafeBufferPointer { _ = builder.add($0) } }
    self = builder.table()
  }

  /// The table of the words of `text` outside the byte ranges `skipping` (sorted, not
  /// overlapping).
  init(text: UnsafeBufferPointer<UInt8>, skipping: [Range<Int>]) {
    var builder = TermTableBuilder()
    var pairs: [UInt64] = []
    var previous: UInt64?
    var start = 0
    for range in skipping + [text.count..<text.count] {
      if range.lowerBound > start {
        TextFolding.forEachWord(in: UnsafeBufferPointer(rebasing: text[start..<range.lowerBound])) { word, _ in
          _ = builder.add(word)
          // Adjacent as search sees them: code is skipped, so the words around a code
          // block follow each other.
          let hash = WordPairs.hash(word)
          if let previous { pairs.append(WordPairs.pair(previous, hash)) }
          previous = hash
        }
      }
      start = max(start, range.upperBound)
    }
    self = builder.table()
    self.pairs = WordPairs.filter(pairs, distinctWords: count)
  }

  /// Whether every pair of `pairs` (``WordPairs/pair(_:_:)``) may follow each other in
  /// the note: `false` only when one surely does not.
  func mayHold(pairs wanted: [UInt64]) -> Bool {
    guard !pairs.isEmpty else { return true }
    return wanted.allSatisfy { WordPairs.contains(pairs, $0) }
  }

  /// The word at `index`.
  public func word(at index: Int) -> ArraySlice<UInt8> {
    bytes[(index == 0 ? 0 : Int(ends[index - 1]))..<Int(ends[index])]
  }

  /// How often `word` occurs.
  public func count(of word: [UInt8]) -> Int { count(of: word, prefix: false) }

  /// How often words starting with `prefix` occur, all together.
  public func count(withPrefix prefix: [UInt8]) -> Int { count(of: prefix, prefix: true) }

  /// How often `word` occurs, or words starting with it when `prefix`.
  func count(of word: [UInt8], prefix: Bool) -> Int {
    var total = 0
    for index in indices(of: word, prefix: prefix) { total += Int(counts[index]) }
    return total
  }

  /// The indices of `word`, or of the words starting with it when `prefix`: a binary
  /// search over the table in place.
  func indices(of word: [UInt8], prefix: Bool) -> Range<Int> {
    guard !ends.isEmpty else { return 0..<0 }
    return word.withUnsafeBufferPointer { key in
      bytes.withUnsafeBufferPointer { all in
        ends.withUnsafeBufferPointer { ends in
          func entry(_ index: Int) -> UnsafeBufferPointer<UInt8> {
            UnsafeBufferPointer(rebasing: all[(index == 0 ? 0 : Int(ends[index - 1]))..<Int(ends[index])])
          }
          var low = 0
          var high = ends.count
          while low < high {
            let middle = (low + high) / 2
            if Self.compare(entry(middle), key) < 0 { low = middle + 1 } else { high = middle }
          }
          func starts(_ index: Int) -> Bool {
            let candidate = entry(index)
            return candidate.count >= key.count
              && (key.isEmpty || memoryEqual(candidate.baseAddress!, key.baseAddress!, key.count))
          }
          guard prefix else {
            return low < ends.count && entry(low).count == key.count && starts(low) ? low..<(low + 1) : low..<low
          }
          var end = low
          while end < ends.count && starts(end) { end += 1 }
          return low..<end
        }
      }
    }
  }

  /// Byte-wise comparison: negative, zero or positive.
  static func compare(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int {
    let shared = min(a.count, b.count)
    var i = 0
    while i < shared {
      if a[i] != b[i] { return Int(a[i]) - Int(b[i]) }
      i += 1
    }
    return a.count - b.count
  }
}

/// Collects a note's distinct words through an open-addressing table keyed by hash
/// (one pass, no sorting of every occurrence); only the distinct words are sorted.
struct TermTableBuilder {
  /// The distinct words back to back, in the order first seen.
  private var flat: [UInt8] = []
  private var starts: [UInt32] = []
  private var lengths: [UInt32] = []
  private var counts: [Int] = []
  private var slots = [Int32](repeating: -1, count: 256)
  private var hashes = [UInt64](repeating: 0, count: 256)

  /// Adds one occurrence of `word`; returns the word's id (its order of first sight).
  @discardableResult
  mutating func add(_ word: UnsafeBufferPointer<UInt8>) -> Int {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in word { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
    let mask = slots.count - 1
    var slot = Int(truncatingIfNeeded: hash ^ (hash >> 29)) & mask
    while true {
      let index = slots[slot]
      if index < 0 { break }
      if hashes[slot] == hash && Int(lengths[Int(index)]) == word.count {
        let same = flat.withUnsafeBufferPointer { all in
          word.isEmpty || memoryEqual(all.baseAddress! + Int(starts[Int(index)]), word.baseAddress!, word.count)
        }
        if same {
          counts[Int(index)] += 1
          return Int(index)
        }
      }
      slot = (slot + 1) & mask
    }
    slots[slot] = Int32(starts.count)
    hashes[slot] = hash
    starts.append(UInt32(flat.count))
    lengths.append(UInt32(word.count))
    counts.append(1)
    flat.append(contentsOf: word)
    if starts.count * 2 > slots.count { grow() }
    return starts.count - 1
  }

  private mutating func grow() {
    let oldSlots = slots
    let oldHashes = hashes
    slots = [Int32](repeating: -1, count: oldSlots.count * 2)
    hashes = [UInt64](repeating: 0, count: oldSlots.count * 2)
    let mask = slots.count - 1
    for (position, value) in oldSlots.enumerated() where value >= 0 {
      let hash = oldHashes[position]
      var slot = Int(truncatingIfNeeded: hash ^ (hash >> 29)) & mask
      while slots[slot] >= 0 { slot = (slot + 1) & mask }
      slots[slot] = value
      hashes[slot] = hash
    }
  }

  /// The words sorted by their bytes: by the first eight bytes as one integer, the
  /// rest compared only on a tie.
  func table() -> TermTable { tableWithRanks().table }

  /// The table, and per word id its index in the table.
  func tableWithRanks() -> (table: TermTable, ranks: [UInt32]) {
    var table = TermTable()
    guard !starts.isEmpty else { return (table, []) }
    var ranks = [UInt32](repeating: 0, count: starts.count)
    var keyed: [(key: UInt64, word: Int)] = []
    keyed.reserveCapacity(starts.count)
    flat.withUnsafeBufferPointer { buffer in
      for index in starts.indices {
        var key: UInt64 = 0
        let start = Int(starts[index])
        let length = Int(lengths[index])
        for offset in 0..<8 {
          key <<= 8
          if offset < length { key |= UInt64(buffer[start + offset]) }
        }
        keyed.append((key, index))
      }
      // Sorted by key alone (a plain integer compare), then each run of equal keys
      // (words sharing their first eight bytes) by the rest.
      keyed.sort { $0.key < $1.key }
      func word(_ index: Int) -> UnsafeBufferPointer<UInt8> {
        let start = Int(starts[index])
        return UnsafeBufferPointer(rebasing: buffer[start..<(start + Int(lengths[index]))])
      }
      var run = 0
      while run < keyed.count {
        var end = run + 1
        while end < keyed.count && keyed[end].key == keyed[run].key { end += 1 }
        if end - run > 1 {
          keyed[run..<end].sort { TermTable.compare(word($0.word), word($1.word)) < 0 }
        }
        run = end
      }
      table.bytes.reserveCapacity(flat.count)
      table.ends.reserveCapacity(starts.count)
      table.counts.reserveCapacity(starts.count)
      for (rank, (_, index)) in keyed.enumerated() {
        ranks[index] = UInt32(rank)
        let start = Int(starts[index])
        table.bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[start..<(start + Int(lengths[index]))]))
        table.ends.append(UInt32(table.bytes.count))
        table.counts.append(UInt16(clamping: counts[index]))
      }
    }
    return (table, ranks)
  }
}

/// Whether `count` bytes at `a` and `b` are equal.
@inline(__always)
func memoryEqual(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ count: Int) -> Bool {
  var index = 0
  while index + 8 <= count {
    if UnsafeRawPointer(a + index).loadUnaligned(as: UInt64.self)
      != UnsafeRawPointer(b + index).loadUnaligned(as: UInt64.self)
    {
      return false
    }
    index += 8
  }
  while index < count {
    if a[index] != b[index] { return false }
    index += 1
  }
  return true
}

/// Pairs of adjacent words hashed into a small Bloom filter per note (about a byte per
/// distinct word, three bits per pair: a few percent of false positives, never a false
/// negative).
enum WordPairs {
  /// A folded word's hash (FNV-1a).
  static func hash(_ word: UnsafeBufferPointer<UInt8>) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in word { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
    return hash
  }

  /// The hash of `first` followed by `second`, mixed.
  static func pair(_ first: UInt64, _ second: UInt64) -> UInt64 {
    var x = first &* 0x9E37_79B9_7F4A_7C15 &+ second
    x ^= x >> 31
    x &*= 0xBF58_476D_1CE4_E5B9
    x ^= x >> 29
    return x
  }

  /// The filter of `pairs` for a note of `distinctWords` words.
  static func filter(_ pairs: [UInt64], distinctWords: Int) -> [UInt64] {
    guard !pairs.isEmpty else { return [0] }
    var bits = 512
    while bits < 8 * distinctWords && bits < 1 << 16 { bits <<= 1 }
    var filter = [UInt64](repeating: 0, count: bits / 64)
    let mask = UInt64(bits - 1)
    for pair in pairs {
      for shift: UInt64 in [0, 21, 42] {
        let bit = (pair >> shift) & mask
        filter[Int(bit >> 6)] |= 1 << (bit & 63)
      }
    }
    return filter
  }

  /// Whether `filter` may hold `pair`.
  static func contains(_ filter: [UInt64], _ pair: UInt64) -> Bool {
    let mask = UInt64(filter.count * 64 - 1)
    for shift: UInt64 in [0, 21, 42] {
      let bit = (pair >> shift) & mask
      if filter[Int(bit >> 6)] & (1 << (bit & 63)) == 0 { return false }
    }
    return true
  }
}
