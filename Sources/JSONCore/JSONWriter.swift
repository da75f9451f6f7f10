/// Appends compact JSON text to a byte buffer, far faster than `JSONEncoder` for
/// large arrays of numbers.
///
/// Commas and colons are placed automatically: open containers with
/// ``beginObject()`` / ``beginArray()``, write ``key(_:)`` before each member value.
public struct JSONWriter: Sendable {
  public private(set) var bytes: [UInt8] = []
  /// One entry per open container: whether it already holds an element.
  private var hasElement: [Bool] = []
  private var afterKey = false

  public init(capacity: Int = 256) {
    bytes.reserveCapacity(capacity)
  }

  /// Writes the separator the next value needs.
  private mutating func prepareValue() {
    if afterKey {
      afterKey = false
      return
    }
    guard let last = hasElement.indices.last else { return }
    if hasElement[last] { bytes.append(UInt8(ascii: ",")) }
    hasElement[last] = true
  }

  public mutating func beginObject() {
    prepareValue()
    bytes.append(UInt8(ascii: "{"))
    hasElement.append(false)
  }

  public mutating func endObject() {
    hasElement.removeLast()
    bytes.append(UInt8(ascii: "}"))
  }

  public mutating func beginArray() {
    prepareValue()
    bytes.append(UInt8(ascii: "["))
    hasElement.append(false)
  }

  public mutating func endArray() {
    hasElement.removeLast()
    bytes.append(UInt8(ascii: "]"))
  }

  /// Writes an object member's name; the next value written is its value.
  public mutating func key(_ name: String) {
    prepareValue()
    appendQuoted(name)
    bytes.append(UInt8(ascii: ":"))
    afterKey = true
  }

  public mutating func writeNull() {
    prepareValue()
    bytes.append(contentsOf: [110, 117, 108, 108])
  }

  public mutating func write(_ value: Bool) {
    prepareValue()
    bytes.append(contentsOf: value ? Array("true".utf8) : Array("false".utf8))
  }

  public mutating func write(_ value: Int) {
    prepareValue()
    appendInt(value)
  }

  private mutating func appendInt(_ value: Int) {
    if value < 0 {
      bytes.append(UInt8(ascii: "-"))
      appendDigits(value.magnitude)
    } else {
      appendDigits(UInt(value))
    }
  }

  public mutating func write(_ value: UInt32) {
    prepareValue()
    appendDigits(UInt(value))
  }

  public mutating func write(_ value: Double) {
    prepareValue()
    guard value.isFinite else {
      bytes.append(contentsOf: [110, 117, 108, 108])
      return
    }
    if value.rounded() == value && abs(value) < 1e15 {
      appendInt(Int(value))
    } else {
      bytes.append(contentsOf: "\(value)".utf8)
    }
  }

  public mutating func write(_ value: String) {
    prepareValue()
    appendQuoted(value)
  }

  /// Writes an array of numbers, the shape of semantic tokens.
  public mutating func write(_ values: [UInt32]) {
    beginArray()
    // Exactly the room the digits and commas take, counted first: a large array is
    // never written into (and made resident in) a worst-case buffer.
    var length = max(values.count - 1, 0)
    for value in values {
      var rest = value
      length += 1
      while rest >= 10 {
        rest /= 10
        length += 1
      }
    }
    let start = bytes.count
    bytes.reserveCapacity(start + length + 2)
    bytes.append(contentsOf: repeatElement(0, count: length))
    let written = bytes.withUnsafeMutableBufferPointer { buffer in
      values.withUnsafeBufferPointer { numbers in
        var cursor = start
        var scratch: (UInt64, UInt64) = (0, 0)
        return withUnsafeMutableBytes(of: &scratch) { digits in
          for index in 0..<numbers.count {
            if index > 0 {
              buffer[cursor] = UInt8(ascii: ",")
              cursor += 1
            }
            var rest = numbers[index]
            var count = 0
            repeat {
              count += 1
              digits[16 - count] = UInt8(truncatingIfNeeded: rest % 10) &+ 48
              rest /= 10
            } while rest > 0
            for offset in (16 - count)..<16 {
              buffer[cursor] = digits[offset]
              cursor += 1
            }
          }
          return cursor - start
        }
      }
    }
    assert(written == length)
    hasElement[hasElement.count - 1] = !values.isEmpty
    endArray()
  }

  /// Writes already-encoded JSON text as one value.
  public mutating func writeRaw(_ json: some Collection<UInt8>) {
    prepareValue()
    bytes.append(contentsOf: json)
  }

  public mutating func write(_ value: JSONValue) {
    switch value {
    case .null: writeNull()
    case .bool(let flag): write(flag)
    case .int(let number): write(number)
    case .double(let number): write(number)
    case .string(let text): write(text)
    case .array(let elements):
      beginArray()
      for element in elements { write(element) }
      endArray()
    case .object(let members):
      beginObject()
      for name in members.keys.sorted() {
        key(name)
        write(members[name]!)
      }
      endObject()
    }
  }

  /// Appends ASCII text as it is, with no separator: for members written by hand.
  package mutating func appendASCII(_ text: StaticString) {
    text.withUTF8Buffer { bytes.append(contentsOf: $0) }
  }

  /// Appends bytes already written as JSON text, with no separator: for members written
  /// by hand in a buffer of their own.
  package mutating func appendRaw(_ raw: UnsafeBufferPointer<UInt8>) { bytes.append(contentsOf: raw) }

  /// Appends a non-negative number (negative ones as 0), with no separator.
  package mutating func appendNumber(_ value: Int) { appendDigits(UInt(max(value, 0))) }

  /// Writes the separator a value needs: for values written by hand.
  package mutating func beginValue() { prepareValue() }

  private mutating func appendDigits(_ value: UInt) {
    if value < 10 {
      bytes.append(UInt8(truncatingIfNeeded: value) &+ 48)
      return
    }
    var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
    var count = 0
    var rest = value
    withUnsafeMutableBytes(of: &digits) { raw in
      let scratch = raw.bindMemory(to: UInt8.self)
      while rest > 0 {
        count += 1
        scratch[24 - count] = UInt8(truncatingIfNeeded: rest % 10) &+ 48
        rest /= 10
      }
      // Copied at once (a slice of raw bytes would be appended byte by byte).
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: scratch[(24 - count)...]))
    }
  }

  private mutating func appendQuoted(_ text: String) {
    bytes.append(UInt8(ascii: "\""))
    var text = text
    text.withUTF8 { utf8 in
      guard Self.needsEscaping(utf8) else { return bytes.append(contentsOf: utf8) }
      var runStart = 0
      for index in 0..<utf8.count {
        let byte = utf8[index]
        guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
        if runStart < index { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index])) }
        runStart = index + 1
        switch byte {
        case UInt8(ascii: "\""): bytes.append(contentsOf: [92, 34])
        case UInt8(ascii: "\\"): bytes.append(contentsOf: [92, 92])
        case 0x0A: bytes.append(contentsOf: [92, 110])
        case 0x0D: bytes.append(contentsOf: [92, 114])
        case 0x09: bytes.append(contentsOf: [92, 116])
        case 0x08: bytes.append(contentsOf: [92, 98])
        case 0x0C: bytes.append(contentsOf: [92, 102])
        default:
          let hex = Array("0123456789abcdef".utf8)
          bytes.append(contentsOf: [92, 117, 48, 48, hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
        }
      }
      if runStart < utf8.count { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...])) }
    }
    bytes.append(UInt8(ascii: "\""))
  }

  /// Whether `utf8` holds a byte a JSON string escapes (a control character, `"` or
  /// `\`), read eight bytes at a time: most texts hold none and are copied at once.
  package static func needsEscaping(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = utf8.baseAddress else { return false }
    let raw = UnsafeRawPointer(base)
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    // Whether a byte of `word` is zero, or less than `n` (n at most 128).
    func hasZero(_ word: UInt64) -> Bool { (word &- ones) & ~word & highs != 0 }
    func hasLess(_ word: UInt64, _ n: UInt64) -> Bool { (word &- ones &* n) & ~word & highs != 0 }
    var offset = 0
    while offset + 8 <= utf8.count {
      let word = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
      if hasLess(word, 0x20) || hasZero(word ^ (ones &* 0x22)) || hasZero(word ^ (ones &* 0x5C)) { return true }
      offset += 8
    }
    while offset < utf8.count {
      let byte = utf8[offset]
      if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { return true }
      offset += 1
    }
    return false
  }
}
