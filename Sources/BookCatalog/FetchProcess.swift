import JSONCore
import Locking
import SystemIO

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An HTTP answer: its status and body.
public struct HTTPResponse: Sendable {
  public var status: Int
  public var body: [UInt8]

  public init(status: Int, body: [UInt8]) {
    self.status = status
    self.body = body
  }
}

/// Performs GET requests for the catalog.
public protocol HTTPTransport: Sendable {
  /// `url` fetched with `headers` within `timeout`. Throws `.timedOut`, `.offline`,
  /// `.cancelled`, `.malformed` or `.helperUnavailable`.
  func get(_ url: String, headers: [String: String], timeout: Duration) async throws(CatalogError) -> HTTPResponse
}

/// HTTP through the `booknotes-fetch` helper (URLSession in a process of its own),
/// started on the first request and again after it exits. One JSON object per line
/// each way; a request the helper does not answer within its time-out and a grace
/// period ends the helper, so no request waits forever. The other requests that helper
/// had in flight are sent once more, to a new helper: one hung request costs the
/// others nothing, and a helper that ends on every request fails each after two tries.
public final class FetchProcess: HTTPTransport {
  /// How long past a request's own time-out the helper may take before it is ended.
  static let grace: Duration = .seconds(2)

  private struct Running {
    var pid: pid_t
    var input: Int32
    var generation: Int
  }

  private typealias Continuation = CheckedContinuation<Result<HTTPResponse, CatalogError>, Never>

  /// A request sent and not yet answered.
  private struct Pending {
    var continuation: Continuation
    var line: [UInt8]
    var timeout: Duration
    /// The helper it was last sent to.
    var generation: Int
    /// Whether it was sent again after the helper it was first sent to ended.
    var resent: Bool
  }

  private struct State {
    var running: Running?
    var generation = 0
    var nextID = 1
    var pending: [Int: Pending] = [:]
  }

  private let executable: String?
  private let state = Lock(State())

  /// A transport running `executable`; `nil` fails every request with
  /// `.helperUnavailable`.
  public init(executable: String?) {
    self.executable = executable
    // A helper that exits makes writes to it fail instead of ending this process.
    signal(SIGPIPE, SIG_IGN)
  }

  deinit {
    state.withLock { state in
      if let running = state.running {
        close(running.input)
        kill(running.pid, SIGTERM)
      }
    }
  }

  /// `booknotes-fetch` beside the running executable (`BOOKNOTES_FETCH` overrides),
  /// when it exists.
  public static func locateHelper() -> String? {
    if let path = getenv("BOOKNOTES_FETCH").map({ String(cString: $0) }), !path.isEmpty { return path }
    guard let executable = runningExecutable() else { return nil }
    let folder = executable[..<(executable.lastIndex(of: "/") ?? executable.startIndex)]
    let candidate = String(folder) + "/booknotes-fetch"
    return access(candidate, X_OK) == 0 ? candidate : nil
  }

  private static func runningExecutable() -> String? {
    #if os(Linux)
      var buffer = [CChar](repeating: 0, count: 4096)
      let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
      guard count > 0 else { return nil }
      return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    #else
      return CommandLine.arguments.first
    #endif
  }

  public func get(_ url: String, headers: [String: String], timeout: Duration) async throws(CatalogError)
    -> HTTPResponse
  {
    let id = state.withLock { state in
      defer { state.nextID += 1 }
      return state.nextID
    }
    var message = JSONWriter()
    message.beginObject()
    message.key("id")
    message.write(id)
    message.key("url")
    message.write(url)
    message.key("timeout")
    message.write(Int(timeout.components.seconds * 1000 + timeout.components.attoseconds / 1_000_000_000_000_000))
    message.key("headers")
    message.write(JSONValue.object(headers.mapValues { .string($0) }))
    message.endObject()
    var line = message.bytes
    line.append(UInt8(ascii: "\n"))
    let result = await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: Continuation) in
        send(line, id: id, timeout: timeout, continuation: continuation)
      }
    } onCancel: {
      cancel(id)
    }
    switch result {
    case .success(let response): return response
    case .failure(let error): throw error
    }
  }

  private func send(_ line: [UInt8], id: Int, timeout: Duration, continuation: Continuation, resent: Bool = false) {
    let outcome: Result<Running, CatalogError> = state.withLock { state in
      let started: Result<Running, CatalogError> = state.running.map { .success($0) } ?? start(&state)
      if case .success(let running) = started {
        state.pending[id] = Pending(
          continuation: continuation, line: line, timeout: timeout, generation: running.generation, resent: resent)
      }
      return started
    }
    let running: Running
    switch outcome {
    case .success(let value): running = value
    case .failure(let error):
      continuation.resume(returning: .failure(error))
      return
    }
    if !writeAll(running.input, line) { stop(generation: running.generation) }
    // A helper that does not answer within the time-out it was given is ended.
    Task.detached { [weak self] in
      try? await Task.sleep(for: Self.grace + timeout)
      guard let self, self.finish(id, .failure(.timedOut), sentTo: running.generation) else { return }
      self.stop(generation: running.generation)
    }
  }

  /// Resolves request `id` once, if it is pending (on helper `generation`, when given);
  /// `false` when it was not.
  @discardableResult
  private func finish(_ id: Int, _ result: Result<HTTPResponse, CatalogError>, sentTo generation: Int? = nil) -> Bool {
    let continuation = state.withLock { state -> Continuation? in
      guard let pending = state.pending[id], generation.map({ $0 == pending.generation }) ?? true else { return nil }
      state.pending.removeValue(forKey: id)
      return pending.continuation
    }
    continuation?.resume(returning: result)
    return continuation != nil
  }

  private func cancel(_ id: Int) {
    let input = state.withLock { $0.running?.input }
    if let input { _ = writeAll(input, Array("{\"cancel\":\(id)}\n".utf8)) }
    finish(id, .failure(.cancelled))
  }

  /// Ends helper `generation` (if it still runs) and sends what it had pending to a new
  /// helper, or fails it when it was sent again already.
  private func stop(generation: Int) {
    let orphans: [(id: Int, request: Pending)] = state.withLock { state in
      guard let running = state.running, running.generation == generation else { return [] }
      state.running = nil
      close(running.input)
      kill(running.pid, SIGKILL)
      let orphans = state.pending.filter { $0.value.generation == generation }
      for id in orphans.keys { state.pending.removeValue(forKey: id) }
      return orphans.map { ($0.key, $0.value) }.sorted { $0.id < $1.id }
    }
    for (id, request) in orphans {
      if request.resent {
        request.continuation.resume(returning: .failure(.helperUnavailable("booknotes-fetch stopped")))
      } else {
        send(request.line, id: id, timeout: request.timeout, continuation: request.continuation, resent: true)
      }
    }
  }

  private func start(_ state: inout State) -> Result<Running, CatalogError> {
    guard let executable else {
      return .failure(.helperUnavailable("booknotes-fetch was not found beside booknotes (BOOKNOTES_FETCH names it)"))
    }
    var input: [Int32] = [0, 0]
    var output: [Int32] = [0, 0]
    guard pipe(&input) == 0 else { return .failure(.helperUnavailable("pipe: \(String(cString: strerror(errno)))")) }
    guard pipe(&output) == 0 else {
      close(input[0])
      close(input[1])
      return .failure(.helperUnavailable("pipe: \(String(cString: strerror(errno)))"))
    }
    // The server's own ends are not inherited by later children.
    _ = fcntl(input[1], F_SETFD, FD_CLOEXEC)
    _ = fcntl(output[0], F_SETFD, FD_CLOEXEC)
    // The helper gets nothing else of this process (``ProcessSpawn``).
    let started = ProcessSpawn.spawn([executable], input: .descriptor(input[0]), output: .descriptor(output[1]))
    close(input[0])
    close(output[1])
    let child: pid_t
    switch started {
    case .success(let pid): child = pid
    case .failure(let problem):
      close(input[1])
      close(output[0])
      return .failure(.helperUnavailable("cannot start \(executable): \(problem)"))
    }
    state.generation += 1
    let running = Running(pid: child, input: input[1], generation: state.generation)
    state.running = running
    let reading = output[0]
    let generation = running.generation
    let pid = child
    // The reader blocks for the helper's life, so it runs on a thread of its own
    // (``startThread``); it holds the transport weakly, so dropping the transport ends
    // the helper.
    startThread { [weak self] in
      Self.readReplies(from: reading, generation: generation, pid: pid) { self }
    }
    return .success(running)
  }

  /// Reads the helper's replies until it exits, then reaps it and fails what it left.
  private static func readReplies(
    from descriptor: Int32, generation: Int, pid: pid_t, owner: () -> FetchProcess?
  ) {
    var buffer: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, $0.count) }
      if count < 0 && errno == EINTR { continue }
      if count <= 0 { break }
      buffer.append(contentsOf: chunk[..<count])
      while let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
        owner()?.reply(buffer[..<newline])
        buffer.removeSubrange(...newline)
      }
    }
    close(descriptor)
    ProcessSpawn.wait(pid)
    owner()?.stop(generation: generation)
  }

  private func reply(_ line: ArraySlice<UInt8>) {
    guard let message = try? JSONParser.parse(line), let id = message["id"]?.intValue else { return }
    if let status = message["status"]?.intValue {
      finish(id, .success(HTTPResponse(status: status, body: Array((message["body"]?.stringValue ?? "").utf8))))
      return
    }
    let text = message["message"]?.stringValue ?? "unknown"
    let error: CatalogError =
      switch message["failure"]?.stringValue {
      case "timedOut": .timedOut
      case "offline": .offline(text)
      case "cancelled": .cancelled
      case "badResponse": .malformed(text)
      default: .offline(text)
      }
    finish(id, .failure(error))
  }
}
