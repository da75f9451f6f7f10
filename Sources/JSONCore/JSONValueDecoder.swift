/// Decodes `Decodable` values from an already parsed ``JSONValue``, so a message is
/// parsed once and its params decoded from the tree.
///
/// Errors are `DecodingError`s with the coding path, as `JSONDecoder` gives them: a
/// missing key is `keyNotFound`, `null` for a required value `valueNotFound`, a value
/// of the wrong kind `typeMismatch`. Integral doubles decode as integers.
struct JSONValueDecoder: Decoder {
  let value: JSONValue
  let codingPath: [any CodingKey]
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  init(value: JSONValue, codingPath: [any CodingKey] = []) {
    self.value = value
    self.codingPath = codingPath
  }

  static func decode<T: Decodable>(_ type: T.Type, from value: JSONValue, codingPath: [any CodingKey] = []) throws
    -> T
  {
    if T.self == JSONValue.self { return unsafeBitCast(value, to: T.self) }
    if T.self == String.self {
      guard case .string(let text) = value else { throw mismatch(String.self, value, codingPath) }
      return unsafeBitCast(text, to: T.self)
    }
    return try T(from: JSONValueDecoder(value: value, codingPath: codingPath))
  }

  static func mismatch(_ type: Any.Type, _ value: JSONValue, _ path: [any CodingKey]) -> DecodingError {
    if value == .null {
      return .valueNotFound(type, .init(codingPath: path, debugDescription: "Expected \(type) but found null"))
    }
    return .typeMismatch(type, .init(codingPath: path, debugDescription: "Expected \(type) but found \(value.kind)"))
  }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    guard case .object(let members) = value else {
      throw Self.mismatch([String: JSONValue].self, value, codingPath)
    }
    return KeyedDecodingContainer(KeyedContainer<Key>(members: members, codingPath: codingPath))
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    guard case .array(let elements) = value else { throw Self.mismatch([JSONValue].self, value, codingPath) }
    return UnkeyedContainer(elements: elements, codingPath: codingPath)
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer {
    SingleValueContainer(value: value, codingPath: codingPath)
  }
}

extension JSONValue {
  /// What kind of value this is, for error messages.
  var kind: String {
    switch self {
    case .null: "null"
    case .bool: "a boolean"
    case .int, .double: "a number"
    case .string: "a string"
    case .array: "an array"
    case .object: "an object"
    }
  }
}

/// Scalar conversions shared by the containers.
private enum Scalars {
  static func bool(_ value: JSONValue, _ path: [any CodingKey]) throws -> Bool {
    guard case .bool(let bool) = value else { throw JSONValueDecoder.mismatch(Bool.self, value, path) }
    return bool
  }

  static func string(_ value: JSONValue, _ path: [any CodingKey]) throws -> String {
    guard case .string(let text) = value else { throw JSONValueDecoder.mismatch(String.self, value, path) }
    return text
  }

  static func double(_ value: JSONValue, _ path: [any CodingKey]) throws -> Double {
    guard let number = value.doubleValue else { throw JSONValueDecoder.mismatch(Double.self, value, path) }
    return number
  }

  static func integer<T: FixedWidthInteger>(_ type: T.Type, _ value: JSONValue, _ path: [any CodingKey]) throws -> T {
    guard let number = value.intValue else { throw JSONValueDecoder.mismatch(T.self, value, path) }
    guard let exact = T(exactly: number) else {
      throw DecodingError.dataCorrupted(
        .init(codingPath: path, debugDescription: "Number \(number) does not fit in \(T.self)"))
    }
    return exact
  }
}

private struct KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
  let members: [String: JSONValue]
  let codingPath: [any CodingKey]

  var allKeys: [Key] { members.keys.compactMap { Key(stringValue: $0) } }

  func contains(_ key: Key) -> Bool { members[key.stringValue] != nil }

  private func path(_ key: Key) -> [any CodingKey] { codingPath + [key] }

  private func member(_ key: Key) throws -> JSONValue {
    guard let value = members[key.stringValue] else {
      throw DecodingError.keyNotFound(
        key, .init(codingPath: codingPath, debugDescription: "No value for key '\(key.stringValue)'"))
    }
    return value
  }

  func decodeNil(forKey key: Key) throws -> Bool { try member(key) == .null }
  func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try Scalars.bool(member(key), path(key)) }
  func decode(_ type: String.Type, forKey key: Key) throws -> String { try Scalars.string(member(key), path(key)) }
  func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try Scalars.double(member(key), path(key)) }
  func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
    Float(try Scalars.double(member(key), path(key)))
  }
  func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try Scalars.integer(type, member(key), path(key)) }
  func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try Scalars.integer(type, member(key), path(key)) }
  func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try Scalars.integer(type, member(key), path(key)) }
  func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try Scalars.integer(type, member(key), path(key)) }
  func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try Scalars.integer(type, member(key), path(key)) }
  func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try Scalars.integer(type, member(key), path(key)) }
  func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try Scalars.integer(type, member(key), path(key)) }
  func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 {
    try Scalars.integer(type, member(key), path(key))
  }
  func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 {
    try Scalars.integer(type, member(key), path(key))
  }
  func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 {
    try Scalars.integer(type, member(key), path(key))
  }

  func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
    try JSONValueDecoder.decode(type, from: member(key), codingPath: path(key))
  }

  func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
    guard let value = members[key.stringValue], value != .null else { return nil }
    return try JSONValueDecoder.decode(type, from: value, codingPath: path(key))
  }

  func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
    -> KeyedDecodingContainer<NestedKey>
  {
    try JSONValueDecoder(value: member(key), codingPath: path(key)).container(keyedBy: type)
  }

  func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
    try JSONValueDecoder(value: member(key), codingPath: path(key)).unkeyedContainer()
  }

  func superDecoder() throws -> any Decoder {
    JSONValueDecoder(value: members["super"] ?? .null, codingPath: codingPath + [JSONPathKey(stringValue: "super")])
  }

  func superDecoder(forKey key: Key) throws -> any Decoder {
    JSONValueDecoder(value: members[key.stringValue] ?? .null, codingPath: path(key))
  }
}

private struct UnkeyedContainer: UnkeyedDecodingContainer {
  let elements: [JSONValue]
  let codingPath: [any CodingKey]
  var currentIndex = 0

  init(elements: [JSONValue], codingPath: [any CodingKey]) {
    self.elements = elements
    self.codingPath = codingPath
  }

  var count: Int? { elements.count }
  var isAtEnd: Bool { currentIndex >= elements.count }

  private var path: [any CodingKey] { codingPath + [JSONPathKey(intValue: currentIndex)] }

  private mutating func next(_ type: Any.Type) throws -> JSONValue {
    guard currentIndex < elements.count else {
      throw DecodingError.valueNotFound(type, .init(codingPath: path, debugDescription: "Unkeyed container is at end"))
    }
    defer { currentIndex += 1 }
    return elements[currentIndex]
  }

  mutating func decodeNil() throws -> Bool {
    guard currentIndex < elements.count else { return false }
    if elements[currentIndex] == .null {
      currentIndex += 1
      return true
    }
    return false
  }

  mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
    let path = self.path
    return try JSONValueDecoder.decode(type, from: next(type), codingPath: path)
  }

  mutating func decode(_ type: Bool.Type) throws -> Bool {
    let path = self.path
    return try Scalars.bool(next(type), path)
  }

  mutating func decode(_ type: String.Type) throws -> String {
    let path = self.path
    return try Scalars.string(next(type), path)
  }

  mutating func decode(_ type: Int.Type) throws -> Int {
    let path = self.path
    return try Scalars.integer(type, next(type), path)
  }

  mutating func decode(_ type: UInt32.Type) throws -> UInt32 {
    let path = self.path
    return try Scalars.integer(type, next(type), path)
  }

  mutating func decode(_ type: Double.Type) throws -> Double {
    let path = self.path
    return try Scalars.double(next(type), path)
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
    -> KeyedDecodingContainer<NestedKey>
  {
    let path = self.path
    return try JSONValueDecoder(value: next([String: JSONValue].self), codingPath: path).container(keyedBy: type)
  }

  mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
    let path = self.path
    return try JSONValueDecoder(value: next([JSONValue].self), codingPath: path).unkeyedContainer()
  }

  mutating func superDecoder() throws -> any Decoder {
    let path = self.path
    return JSONValueDecoder(value: try next(JSONValue.self), codingPath: path)
  }
}

private struct SingleValueContainer: SingleValueDecodingContainer {
  let value: JSONValue
  let codingPath: [any CodingKey]

  func decodeNil() -> Bool { value == .null }
  func decode(_ type: Bool.Type) throws -> Bool { try Scalars.bool(value, codingPath) }
  func decode(_ type: String.Type) throws -> String { try Scalars.string(value, codingPath) }
  func decode(_ type: Double.Type) throws -> Double { try Scalars.double(value, codingPath) }
  func decode(_ type: Float.Type) throws -> Float { Float(try Scalars.double(value, codingPath)) }
  func decode(_ type: Int.Type) throws -> Int { try Scalars.integer(type, value, codingPath) }
  func decode(_ type: Int8.Type) throws -> Int8 { try Scalars.integer(type, value, codingPath) }
  func decode(_ type: Int16.Type) throws -> Int16 { try Scalars.integer(type, value, codingPath) }
  func decode(_ type: Int32.Type) throws -> Int32 { try Scalars.integer(type, value, codingPath) }
  func decode(_ type: Int64.Type) throws -> Int64 { try Scalars.integer(type, value, codingPath) }
  func decode(_ type: UInt.Type) throws -> UInt { try Scalars.integer(type, value, codingPath) }
  func decode(_ type: UInt8.Type) throws -> UInt8 { try Scalars.integer(type, value, codingPath) }
  func decode(_ type: UInt16.Type) throws -> UInt16 { try Scalars.integer(type, value, codingPath) }
  func decode(_ type: UInt32.Type) throws -> UInt32 { try Scalars.integer(type, value, codingPath) }
  func decode(_ type: UInt64.Type) throws -> UInt64 { try Scalars.integer(type, value, codingPath) }
  func decode<T: Decodable>(_ type: T.Type) throws -> T {
    try JSONValueDecoder.decode(type, from: value, codingPath: codingPath)
  }
}
