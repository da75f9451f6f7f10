import Dispatch
import JSONCore
import Locking
import SystemIO

/// A JSON-RPC connection to one client over a pair of file descriptors.
///
/// A dedicated thread reads and decodes messages in order; each message is then
/// scheduled by the ``Scope`` its handler declares and runs on the concurrency
/// pool. Responses are written, framed, under a lock. The connection owns the
/// lifecycle (`initialize`, `shutdown`, `exit`), `$/cancelRequest` and `$/setTrace`.
///
/// Register handlers with `register(_:scope:handler:)` before calling ``run()``
/// (or ``start()`` and ``waitForExit()``).
public final class LanguageServerConnection: Sendable {
  enum Lifecycle: Sendable {
    case uninitialized
    case initialized
    case shutDown
  }

  struct InFlight {
    let context: RequestContext
    var task: Task<Void, Never>?
  }

  struct State {
    var lifecycle = Lifecycle.uninitialized
    var trace = TraceValue.off
    /// What ``mirrorLogs(minimumLevel:)`` asked for; `nil` when nothing is mirrored.
    var mirrorLevel: LogLevel?
    var started = false
    var inFlight: [RequestID: InFlight] = [:]
    var outgoing: [RequestID: CheckedContinuation<JSONValue, any Error>] = [:]
    var nextOutgoingID = 1
    /// Whether `exit` was received: later messages are dropped.
    var exitReceived = false
    var exitCode: Int32?
    var exitWaiters: [CheckedContinuation<Int32, Never>] = []
  }

  public let logger: Logger
  private let input: Int32
  /// The output descriptor; the lock keeps framed messages whole.
  private let output: Lock<Int32>
  let scheduler = MessageScheduler()
  let state = Lock(State())
  let handlers = Lock(Handlers())
  private let exitSignal = DispatchSemaphore(value: 0)

  /// A connection reading from `input` and writing to `output` (stdin and stdout by
  /// default). The descriptors stay open when the connection ends.
  public init(input: Int32 = 0, output: Int32 = 1, logger: Logger = Logger.disabled()) {
    self.input = input
    self.output = Lock(output)
    self.logger = logger
    registerDefaultHandlers()
  }

  /// Reads and serves messages until `exit` or the end of input; returns the exit
  /// code (0 after `shutdown`, 1 otherwise). Blocks the calling thread.
  public func run() -> Int32 {
    start()
    exitSignal.wait()
    return state.withLock { $0.exitCode ?? 1 }
  }

  /// Starts reading on a dedicated thread and returns at once.
  public func start() {
    let first = state.withLock { state in
      defer { state.started = true }
      return !state.started
    }
    guard first else { return }
    ignoreBrokenPipeSignal()
    // Starts the concurrency pool's threads now, on another core, rather than when the
    // first message (`initialize`) has been read and waits for them.
    Task.detached {}
    startThread { [self] in readLoop() }
  }

  /// Waits until the connection ends and returns its exit code.
  public func waitForExit() async -> Int32 {
    await withCheckedContinuation { continuation in
      let code = state.withLock { state -> Int32? in
        if let code = state.exitCode { return code }
        state.exitWaiters.append(continuation)
        return nil
      }
      if let code { continuation.resume(returning: code) }
    }
  }

  /// Whether `shutdown` has been received.
  public var isShutDown: Bool { state.withLock { $0.lifecycle == .shutDown } }

  /// The trace level last set by `initialize` or `$/setTrace`.
  public var trace: TraceValue { state.withLock { $0.trace } }

  private var hasExited: Bool { state.withLock { $0.exitCode != nil } }

  private func readLoop() {
    var framer = MessageFramer()
    while !hasExited {
      let chunk = readSome(input)
      if chunk.isEmpty {
        let code: Int32 = isShutDown ? 0 : 1
        if let unfinished = framer.unfinished {
          // The client died (or closed its end) in the middle of a message.
          logger.warning("End of input inside a message (\(unfinished)); exiting with code \(code)")
        } else {
          logger.info("End of input; exiting with code \(code)")
        }
        // What was received before the end is answered first: a client may write its
        // messages and close its end without waiting.
        finishAfterReceivedMessages(code: code)
        return
      }
      framer.feed(chunk)
      while let event = framer.next() {
        switch event {
        case .message(let body):
          handleMessage(body)
        case .error(let problem):
          logger.error("Corrupt message header: \(problem); skipping to the next header")
        }
        if hasExited { return }
      }
    }
  }

  /// Ends the connection with `code`; later calls change nothing.
  func finish(code: Int32) {
    let (waiters, outgoing) = state.withLock {
      state -> ([CheckedContinuation<Int32, Never>], [CheckedContinuation<JSONValue, any Error>]) in
      guard state.exitCode == nil else { return ([], []) }
      state.exitCode = code
      defer {
        state.exitWaiters = []
        state.outgoing = [:]
      }
      return (state.exitWaiters, Array(state.outgoing.values))
    }
    // The handlers' closures hold the server, which holds this connection: dropping
    // them lets both go once the last running request is done.
    handlers.withLock { $0 = Handlers() }
    for waiter in waiters { waiter.resume(returning: code) }
    for request in outgoing {
      request.resume(throwing: ResponseError(code: ResponseError.requestFailed, message: "Connection closed"))
    }
    exitSignal.signal()
  }

  /// Frames and writes one message body.
  func write(_ body: [UInt8]) {
    write(parts: [body])
  }

  /// Frames and writes one message body given in parts, without joining large parts
  /// into one copy (a large answer is written as it was encoded).
  func write(parts: [[UInt8]]) {
    let length = parts.reduce(0) { $0 + $1.count }
    let written = output.withLock { descriptor in
      if length < MessageFramer.largeBodySize {
        return writeAll(descriptor, MessageWriter.frame(parts.joined()))
      }
      guard writeAll(descriptor, Array("Content-Length: \(length)\r\n\r\n".utf8)) else { return false }
      return parts.allSatisfy { writeAll(descriptor, $0) }
    }
    if !written {
      logger.log(.warning, "Could not write a message to the client", mirrored: false)
    }
  }
}
