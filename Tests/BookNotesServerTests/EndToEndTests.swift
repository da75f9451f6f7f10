import BookNotesTestSupport
import Foundation
import LanguageServerProtocol
import Testing

/// The real `booknotes lsp` binary as a child process, over its stdin and stdout.
@Suite(.serialized) struct EndToEndTests {
  static let uri = "file:///e2e.md"
  static let text =
    "# Book 😀\r\n\r\n## One\r\n\r\nQ: What?\r\nA: That ?[hint](answer).\r\n\r\n> A quote #tag (p. 1)\r\n"

  static var binary: String? { BinaryLocator.booknotes() }

  func launch() throws -> LSPTestClient {
    let binary = try #require(Self.binary, "booknotes binary not found; build it or set BOOKNOTES_BINARY")
    return try LSPTestClient.launch(executable: binary, arguments: ["lsp", "--log-level", "error"])
  }

  @Test func aWholeSession() async throws {
    let client = try launch()
    defer { client.terminate() }
    let initialized = try await client.initialize(capabilities: capabilities(encodings: ["utf-16"]))
    #expect(initialized["capabilities"]?["positionEncoding"] == "utf-16")
    client.open(Self.uri, text: Self.text)
    let diagnostics = try await client.waitForNotification("textDocument/publishDiagnostics")
    #expect(diagnostics["diagnostics"] == [])

    let full = try await client.request("textDocument/semanticTokens/full", uri: Self.uri)
    var data = SemanticTokenDump.integers(full["data"])
    // Splits the CRLF after "Q: What?" and types inside the emoji's surrogate pair.
    client.change(
      Self.uri, version: 2,
      [LSPTestClient.change((4, 8), (4, 8), "\n"), LSPTestClient.change((0, 8), (0, 8), "!")])
    let expected =
      "# Book !😀\r\n\r\n## One\r\n\r\nQ: What?\n\r\nA: That ?[hint](answer).\r\n\r\n> A quote #tag (p. 1)\r\n"
    let published = try await client.waitForNotification("textDocument/publishDiagnostics")
    #expect(published["version"] == 2)
    // The new line break left a blank line between Q: and A:.
    #expect(published["diagnostics"]?.arrayValue?.map { $0["code"] } == ["qa-blank-line-between"])
    let delta = try await client.request(
      "textDocument/semanticTokens/full/delta", uri: Self.uri, ["previousResultId": full["resultId"]!])
    data = SemanticTokenDump.apply(delta["edits"]?.arrayValue ?? [], to: data)
    let decoded = SemanticTokenDump.decode(data, legend: legend, document: expected)
    try Golden.check(decoded, named: "end-to-end.tokens")

    let symbols = try await client.request("textDocument/documentSymbol", uri: Self.uri)
    #expect(symbols[0]?["name"] == "Book !😀")
    #expect(symbols[0]?["children"]?[0]?["name"] == "One")
    let folds = try await client.request("textDocument/foldingRange", uri: Self.uri)
    #expect(folds.arrayValue?.isEmpty == false)
    let hover = try await client.request("textDocument/hover", uri: Self.uri, ["position": position(6, 12)])
    #expect(hover["contents"]?["value"]?.stringValue?.contains("answer") == true)
    let actions = try await client.request(
      "textDocument/codeAction", uri: Self.uri,
      ["range": range((5, 0), (5, 0)), "context": ["diagnostics": []]])
    #expect(actions[0]?["kind"] == "quickfix")
    #expect(actions[0]?["title"] == "Remove the blank line")
    #expect(actions[0]?["diagnostics"]?[0]?["code"] == "qa-blank-line-between")

    try await client.shutdownAndExit()
    #expect(try await client.waitForExit() == 0)
  }

  @Test func cancellationAnswersExactlyOnce() async throws {
    let client = try launch()
    defer { client.terminate() }
    try await client.initialize()
    client.open(Self.uri, text: String(repeating: Self.text, count: 2000))
    var outcomes: [Int] = []
    for _ in 0..<5 {
      let id = client.sendRequest(
        "textDocument/semanticTokens/full", params: ["textDocument": ["uri": .string(Self.uri)]])
      client.cancel(id)
      let response = try await client.waitForResponse(id: id)
      outcomes.append(response["error"]?["code"]?.intValue ?? 0)
      #expect(response["result"] != nil || response["error"]?["code"] == -32800)
      // A second response for the same id would still be waiting here.
      let marker = try await client.request("textDocument/foldingRange", uri: Self.uri)
      #expect(marker.arrayValue != nil)
      #expect(
        (try? await client.waitForResponse(id: id, timeout: .milliseconds(50))) == nil, "two responses to \(id)")
    }
    try await client.shutdownAndExit()
    #expect(try await client.waitForExit() == 0)
  }

  @Test func garbageAndACorruptHeaderAreSurvived() async throws {
    let client = try launch()
    defer { client.terminate() }
    try await client.initialize()
    client.sendRaw(Array("Content-Length: 12\r\n\r\n{not json!!}".utf8))
    let parseError = try await client.waitForMessage { $0["error"]?["code"] == -32700 }
    #expect(parseError["id"] == .null)
    client.sendRaw(Array("Content-Length: banana\r\n\r\n{}garbage bytes \u{1}\u{2}\r\n\r\n".utf8))
    client.open(Self.uri, text: "# Still here\n")
    let symbols = try await client.request("textDocument/documentSymbol", uri: Self.uri)
    #expect(symbols[0]?["name"] == "Still here")
    try await client.shutdownAndExit()
    #expect(try await client.waitForExit() == 0)
  }

  /// Opens a note of 2,000 chapters and asks for its outline without waiting.
  private func openAndAskForTheOutline(_ client: LSPTestClient) async throws -> RequestID {
    try await client.initialize()
    client.open(Self.uri, text: String(repeating: "# Chapter\n\nProse with ?[a cloze](here).\n\n", count: 2_000))
    return client.sendRequest("textDocument/documentSymbol", params: ["textDocument": ["uri": .string(Self.uri)]])
  }

  /// A client may send `exit` without waiting for `shutdown`'s answer: the requests
  /// before it are answered first, then the process ends with 0.
  @Test func requestsSentBeforeAnExitAreAnswered() async throws {
    let client = try launch()
    defer { client.terminate() }
    let symbols = try await openAndAskForTheOutline(client)
    let shutdown = client.sendRequest("shutdown")
    client.notify("exit")
    #expect(try await client.waitForExit() == 0)
    #expect(try await client.waitForResponse(id: symbols)["result"]?[0]?["name"] == "Chapter")
    #expect(try await client.waitForResponse(id: shutdown)["result"] == .null)
  }

  /// A client may write its messages and close its end without waiting: what it sent
  /// is answered before the process ends.
  @Test func requestsSentBeforeTheEndOfInputAreAnswered() async throws {
    let client = try launch()
    defer { client.terminate() }
    let symbols = try await openAndAskForTheOutline(client)
    client.closeOutput()
    #expect(try await client.waitForExit() == 1)
    #expect(try await client.waitForResponse(id: symbols)["result"]?[0]?["name"] == "Chapter")
  }

  @Test func exitWithoutShutdownExitsWithOne() async throws {
    let client = try launch()
    defer { client.terminate() }
    try await client.initialize()
    client.notify("exit")
    #expect(try await client.waitForExit() == 1)
  }

  @Test func closingStdinEndsTheProcess() async throws {
    let client = try launch()
    defer { client.terminate() }
    try await client.initialize()
    client.closeOutput()
    #expect(try await client.waitForExit() == 1)
    let again = try launch()
    defer { again.terminate() }
    try await again.initialize()
    _ = try await again.request("shutdown")
    again.closeOutput()
    #expect(try await again.waitForExit() == 0)
  }

  @Test func logFileAndLogLevel() async throws {
    let binary = try #require(Self.binary)
    let log = FileManager.default.temporaryDirectory.appendingPathComponent("booknotes-log-\(getpid()).log")
    defer { try? FileManager.default.removeItem(at: log) }
    let client = try LSPTestClient.launch(
      executable: binary, arguments: ["lsp", "--log-file", log.path, "--log-level", "debug"])
    defer { client.terminate() }
    try await client.initialize()
    client.open(Self.uri, text: "# Logged\n")
    client.notify("textDocument/didSave", params: ["textDocument": ["uri": .string(Self.uri)]])
    try await client.shutdownAndExit()
    #expect(try await client.waitForExit() == 0)
    let text = try String(contentsOf: log, encoding: .utf8)
    #expect(text.contains("[info] Initialize from unknown client: position encoding utf-16, push diagnostics"))
    #expect(text.contains("[info] Opened \(Self.uri) (9 bytes); 1 open"))
    #expect(text.contains("[debug] Saved \(Self.uri)"))
  }

  /// Starts `booknotes lsp` with no options, its stderr going to a temporary file.
  func launchCapturingStandardError() throws -> (LSPTestClient, URL) {
    let binary = try #require(Self.binary, "booknotes binary not found; build it or set BOOKNOTES_BINARY")
    let path = FileManager.default.temporaryDirectory.appendingPathComponent(
      "booknotes-stderr-\(getpid())-\(UInt64.random(in: 0...UInt64.max)).log")
    #expect(FileManager.default.createFile(atPath: path.path, contents: nil))
    let handle = try FileHandle(forWritingTo: path)
    defer { try? handle.close() }
    return (try LSPTestClient.launch(executable: binary, arguments: ["lsp"], standardError: handle), path)
  }

  @Test func standardErrorGetsOnlyWarningsAndErrorsByDefault() async throws {
    let (client, stderr) = try launchCapturingStandardError()
    defer {
      client.terminate()
      try? FileManager.default.removeItem(at: stderr)
    }
    try await client.initialize()
    client.open(Self.uri, text: "# Quiet\n")
    _ = try await client.request("textDocument/documentSymbol", uri: Self.uri)
    // Bad params are logged as a warning.
    let bad = try await client.requestMessage("textDocument/hover", params: [:])
    #expect(bad["error"]?["code"] == -32602)
    try await client.shutdownAndExit()
    #expect(try await client.waitForExit() == 0)
    let text = try String(contentsOf: stderr, encoding: .utf8)
    #expect(text.contains("[warning] textDocument/hover: Missing required field"))
    #expect(!text.contains("[info]"), "info on stderr: \(text)")
    // Without a trace, the client is sent the warning and no info.
    let messages = client.notifications("window/logMessage")
    #expect(messages.map { $0["type"] } == [2], "\(messages)")
  }

  @Test func infoReachesTheClientOnlyWhileItTracesMessages() async throws {
    let (client, stderr) = try launchCapturingStandardError()
    defer {
      client.terminate()
      try? FileManager.default.removeItem(at: stderr)
    }
    try await client.initialize(trace: "messages")
    client.open(Self.uri, text: "# Traced\n")
    _ = try await client.request("textDocument/documentSymbol", uri: Self.uri)
    client.notify("$/setTrace", params: ["value": "off"])
    client.open("file:///untraced.md", text: "# Untraced\n")
    _ = try await client.request("textDocument/documentSymbol", uri: "file:///untraced.md")
    try await client.shutdownAndExit()
    #expect(try await client.waitForExit() == 0)
    let messages = client.notifications("window/logMessage")
    #expect(messages.contains(["type": 3, "message": .string("Opened \(Self.uri) (9 bytes); 1 open")]))
    #expect(!messages.contains { $0["message"]?.stringValue?.contains("untraced.md") == true }, "\(messages)")
    #expect(!(try String(contentsOf: stderr, encoding: .utf8)).contains("[info]"))
  }

  @Test func commandLineUsage() throws {
    let binary = try #require(Self.binary)
    func run(_ arguments: [String]) throws -> (Int32, String, String) {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: binary)
      process.arguments = arguments
      let out = Pipe()
      let err = Pipe()
      process.standardOutput = out
      process.standardError = err
      try process.run()
      let output = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      let error = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      process.waitUntilExit()
      return (process.terminationStatus, output, error)
    }
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("booknotes-parse-\(getpid()).md")
    try "Q: one\n\n😀 ?[hint\n".write(to: file, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: file) }

    let quiet = try run(["parse", file.path, "--quiet"])
    #expect(quiet.0 == 0)
    #expect(quiet.1 == "1:1 qa-missing-answer\n3:3 cloze-unclosed-hint\n")
    let tree = try run(["parse", file.path])
    #expect(tree.0 == 0 && tree.1.hasPrefix("(document 0.."))
    let missing = try run(["parse", "/nonexistent/note.md"])
    #expect(missing.0 == 2 && missing.1.isEmpty && missing.2.contains("/nonexistent/note.md"))
    let unknown = try run(["frobnicate"])
    #expect(unknown.0 == 2 && unknown.2.contains("usage: booknotes"))
    for command in ["lsp", "parse"] {
      let help = try run([command, "--help"])
      #expect(help.0 == 0 && help.1.hasPrefix("usage: booknotes \(command)"))
    }
    let badLevel = try run(["lsp", "--log-level", "loud"])
    #expect(badLevel.0 == 2)
  }
}
