/// An open-addressing hash table from an object identity to a small integer, for
/// per-block caches: one multiply to hash, linear probing, no per-entry allocation.
///
/// Keys are never removed one at a time; a cache that drops entries builds a new table.
struct IdentityTable {
  /// `keys[slot]` is an identity's bit pattern; 0 marks an empty slot.
  private var keys: [UInt] = []
  private var values: [Int32] = []
  private var shift = 64
  private(set) var count = 0

  /// The slots, empty and full.
  var size: Int { keys.count }

  init(minimumCapacity: Int = 0) {
    if minimumCapacity > 0 { allocate(for: minimumCapacity) }
  }

  /// Sizes the table for `capacity` keys at a load of at most 3/4.
  private mutating func allocate(for capacity: Int) {
    var size = 16
    while 3 * size < 4 * capacity { size *= 2 }
    keys = [UInt](repeating: 0, count: size)
    values = [Int32](repeating: 0, count: size)
    shift = 64 - size.trailingZeroBitCount
    count = 0
  }

  @inline(__always)
  private func home(of key: UInt) -> Int {
    Int(truncatingIfNeeded: (UInt64(key) &* 0x9E37_79B9_7F4A_7C15) >> UInt64(shift))
  }

  /// The value stored for `key`.
  func value(for key: ObjectIdentifier) -> Int? {
    guard count > 0 else { return nil }
    return value(forBits: UInt(bitPattern: key))
  }

  private func value(forBits bits: UInt) -> Int? {
    let mask = keys.count - 1
    return keys.withUnsafeBufferPointer { keys in
      var slot = home(of: bits)
      while true {
        let stored = keys[slot]
        if stored == bits { return Int(values[slot]) }
        if stored == 0 { return nil }
        slot = (slot + 1) & mask
      }
    }
  }

  /// Stores `value` for `key`, which the table does not hold yet.
  mutating func insert(_ key: ObjectIdentifier, _ value: Int) {
    insert(bits: UInt(bitPattern: key), value)
  }

  private mutating func insert(bits: UInt, _ value: Int) {
    if 4 * (count + 1) > 3 * keys.count { grow() }
    let mask = keys.count - 1
    var slot = home(of: bits)
    keys.withUnsafeMutableBufferPointer { keys in
      while keys[slot] != 0 { slot = (slot + 1) & mask }
      keys[slot] = bits
    }
    values[slot] = Int32(truncatingIfNeeded: value)
    count += 1
  }

  private mutating func grow() {
    let oldKeys = keys
    let oldValues = values
    allocate(for: max(16, 2 * count))
    for (slot, key) in oldKeys.enumerated() where key != 0 {
      insert(bits: key, Int(oldValues[slot]))
    }
  }
}
