/// A note's distinct words (folded) with how often each occurs, sorted by their bytes:
/// the note's part of the full-text posting list. Exact and prefix lookups are binary
/// searches; the whole table is three flat arrays.
public struct TermTable: Sendable, Equatable {
  /// The sorted distinct words, back to back.
  var bytes: [UInt8] = []
  /// Where each word ends in `bytes`.
  var ends: [UInt32] = []
  /// How often each word occurs (saturating).
  var counts: [UInt16] = []

  public init() {}

  /// The number of distinct words.
  public var count: Int { ends.count }

  /// The table of the words `collect` reports (folded, as ``TextFolding/words(in:_:)`` gives them).
  init(collect: (_ add: (_ word: [UInt8]) -> Void) -> Void) {
    // Distinct words through an open-addressing table keyed by hash (one pass, no
    // sorting of every occurrence), then only the distinct words sorted by bytes.
    var flat: [UInt8] = []
    var distinct: [(start: UInt32, length: UInt32, count: Int)] = []
    var slots = [Int32](repeating: -1, count: 256)
    var hashes = [UInt64](repeating: 0, count: 256)
    func insert(hash: UInt64, at index: Int32, into slots: inout [Int32], _ hashes: inout [UInt64]) {
      let mask = slots.count - 1
      var slot = Int(truncatingIfNeeded: hash) & mask
      while slots[slot] >= 0 { slot = (slot + 1) & mask }
      slots[slot] = index
      hashes[slot] = hash
    }
    collect { word in
      var hash: UInt64 = 0xcbf2_9ce4_8422_2325
      for byte in word { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
      let mask = slots.count - 1
      var slot = Int(truncatingIfNeeded: hash) & mask
      while slots[slot] >= 0 {
        if hashes[slot] == hash {
          let entry = distinct[Int(slots[slot])]
          if Int(entry.length) == word.count
            && flat[Int(entry.start)..<Int(entry.start + entry.length)].elementsEqual(word)
          {
            distinct[Int(slots[slot])].count += 1
            return
          }
        }
        slot = (slot + 1) & mask
      }
      distinct.append((UInt32(flat.count), UInt32(word.count), 1))
      flat.append(contentsOf: word)
      slots[slot] = Int32(distinct.count - 1)
      hashes[slot] = hash
      if distinct.count * 2 > slots.count {
        let oldSlots = slots
        let oldHashes = hashes
        slots = [Int32](repeating: -1, count: oldSlots.count * 2)
        hashes = [UInt64](repeating: 0, count: oldSlots.count * 2)
        for (index, value) in oldSlots.enumerated() where value >= 0 {
          insert(hash: oldHashes[index], at: value, into: &slots, &hashes)
        }
      }
    }
    guard !distinct.isEmpty else { return }
    // Sorted by the first eight bytes as one integer, the rest compared only on a tie.
    var keyed: [(key: UInt64, word: Int)] = []
    keyed.reserveCapacity(distinct.count)
    flat.withUnsafeBufferPointer { buffer in
      for (index, word) in distinct.enumerated() {
        var key: UInt64 = 0
        for offset in 0..<8 {
          key <<= 8
          if offset < Int(word.length) { key |= UInt64(buffer[Int(word.start) + offset]) }
        }
        keyed.append((key, index))
      }
      keyed.sort { a, b in
        if a.key != b.key { return a.key < b.key }
        let x = distinct[a.word]
        let y = distinct[b.word]
        return Self.compare(
          UnsafeBufferPointer(rebasing: buffer[Int(x.start)..<Int(x.start + x.length)]),
          UnsafeBufferPointer(rebasing: buffer[Int(y.start)..<Int(y.start + y.length)])) < 0
      }
    }
    distinct = keyed.map { distinct[$0.word] }
    bytes.reserveCapacity(flat.count)
    ends.reserveCapacity(distinct.count)
    counts.reserveCapacity(distinct.count)
    for word in distinct {
      bytes.append(contentsOf: flat[Int(word.start)..<Int(word.start + word.length)])
      ends.append(UInt32(bytes.count))
      counts.append(UInt16(clamping: word.count))
    }
  }

  /// The word at `index`.
  public func word(at index: Int) -> ArraySlice<UInt8> {
    bytes[(index == 0 ? 0 : Int(ends[index - 1]))..<Int(ends[index])]
  }

  /// How often `word` occurs.
  public func count(of word: [UInt8]) -> Int {
    let index = lowerBound(word)
    guard index < count, word[...].elementsEqual(self.word(at: index)) else { return 0 }
    return Int(counts[index])
  }

  /// How often words starting with `prefix` occur, all together.
  public func count(withPrefix prefix: [UInt8]) -> Int {
    var index = lowerBound(prefix)
    var total = 0
    while index < count, self.word(at: index).starts(with: prefix) {
      total += Int(counts[index])
      index += 1
    }
    return total
  }

  /// The index of the first word not less than `word`.
  private func lowerBound(_ word: [UInt8]) -> Int {
    var low = 0
    var high = count
    word.withUnsafeBufferPointer { key in
      bytes.withUnsafeBufferPointer { all in
        while low < high {
          let middle = (low + high) / 2
          let start = middle == 0 ? 0 : Int(ends[middle - 1])
          let candidate = UnsafeBufferPointer(rebasing: all[start..<Int(ends[middle])])
          if Self.compare(candidate, key) < 0 { low = middle + 1 } else { high = middle }
        }
      }
    }
    return low
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
