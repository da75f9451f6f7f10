/// An `Encoder` that writes JSON text straight into a ``JSONWriter`` as values are
/// encoded, with no intermediate tree: the memory an answer takes is its text.
///
/// Containers are written as they are opened and closed when a container further out
/// writes again, or at the end, which is how synthesized and hand-written `encode(to:)`
/// use them. Members come out in the order they are encoded; `nil` optionals are left
/// out (`encodeIfPresent`), a value that encodes nothing is written as `{}`.
enum JSONStreamEncoder {
  static func write(_ value: some Encodable, to writer: inout JSONWriter) throws {
    let state = StreamState(writer: writer)
    writer = JSONWriter()
    defer { writer = state.writer }
    try state.encodeValue(value, level: 0, codingPath: [])
    state.close(to: 0)
  }
}

/// The writer and the containers open in it, shared by every container of one encoding.
private final class StreamState {
  var writer: JSONWriter
  /// The open containers, innermost last: `true` for an object, `false` for an array.
  var open: [Bool] = []

  init(writer: JSONWriter) { self.writer = writer }

  /// Closes the containers opened deeper than `level`.
  func close(to level: Int) {
    while open.count > level {
      if open.removeLast() { writer.endObject() } else { writer.endArray() }
    }
  }

  func beginObject(level: Int) {
    close(to: level)
    writer.beginObject()
    open.append(true)
  }

  func beginArray(level: Int) {
    close(to: level)
    writer.beginArray()
    open.append(false)
  }

  /// Writes one value at `level` (after its key or as an array element).
  func encodeValue<T: Encodable>(_ value: T, level: Int, codingPath: [any CodingKey]) throws {
    close(to: level)
    if T.self == JSONValue.self {
      writer.write(unsafeBitCast(value, to: JSONValue.self))
      return
    }
    if T.self == String.self {
      writer.write(unsafeBitCast(value, to: String.self))
      return
    }
    let before = writer.bytes.count
    try value.encode(to: StreamEncoder(state: self, level: level, codingPath: codingPath))
    if writer.bytes.count == before {
      writer.beginObject()
      writer.endObject()
    }
  }
}

private struct StreamEncoder: Encoder {
  let state: StreamState
  let level: Int
  let codingPath: [any CodingKey]
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    state.beginObject(level: level)
    return KeyedEncodingContainer(KeyedStream<Key>(state: state, level: level + 1, codingPath: codingPath))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    state.beginArray(level: level)
    return UnkeyedStream(state: state, level: level + 1, codingPath: codingPath)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer {
    SingleValueStream(state: state, level: level, codingPath: codingPath)
  }
}

private struct KeyedStream<Key: CodingKey>: KeyedEncodingContainerProtocol {
  let state: StreamState
  /// The level of this container's members.
  let level: Int
  let codingPath: [any CodingKey]

  private func key(_ key: some CodingKey) {
    state.close(to: level)
    state.writer.key(key.stringValue)
  }

  mutating func encodeNil(forKey key: Key) throws {
    self.key(key)
    state.writer.writeNull()
  }

  mutating func encode(_ value: Bool, forKey key: Key) throws {
    self.key(key)
    state.writer.write(value)
  }

  mutating func encode(_ value: String, forKey key: Key) throws {
    self.key(key)
    state.writer.write(value)
  }

  mutating func encode(_ value: Double, forKey key: Key) throws {
    self.key(key)
    state.writer.write(value)
  }

  mutating func encode(_ value: Float, forKey key: Key) throws {
    self.key(key)
    state.writer.write(Double(value))
  }

  mutating func encode(_ value: Int, forKey key: Key) throws {
    self.key(key)
    state.writer.write(value)
  }

  mutating func encode(_ value: UInt32, forKey key: Key) throws {
    self.key(key)
    state.writer.write(value)
  }

  mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
    self.key(key)
    try state.encodeValue(value, level: level, codingPath: codingPath + [key])
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
    -> KeyedEncodingContainer<NestedKey>
  {
    self.key(key)
    state.beginObject(level: level)
    return KeyedEncodingContainer(
      KeyedStream<NestedKey>(state: state, level: level + 1, codingPath: codingPath + [key]))
  }

  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    self.key(key)
    state.beginArray(level: level)
    return UnkeyedStream(state: state, level: level + 1, codingPath: codingPath + [key])
  }

  mutating func superEncoder() -> any Encoder {
    key(JSONPathKey(stringValue: "super"))
    return StreamEncoder(state: state, level: level, codingPath: codingPath + [JSONPathKey(stringValue: "super")])
  }

  mutating func superEncoder(forKey key: Key) -> any Encoder {
    self.key(key)
    return StreamEncoder(state: state, level: level, codingPath: codingPath + [key])
  }
}

private struct UnkeyedStream: UnkeyedEncodingContainer {
  let state: StreamState
  let level: Int
  let codingPath: [any CodingKey]
  private(set) var count = 0

  init(state: StreamState, level: Int, codingPath: [any CodingKey]) {
    self.state = state
    self.level = level
    self.codingPath = codingPath
  }

  private mutating func next() -> [any CodingKey] {
    state.close(to: level)
    defer { count += 1 }
    return codingPath + [JSONPathKey(intValue: count)]
  }

  mutating func encodeNil() throws {
    _ = next()
    state.writer.writeNull()
  }

  mutating func encode(_ value: Bool) throws {
    _ = next()
    state.writer.write(value)
  }

  mutating func encode(_ value: String) throws {
    _ = next()
    state.writer.write(value)
  }

  mutating func encode(_ value: Double) throws {
    _ = next()
    state.writer.write(value)
  }

  mutating func encode(_ value: Int) throws {
    _ = next()
    state.writer.write(value)
  }

  mutating func encode(_ value: UInt32) throws {
    _ = next()
    state.writer.write(value)
  }

  mutating func encode<T: Encodable>(_ value: T) throws {
    let path = next()
    try state.encodeValue(value, level: level, codingPath: path)
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
    -> KeyedEncodingContainer<NestedKey>
  {
    let path = next()
    state.beginObject(level: level)
    return KeyedEncodingContainer(KeyedStream<NestedKey>(state: state, level: level + 1, codingPath: path))
  }

  mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
    let path = next()
    state.beginArray(level: level)
    return UnkeyedStream(state: state, level: level + 1, codingPath: path)
  }

  mutating func superEncoder() -> any Encoder {
    StreamEncoder(state: state, level: level, codingPath: next())
  }
}

private struct SingleValueStream: SingleValueEncodingContainer {
  let state: StreamState
  let level: Int
  let codingPath: [any CodingKey]

  mutating func encodeNil() throws {
    state.close(to: level)
    state.writer.writeNull()
  }

  mutating func encode(_ value: Bool) throws {
    state.close(to: level)
    state.writer.write(value)
  }

  mutating func encode(_ value: String) throws {
    state.close(to: level)
    state.writer.write(value)
  }

  mutating func encode(_ value: Double) throws {
    state.close(to: level)
    state.writer.write(value)
  }

  mutating func encode(_ value: Float) throws {
    state.close(to: level)
    state.writer.write(Double(value))
  }

  mutating func encode(_ value: Int) throws {
    state.close(to: level)
    state.writer.write(value)
  }

  mutating func encode(_ value: Int8) throws { try encode(Int(value)) }
  mutating func encode(_ value: Int16) throws { try encode(Int(value)) }
  mutating func encode(_ value: Int32) throws { try encode(Int(value)) }
  mutating func encode(_ value: Int64) throws { try encode(Int(value)) }
  mutating func encode(_ value: UInt8) throws { try encode(Int(value)) }
  mutating func encode(_ value: UInt16) throws { try encode(Int(value)) }

  mutating func encode(_ value: UInt32) throws {
    state.close(to: level)
    state.writer.write(value)
  }

  mutating func encode(_ value: UInt) throws {
    state.close(to: level)
    state.writer.writeRaw(Array(String(value).utf8))
  }

  mutating func encode(_ value: UInt64) throws {
    state.close(to: level)
    state.writer.writeRaw(Array(String(value).utf8))
  }

  mutating func encode<T: Encodable>(_ value: T) throws {
    try state.encodeValue(value, level: level, codingPath: codingPath)
  }
}
