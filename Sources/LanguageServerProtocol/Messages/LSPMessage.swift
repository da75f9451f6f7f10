public import JSONCore

/// A request: its params type, the method it is sent as and the type of its result.
public protocol LSPRequest: Codable, Sendable {
  static var method: String { get }
  associatedtype Response: Codable & Sendable

  /// The JSON text of a response. The default writes a ``FastJSONEncodable`` response
  /// directly, chosen when the request type is declared (no dynamic cast), and goes
  /// through ``encodeJSON(_:)`` otherwise.
  static func encode(response: Response) throws -> [UInt8]
}

extension LSPRequest {
  public static func encode(response: Response) throws -> [UInt8] { try encodeJSON(response) }
}

extension LSPRequest where Response: FastJSONEncodable {
  public static func encode(response: Response) throws -> [UInt8] {
    var writer = JSONWriter()
    response.writeJSON(to: &writer)
    return writer.bytes
  }
}

/// A notification: its params type and the method it is sent as.
public protocol LSPNotification: Codable, Sendable {
  static var method: String { get }
}

/// The result of a request whose response is always `null`.
public struct NullResponse: Codable, Sendable, Hashable, FastJSONEncodable {
  public init() {}
  public init(from decoder: any Decoder) throws {}
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encodeNil()
  }
  public func writeJSON(to writer: inout JSONWriter) { writer.writeNull() }
}

/// Params for messages that take none; decodes from an absent, `null` or any object.
public struct EmptyParams: Codable, Sendable, Hashable {
  public init() {}
  public init(from decoder: any Decoder) throws {}
  public func encode(to encoder: any Encoder) throws {
    _ = encoder.container(keyedBy: NoKeys.self)
  }
  private enum NoKeys: CodingKey {}
}
