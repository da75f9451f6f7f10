/// A growing run of bytes written through a pointer, for answers made of many small
/// pieces (an outline's entries): a piece is a copy into room made once for it, not an
/// array append with its checks.
///
/// It writes into room of its own, or into a buffer it is given (``init(writingInto:)``)
/// until that is full. A copy shares the bytes of the original: keep one, written by one
/// owner.
struct ByteOutput {
  /// Owns the allocation, which it frees when the last copy is gone.
  private final class Storage {
    var base: UnsafeMutablePointer<UInt8>
    init(capacity: Int) { base = .allocate(capacity: capacity) }
    deinit { base.deallocate() }
  }

  /// `nil` while it writes into a buffer it was given.
  private var storage: Storage?
  /// `storage.base` (or the buffer given), read without going through the object.
  private var base: UnsafeMutablePointer<UInt8>
  private var capacity: Int
  /// The bytes written.
  private(set) var count = 0

  init(capacity: Int) {
    self.capacity = max(capacity, 64)
    let storage = Storage(capacity: self.capacity)
    self.storage = storage
    base = storage.base
  }

  /// Writes into `buffer` (which must outlive it) while the bytes fit, then into room of
  /// its own with those bytes copied.
  init(writingInto buffer: UnsafeMutableBufferPointer<UInt8>) {
    if let start = buffer.baseAddress, buffer.count > 0 {
      base = start
      capacity = buffer.count
    } else {
      let storage = Storage(capacity: 64)
      self.storage = storage
      base = storage.base
      capacity = 64
    }
  }

  /// Whether every byte written is in the buffer given to ``init(writingInto:)``.
  var isInPlace: Bool { storage == nil }

  /// Room for `length` more bytes, at the end of those written; ``advance(by:)`` counts
  /// what was written there.
  @inline(__always)
  mutating func room(_ length: Int) -> UnsafeMutablePointer<UInt8> {
    if count + length > capacity { grow(to: count + length) }
    return base + count
  }

  @inline(__always)
  mutating func advance(by length: Int) { count += length }

  private mutating func grow(to needed: Int) {
    let newCapacity = max(needed, 2 * capacity)
    guard let storage else {
      // Out of the buffer given: the bytes move to room of its own.
      let owned = Storage(capacity: newCapacity)
      owned.base.update(from: base, count: count)
      storage = owned
      base = owned.base
      capacity = newCapacity
      return
    }
    let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
    grown.update(from: base, count: count)
    base.deallocate()
    storage.base = grown
    base = grown
    capacity = newCapacity
  }

  @inline(__always)
  mutating func append(_ text: StaticString) {
    let length = text.utf8CodeUnitCount
    room(length).update(from: text.utf8Start, count: length)
    count += length
  }

  @inline(__always)
  mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard let source = bytes.baseAddress else { return }
    room(bytes.count).update(from: source, count: bytes.count)
    count += bytes.count
  }

  @inline(__always)
  mutating func append(byte: UInt8) {
    room(1).pointee = byte
    count += 1
  }

  /// A non-negative number in decimal (a negative one as 0).
  @inline(__always)
  mutating func append(number: Int) {
    let value = UInt(max(number, 0))
    let digits = Self.digits(value)
    var cursor = room(digits)
    Self.write(value, digits: digits, to: &cursor)
    count += digits
  }

  /// Writes a non-negative `number` in decimal at `cursor` (a negative one as 0), and
  /// moves `cursor` past it.
  @inline(__always)
  static func write(_ number: Int, to cursor: inout UnsafeMutablePointer<UInt8>) {
    let value = UInt(max(number, 0))
    if value < 10 {
      cursor.pointee = UInt8(truncatingIfNeeded: value) &+ 48
      cursor += 1
    } else {
      write(value, digits: digits(value), to: &cursor)
    }
  }

  /// How many decimal digits `value` has (at most 19: it comes from an `Int`).
  @inline(__always)
  private static func digits(_ value: UInt) -> Int {
    var digits = 1
    var bound: UInt = 10
    while value >= bound && digits < 19 {
      digits += 1
      bound &*= 10
    }
    return digits
  }

  @inline(__always)
  private static func write(_ value: UInt, digits: Int, to cursor: inout UnsafeMutablePointer<UInt8>) {
    var rest = value
    var index = digits
    repeat {
      index -= 1
      cursor[index] = UInt8(truncatingIfNeeded: rest % 10) &+ 48
      rest /= 10
    } while rest > 0
    cursor += digits
  }

  /// The bytes written.
  var bytes: [UInt8] {
    // Never an empty array made this way: it would write into the storage every empty array shares.
    guard count > 0 else { return [] }
    return [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
      if let target = buffer.baseAddress { target.update(from: base, count: count) }
      initialized = count
    }
  }
}
