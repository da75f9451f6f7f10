/// Why a text is not JSON, and where.
public struct JSONParseError: Error, CustomStringConvertible, Equatable {
  public let message: String
  /// The byte offset where the problem was found.
  public let offset: Int

  public var description: String { "\(message) at byte \(offset)" }
}

/// Parses JSON text (RFC 8259) into a ``JSONValue`` in one pass over its bytes.
///
/// Strings are decoded straight into their final storage; invalid UTF-8 and unpaired
/// surrogate escapes become U+FFFD. Integers that fit in `Int` are `.int`, other
/// numbers `.double`. Nesting deeper than ``maximumDepth`` is an error.
public enum JSONParser {
  public static let maximumDepth = 512

  public static func parse(_ bytes: some Collection<UInt8>) throws(JSONParseError) -> JSONValue {
    let parsed: Result<JSONValue, JSONParseError>? = bytes.withContiguousStorageIfAvailable { buffer in
      Result { () throws(JSONParseError) in try parse(buffer: buffer) }
    }
    if let parsed { return try parsed.get() }
    let copy = Array(bytes)
    return try copy.withUnsafeBufferPointer { buffer throws(JSONParseError) in try parse(buffer: buffer) }
  }

  private static func parse(buffer: UnsafeBufferPointer<UInt8>) throws(JSONParseError) -> JSONValue {
    var reader = Reader(bytes: buffer)
    reader.skipWhitespace()
    let value = try reader.value(depth: 0)
    reader.skipWhitespace()
    guard reader.position == buffer.count else { throw reader.error("Unexpected text after the JSON value") }
    return value
  }

  private struct Reader {
    let bytes: UnsafeBufferPointer<UInt8>
    var position = 0

    init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    func error(_ message: String) -> JSONParseError { JSONParseError(message: message, offset: position) }

    mutating func skipWhitespace() {
      while position < bytes.count {
        switch bytes[position] {
        case 0x20, 0x09, 0x0A, 0x0D: position += 1
        default: return
        }
      }
    }

    mutating func value(depth: Int) throws(JSONParseError) -> JSONValue {
      guard position < bytes.count else { throw error("Unexpected end of text") }
      switch bytes[position] {
      case UInt8(ascii: "{"): return try object(depth: depth + 1)
      case UInt8(ascii: "["): return try array(depth: depth + 1)
      case UInt8(ascii: "\""): return .string(try string())
      case UInt8(ascii: "t"): return try literal("true", .bool(true))
      case UInt8(ascii: "f"): return try literal("false", .bool(false))
      case UInt8(ascii: "n"): return try literal("null", .null)
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
      default: throw error("Unexpected character '\(Unicode.Scalar(bytes[position]))'")
      }
    }

    mutating func literal(_ word: StaticString, _ value: JSONValue) throws(JSONParseError) -> JSONValue {
      let count = word.utf8CodeUnitCount
      guard bytes.count - position >= count else { throw error("Unexpected end of text") }
      for index in 0..<count where bytes[position + index] != word.utf8Start[index] {
        throw error("Invalid literal")
      }
      position += count
      return value
    }

    mutating func object(depth: Int) throws(JSONParseError) -> JSONValue {
      guard depth <= JSONParser.maximumDepth else { throw error("Nested too deeply") }
      position += 1
      var members: [String: JSONValue] = [:]
      skipWhitespace()
      if position < bytes.count && bytes[position] == UInt8(ascii: "}") {
        position += 1
        return .object(members)
      }
      while true {
        skipWhitespace()
        guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else {
          throw error("Expected a member name")
        }
        let key = try string()
        skipWhitespace()
        guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else { throw error("Expected ':'") }
        position += 1
        skipWhitespace()
        members[key] = try value(depth: depth)
        skipWhitespace()
        guard position < bytes.count else { throw error("Unexpected end of text") }
        switch bytes[position] {
        case UInt8(ascii: ","): position += 1
        case UInt8(ascii: "}"):
          position += 1
          return .object(members)
        default: throw error("Expected ',' or '}'")
        }
      }
    }

    mutating func array(depth: Int) throws(JSONParseError) -> JSONValue {
      guard depth <= JSONParser.maximumDepth else { throw error("Nested too deeply") }
      position += 1
      var elements: [JSONValue] = []
      skipWhitespace()
      if position < bytes.count && bytes[position] == UInt8(ascii: "]") {
        position += 1
        return .array(elements)
      }
      while true {
        skipWhitespace()
        elements.append(try value(depth: depth))
        skipWhitespace()
        guard position < bytes.count else { throw error("Unexpected end of text") }
        switch bytes[position] {
        case UInt8(ascii: ","): position += 1
        case UInt8(ascii: "]"):
          position += 1
          return .array(elements)
        default: throw error("Expected ',' or ']'")
        }
      }
    }

    mutating func number() throws(JSONParseError) -> JSONValue {
      let start = position
      var isInteger = true
      if bytes[position] == UInt8(ascii: "-") { position += 1 }
      guard position < bytes.count, isDigit(bytes[position]) else { throw error("Invalid number") }
      if bytes[position] == UInt8(ascii: "0") {
        position += 1
      } else {
        while position < bytes.count && isDigit(bytes[position]) { position += 1 }
      }
      if position < bytes.count && bytes[position] == UInt8(ascii: ".") {
        isInteger = false
        position += 1
        guard position < bytes.count, isDigit(bytes[position]) else { throw error("Invalid number") }
        while position < bytes.count && isDigit(bytes[position]) { position += 1 }
      }
      if position < bytes.count && (bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E")) {
        isInteger = false
        position += 1
        if position < bytes.count && (bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-")) {
          position += 1
        }
        guard position < bytes.count, isDigit(bytes[position]) else { throw error("Invalid number") }
        while position < bytes.count && isDigit(bytes[position]) { position += 1 }
      }
      let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
      if isInteger, let integer = Int(text) { return .int(integer) }
      guard let double = Double(text) else { throw error("Invalid number") }
      return .double(double)
    }

    func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    /// A string starting at the opening quote; leaves `position` after the closing one.
    mutating func string() throws(JSONParseError) -> String {
      position += 1
      let start = position
      // First pass: find the closing quote and whether there are escapes.
      var end = position
      var escapes = false
      while true {
        guard end < bytes.count else { throw error("Unterminated string") }
        let byte = bytes[end]
        if byte == UInt8(ascii: "\"") { break }
        if byte == UInt8(ascii: "\\") {
          escapes = true
          end += 2
          continue
        }
        guard byte >= 0x20 else {
          position = end
          throw error("Control character in a string")
        }
        end += 1
      }
      let raw = UnsafeBufferPointer(rebasing: bytes[start..<end])
      guard escapes else {
        position = end + 1
        return String(decoding: raw, as: UTF8.self)
      }
      // Escapes never make the text longer, so the raw length is enough room.
      var failure: JSONParseError?
      let text = String(unsafeUninitializedCapacity: raw.count) { output in
        var written = 0
        var index = 0
        func put(_ scalar: Unicode.Scalar) {
          for unit in UTF8.encode(scalar)! {
            output[written] = unit
            written += 1
          }
        }
        while index < raw.count {
          let byte = raw[index]
          guard byte == UInt8(ascii: "\\") else {
            output[written] = byte
            written += 1
            index += 1
            continue
          }
          guard index + 1 < raw.count else {
            failure = JSONParseError(message: "Invalid escape", offset: start + index)
            return written
          }
          let escaped = raw[index + 1]
          index += 2
          switch escaped {
          case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"):
            output[written] = escaped
            written += 1
          case UInt8(ascii: "b"): put("\u{08}")
          case UInt8(ascii: "f"): put("\u{0C}")
          case UInt8(ascii: "n"): put("\n")
          case UInt8(ascii: "r"): put("\r")
          case UInt8(ascii: "t"): put("\t")
          case UInt8(ascii: "u"):
            guard let high = Self.hex4(raw, at: index) else {
              failure = JSONParseError(message: "Invalid \\u escape", offset: start + index)
              return written
            }
            index += 4
            if (0xD800..<0xDC00).contains(high), index + 6 <= raw.count, raw[index] == UInt8(ascii: "\\"),
              raw[index + 1] == UInt8(ascii: "u"), let low = Self.hex4(raw, at: index + 2),
              (0xDC00..<0xE000).contains(low)
            {
              index += 6
              put(Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))!)
            } else {
              put(Unicode.Scalar(high) ?? "\u{FFFD}")
            }
          default:
            failure = JSONParseError(message: "Invalid escape", offset: start + index - 1)
            return written
          }
        }
        return written
      }
      if let failure { throw failure }
      position = end + 1
      return text
    }

    static func hex4(_ raw: UnsafeBufferPointer<UInt8>, at index: Int) -> UInt32? {
      guard index + 4 <= raw.count else { return nil }
      var value: UInt32 = 0
      for offset in 0..<4 {
        let byte = raw[index + offset]
        let digit: UInt8
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
        default: return nil
        }
        value = value << 4 | UInt32(digit)
      }
      return value
    }
  }
}
