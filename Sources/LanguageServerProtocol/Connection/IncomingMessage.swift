package import JSONCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One decoded JSON-RPC message, or what is wrong with it.
package enum IncomingMessage {
  /// A request; `params` is `nil` when the message has none.
  case request(id: RequestID, method: String, params: JSONValue?)
  case notification(method: String, params: JSONValue?)
  case response(id: RequestID, result: Result<JSONValue, ResponseError>)
  /// Not JSON at all; the id when one could be found in the text.
  case parseError(id: RequestID?, message: String)
  /// JSON, but not a JSON-RPC message.
  case invalid(id: RequestID?, message: String)

  /// Parses `body` once; the params are decoded later, typed, from the parsed value.
  package init(body: some Collection<UInt8>) {
    let parsed: JSONValue
    do {
      parsed = try JSONParser.parse(body)
    } catch {
      self = .parseError(id: Self.recoverID(from: body), message: "Invalid JSON: \(error)")
      return
    }
    guard case .object(let members) = parsed else {
      self = .invalid(id: nil, message: "A message must be a JSON object")
      return
    }
    var id: RequestID?
    if let value = members["id"], value != .null {
      guard let valid = RequestID(value) else {
        self = .invalid(id: nil, message: "A message id must be a number or a string")
        return
      }
      id = valid
    }
    let params = members["params"]
    if let method = members["method"] {
      guard case .string(let method) = method else {
        self = .invalid(id: id, message: "A message method must be a string")
        return
      }
      if let id {
        self = .request(id: id, method: method, params: params)
      } else {
        self = .notification(method: method, params: params)
      }
    } else if let id, let error = members["error"].flatMap({ try? decodeJSON(ResponseError.self, from: $0) }) {
      self = .response(id: id, result: .failure(error))
    } else if let id, let result = members["result"] {
      self = .response(id: id, result: .success(result))
    } else {
      self = .invalid(id: id, message: "A message needs a method, or an id and a result or error")
    }
  }

  /// Finds `"id": 12` or `"id": "x"` in text that is not valid JSON. Quotes are looked
  /// for with `memchr`, so a large body that is not JSON (100 MB of it, say) costs a
  /// fast scan, not a loop over its bytes.
  static func recoverID(from body: some Collection<UInt8>) -> RequestID? {
    let bytes = Array(body)
    let key = Array("\"id\"".utf8)
    return bytes.withUnsafeBufferPointer { buffer -> RequestID? in
      guard let base = buffer.baseAddress else { return nil }
      var index = 0
      while index + key.count <= buffer.count {
        guard let found = memchr(base + index, Int32(key[0]), buffer.count - index) else { return nil }
        let start = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
        index = start + 1
        guard start + key.count <= buffer.count, buffer[start..<(start + key.count)].elementsEqual(key) else {
          continue
        }
        var cursor = start + key.count
        func skipSpaces() {
          while cursor < buffer.count && [32, 9, 10, 13].contains(buffer[cursor]) { cursor += 1 }
        }
        skipSpaces()
        guard cursor < buffer.count, buffer[cursor] == UInt8(ascii: ":") else { continue }
        cursor += 1
        skipSpaces()
        guard cursor < buffer.count else { return nil }
        if buffer[cursor] == UInt8(ascii: "\"") {
          guard let close = buffer[(cursor + 1)...].firstIndex(of: UInt8(ascii: "\"")) else { return nil }
          return .string(String(decoding: buffer[(cursor + 1)..<close], as: UTF8.self))
        }
        var end = cursor
        if end < buffer.count && buffer[end] == UInt8(ascii: "-") { end += 1 }
        while end < buffer.count && buffer[end] >= 48 && buffer[end] <= 57 { end += 1 }
        if let number = Int(String(decoding: buffer[cursor..<end], as: UTF8.self)) { return .int(number) }
      }
      return nil
    }
  }
}

/// Decodes the `params` of a message as `P`; absent or `null` params decode as `{}`.
package enum ParamsEnvelope<P: Decodable> {
  package static func decode(params: JSONValue?) throws -> P {
    guard let params, params != .null else { return try decodeJSON(P.self, from: .object([:])) }
    return try decodeJSON(P.self, from: params)
  }

  /// Parses a whole message and decodes its params.
  static func decode(from body: some Collection<UInt8>) throws -> P {
    guard case .object(let members) = try JSONParser.parse(body) else {
      throw DecodingError.typeMismatch(
        [String: JSONValue].self, .init(codingPath: [], debugDescription: "A message must be a JSON object"))
    }
    return try decode(params: members["params"])
  }
}
