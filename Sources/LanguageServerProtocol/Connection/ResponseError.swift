public import JSONCore

/// A JSON-RPC error answer. Thrown by a handler, it is sent to the client as is.
public struct ResponseError: Error, Codable, Sendable, Hashable, CustomStringConvertible {
  public var code: Int
  public var message: String
  public var data: JSONValue?

  public init(code: Int, message: String, data: JSONValue? = nil) {
    self.code = code
    self.message = message
    self.data = data
  }

  public var description: String { "\(message) (\(code))" }

  public static let parseError = -32700
  public static let invalidRequest = -32600
  public static let methodNotFound = -32601
  public static let invalidParams = -32602
  public static let internalError = -32603
  public static let serverNotInitialized = -32002
  public static let unknownErrorCode = -32001
  public static let requestFailed = -32803
  public static let serverCancelled = -32802
  public static let contentModified = -32801
  public static let requestCancelled = -32800

  public static func invalidParams(_ message: String) -> ResponseError {
    ResponseError(code: invalidParams, message: message)
  }

  public static func invalidRequest(_ message: String) -> ResponseError {
    ResponseError(code: invalidRequest, message: message)
  }

  public static func internalError(_ message: String) -> ResponseError {
    ResponseError(code: internalError, message: message)
  }

  public static let cancelled = ResponseError(code: requestCancelled, message: "Request cancelled")
}

extension ResponseError: FastJSONEncodable {
  public func writeJSON(to writer: inout JSONWriter) {
    writer.beginObject()
    writer.key("code")
    writer.write(code)
    writer.key("message")
    writer.write(message)
    if let data {
      writer.key("data")
      writer.write(data)
    }
    writer.endObject()
  }
}
