public import Foundation
public import JSONCore
public import LanguageServerProtocol
import Locking
import SystemIO

/// A small LSP client for tests: talks JSON-RPC over file descriptors to an
/// in-process ``LanguageServerConnection`` or to a child process.
///
/// Every wait has a timeout, so a test can fail but never hang. The timeout is generous
/// (``generousTimeout``): a wait ends on the event it waits for, and a slow machine only
/// makes it longer.
public final class LSPTestClient: Sendable {
  /// How long a wait lasts unless told otherwise: long enough for a server on a machine
  /// busy with other builds and tests, short enough for a broken one to fail. `swift test`
  /// runs every test at once, in-process servers of a hundred and more among them, and
  /// they share the process's threads (two per priority on two cores): on two cores, for
  /// two minutes of a run no test finished, and requests waited behind the others' work.
  public static let generousTimeout: Duration = .seconds(180)

  /// Nothing arrived in time.
  public struct TimeoutError: Error, CustomStringConvertible {
    public let waitingFor: String
    public var description: String { "Timed out waiting for \(waitingFor)" }
  }

  /// The server closed its output before the awaited message arrived.
  public struct ClosedError: Error, CustomStringConvertible {
    public let waitingFor: String
    public var description: String { "Connection closed while waiting for \(waitingFor)" }
  }

  struct Waiter {
    let description: String
    let matches: @Sendable (JSONValue) -> Bool
    let continuation: CheckedContinuation<JSONValue, any Error>
  }

  struct State {
    var nextRequestID = 1
    var nextWaiter: UInt64 = 0
    var waiters: [UInt64: Waiter] = [:]
    /// Messages no waiter took yet, in arrival order.
    var inbox: [JSONValue] = []
    /// Every notification received, in order.
    var notificationLog: [JSONValue] = []
    /// Every request the server sent, in order.
    var serverRequests: [JSONValue] = []
    var closed = false
    var closeWaiters: [CheckedContinuation<Void, Never>] = []
    var serverRequestHandler: @Sendable (String, JSONValue) -> JSONValue = { _, _ in .null }
  }

  /// Client → server.
  private let output: Lock<Int32?>
  /// Server → client.
  private let input: Int32
  private let ownsDescriptors: Bool
  private let state = Lock(State())

  func withState<T>(_ body: (inout State) -> T) -> T { state.withLock { body(&$0) } }
  /// The child process, when the client started one.
  private let process: Lock<Process?>
  public let defaultTimeout: Duration

  /// A client writing requests to `output` and reading the server from `input`.
  /// The descriptors are closed by ``close()`` only when `ownsDescriptors` is true.
  public init(
    writingTo output: Int32, readingFrom input: Int32, ownsDescriptors: Bool = false,
    defaultTimeout: Duration = LSPTestClient.generousTimeout
  ) {
    self.output = Lock(output)
    self.input = input
    self.ownsDescriptors = ownsDescriptors
    self.defaultTimeout = defaultTimeout
    self.process = Lock(nil)
    let thread = Thread { [self] in readLoop() }
    thread.name = "LSPTestClient reader"
    thread.start()
  }

  /// The user cache folder of servers launched by this test run.
  static let testCacheHome =
    NSTemporaryDirectory() + "booknotes-test-cache-\(ProcessInfo.processInfo.processIdentifier)"

  /// Starts `executable` with `arguments` and talks to it over its stdin and stdout.
  /// Its stderr goes to `standardError`, or is inherited when that is `nil`.
  public static func launch(
    executable: String, arguments: [String] = [], environment: [String: String]? = nil,
    currentDirectory: URL? = nil, standardError: FileHandle? = nil,
    defaultTimeout: Duration = LSPTestClient.generousTimeout
  ) throws -> LSPTestClient {
    let child = Process()
    child.executableURL = URL(fileURLWithPath: executable)
    child.arguments = arguments
    if let standardError { child.standardError = standardError }
    // Without an environment of its own, the server's index and book caches go to a
    // folder of this test run, never the user's cache.
    child.environment =
      environment ?? ProcessInfo.processInfo.environment.merging(["XDG_CACHE_HOME": testCacheHome]) { _, new in new }
    if let currentDirectory { child.currentDirectoryURL = currentDirectory }
    let toServer = Pipe()
    let fromServer = Pipe()
    child.standardInput = toServer
    child.standardOutput = fromServer
    try child.run()
    let client = LSPTestClient(
      writingTo: dup(toServer.fileHandleForWriting.fileDescriptor),
      readingFrom: dup(fromServer.fileHandleForReading.fileDescriptor), ownsDescriptors: true,
      defaultTimeout: defaultTimeout)
    try? toServer.fileHandleForWriting.close()
    try? fromServer.fileHandleForReading.close()
    client.process.withLock { $0 = child }
    return client
  }

  /// Answers server→client requests (e.g. `workspace/configuration`) with
  /// `handler(method, params)`; the default answers `null`.
  public func onServerRequest(_ handler: @escaping @Sendable (String, JSONValue) -> JSONValue) {
    state.withLock { $0.serverRequestHandler = handler }
  }

  // MARK: Sending

  /// Sends a request and returns its result; throws the server's ``ResponseError``.
  public func request(_ method: String, params: JSONValue = .null, timeout: Duration? = nil) async throws -> JSONValue {
    let response = try await requestMessage(method, params: params, timeout: timeout)
    if let error = response["error"] {
      throw ResponseError(
        code: error["code"]?.intValue ?? 0, message: error["message"]?.stringValue ?? "", data: error["data"])
    }
    return response["result"] ?? .null
  }

  /// Sends a request and returns the whole response message (with `result` or `error`).
  public func requestMessage(_ method: String, params: JSONValue = .null, timeout: Duration? = nil) async throws
    -> JSONValue
  {
    let id = sendRequest(method, params: params)
    return try await waitForResponse(id: id, timeout: timeout)
  }

  /// Sends a request without waiting; returns its id for ``waitForResponse(id:timeout:)``.
  @discardableResult
  public func sendRequest(_ method: String, params: JSONValue = .null) -> RequestID {
    let id = state.withLock { state in
      defer { state.nextRequestID += 1 }
      return RequestID.int(state.nextRequestID)
    }
    var message: [String: JSONValue] = ["jsonrpc": "2.0", "id": id.jsonValue, "method": .string(method)]
    if params != .null { message["params"] = params }
    sendMessage(.object(message))
    return id
  }

  /// Sends a notification.
  public func notify(_ method: String, params: JSONValue = .null) {
    var message: [String: JSONValue] = ["jsonrpc": "2.0", "method": .string(method)]
    if params != .null { message["params"] = params }
    sendMessage(.object(message))
  }

  /// Sends `$/cancelRequest` for `id`.
  public func cancel(_ id: RequestID) {
    notify("$/cancelRequest", params: ["id": id.jsonValue])
  }

  /// Frames and sends a JSON value as one message.
  public func sendMessage(_ message: JSONValue) {
    sendRaw(MessageWriter.frame(Array(message.description.utf8)))
  }

  /// Writes bytes as they are, framing included (or not).
  public func sendRaw(_ bytes: some Collection<UInt8>) {
    let bytes = Array(bytes)
    output.withLock { descriptor in
      guard let descriptor else { return }
      _ = writeAll(descriptor, bytes)
    }
  }

  /// Closes the client's output: the server sees the end of its input.
  public func closeOutput() {
    output.withLock { descriptor in
      if let open = descriptor { Foundation.close(open) }
      descriptor = nil
    }
  }

  /// Closes the descriptors the client owns.
  public func close() {
    guard ownsDescriptors else { return }
    closeOutput()
  }

  var childProcess: Process? { process.withLock { $0 } }

  /// The process id of the child process, when the client started one.
  public var processIdentifier: Int32? { childProcess?.processIdentifier }

  // MARK: Receiving

  private func readLoop() {
    var framer = MessageFramer()
    var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress!, $0.count) }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { break }
      framer.feed(buffer[0..<count])
      while let event = framer.next() {
        // JSONCore's parser, not JSONDecoder: decoding a `JSONValue` through Codable
        // throws an error per number, which a test run's error hook records slowly.
        guard case .message(let body) = event, let message = try? JSONParser.parse(body) else { continue }
        receive(message)
      }
    }
    let (waiters, closeWaiters) = state.withLock { state in
      state.closed = true
      defer {
        state.waiters = [:]
        state.closeWaiters = []
      }
      return (Array(state.waiters.values), state.closeWaiters)
    }
    for waiter in waiters { waiter.continuation.resume(throwing: ClosedError(waitingFor: waiter.description)) }
    for waiter in closeWaiters { waiter.resume() }
    if ownsDescriptors { Foundation.close(input) }
  }

  private func receive(_ message: JSONValue) {
    if let method = message["method"]?.stringValue, let id = message["id"] {
      let handler = state.withLock { state in
        state.serverRequests.append(message)
        return state.serverRequestHandler
      }
      let result = handler(method, message["params"] ?? .null)
      sendMessage(["jsonrpc": "2.0", "id": id, "result": result])
      // Answered already; also delivered to `waitForMessage`, like any other message.
    }
    let waiter = state.withLock { state -> Waiter? in
      if message["method"] != nil { state.notificationLog.append(message) }
      let token = state.waiters.keys.sorted().first { state.waiters[$0]!.matches(message) }
      guard let token else {
        state.inbox.append(message)
        return nil
      }
      return state.waiters.removeValue(forKey: token)
    }
    waiter?.continuation.resume(returning: message)
  }

  func registerWaiter(
    _ token: UInt64, description: String, matches: @escaping @Sendable (JSONValue) -> Bool,
    continuation: CheckedContinuation<JSONValue, any Error>
  ) {
    enum Outcome {
      case found(JSONValue)
      case closed
      case waiting
    }
    let outcome = state.withLock { state -> Outcome in
      if let index = state.inbox.firstIndex(where: matches) { return .found(state.inbox.remove(at: index)) }
      if state.closed { return .closed }
      state.waiters[token] = Waiter(description: description, matches: matches, continuation: continuation)
      return .waiting
    }
    switch outcome {
    case .found(let message): continuation.resume(returning: message)
    case .closed: continuation.resume(throwing: ClosedError(waitingFor: description))
    case .waiting: break
    }
  }

  func failWaiter(_ token: UInt64, with error: any Error) {
    state.withLock { $0.waiters.removeValue(forKey: token) }?.continuation.resume(throwing: error)
  }
}
