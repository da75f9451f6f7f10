import Dispatch
import JSONCore

extension LanguageServerConnection {
  /// How long `exit`, or the end of input, waits for the messages before it to be answered.
  static let exitGrace = DispatchTimeInterval.seconds(5)

  /// Ends the connection with `code` once the messages received so far are answered
  /// (`.global` waits for them), or after `exitGrace` at the latest.
  func finishAfterReceivedMessages(code: Int32) {
    _ = scheduler.schedule(.global) { [self] in finish(code: code) }
    DispatchQueue.global().asyncAfter(deadline: .now() + Self.exitGrace) { [self] in finish(code: code) }
  }

  /// Decodes one message body and answers, schedules or drops it. Runs on the
  /// reader thread, one message at a time.
  func handleMessage(_ body: [UInt8]) {
    guard !state.withLock({ $0.exitReceived }) else {
      logger.debug("Dropping a message after 'exit'")
      return
    }
    switch IncomingMessage(body: body) {
    case .parseError(let id, let message):
      logger.error("\(message) (\(body.count) bytes)")
      replyError(id: id, ResponseError(code: ResponseError.parseError, message: message))
    case .invalid(let id, let message):
      logger.warning("Invalid message: \(message)")
      replyError(id: id, .invalidRequest(message))
    case .response(let id, let result):
      resolveOutgoing(id: id, result: result)
    case .notification(let method, let params):
      handleNotification(method: method, params: params)
    case .request(let id, let method, let params):
      handleRequest(id: id, method: method, params: params)
    }
  }

  private func replyError(id: RequestID?, _ error: ResponseError) {
    write(OutgoingMessage.error(id: id, error))
  }

  private func handleRequest(id: RequestID, method: String, params: JSONValue?) {
    let lifecycle = state.withLock { $0.lifecycle }
    let isInitialize = method == InitializeParams.method
    switch lifecycle {
    case .uninitialized where !isInitialize:
      replyError(
        id: id,
        ResponseError(
          code: ResponseError.serverNotInitialized, message: "Server not initialized: '\(method)' before 'initialize'"))
      return
    case .initialized where isInitialize:
      replyError(id: id, .invalidRequest("'initialize' was already received"))
      return
    case .shutDown:
      replyError(id: id, .invalidRequest("Server is shutting down: '\(method)' after 'shutdown'"))
      return
    default:
      break
    }
    guard let prepare = handlers.withLock({ $0.requests[method] }) else {
      replyError(id: id, ResponseError(code: ResponseError.methodNotFound, message: "Unknown method '\(method)'"))
      return
    }
    let prepared: PreparedRequest
    do {
      prepared = try prepare(params)
    } catch {
      let message = describeParamsProblem(error)
      logger.warning("\(method): \(message)")
      replyError(id: id, .invalidParams(message))
      return
    }
    let trace = isInitialize ? params?["trace"]?.stringValue.map(TraceValue.init(rawValue:)) : nil
    let context = RequestContext(id: id, method: method, connection: self)
    state.withLock { state in
      if isInitialize { state.lifecycle = .initialized }
      if method == ShutdownRequest.method { state.lifecycle = .shutDown }
      state.inFlight[id] = InFlight(context: context)
    }
    if let trace { setTrace(trace) }
    let task = scheduler.schedule(prepared.scope) { [self] in
      guard !context.isCancelled else { return }
      do {
        let result = try await prepared.run(context)
        respond(id: id, .success(result))
      } catch let error as ResponseError {
        respond(id: id, .failure(error))
      } catch is CancellationError {
        respond(id: id, .failure(.cancelled))
      } catch {
        logger.error("\(method) failed: \(error)")
        respond(id: id, .failure(.internalError("\(error)")))
      }
    }
    state.withLock { $0.inFlight[id]?.task = task }
  }

  /// Sends the one response for `id`, unless it was already answered (cancelled).
  private func respond(id: RequestID, _ result: Result<[UInt8], ResponseError>) {
    let claimed = state.withLock { $0.inFlight.removeValue(forKey: id) != nil }
    guard claimed else { return }
    switch result {
    case .success(let encoded):
      let (prefix, suffix) = OutgoingMessage.responseEnvelope(id: id)
      write(parts: [prefix, encoded, suffix])
    case .failure(let error): replyError(id: id, error)
    }
  }

  private func cancelRequest(_ id: RequestID) {
    guard let entry = state.withLock({ $0.inFlight.removeValue(forKey: id) }) else { return }
    entry.context.cancel()
    entry.task?.cancel()
    replyError(id: id, .cancelled)
  }

  private func handleNotification(method: String, params: JSONValue?) {
    let lifecycle = state.withLock { $0.lifecycle }
    switch method {
    case ExitNotification.method:
      // A client may send `exit` without waiting for `shutdown`'s answer.
      state.withLock { $0.exitReceived = true }
      finishAfterReceivedMessages(code: lifecycle == .shutDown ? 0 : 1)
      return
    case CancelParams.method:
      if let cancel = try? ParamsEnvelope<CancelParams>.decode(params: params) { cancelRequest(cancel.id) }
      return
    default:
      break
    }
    guard lifecycle == .initialized else {
      logger.debug("Dropping '\(method)': \(lifecycle == .shutDown ? "after 'shutdown'" : "before 'initialize'")")
      return
    }
    if method == SetTraceParams.method, let trace = try? ParamsEnvelope<SetTraceParams>.decode(params: params) {
      setTrace(trace.value)
    }
    guard let prepare = handlers.withLock({ $0.notifications[method] }) else {
      logger.debug("Ignoring notification '\(method)'")
      return
    }
    let prepared: PreparedNotification
    do {
      prepared = try prepare(params)
    } catch {
      logger.warning("\(method): \(describeParamsProblem(error))")
      return
    }
    scheduler.schedule(prepared.scope) { [self] in
      do {
        try await prepared.run()
      } catch {
        logger.error("\(method) failed: \(error)")
      }
    }
  }

  private func resolveOutgoing(id: RequestID, result: Result<JSONValue, ResponseError>) {
    guard let continuation = state.withLock({ $0.outgoing.removeValue(forKey: id) }) else {
      logger.warning("Response to unknown request \(id)")
      return
    }
    continuation.resume(with: result.mapError { $0 as any Error })
  }
}
