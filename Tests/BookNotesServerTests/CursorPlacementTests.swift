import BookNotesServer
import BookNotesTestSupport
import JSONCore
import LanguageServerProtocol
import Testing

/// The "insert `()` and place the cursor" fix: the code action's command asks the client,
/// through `window/showDocument`, to put the cursor between the parentheses.
@Suite struct CursorPlacementTests {
  static let uri = "file:///cursor.md"

  func capabilitiesShowingDocuments(_ support: Bool) -> JSONValue {
    guard case .object(var table) = capabilities(encodings: ["utf-16"]) else { return [:] }
    table["window"] = ["showDocument": ["support": .bool(support)]]
    return .object(table)
  }

  @Test func missingAnswerFixPlacesTheCursorBetweenTheParentheses() async throws {
    let harness = InProcessServer()
    let client = harness.client
    let initialized = try await harness.initialize(capabilities: capabilitiesShowingDocuments(true))
    #expect(
      initialized["capabilities"]?["executeCommandProvider"] == [
        "commands": ["booknotes.placeCursor", "booknotes.showBacklinks"]
      ])
    client.onServerRequest { method, _ in method == "window/showDocument" ? ["success": true] : .null }
    client.open(Self.uri, text: "😀 ?[who] wrote it. ?[When](1984)\n")

    let actions = try await client.request(
      "textDocument/codeAction", uri: Self.uri, ["range": range((0, 5), (0, 5)), "context": ["diagnostics": []]])
    let fix = try #require(actions[0])
    #expect(fix["title"] == "Insert '()' for the answer")
    // After 😀 (two UTF-16 units) and " ?[who]", the `()` goes at character 9.
    #expect(fix["edit"]?["changes"]?[Self.uri] == [["range": range((0, 9), (0, 9)), "newText": "()"]])
    let command = try #require(fix["command"])
    #expect(command["command"] == "booknotes.placeCursor")
    #expect(command["arguments"] == [.string(Self.uri), position(0, 10)])

    // The client applies the edit, then runs the command.
    client.change(Self.uri, version: 2, [LSPTestClient.change((0, 9), (0, 9), "()")])
    let result = try await client.request(
      "workspace/executeCommand", params: ["command": command["command"]!, "arguments": command["arguments"]!])
    #expect(result == .null)
    let shown = try #require(client.serverRequests.last { $0["method"] == "window/showDocument" })
    #expect(
      shown["params"]
        == ["uri": .string(Self.uri), "takeFocus": true, "selection": range((0, 10), (0, 10))])
    _ = try await harness.finish()
  }

  @Test func noCommandForAClientThatCannotShowDocuments() async throws {
    let harness = InProcessServer()
    try await harness.initialize(capabilities: capabilitiesShowingDocuments(false))
    harness.client.open(Self.uri, text: "?[who] wrote it. ?[When](1984)\n")
    let actions = try await harness.client.request(
      "textDocument/codeAction", uri: Self.uri, ["range": range((0, 1), (0, 1)), "context": ["diagnostics": []]])
    #expect(actions[0]?["title"] == "Insert '()' for the answer")
    #expect(actions[0]?["command"] == nil)
    _ = try await harness.finish()
  }

  @Test func unknownCommandsAreInvalidParams() async throws {
    let harness = InProcessServer()
    try await harness.initialize()
    let response = try await harness.client.requestMessage(
      "workspace/executeCommand", params: ["command": "booknotes.nothing"])
    #expect(response["error"]?["code"] == -32602)
    #expect(response["error"]?["message"] == "Unknown command: booknotes.nothing")
    _ = try await harness.finish()
  }
}
