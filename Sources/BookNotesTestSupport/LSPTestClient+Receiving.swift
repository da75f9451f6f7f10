import Foundation
public import JSONCore
public import LanguageServerProtocol

extension LSPTestClient {
  /// Waits for the response to request `id`.
  public func waitForResponse(id: RequestID, timeout: Duration? = nil) async throws -> JSONValue {
    try await waitForMessage(description: "the response to request \(id)", timeout: timeout) { message in
      message["method"] == nil && message["id"] == id.jsonValue
    }
  }

  /// Waits for the next notification `method` not yet taken and returns its params.
  public func waitForNotification(_ method: String, timeout: Duration? = nil) async throws -> JSONValue {
    let message = try await waitForMessage(description: "notification '\(method)'", timeout: timeout) { message in
      message["id"] == nil && message["method"]?.stringValue == method
    }
    return message["params"] ?? .null
  }

  /// How much longer every wait is: `BOOKNOTES_TEST_TIMEOUT_SCALE` (default 1), which
  /// `Fuzz/sanitizers.sh` raises because a sanitized server runs several times slower.
  public static let timeoutScale: Double = {
    let value = ProcessInfo.processInfo.environment["BOOKNOTES_TEST_TIMEOUT_SCALE"].flatMap(Double.init) ?? 1
    return value > 0 ? value : 1
  }()

  static func scaled(_ timeout: Duration) -> Duration { timeout * timeoutScale }

  /// Waits for the next message not yet taken that `matches` accepts.
  public func waitForMessage(
    description: String = "a message", timeout: Duration? = nil,
    where matches: @escaping @Sendable (JSONValue) -> Bool
  ) async throws -> JSONValue {
    let token = withState { state -> UInt64 in
      defer { state.nextWaiter += 1 }
      return state.nextWaiter
    }
    let timeout = Self.scaled(timeout ?? defaultTimeout)
    return try await withCheckedThrowingContinuation { continuation in
      registerWaiter(token, description: description, matches: matches, continuation: continuation)
      Task {
        try? await Task.sleep(for: timeout)
        self.failWaiter(token, with: TimeoutError(waitingFor: description))
      }
    }
  }

  /// Waits until the server reports the end of its first indexing, the words for
  /// search included (`$/progress` with `kind: end` for its last pass); the client
  /// must have declared `window.workDoneProgress`.
  public func waitForIndexing(timeout: Duration? = nil) async throws {
    _ = try await waitForMessage(description: "the end of indexing", timeout: timeout) { message in
      message["method"] == "$/progress" && message["params"]?["token"] == "booknotes/indexing-words"
        && message["params"]?["value"]?["kind"] == "end"
    }
  }

  /// Every notification `method` received so far, taken or not, as params.
  public func notifications(_ method: String) -> [JSONValue] {
    withState { state in
      state.notificationLog.filter { $0["method"]?.stringValue == method }.map { $0["params"] ?? .null }
    }
  }

  /// Every request the server sent so far.
  public var serverRequests: [JSONValue] { withState { $0.serverRequests } }

  /// Waits until the server closes its output.
  public func waitForClose(timeout: Duration? = nil) async throws {
    let timeout = Self.scaled(timeout ?? defaultTimeout)
    try await withThrowingTaskGroup(of: Bool.self) { group in
      group.addTask {
        await withCheckedContinuation { continuation in
          let closed = self.withState { state -> Bool in
            if state.closed { return true }
            state.closeWaiters.append(continuation)
            return false
          }
          if closed { continuation.resume() }
        }
        return true
      }
      group.addTask {
        try await Task.sleep(for: timeout)
        return false
      }
      let closed = try await group.next() ?? false
      group.cancelAll()
      if !closed { throw TimeoutError(waitingFor: "the server to close its output") }
    }
  }

  /// Waits for the child process to end and returns its exit status; a process
  /// killed by a signal reports the signal number plus 128.
  public func waitForExit(timeout: Duration? = nil) async throws -> Int32 {
    guard let child = childProcess else { throw TimeoutError(waitingFor: "exit: no child process") }
    let deadline = ContinuousClock.now + Self.scaled(timeout ?? defaultTimeout)
    while child.isRunning {
      guard ContinuousClock.now < deadline else { throw TimeoutError(waitingFor: "the server process to exit") }
      try await Task.sleep(for: .milliseconds(10))
    }
    return child.terminationReason == .uncaughtSignal ? 128 + child.terminationStatus : child.terminationStatus
  }

  /// Stops the child process if it still runs.
  public func terminate() {
    if let child = childProcess, child.isRunning { child.terminate() }
  }
}

/// Asks `condition` every 50 ms until it holds, for at most `timeout` (scaled as the
/// client's waits are): for what a server does without saying so, such as a lookup
/// filling a cache. Returns whether it came to hold.
public func eventually(
  timeout: Duration = LSPTestClient.generousTimeout, _ condition: () async throws -> Bool
) async rethrows -> Bool {
  let deadline = ContinuousClock.now + LSPTestClient.scaled(timeout)
  while true {
    if try await condition() { return true }
    guard ContinuousClock.now < deadline else { return false }
    try? await Task.sleep(for: .milliseconds(50))
  }
}
