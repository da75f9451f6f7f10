import JSONCore

/// Builds the JSON text of outgoing JSON-RPC messages.
public enum OutgoingMessage {
  /// `{"jsonrpc":"2.0","id":…,"result":…}` with an already-encoded result.
  public static func response(id: RequestID, encodedResult: [UInt8]) -> [UInt8] {
    var writer = envelope(capacity: encodedResult.count + 48)
    writer.key("id")
    writer.write(id.jsonValue)
    writer.key("result")
    writer.writeRaw(encodedResult)
    writer.endObject()
    return writer.bytes
  }

  /// The text before and after an already-encoded result in a response to `id`, so a
  /// large result is written without being copied into the message.
  public static func responseEnvelope(id: RequestID) -> (prefix: [UInt8], suffix: [UInt8]) {
    var writer = envelope(capacity: 48)
    writer.key("id")
    writer.write(id.jsonValue)
    writer.key("result")
    return (writer.bytes, [UInt8(ascii: "}")])
  }

  /// A response carrying `result`, encoded through ``FastJSONEncodable`` when possible.
  public static func response(id: RequestID, result: some Encodable) throws -> [UInt8] {
    var writer = envelope(capacity: 256)
    writer.key("id")
    writer.write(id.jsonValue)
    writer.key("result")
    try writeJSON(result, to: &writer)
    writer.endObject()
    return writer.bytes
  }

  /// An error response; `id` is `null` when the request's id is unknown.
  public static func error(id: RequestID?, _ error: ResponseError) -> [UInt8] {
    var writer = envelope(capacity: 128)
    writer.key("id")
    writer.write(id?.jsonValue ?? .null)
    writer.key("error")
    error.writeJSON(to: &writer)
    writer.endObject()
    return writer.bytes
  }

  public static func notification(method: String, params: some Encodable) throws -> [UInt8] {
    var writer = envelope(capacity: 256)
    writer.key("method")
    writer.write(method)
    writer.key("params")
    try writeJSON(params, to: &writer)
    writer.endObject()
    return writer.bytes
  }

  public static func request(id: RequestID, method: String, params: some Encodable) throws -> [UInt8] {
    var writer = envelope(capacity: 256)
    writer.key("id")
    writer.write(id.jsonValue)
    writer.key("method")
    writer.write(method)
    writer.key("params")
    try writeJSON(params, to: &writer)
    writer.endObject()
    return writer.bytes
  }

  private static func envelope(capacity: Int) -> JSONWriter {
    var writer = JSONWriter(capacity: capacity)
    writer.beginObject()
    writer.key("jsonrpc")
    writer.write("2.0")
    return writer
  }
}
