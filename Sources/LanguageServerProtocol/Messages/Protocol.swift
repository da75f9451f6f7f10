/// `$/cancelRequest`.
public struct CancelParams: LSPNotification, Hashable {
  public static let method = "$/cancelRequest"
  public var id: RequestID

  public init(id: RequestID) { self.id = id }
}

/// `$/setTrace`.
public struct SetTraceParams: LSPNotification, Hashable {
  public static let method = "$/setTrace"
  public var value: TraceValue

  public init(value: TraceValue) { self.value = value }
}

/// `$/logTrace`, sent by the server while the trace is not `off`.
public struct LogTraceParams: LSPNotification, Hashable {
  public static let method = "$/logTrace"
  public var message: String
  public var verbose: String?

  public init(message: String, verbose: String? = nil) {
    self.message = message
    self.verbose = verbose
  }
}
