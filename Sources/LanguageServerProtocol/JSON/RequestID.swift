public import JSONCore

/// A JSON-RPC request id: a number or a string.
public enum RequestID: Sendable, Hashable, Codable, CustomStringConvertible {
  case int(Int)
  case string(String)

  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if let value = try? container.decode(Int.self) {
      self = .int(value)
    } else {
      self = .string(try container.decode(String.self))
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .int(let value): try container.encode(value)
    case .string(let value): try container.encode(value)
    }
  }

  /// The id as a JSON value.
  public var jsonValue: JSONValue {
    switch self {
    case .int(let value): .int(value)
    case .string(let value): .string(value)
    }
  }

  /// The id held by a JSON value, if it is a number or a string.
  public init?(_ value: JSONValue) {
    switch value {
    case .int(let number): self = .int(number)
    case .string(let text): self = .string(text)
    default: return nil
    }
  }

  public var description: String {
    switch self {
    case .int(let value): "\(value)"
    case .string(let value): "\"\(value)\""
    }
  }
}

extension RequestID: ExpressibleByIntegerLiteral, ExpressibleByStringLiteral {
  public init(integerLiteral value: Int) { self = .int(value) }
  public init(stringLiteral value: String) { self = .string(value) }
}
