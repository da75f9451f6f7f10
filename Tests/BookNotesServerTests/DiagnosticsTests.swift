import BookNotesTestSupport
import LanguageServerProtocol
import Testing

@Suite struct DiagnosticsTests {
  static let uri = "file:///diagnostics.md"
  static let text = "Q: one\n\nSome ?[hint](answer) \n\nQ:two\nA: x\n"

  @Test func pullAnswersUnchangedUntilTheDiagnosticsChange() async throws {
    let harness = InProcessServer()
    try await harness.initialize(capabilities: capabilities(pull: true))
    let client = harness.client
    client.open(Self.uri, text: Self.text)
    let first = try await client.request("textDocument/diagnostic", uri: Self.uri)
    #expect(first["kind"] == "full")
    // "Q:two" still pairs with "A: x": one mistake, the missing space, one diagnostic.
    #expect(first["items"]?.arrayValue?.map { $0["code"] } == ["qa-missing-answer", "qa-missing-space"])
    let resultID = try #require(first["resultId"])
    let same = try await client.request("textDocument/diagnostic", uri: Self.uri, ["previousResultId": resultID])
    #expect(same == ["kind": "unchanged", "resultId": resultID])
    // An edit that leaves the diagnostics as they are.
    client.change(Self.uri, version: 2, [LSPTestClient.change((2, 0), (2, 0), "More. ")])
    let still = try await client.request("textDocument/diagnostic", uri: Self.uri, ["previousResultId": resultID])
    #expect(still["kind"] == "unchanged")
    // An edit that fixes one.
    client.change(Self.uri, version: 3, [LSPTestClient.change((4, 2), (4, 2), " ")])
    let fixed = try await client.request("textDocument/diagnostic", uri: Self.uri, ["previousResultId": resultID])
    #expect(fixed["kind"] == "full")
    #expect(fixed["items"]?.arrayValue?.map { $0["code"] } == ["qa-missing-answer"])
    #expect(fixed["resultId"] != resultID)
    #expect(client.notifications("textDocument/publishDiagnostics").isEmpty, "never both push and pull")
    _ = try await harness.finish()
  }

  @Test func pushFollowsEditsAndCarriesTheVersion() async throws {
    let harness = InProcessServer()
    try await harness.initialize()
    let client = harness.client
    client.open(Self.uri, text: Self.text)
    let opened = try await client.waitForNotification("textDocument/publishDiagnostics")
    #expect(opened["version"] == 1)
    #expect(opened["diagnostics"]?[0]?["range"] == range((0, 0), (0, 2)))
    #expect(opened["diagnostics"]?[0]?["severity"] == 1)
    #expect(opened["diagnostics"]?[0]?["source"] == "booknotes")
    client.change(Self.uri, version: 2, [LSPTestClient.change((0, 6), (0, 6), "\nA: yes")])
    let changed = try await client.waitForNotification("textDocument/publishDiagnostics")
    #expect(changed["version"] == 2)
    #expect(changed["diagnostics"]?.arrayValue?.map { $0["code"] } == ["qa-missing-space"])
    _ = try await harness.finish()
  }

  @Test func settingsOverrideSeveritiesAndRepublish() async throws {
    let harness = InProcessServer()
    try await harness.initialize(
      initializationOptions: ["diagnostics": ["severity": ["qa-missing-space": "hint"]]])
    let client = harness.client
    client.open(Self.uri, text: Self.text)
    let opened = try await client.waitForNotification("textDocument/publishDiagnostics")
    #expect(opened["diagnostics"]?[1]?["severity"] == 4)
    client.notify(
      "workspace/didChangeConfiguration",
      params: ["settings": ["booknotes": ["diagnostics": ["severity": ["qa-missing-answer": "off"]]]]])
    let changed = try await client.waitForNotification("textDocument/publishDiagnostics")
    #expect(changed["diagnostics"]?.arrayValue?.map { $0["code"] } == ["qa-missing-space"])
    client.notify(
      "workspace/didChangeConfiguration", params: ["settings": ["booknotes": ["diagnostics": ["enabled": false]]]])
    let off = try await client.waitForNotification("textDocument/publishDiagnostics")
    #expect(off["diagnostics"] == [])
    _ = try await harness.finish()
  }

  @Test func settingsChangeAsksAPullingClientToPullAgain() async throws {
    let harness = InProcessServer()
    guard case .object(var table) = capabilities(pull: true) else { return }
    table["workspace"] = ["diagnostics": ["refreshSupport": true]]
    try await harness.initialize(capabilities: .object(table))
    let client = harness.client
    client.open(Self.uri, text: Self.text)
    let before = try await client.request("textDocument/diagnostic", uri: Self.uri)
    #expect(before["items"]?[0]?["code"] == "qa-missing-answer")
    client.notify(
      "workspace/didChangeConfiguration",
      params: ["settings": ["booknotes": ["diagnostics": ["severity": ["qa-missing-answer": "off"]]]]])
    _ = try await client.waitForMessage { $0["method"] == "workspace/diagnostic/refresh" }
    let after = try await client.request("textDocument/diagnostic", uri: Self.uri)
    #expect(after["items"]?.arrayValue?.map { $0["code"] } == ["qa-missing-space"])
    #expect(client.notifications("textDocument/publishDiagnostics").isEmpty)
    _ = try await harness.finish()
  }

  @Test func quickFixesForTheDiagnosticAndAtTheCursor() async throws {
    let harness = InProcessServer()
    try await harness.initialize(capabilities: capabilities(encodings: ["utf-16"]))
    let client = harness.client
    client.open(Self.uri, text: "Q:two\nA: x\n\n😀 ?[a](b\n")
    let published = try await client.waitForNotification("textDocument/publishDiagnostics")
    let diagnostics = try #require(published["diagnostics"]?.arrayValue)
    #expect(diagnostics.map { $0["code"] } == ["qa-missing-space", "cloze-unclosed-answer"])

    let forDiagnostic = try await client.request(
      "textDocument/codeAction", uri: Self.uri,
      ["range": range((3, 0), (3, 0)), "context": ["diagnostics": [diagnostics[1]]]])
    #expect(forDiagnostic.arrayValue?.count == 1)
    #expect(forDiagnostic[0]?["title"] == "Insert ')' to close the answer")
    #expect(forDiagnostic[0]?["diagnostics"] == [diagnostics[1]])
    // After 😀 (two UTF-16 units), "?[a](b" ends at character 9.
    #expect(
      forDiagnostic[0]?["edit"]?["changes"]?[Self.uri]
        == [["range": range((3, 9), (3, 9)), "newText": ")"]])

    let atCursor = try await client.request(
      "textDocument/codeAction", uri: Self.uri, ["range": range((0, 1), (0, 1)), "context": ["diagnostics": []]])
    #expect(atCursor[0]?["title"] == "Insert a space after 'Q:'")
    #expect(atCursor[0]?["diagnostics"] == [diagnostics[0]])
    #expect(atCursor[0]?["edit"]?["changes"]?[Self.uri]?[0]?["newText"] == "Q: ")

    let onlyRefactor = try await client.request(
      "textDocument/codeAction", uri: Self.uri,
      ["range": range((0, 1), (0, 1)), "context": ["diagnostics": [], "only": ["refactor"]]])
    #expect(onlyRefactor == [])
    _ = try await harness.finish()
  }

  @Test func noFixAtTheCursorForWhatIsNotShown() async throws {
    let harness = InProcessServer()
    try await harness.initialize(capabilities: capabilities(encodings: ["utf-16"]))
    let client = harness.client
    // Outside a notes folder, a note without clozes: `?[citation needed]` is prose.
    client.open(Self.uri, text: "Really?[citation needed] it is.\n")
    let published = try await client.waitForNotification("textDocument/publishDiagnostics")
    #expect(published["diagnostics"]?.arrayValue?.isEmpty == true)
    let actions = try await client.request(
      "textDocument/codeAction", uri: Self.uri, ["range": range((0, 8), (0, 8)), "context": ["diagnostics": []]])
    #expect(actions.arrayValue?.isEmpty == true)
    #expect(try await harness.finish() == 1)
  }

  /// What eglot sends for `eglot-code-actions` with the cursor on the text of a question
  /// (column 10), past the `Q:` its diagnostic covers: a point range and no diagnostics.
  /// The question has two lines; the fix is offered on both and answers after the second.
  @Test func quickFixIsOfferedAnywhereOnTheLineOfTheConstruct() async throws {
    let harness = InProcessServer()
    try await harness.initialize(capabilities: capabilities(encodings: ["utf-16"]))
    let client = harness.client
    // Outside a notes folder, the note's other pair says that its questions are prompts.
    client.open(Self.uri, text: "Q: What is ego depletion,\nin a word?\n\nQ: Who?\nA: Vohs.\n")
    let published = try await client.waitForNotification("textDocument/publishDiagnostics")
    let diagnostic = try #require(published["diagnostics"]?[0])
    let actions = try await client.request(
      "textDocument/codeAction", uri: Self.uri, ["range": range((0, 10), (0, 10)), "context": ["diagnostics": []]])
    #expect(actions.arrayValue?.count == 1)
    #expect(actions[0]?["title"] == "Add an 'A: ' line")
    #expect(actions[0]?["diagnostics"] == [diagnostic])
    // The question runs on over its second line: the fix is there too, and its `A: ` goes after it.
    #expect(actions[0]?["edit"]?["changes"]?[Self.uri] == [["range": range((1, 10), (1, 10)), "newText": "\nA: "]])
    let onSecondLine = try await client.request(
      "textDocument/codeAction", uri: Self.uri, ["range": range((1, 3), (1, 3)), "context": ["diagnostics": []]])
    #expect(onSecondLine == actions)
    let elsewhere = try await client.request(
      "textDocument/codeAction", uri: Self.uri, ["range": range((2, 0), (2, 0)), "context": ["diagnostics": []]])
    #expect(elsewhere == [])
    _ = try await harness.finish()
  }
}
