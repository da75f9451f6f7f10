import BookNotesTestSupport
import Foundation
import JSONCore
import LanguageServerProtocol
import Locking

/// `test/echo`: answers its text after an optional delay, or once the test opens its
/// `gate` (``ConnectionHarness/open(_:)``), on a document when `uri` is set.
struct EchoRequest: LSPRequest {
  static let method = "test/echo"
  typealias Response = String
  var text: String
  var uri: String?
  var delayMilliseconds: Int?
  var gate: String?
  /// Whether the handler ignores cancellation while it waits.
  var stubborn: Bool?
}

/// `test/barrier`: answered once every message before it is handled and answered.
struct BarrierRequest: LSPRequest {
  static let method = "test/barrier"
  typealias Response = String
}

/// `test/note`: records its text in the document's log.
struct NoteNotification: LSPNotification {
  static let method = "test/note"
  var uri: String
  var text: String
  var delayMilliseconds: Int?
}

/// `test/read`: the document's log so far.
struct ReadRequest: LSPRequest {
  static let method = "test/read"
  typealias Response = [String]
  var uri: String
}

/// The texts of `test/note` notifications, per document.
final class NoteLog: Sendable {
  private let entries = Lock<[String: [String]]>([:])

  func append(_ text: String, to uri: String) {
    entries.withLock { $0[uri, default: []].append(text) }
  }

  func entries(of uri: String) -> [String] {
    entries.withLock { $0[uri] ?? [] }
  }
}

/// A connection with test handlers, served over pipes to an ``LSPTestClient``.
final class ConnectionHarness: Sendable {
  let connection: LanguageServerConnection
  let client: LSPTestClient
  let notes = NoteLog()
  private let openGates = Lock<Set<String>>([])
  private let serverInput: Int32
  private let serverOutput: Int32

  init() {
    var toServer: [Int32] = [0, 0]
    var fromServer: [Int32] = [0, 0]
    _ = pipe(&toServer)
    _ = pipe(&fromServer)
    serverInput = toServer[0]
    serverOutput = fromServer[1]
    connection = LanguageServerConnection(input: toServer[0], output: fromServer[1])
    client = LSPTestClient(
      writingTo: toServer[1], readingFrom: fromServer[0], ownsDescriptors: true)
    registerHandlers()
    connection.start()
  }

  /// Lets the `test/echo` requests waiting at `gate` answer.
  func open(_ gate: String) { openGates.withLock { _ = $0.insert(gate) } }

  private func registerHandlers() {
    connection.register(EchoRequest.self, scope: { $0.uri.map(Scope.document) ?? .independent }) {
      [notes, openGates] request, context in
      if let gate = request.gate {
        // Noted as started, then waiting for the gate: at most twice as long as the client
        // waits for an answer, so that a test waiting for another answer fails, and none hangs.
        notes.append("started", to: gate)
        let deadline = ContinuousClock.now + LSPTestClient.generousTimeout * (2 * LSPTestClient.timeoutScale)
        while !openGates.withLock({ $0.contains(gate) }) && ContinuousClock.now < deadline {
          if request.stubborn != true { try context.checkCancellation() }
          try? await Task.sleep(for: .milliseconds(5))
        }
      }
      if let delay = request.delayMilliseconds {
        let deadline = ContinuousClock.now + .milliseconds(delay)
        while ContinuousClock.now < deadline {
          if request.stubborn != true { try context.checkCancellation() }
          try? await Task.sleep(for: .milliseconds(5))
        }
      }
      return request.text
    }
    connection.register(NoteNotification.self, scope: { .document($0.uri) }) { [notes] note in
      if let delay = note.delayMilliseconds { try await Task.sleep(for: .milliseconds(delay)) }
      notes.append(note.text, to: note.uri)
    }
    connection.register(ReadRequest.self, scope: { .document($0.uri) }) { [notes] request, _ in
      notes.entries(of: request.uri)
    }
    connection.register(BarrierRequest.self, scope: { _ in .global }) { _, _ in "done" }
  }

  func initialize() async throws {
    _ = try await client.request("initialize", params: ["processId": nil, "rootUri": nil, "capabilities": [:]])
    client.notify("initialized", params: [:])
  }

  /// Ends the input if still open, waits for the exit code and closes everything.
  func finish(closingInput: Bool = true) async throws -> Int32 {
    if closingInput { client.closeOutput() }
    let code = await connection.waitForExit()
    close(serverOutput)
    try await client.waitForClose()
    close(serverInput)
    return code
  }
}

extension JSONValue {
  var errorCode: Int? { self["error"]?["code"]?.intValue }
}
