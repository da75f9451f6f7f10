import JSONCore

/// A request handler after its params were decoded.
struct PreparedRequest: Sendable {
  let scope: Scope
  let run: @Sendable (RequestContext) async throws -> [UInt8]
}

/// A notification handler after its params were decoded.
struct PreparedNotification: Sendable {
  let scope: Scope
  let run: @Sendable () async throws -> Void
}

struct Handlers: Sendable {
  /// Per method: decodes the params (`nil` when absent) and prepares the handler.
  var requests: [String: @Sendable (JSONValue?) throws -> PreparedRequest] = [:]
  var notifications: [String: @Sendable (JSONValue?) throws -> PreparedNotification] = [:]
}

extension LanguageServerConnection {
  /// Handles requests of type `R`, run when the messages `scope` names are done.
  ///
  /// The handler's result is the response; a thrown ``ResponseError`` is sent as is,
  /// a `CancellationError` answers RequestCancelled and anything else InternalError.
  /// Registering a method again replaces its handler.
  public func register<R: LSPRequest>(
    _ type: R.Type, scope: @escaping @Sendable (R) -> Scope,
    handler: @escaping @Sendable (R, RequestContext) async throws -> R.Response
  ) {
    let prepare: @Sendable (JSONValue?) throws -> PreparedRequest = { params in
      let params = try ParamsEnvelope<R>.decode(params: params)
      return PreparedRequest(scope: scope(params)) { context in
        try R.encode(response: try await handler(params, context))
      }
    }
    handlers.withLock { $0.requests[R.method] = prepare }
  }

  /// Handles notifications of type `N`, run when the messages `scope` names are done.
  /// Errors thrown by the handler are logged.
  public func register<N: LSPNotification>(
    _ type: N.Type, scope: @escaping @Sendable (N) -> Scope,
    handler: @escaping @Sendable (N) async throws -> Void
  ) {
    let prepare: @Sendable (JSONValue?) throws -> PreparedNotification = { params in
      let params = try ParamsEnvelope<N>.decode(params: params)
      return PreparedNotification(scope: scope(params)) { try await handler(params) }
    }
    handlers.withLock { $0.notifications[N.method] = prepare }
  }

  /// The methods of the requests with a handler.
  public var registeredRequestMethods: Set<String> { handlers.withLock { Set($0.requests.keys) } }

  /// The methods of the notifications with a handler.
  public var registeredNotificationMethods: Set<String> { handlers.withLock { Set($0.notifications.keys) } }

  /// Answers `initialize` with no capabilities and `shutdown` with `null` until the
  /// server registers its own handlers.
  func registerDefaultHandlers() {
    register(InitializeParams.self, scope: { _ in .global }) { _, _ in
      InitializeResult(capabilities: ServerCapabilities())
    }
    register(ShutdownRequest.self, scope: { _ in .global }) { _, _ in NullResponse() }
  }
}
