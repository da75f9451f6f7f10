import Foundation
import JSONCore
import LanguageServerProtocol
import SystemIO

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A language server started with `posix_spawn`, its stdin and stdout on pipes and its
/// stderr discarded (see `BOOKNOTES_BENCH_SERVER_LOG`), and a blocking client for it.
///
/// The same client code talks to every server measured, so their numbers compare.
final class ServerProcess {
  let pid: pid_t
  private let toServer: Int32
  private let fromServer: Int32
  private var framer = MessageFramer()
  private var nextID = 1
  /// Nanoseconds (`DispatchTime`) just before the spawn.
  let spawnedAt: UInt64

  /// Spawns `command` (an absolute path and its arguments).
  init(command: [String]) throws {
    var input: [Int32] = [0, 0]
    var output: [Int32] = [0, 0]
    guard pipe(&input) == 0, pipe(&output) == 0 else { throw BenchError("pipe failed") }
    // `BOOKNOTES_BENCH_SERVER_LOG` keeps the server's log (appended to that file).
    let log = ProcessInfo.processInfo.environment["BOOKNOTES_BENCH_SERVER_LOG"]
    spawnedAt = DispatchTime.now().uptimeNanoseconds
    let started = ProcessSpawn.spawn(
      command, input: .descriptor(input[0]), output: .descriptor(output[1]),
      error: .file(log ?? "/dev/null", flags: log == nil ? O_WRONLY : O_WRONLY | O_CREAT | O_APPEND))
    close(input[0])
    close(output[1])
    toServer = input[1]
    fromServer = output[0]
    switch started {
    case .success(let child): pid = child
    case .failure(let problem):
      close(toServer)
      close(fromServer)
      throw BenchError("cannot start \(command[0]): \(problem)")
    }
  }

  deinit {
    close(toServer)
    close(fromServer)
    kill(pid, SIGKILL)
    ProcessSpawn.wait(pid)
  }

  func send(_ message: JSONValue) {
    _ = writeAll(toServer, MessageWriter.frame(Array(message.description.utf8)))
  }

  /// Writes bytes already framed (a client that prepared its messages before starting
  /// the server).
  func write(_ framed: [UInt8]) {
    _ = writeAll(toServer, framed)
  }

  @discardableResult
  func request(_ method: String, _ params: JSONValue) -> Int {
    let id = nextID
    nextID += 1
    send(["jsonrpc": "2.0", "id": .int(id), "method": .string(method), "params": params])
    return id
  }

  func notify(_ method: String, _ params: JSONValue) {
    send(["jsonrpc": "2.0", "method": .string(method), "params": params])
  }

  /// Reads messages until the response to `id` arrives: when it was read and its body.
  /// The server's own requests are answered with `null`. A body that starts
  /// `{"jsonrpc":"2.0","id":N,` (as booknotes writes them) is recognised without being
  /// parsed, so timing a large answer does not time this client's JSON parsing.
  /// Throws after `timeout` seconds without it.
  func responseBody(_ id: Int, timeout: Double = 30) throws -> (time: UInt64, body: [UInt8]) {
    let prefix = Array("{\"jsonrpc\":\"2.0\",\"id\":\(id),".utf8)
    return try readMessages(timeout: timeout) { body in
      if body.starts(with: prefix) { return (DispatchTime.now().uptimeNanoseconds, Array(body)) }
      let message = try answeringRequests(body)
      return message?["id"] == .int(id) ? (DispatchTime.now().uptimeNanoseconds, Array(body)) : nil
    }
  }

  /// Reads messages until one that `matches` accepts arrives; returns when it was read.
  /// The server's requests are answered with `null`.
  func waitForMessage(timeout: Double = 120, matching matches: (JSONValue) -> Bool) throws -> UInt64 {
    try readMessages(timeout: timeout) { body in
      let message = try JSONParser.parse(body)
      if matches(message) { return DispatchTime.now().uptimeNanoseconds }
      _ = try answeringRequests(body)
      return nil
    }
  }

  /// A message parsed, or `nil` after answering it with `null` when it is a request
  /// from the server.
  private func answeringRequests(_ body: some Collection<UInt8>) throws -> JSONValue? {
    let message = try JSONParser.parse(body)
    guard message["method"] != nil else { return message }
    if let requestID = message["id"] { send(["jsonrpc": "2.0", "id": requestID, "result": .null]) }
    return nil
  }

  /// Reads and frames the server's output until `take` returns a value for a body;
  /// throws after `timeout` seconds.
  private func readMessages<T>(timeout: Double, _ take: ([UInt8]) throws -> T?) throws -> T {
    let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(timeout * 1e9)
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      while let event = framer.next() {
        guard case .message(let body) = event else { continue }
        if let value = try take(body) { return value }
      }
      let now = DispatchTime.now().uptimeNanoseconds
      guard now < deadline else { throw BenchError("no awaited message in \(Int(timeout)) s") }
      var poller = pollfd(fd: fromServer, events: Int16(POLLIN), revents: 0)
      guard poll(&poller, 1, Int32((deadline - now) / 1_000_000) + 1) > 0 else { continue }
      let count = buffer.withUnsafeMutableBytes { read(fromServer, $0.baseAddress!, $0.count) }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { throw BenchError("the server closed its output") }
      framer.feed(buffer[..<count])
    }
  }

  /// The response to `id`, parsed (see ``responseBody(_:timeout:)``).
  func response(_ id: Int, timeout: Double = 30) throws -> JSONValue {
    try JSONParser.parse(responseBody(id, timeout: timeout).body)
  }

  /// Sends `initialize` (utf-16, no other capabilities) and waits for its answer.
  func initialize() throws {
    let id = request(
      "initialize",
      [
        "processId": .int(Int(getpid())), "rootUri": .null,
        "capabilities": ["general": ["positionEncodings": ["utf-16"]]],
      ])
    _ = try response(id)
  }

  /// The peak resident set size so far (`VmHWM`), in bytes; 0 where /proc is missing.
  var peakResidentBytes: Int {
    guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
      let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") })
    else { return 0 }
    return (Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0) * 1024
  }

  /// Sends `shutdown` and `exit` and waits for the process to end.
  func shutdown() {
    _ = try? response(request("shutdown", .null), timeout: 5)
    notify("exit", .null)
  }
}
