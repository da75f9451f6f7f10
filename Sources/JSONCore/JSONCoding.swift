#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// Encodes a value as compact JSON, through ``FastJSONEncodable`` when the value
/// adopts it and ``JSONStreamEncoder`` otherwise.
public func encodeJSON(_ value: some Encodable) throws -> [UInt8] {
  var writer = JSONWriter()
  try writeJSON(value, to: &writer)
  return writer.bytes
}

/// Appends one value to `writer`, through ``FastJSONEncodable`` when possible and
/// otherwise streamed through its `Encodable` conformance (no intermediate tree).
public func writeJSON(_ value: some Encodable, to writer: inout JSONWriter) throws {
  if let fast = value as? any FastJSONEncodable {
    fast.writeJSON(to: &writer)
  } else {
    try JSONStreamEncoder.write(value, to: &writer)
  }
}

/// A `JSONEncoder` set up as the server's own writer writes (slashes unescaped).
public func makeJSONEncoder() -> JSONEncoder {
  let encoder = JSONEncoder()
  encoder.outputFormatting = [.withoutEscapingSlashes]
  return encoder
}

/// Decodes a value from a ``JSONValue``, without turning it back into text.
public func decodeJSON<T: Decodable>(_ type: T.Type, from value: JSONValue) throws -> T {
  try JSONValueDecoder.decode(type, from: value)
}

/// Converts an encodable value to a ``JSONValue``.
public func jsonValue(of value: some Encodable) throws -> JSONValue {
  try JSONParser.parse(try encodeJSON(value))
}
