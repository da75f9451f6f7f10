import BookNotesTestSupport
import Foundation
import LanguageServerProtocol
import Testing

@Suite struct LifecycleTests {
  @Test func requestBeforeInitializeAnswersServerNotInitialized() async throws {
    let harness = ConnectionHarness()
    let response = try await harness.client.requestMessage("test/echo", params: ["text": "hi"])
    #expect(response.errorCode == -32002)
    harness.client.notify("test/note", params: ["uri": "a", "text": "dropped"])
    try await harness.initialize()
    #expect(try await harness.client.request("test/read", params: ["uri": "a"]) == [])
    #expect(try await harness.finish() == 1)
  }

  @Test func initializeTwiceIsAnError() async throws {
    let harness = ConnectionHarness()
    try await harness.initialize()
    let second = try await harness.client.requestMessage("initialize", params: ["capabilities": [:]])
    #expect(second.errorCode == -32600)
    #expect(try await harness.client.request("test/echo", params: ["text": "still here"]) == "still here")
    #expect(try await harness.finish() == 1)
  }

  @Test func unknownMethodsAndNotifications() async throws {
    let harness = ConnectionHarness()
    try await harness.initialize()
    let response = try await harness.client.requestMessage("textDocument/unheardOf", params: [:])
    #expect(response.errorCode == -32601)
    harness.client.notify("$/unheardOf", params: ["x": 1])
    harness.client.notify("unheard/notification")
    #expect(try await harness.client.request("test/echo", params: ["text": "ok"]) == "ok")
    #expect(try await harness.finish() == 1)
  }

  @Test func invalidParamsNameTheField() async throws {
    let harness = ConnectionHarness()
    try await harness.initialize()
    let response = try await harness.client.requestMessage("test/echo", params: ["uri": "a"])
    #expect(response.errorCode == -32602)
    #expect(response["error"]?["message"] == "Missing required field 'text'")
    #expect(try await harness.finish() == 1)
  }

  @Test func shutdownThenExitEndsWithZero() async throws {
    let harness = ConnectionHarness()
    try await harness.initialize()
    #expect(try await harness.client.request("shutdown") == .null)
    let after = try await harness.client.requestMessage("test/echo", params: ["text": "late"])
    #expect(after.errorCode == -32600)
    harness.client.notify("exit")
    #expect(try await harness.finish(closingInput: false) == 0)
  }

  @Test func exitWithoutShutdownEndsWithOne() async throws {
    let harness = ConnectionHarness()
    try await harness.initialize()
    harness.client.notify("exit")
    #expect(try await harness.finish(closingInput: false) == 1)
  }

  @Test func endOfInputEndsWithZeroAfterShutdownOnly() async throws {
    let withShutdown = ConnectionHarness()
    try await withShutdown.initialize()
    _ = try await withShutdown.client.request("shutdown")
    #expect(try await withShutdown.finish() == 0)

    let withoutShutdown = ConnectionHarness()
    try await withoutShutdown.initialize()
    #expect(try await withoutShutdown.finish() == 1)
  }

  @Test func malformedJSONAnswersParseError() async throws {
    let harness = ConnectionHarness()
    try await harness.initialize()
    harness.client.sendRaw(MessageWriter.frame(Array(#"{"jsonrpc":"2.0","id":77,"method":"test/echo","par"#.utf8)))
    let withID = try await harness.client.waitForResponse(id: 77)
    #expect(withID.errorCode == -32700)
    // An `"id"` that is not a key is passed over for the one that is.
    harness.client.sendRaw(MessageWriter.frame(Array(#"{"p":{"id" 5, "x":"id"},"id":  "s-1","method":"#.utf8)))
    let withStringID = try await harness.client.waitForMessage { $0["id"] == "s-1" }
    #expect(withStringID.errorCode == -32700)
    harness.client.sendRaw(MessageWriter.frame(Array("not json at all".utf8)))
    let withoutID = try await harness.client.waitForMessage { $0["id"] == .null && $0["error"] != nil }
    #expect(withoutID.errorCode == -32700)
    harness.client.sendRaw(MessageWriter.frame(Array("[1,2,3]".utf8)))
    let notAnObject = try await harness.client.waitForMessage { $0["id"] == .null && $0["error"] != nil }
    #expect(notAnObject.errorCode == -32600)
    #expect(try await harness.client.request("test/echo", params: ["text": "alive"]) == "alive")
    #expect(try await harness.finish() == 1)
  }

  @Test func corruptHeaderThenGoodMessageIsAnswered() async throws {
    let harness = ConnectionHarness()
    try await harness.initialize()
    harness.client.sendRaw(Array("Content-Length: banana\r\n\r\n{}".utf8))
    let answer = try await harness.client.request("test/echo", params: ["text": "after garbage"])
    #expect(answer == "after garbage")
    #expect(try await harness.finish() == 1)
  }

  @Test func stringIDsAreEchoed() async throws {
    let harness = ConnectionHarness()
    try await harness.initialize()
    harness.client.sendMessage(["jsonrpc": "2.0", "id": "abc", "method": "test/echo", "params": ["text": "s"]])
    let response = try await harness.client.waitForResponse(id: "abc")
    #expect(response["result"] == "s")
    #expect(try await harness.finish() == 1)
  }
}
