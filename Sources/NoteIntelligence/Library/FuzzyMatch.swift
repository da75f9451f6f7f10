/// How well a name matches a query, best first: the name is the query, starts with
/// it, has it at the start of a word, contains it, or contains its characters in order.
public enum MatchTier: Int, Sendable, Comparable {
  case exact
  case prefix
  case wordStart
  case substring
  case subsequence

  public static func < (a: MatchTier, b: MatchTier) -> Bool { a.rawValue < b.rawValue }
}

/// A fuzzy query: folded (case and diacritics), compared with folded names scalar by
/// scalar, so CJK text and emoji match whole characters only.
public struct FuzzyQuery: Sendable {
  /// The folded query.
  public let bytes: [UInt8]
  /// The characters the query needs, as ``FuzzyQuery/mask(of:)`` computes them.
  let mask: UInt64

  public init(_ text: String) {
    var folded = TextFolding.fold(text)
    // Leading and trailing spaces do not count.
    while folded.last == 0x20 { folded.removeLast() }
    while folded.first == 0x20 { folded.removeFirst() }
    bytes = folded
    mask = Self.mask(of: folded[...])
  }

  public var isEmpty: Bool { bytes.isEmpty }

  /// One bit per letter and digit, a few for other bytes: a name lacking a bit of
  /// the query cannot match it.
  static func mask(of bytes: ArraySlice<UInt8>) -> UInt64 {
    var mask: UInt64 = 0
    for byte in bytes { mask |= bit(byte) }
    return mask
  }

  private static func bit(_ byte: UInt8) -> UInt64 {
    switch byte {
    case 0x61...0x7A: 1 << UInt64(byte - 0x61)
    case 0x30...0x39: 1 << UInt64(26 + byte - 0x30)
    case 0x80...: 1 << UInt64(36 + byte % 27)
    default: 0
    }
  }

  /// How `name` (folded) matches, or `nil`.
  public func match(_ name: ArraySlice<UInt8>) -> MatchTier? {
    match(name, mask: Self.mask(of: name))
  }

  /// How `name` (folded, with its mask) matches, or `nil`.
  func match(_ name: ArraySlice<UInt8>, mask nameMask: UInt64) -> MatchTier? {
    name.withUnsafeBufferPointer { match($0, mask: nameMask) }
  }

  /// How `name` (folded, with its mask) matches, or `nil`, also when it matches worse
  /// than `worst` (which saves the search for a better match than is still wanted):
  /// byte loops over buffers.
  func match(_ name: UnsafeBufferPointer<UInt8>, mask nameMask: UInt64, worst: MatchTier = .subsequence) -> MatchTier? {
    if bytes.isEmpty { return .subsequence <= worst ? .subsequence : nil }
    guard mask & ~nameMask == 0, name.count >= bytes.count else { return nil }
    return bytes.withUnsafeBufferPointer { query -> MatchTier? in
      let first = query[0]
      let count = query.count
      func matches(at start: Int) -> Bool {
        name[start] == first && memoryEqual(name.baseAddress! + start, query.baseAddress!, count)
      }
      if matches(at: 0) {
        let tier: MatchTier = name.count == count ? .exact : .prefix
        return tier <= worst ? tier : nil
      }
      if worst < .wordStart { return nil }
      // Substring, at a word start if any occurrence is.
      var found = false
      var start = 1
      let lastStart = name.count - count
      while start <= lastStart {
        if matches(at: start) {
          if Self.separates(name[start - 1]) { return .wordStart }
          found = true
        }
        start += 1
        // Stay on scalar starts.
        while start <= lastStart && name[start] & 0xC0 == 0x80 { start += 1 }
      }
      if found { return worst >= .substring ? .substring : nil }
      return worst >= .subsequence && Self.isSubsequence(query, of: name) ? .subsequence : nil
    }
  }

  /// Whether the query's scalars occur in `name` in order.
  private static func isSubsequence(_ query: UnsafeBufferPointer<UInt8>, of name: UnsafeBufferPointer<UInt8>) -> Bool {
    var q = 0
    var n = 0
    while q < query.count && n < name.count {
      let length = min(scalarLength(query[q]), query.count - q)
      if n + length <= name.count && memoryEqual(name.baseAddress! + n, query.baseAddress! + q, length) {
        q += length
        n += length
      } else {
        n += scalarLength(name[n])
      }
    }
    return q >= query.count
  }

  static func scalarLength(_ lead: UInt8) -> Int {
    lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
  }

  /// Whether a byte before a match makes it a word start.
  static func separates(_ byte: UInt8) -> Bool {
    switch byte {
    case 0x20, 0x2D, 0x2F, 0x5F, 0x2E, 0x3A, 0x28, 0x22, 0x27, 0x23, 0x09: true
    default: false
    }
  }
}

/// Folded names stored back to back with their masks.
package struct SymbolKeys: Sendable, Equatable {
  package var bytes: [UInt8] = []
  package var ends: [UInt32] = []
  package var masks: [UInt64] = []

  var count: Int { ends.count }

  mutating func append(_ name: String) {
    let start = bytes.count
    TextFolding.fold(name, into: &bytes)
    ends.append(UInt32(bytes.count))
    masks.append(FuzzyQuery.mask(of: bytes[start...]))
  }

  func key(at index: Int) -> ArraySlice<UInt8> {
    bytes[(index == 0 ? 0 : Int(ends[index - 1]))..<Int(ends[index])]
  }

  func match(_ query: FuzzyQuery, at index: Int) -> MatchTier? {
    query.match(key(at: index), mask: masks[index])
  }

  /// The length of key `index`.
  func length(at index: Int) -> Int { Int(ends[index]) - (index == 0 ? 0 : Int(ends[index - 1])) }

  /// Calls `body` with each key's index and how it matches `query`, for the keys
  /// that do, reading the keys in place; `body` answers the worst tier still wanted
  /// (keys matching only worse are passed over).
  func forEachMatch(_ query: FuzzyQuery, _ body: (_ index: Int, _ tier: MatchTier) -> MatchTier) {
    var worst = MatchTier.subsequence
    bytes.withUnsafeBufferPointer { all in
      ends.withUnsafeBufferPointer { ends in
        masks.withUnsafeBufferPointer { masks in
          var start = 0
          for index in 0..<ends.count {
            let end = Int(ends[index])
            defer { start = end }
            // Most names lack a character of the query: rejected by their masks alone.
            guard query.mask & ~masks[index] == 0 else { continue }
            if let tier = query.match(UnsafeBufferPointer(rebasing: all[start..<end]), mask: masks[index], worst: worst)
            {
              worst = body(index, tier)
            }
          }
        }
      }
    }
  }
}
