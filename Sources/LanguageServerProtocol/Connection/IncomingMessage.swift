#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One decoded JSON-RPC message, or what is wrong with it.
enum IncomingMessage {
  case request(id: RequestID, method: String)
  case notification(method: String)
  case response(id: RequestID, result: Result<JSONValue, ResponseError>)
  /// Not JSON at all; the id when one could be found in the text.
  case parseError(id: RequestID?, message: String)
  /// JSON, but not a JSON-RPC message.
  case invalid(id: RequestID?, message: String)

  init(body: Data) {
    let envelope: Envelope
    do {
      envelope = try JSONDecoder().decode(Envelope.self, from: body)
    } catch DecodingError.dataCorrupted(let context) where context.codingPath.isEmpty {
      self = .parseError(id: Self.recoverID(from: body), message: Self.describe(context))
      return
    } catch {
      self = .invalid(id: nil, message: "A message must be a JSON object")
      return
    }
    if envelope.idIsInvalid {
      self = .invalid(id: nil, message: "A message id must be a number or a string")
    } else if let method = envelope.method {
      if let id = envelope.id {
        self = .request(id: id, method: method)
      } else {
        self = .notification(method: method)
      }
    } else if envelope.methodIsInvalid {
      self = .invalid(id: envelope.id, message: "A message method must be a string")
    } else if let id = envelope.id, let error = envelope.error {
      self = .response(id: id, result: .failure(error))
    } else if let id = envelope.id, envelope.hasResult {
      self = .response(id: id, result: .success(envelope.result ?? .null))
    } else {
      self = .invalid(id: envelope.id, message: "A message needs a method, or an id and a result or error")
    }
  }

  private static func describe(_ context: DecodingError.Context) -> String {
    if let underlying = context.underlyingError {
      return "Invalid JSON: \(underlying)"
    }
    return "Invalid JSON: \(context.debugDescription)"
  }

  /// The fields of a message that dispatch needs; `params` is decoded later, typed.
  private struct Envelope: Decodable {
    var id: RequestID?
    var idIsInvalid = false
    var method: String?
    var methodIsInvalid = false
    var hasResult = false
    var result: JSONValue?
    var error: ResponseError?

    private enum CodingKeys: String, CodingKey {
      case id, method, result, error
    }

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      if container.contains(.id) && !((try? container.decodeNil(forKey: .id)) ?? false) {
        id = try? container.decode(RequestID.self, forKey: .id)
        idIsInvalid = id == nil
      }
      if container.contains(.method) {
        method = try? container.decode(String.self, forKey: .method)
        methodIsInvalid = method == nil
      }
      hasResult = container.contains(.result)
      result = try? container.decodeIfPresent(JSONValue.self, forKey: .result)
      error = try? container.decodeIfPresent(ResponseError.self, forKey: .error)
    }
  }

  /// Finds `"id": 12` or `"id": "x"` in text that is not valid JSON.
  static func recoverID(from body: Data) -> RequestID? {
    let bytes = [UInt8](body)
    let key = Array("\"id\"".utf8)
    var index = 0
    while index + key.count <= bytes.count {
      defer { index += 1 }
      guard bytes[index..<index + key.count].elementsEqual(key) else { continue }
      var cursor = index + key.count
      func skipSpaces() {
        while cursor < bytes.count && [32, 9, 10, 13].contains(bytes[cursor]) { cursor += 1 }
      }
      skipSpaces()
      guard cursor < bytes.count, bytes[cursor] == UInt8(ascii: ":") else { continue }
      cursor += 1
      skipSpaces()
      guard cursor < bytes.count else { return nil }
      if bytes[cursor] == UInt8(ascii: "\"") {
        guard let close = bytes[(cursor + 1)...].firstIndex(of: UInt8(ascii: "\"")) else { return nil }
        return .string(String(decoding: bytes[(cursor + 1)..<close], as: UTF8.self))
      }
      var end = cursor
      if end < bytes.count && bytes[end] == UInt8(ascii: "-") { end += 1 }
      while end < bytes.count && bytes[end] >= 48 && bytes[end] <= 57 { end += 1 }
      if let number = Int(String(decoding: bytes[cursor..<end], as: UTF8.self)) { return .int(number) }
    }
    return nil
  }
}

/// Decodes the `params` of a message as `P`; absent params decode as `{}`.
struct ParamsEnvelope<P: Decodable>: Decodable {
  let params: P

  private enum CodingKeys: String, CodingKey {
    case params
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    if container.contains(.params), !(try container.decodeNil(forKey: .params)) {
      params = try container.decode(P.self, forKey: .params)
    } else {
      params = try JSONDecoder().decode(P.self, from: Data("{}".utf8))
    }
  }

  static func decode(from body: Data) throws -> P {
    try JSONDecoder().decode(Self.self, from: body).params
  }
}
