import JSONCore

extension LanguageServerConnection {
  /// Sends a notification to the client.
  public func send<N: LSPNotification>(notification: N) {
    do {
      write(try OutgoingMessage.notification(method: N.method, params: notification))
    } catch {
      logger.log(.error, "Could not encode \(N.method): \(error)", mirrored: false)
    }
  }

  /// Sends a request to the client and waits for its response.
  ///
  /// Throws the client's ``ResponseError``, or one with code RequestFailed when the
  /// connection ends first.
  public func sendRequest<R: LSPRequest>(_ request: R) async throws -> R.Response {
    let id = state.withLock { state in
      defer { state.nextOutgoingID += 1 }
      return RequestID.int(state.nextOutgoingID)
    }
    let body = try OutgoingMessage.request(id: id, method: R.method, params: request)
    let value: JSONValue = try await withCheckedThrowingContinuation { continuation in
      let closed = state.withLock { state in
        if state.exitCode != nil { return true }
        state.outgoing[id] = continuation
        return false
      }
      if closed {
        continuation.resume(throwing: ResponseError(code: ResponseError.requestFailed, message: "Connection closed"))
      } else {
        write(body)
      }
    }
    do {
      return try decodeJSON(R.Response.self, from: value)
    } catch {
      throw ResponseError.internalError("Invalid response to '\(R.method)': \(describeParamsProblem(error))")
    }
  }

  /// Sends `$/logTrace` when the trace is not `off`; `verbose` only when it is `verbose`.
  public func logTrace(_ message: String, verbose: String? = nil) {
    let trace = self.trace
    guard trace != .off else { return }
    send(notification: LogTraceParams(message: message, verbose: trace == .verbose ? verbose : nil))
  }

  /// Mirrors log lines at `minimumLevel` or more important to the client as
  /// `window/logMessage`; `nil` stops mirroring.
  ///
  /// Warnings and errors are mirrored whenever they are asked for; less important
  /// lines only while the client's trace (the `trace` of `initialize`, or
  /// `$/setTrace`) is `messages` or `verbose`.
  public func mirrorLogs(minimumLevel: LogLevel?) {
    state.withLock { $0.mirrorLevel = minimumLevel }
    guard minimumLevel != nil else {
      logger.mirror(minimumLevel: .error, to: nil)
      return
    }
    logger.mirror(minimumLevel: effectiveMirrorLevel) { [weak self] level, message in
      let type: MessageType =
        switch level {
        case .error: .error
        case .warning: .warning
        case .info: .info
        case .debug: .log
        }
      self?.send(notification: LogMessageParams(type: type, message: message))
    }
  }

  /// Applies a new trace value to what is mirrored.
  func setTrace(_ trace: TraceValue) {
    state.withLock { $0.trace = trace }
    logger.mirrorLevel = effectiveMirrorLevel
  }

  /// The mirror level asked for, capped at `warning` while the trace is `off`.
  private var effectiveMirrorLevel: LogLevel {
    state.withLock { state in
      let asked = state.mirrorLevel ?? .error
      return state.trace == .off ? min(asked, .warning) : asked
    }
  }
}
