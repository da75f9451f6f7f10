import BookNotesTestSupport
import Foundation
import LanguageServerProtocol
import Synchronization
import Testing

@Suite struct DispatchTests {
  /// No response for `id` has come before the answer to a barrier, which comes after
  /// every earlier message's answer: what is not in by then never comes.
  static func noFurtherResponse(to id: RequestID, _ harness: ConnectionHarness) async throws {
    #expect(try await harness.client.request("test/barrier") == "done")
    await #expect(throws: LSPTestClient.TimeoutError.self) {
      _ = try await harness.client.waitForResponse(id: id, timeout: .zero)
    }
  }

  @Test func cancellationAnswersOnceWithRequestCancelled() async throws {
    let harness = ConnectionHarness()
    try await harness.initialize()
    for stubborn in [false, true] {
      // The handler has started and waits for a gate that opens only after the answer.
      let gate = "cancel \(stubborn)"
      let id = harness.client.sendRequest(
        "test/echo", params: ["text": "slow", "gate": .string(gate), "stubborn": .bool(stubborn)])
      #expect(await eventually { harness.notes.entries(of: gate) == ["started"] })
      harness.client.cancel(id)
      let response = try await harness.client.waitForResponse(id: id)
      #expect(response.errorCode == -32800)
      // The handler's eventual result is dropped: no second response arrives.
      harness.open(gate)
      try await Self.noFurtherResponse(to: id, harness)
    }
    #expect(try await harness.finish() == 1)
  }

  @Test func cancellingAnAnsweredRequestChangesNothing() async throws {
    let harness = ConnectionHarness()
    try await harness.initialize()
    let id = harness.client.sendRequest("test/echo", params: ["text": "quick"])
    #expect(try await harness.client.waitForResponse(id: id)["result"] == "quick")
    harness.client.cancel(id)
    try await Self.noFurtherResponse(to: id, harness)
    #expect(try await harness.finish() == 1)
  }

  @Test func slowRequestOnOneDocumentDoesNotBlockAnother() async throws {
    let harness = ConnectionHarness()
    try await harness.initialize()
    // The request on `a` answers only once the one on `b` is answered.
    let slow = harness.client.sendRequest("test/echo", params: ["text": "A", "uri": "a", "gate": "b answered"])
    let fast = try await harness.client.request("test/echo", params: ["text": "B", "uri": "b"])
    #expect(fast == "B")
    harness.open("b answered")
    #expect(try await harness.client.waitForResponse(id: slow)["result"] == "A")
    #expect(try await harness.finish() == 1)
  }

  @Test func requestsSeeEarlierNotificationsOnTheirDocumentInOrder() async throws {
    let harness = ConnectionHarness()
    try await harness.initialize()
    harness.client.notify("test/note", params: ["uri": "a", "text": "1", "delayMilliseconds": 200])
    harness.client.notify("test/note", params: ["uri": "b", "text": "x"])
    harness.client.notify("test/note", params: ["uri": "a", "text": "2", "delayMilliseconds": 50])
    harness.client.notify("test/note", params: ["uri": "a", "text": "3"])
    #expect(try await harness.client.request("test/read", params: ["uri": "a"]) == ["1", "2", "3"])
    #expect(try await harness.client.request("test/read", params: ["uri": "b"]) == ["x"])
    #expect(try await harness.finish() == 1)
  }

  @Test func globalScopeWaitsForEverythingBefore() async throws {
    let harness = ConnectionHarness()
    let order = NoteLog()
    harness.connection.register(DidChangeConfigurationParams.self, scope: { _ in .global }) { _ in
      order.append("configuration", to: "order")
    }
    harness.connection.register(EchoRequest.self, scope: { $0.uri.map(Scope.document) ?? .independent }) {
      request, _ in
      if let delay = request.delayMilliseconds { try await Task.sleep(for: .milliseconds(delay)) }
      order.append(request.text, to: "order")
      return request.text
    }
    try await harness.initialize()
    let first = harness.client.sendRequest("test/echo", params: ["text": "slow", "uri": "a", "delayMilliseconds": 300])
    harness.client.notify("workspace/didChangeConfiguration", params: ["settings": [:]])
    let after = try await harness.client.request("test/echo", params: ["text": "after", "uri": "b"])
    #expect(after == "after")
    _ = try await harness.client.waitForResponse(id: first)
    #expect(order.entries(of: "order") == ["slow", "configuration", "after"])
    #expect(try await harness.finish() == 1)
  }

  @Test func handlerErrorsBecomeResponses() async throws {
    let harness = ConnectionHarness()
    struct Plain: Error, CustomStringConvertible { var description: String { "plain failure" } }
    harness.connection.register(EchoRequest.self, scope: { _ in .independent }) { request, _ in
      if request.text == "typed" { throw ResponseError(code: -32099, message: "typed failure") }
      throw Plain()
    }
    try await harness.initialize()
    let typed = try await harness.client.requestMessage("test/echo", params: ["text": "typed"])
    #expect(typed["error"] == ["code": -32099, "message": "typed failure"])
    let plain = try await harness.client.requestMessage("test/echo", params: ["text": "other"])
    #expect(plain.errorCode == -32603)
    #expect(plain["error"]?["message"] == "plain failure")
    #expect(try await harness.finish() == 1)
  }

  @Test func serverRequestsGetTheClientsAnswer() async throws {
    let harness = ConnectionHarness()
    harness.client.onServerRequest { method, params in
      method == "workspace/configuration" ? [["section": params["items"]?[0]?["section"] ?? nil]] : nil
    }
    harness.connection.register(EchoRequest.self, scope: { _ in .independent }) { request, context in
      let values = try await context.connection.sendRequest(
        ConfigurationParams(items: [ConfigurationItem(section: request.text)]))
      _ = try await context.connection.sendRequest(RegistrationParams(registrations: []))
      return values.first?["section"]?.stringValue ?? "none"
    }
    try await harness.initialize()
    #expect(try await harness.client.request("test/echo", params: ["text": "booknotes"]) == "booknotes")
    #expect(
      harness.client.serverRequests.map { $0["method"] } == ["workspace/configuration", "client/registerCapability"])
    #expect(try await harness.finish() == 1)
  }

  @Test func traceIsSentOnlyWhenNotOff() async throws {
    let harness = ConnectionHarness()
    harness.connection.register(EchoRequest.self, scope: { _ in .independent }) { request, context in
      context.connection.logTrace(request.text, verbose: "details")
      return request.text
    }
    try await harness.initialize()
    _ = try await harness.client.request("test/echo", params: ["text": "silent"])
    harness.client.notify("$/setTrace", params: ["value": "verbose"])
    _ = try await harness.client.request("test/echo", params: ["text": "loud"])
    let trace = try await harness.client.waitForNotification("$/logTrace")
    #expect(trace == ["message": "loud", "verbose": "details"])
    #expect(harness.client.notifications("$/logTrace").count == 1)
    #expect(try await harness.finish() == 1)
  }

  @Test func logsAreMirroredToTheClient() async throws {
    let harness = ConnectionHarness()
    harness.connection.mirrorLogs(minimumLevel: .warning)
    try await harness.initialize()
    harness.connection.logger.info("not mirrored")
    harness.connection.logger.warning("mirrored")
    let message = try await harness.client.waitForNotification("window/logMessage")
    #expect(message == ["type": 2, "message": "mirrored"])
    #expect(try await harness.finish() == 1)
  }

  @Test func infoIsMirroredOnlyWhileTheClientTraces() async throws {
    let harness = ConnectionHarness()
    harness.connection.mirrorLogs(minimumLevel: .info)
    try await harness.initialize()
    harness.connection.logger.info("untraced info")
    harness.connection.logger.error("untraced error")
    #expect(
      try await harness.client.waitForNotification("window/logMessage") == ["type": 1, "message": "untraced error"])
    for value in ["messages", "verbose"] {
      harness.client.notify("$/setTrace", params: ["value": .string(value)])
      // The barrier: the trace is applied when the request after it is read.
      _ = try await harness.client.request("test/echo", params: ["text": "x"])
      harness.connection.logger.info("traced \(value)")
      let message = try await harness.client.waitForNotification("window/logMessage")
      #expect(message == ["type": 3, "message": .string("traced \(value)")])
    }
    harness.client.notify("$/setTrace", params: ["value": "off"])
    _ = try await harness.client.request("test/echo", params: ["text": "x"])
    harness.connection.logger.info("untraced again")
    harness.connection.logger.warning("last")
    #expect(try await harness.client.waitForNotification("window/logMessage") == ["type": 2, "message": "last"])
    #expect(
      harness.client.notifications("window/logMessage").map { $0["message"] } == [
        "untraced error", "traced messages", "traced verbose", "last",
      ])
    #expect(try await harness.finish() == 1)
  }

  @Test func theTraceOfInitializeTurnsOnInfo() async throws {
    let harness = ConnectionHarness()
    harness.connection.mirrorLogs(minimumLevel: .info)
    _ = try await harness.client.request(
      "initialize", params: ["processId": nil, "rootUri": nil, "capabilities": [:], "trace": "messages"])
    harness.connection.logger.info("traced")
    #expect(try await harness.client.waitForNotification("window/logMessage") == ["type": 3, "message": "traced"])
    #expect(try await harness.finish() == 1)
  }
}
