/// `window/logMessage`, sent by the server.
public struct LogMessageParams: LSPNotification, Hashable {
  public static let method = "window/logMessage"
  public var type: MessageType
  public var message: String

  public init(type: MessageType, message: String) {
    self.type = type
    self.message = message
  }
}

/// `window/showMessage`, sent by the server.
public struct ShowMessageParams: LSPNotification, Hashable {
  public static let method = "window/showMessage"
  public var type: MessageType
  public var message: String

  public init(type: MessageType, message: String) {
    self.type = type
    self.message = message
  }
}

/// `window/workDoneProgress/create`, a server→client request.
public struct WorkDoneProgressCreateParams: LSPRequest, Hashable {
  public static let method = "window/workDoneProgress/create"
  public typealias Response = NullResponse
  public var token: ProgressToken

  public init(token: ProgressToken) { self.token = token }
}

/// One step of work-done progress: `begin`, `report` or `end`.
public enum WorkDoneProgress: Codable, Sendable, Hashable {
  case begin(title: String, cancellable: Bool? = nil, message: String? = nil, percentage: Int? = nil)
  case report(cancellable: Bool? = nil, message: String? = nil, percentage: Int? = nil)
  case end(message: String? = nil)

  private enum CodingKeys: String, CodingKey {
    case kind, title, cancellable, message, percentage
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let cancellable = try container.decodeIfPresent(Bool.self, forKey: .cancellable)
    let message = try container.decodeIfPresent(String.self, forKey: .message)
    let percentage = try container.decodeIfPresent(Int.self, forKey: .percentage)
    switch try container.decode(String.self, forKey: .kind) {
    case "begin":
      self = .begin(
        title: try container.decode(String.self, forKey: .title), cancellable: cancellable, message: message,
        percentage: percentage)
    case "report": self = .report(cancellable: cancellable, message: message, percentage: percentage)
    default: self = .end(message: message)
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    switch self {
    case .begin(let title, let cancellable, let message, let percentage):
      try container.encode("begin", forKey: .kind)
      try container.encode(title, forKey: .title)
      try container.encodeIfPresent(cancellable, forKey: .cancellable)
      try container.encodeIfPresent(message, forKey: .message)
      try container.encodeIfPresent(percentage, forKey: .percentage)
    case .report(let cancellable, let message, let percentage):
      try container.encode("report", forKey: .kind)
      try container.encodeIfPresent(cancellable, forKey: .cancellable)
      try container.encodeIfPresent(message, forKey: .message)
      try container.encodeIfPresent(percentage, forKey: .percentage)
    case .end(let message):
      try container.encode("end", forKey: .kind)
      try container.encodeIfPresent(message, forKey: .message)
    }
  }
}

/// `$/progress`, with a work-done progress value.
public struct ProgressParams: LSPNotification, Hashable {
  public static let method = "$/progress"
  public var token: ProgressToken
  public var value: WorkDoneProgress

  public init(token: ProgressToken, value: WorkDoneProgress) {
    self.token = token
    self.value = value
  }
}
