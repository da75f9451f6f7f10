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
    var flat: [UInt8] = []
    var entries: [(hash: UInt64, start: UInt32, length: UInt32)] = []
    collect { word in
      var hash: UInt64 = 0xcbf2_9ce4_8422_2325
      for byte in word { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
      entries.append((hash, UInt32(flat.count), UInt32(word.count)))
      flat.append(contentsOf: word)
    }
    guard !entries.isEmpty else { return }
    // Distinct words first (by hash, then bytes), then sorted by bytes.
    entries.sort { $0.hash < $1.hash }
    var distinct: [(start: UInt32, length: UInt32, count: Int)] = []
    flat.withUnsafeBufferPointer { buffer in
      func slice(_ start: UInt32, _ length: UInt32) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: buffer[Int(start)..<Int(start + length)])
      }
      var i = 0
      while i < entries.count {
        var j = i + 1
        while j < entries.count && entries[j].hash == entries[i].hash { j += 1 }
        // Words with one hash: group equal bytes (a collision keeps both words).
        var group: [(start: UInt32, length: UInt32, count: Int)] = []
        for k in i..<j {
          let entry = entries[k]
          if let index = group.firstIndex(where: {
            $0.length == entry.length && slice($0.start, $0.length).elementsEqual(slice(entry.start, entry.length))
          }) {
            group[index].count += 1
          } else {
            group.append((entry.start, entry.length, 1))
          }
        }
        distinct += group
        i = j
      }
      distinct.sort { a, b in
        Self.compare(slice(a.start, a.length), slice(b.start, b.length)) < 0
      }
    }
    bytes.reserveCapacity(distinct.reduce(0) { $0 + Int($1.length) })
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
