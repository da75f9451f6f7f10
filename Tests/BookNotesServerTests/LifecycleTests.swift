import BookNotesTestSupport
import JSONCore
import LanguageServerProtocol
import Testing

@testable import BookNotesServer

@Suite struct LifecycleTests {
  @Test func initializeAdvertisesTheContractsCapabilities() async throws {
    let harness = InProcessServer()
    let result = try await harness.initialize(capabilities: capabilities())
    let caps = try #require(result["capabilities"])
    #expect(caps["positionEncoding"] == "utf-16")
    #expect(caps["textDocumentSync"] == ["openClose": true, "change": 2, "save": ["includeText": false]])
    let tokens = try #require(caps["semanticTokensProvider"])
    #expect(tokens["full"] == ["delta": true])
    #expect(tokens["range"] == true)
    #expect(
      tokens["legend"]?["tokenTypes"]
        == [
          "heading", "marker", "hashtag", "clozeHint", "clozeAnswer", "question", "answer", "summary", "quote",
          "citation", "emphasis", "strong", "code", "link", "url", "property", "string", "highlight", "comment",
        ])
    #expect(
      tokens["legend"]?["tokenModifiers"]
        == ["level1", "level2", "level3", "level4", "level5", "level6", "invalid"])
    #expect(caps["documentSymbolProvider"] == true)
    #expect(caps["foldingRangeProvider"] == true)
    #expect(caps["hoverProvider"] == true)
    #expect(caps["codeActionProvider"] == ["codeActionKinds": ["quickfix"]])
    #expect(caps["diagnosticProvider"] == nil, "push diagnostics for a client that cannot pull")
    #expect(result["serverInfo"] == ["name": "booknotes", "version": .string(BookNotesServer.version)])
    try await harness.client.shutdownAndExit()
    #expect(await harness.connection.waitForExit() == 0)
    _ = try await harness.finish()
  }

  @Test func pullDiagnosticsAreAdvertisedOnlyToClientsThatPull() async throws {
    let harness = InProcessServer()
    let result = try await harness.initialize(capabilities: capabilities(pull: true))
    #expect(
      result["capabilities"]?["diagnosticProvider"]
        == ["identifier": "booknotes", "interFileDependencies": false, "workspaceDiagnostics": false])
    #expect(try await harness.finish() == 1)
  }

  @Test func aClientThatPullsButCannotBeAskedToPullAgainGetsPushedDiagnostics() async throws {
    // Neovim pulls, but takes no `workspace/diagnostic/refresh`: a warning the library
    // makes wrong (a linked note created on disk) would stay until the next keystroke.
    let harness = InProcessServer()
    let result = try await harness.initialize(capabilities: capabilities(pull: true, refresh: false))
    #expect(result["capabilities"]?["diagnosticProvider"] == nil)
    #expect(try await harness.finish() == 1)
  }

  @Test(arguments: [
    (["utf-8", "utf-16"], "utf-8"), (["utf-32"], "utf-32"), (["utf-16"], "utf-16"), ([], "utf-16"),
    (["latin-1", "utf-32", "utf-8"], "utf-32"), (["latin-1"], "utf-16"),
  ])
  func positionEncodingIsTheFirstSupportedOffer(offered: [String], expected: String) async throws {
    let harness = InProcessServer()
    let result = try await harness.initialize(capabilities: capabilities(encodings: offered))
    #expect(result["capabilities"]?["positionEncoding"] == .string(expected))
    #expect(harness.server.encoding.kind.rawValue == expected)
    _ = try await harness.finish()
  }

  /// The methods a client may send because of each advertised capability.
  static func methods(advertisedBy capabilities: JSONValue) -> Set<String> {
    var methods: Set<String> = []
    if capabilities["textDocumentSync"] != nil {
      methods.formUnion([
        "textDocument/didOpen", "textDocument/didChange", "textDocument/didClose", "textDocument/didSave",
      ])
    }
    if let tokens = capabilities["semanticTokensProvider"] {
      methods.insert("textDocument/semanticTokens/full")
      if tokens["full"]?["delta"] == true { methods.insert("textDocument/semanticTokens/full/delta") }
      if tokens["range"] == true { methods.insert("textDocument/semanticTokens/range") }
    }
    let simple = [
      "documentSymbolProvider": "textDocument/documentSymbol", "foldingRangeProvider": "textDocument/foldingRange",
      "hoverProvider": "textDocument/hover", "codeActionProvider": "textDocument/codeAction",
      "diagnosticProvider": "textDocument/diagnostic", "executeCommandProvider": "workspace/executeCommand",
      "completionProvider": "textDocument/completion", "workspaceSymbolProvider": "workspace/symbol",
      "definitionProvider": "textDocument/definition", "referencesProvider": "textDocument/references",
      "renameProvider": "textDocument/rename", "documentLinkProvider": "textDocument/documentLink",
      "codeLensProvider": "textDocument/codeLens",
    ]
    for (capability, method) in simple where capabilities[capability] != nil { methods.insert(method) }
    if capabilities["completionProvider"]?["resolveProvider"] == true { methods.insert("completionItem/resolve") }
    if capabilities["renameProvider"]?["prepareProvider"] == true { methods.insert("textDocument/prepareRename") }
    if capabilities["workspace"]?["fileOperations"]?["willRename"] != nil {
      methods.insert("workspace/willRenameFiles")
    }
    if capabilities["workspace"]?["workspaceFolders"]?["changeNotifications"] == true {
      methods.insert("workspace/didChangeWorkspaceFolders")
    }
    return methods
  }

  /// Methods that need no capability: the lifecycle, settings and the custom request.
  static let unadvertised: Set<String> = [
    "initialize", "initialized", "shutdown", "exit", "workspace/didChangeConfiguration", "booknotes/prompts",
    "booknotes/search", "booknotes/books", "booknotes/review/due", "booknotes/review/grade",
    // Registered with the client at run time when it allows it.
    "workspace/didChangeWatchedFiles",
  ]

  @Test(arguments: [true, false])
  func registryAndAdvertisedCapabilitiesAgree(pull: Bool) async throws {
    let harness = InProcessServer()
    let result = try await harness.initialize(capabilities: capabilities(pull: pull))
    let advertised = Self.methods(advertisedBy: try #require(result["capabilities"]))
    let registered = harness.connection.registeredRequestMethods.union(
      harness.connection.registeredNotificationMethods)
    #expect(advertised.subtracting(registered).isEmpty, "advertised without a handler")
    let extra = registered.subtracting(advertised).subtracting(Self.unadvertised)
    // A pushing client is not offered pull diagnostics; the handler stays registered.
    #expect(extra == (pull ? [] : ["textDocument/diagnostic"]), "handled but not advertised")
    _ = try await harness.finish()
  }

  @Test func documentRequestsOnANoteThatIsNotOpenAreInvalidParams() async throws {
    let harness = InProcessServer()
    try await harness.initialize(capabilities: capabilities(pull: true))
    let methods = [
      "textDocument/semanticTokens/full", "textDocument/semanticTokens/full/delta",
      "textDocument/semanticTokens/range", "textDocument/documentSymbol", "textDocument/foldingRange",
      "textDocument/hover", "textDocument/codeAction", "textDocument/diagnostic", "textDocument/completion",
      "textDocument/definition", "textDocument/references", "textDocument/prepareRename", "textDocument/rename",
      "textDocument/documentLink",
    ]
    let params: JSONValue = [
      "textDocument": ["uri": "file:///nowhere.md"], "previousResultId": "1", "range": range((0, 0), (0, 0)),
      "position": position(0, 0), "newName": "tag",
      "context": ["diagnostics": [], "triggerKind": 1, "includeDeclaration": false],
    ]
    for method in methods {
      let response = try await harness.client.requestMessage(method, params: params)
      #expect(response["error"]?["code"] == -32602, "\(method)")
      #expect(response["error"]?["message"] == "Document not open: file:///nowhere.md", "\(method)")
    }
    _ = try await harness.finish()
  }

  @Test func endOfInputAfterShutdownExitsWithZero() async throws {
    let harness = InProcessServer()
    try await harness.initialize()
    _ = try await harness.client.request("shutdown")
    #expect(try await harness.finish() == 0)
  }

  @Test func openAndCloseAreLoggedToTheClient() async throws {
    let logger = try Logger(level: .error)
    let harness = InProcessServer(logger: logger)
    harness.connection.mirrorLogs(minimumLevel: .info)
    try await harness.initialize(trace: "messages")
    harness.client.open("file:///log.md", text: "# Hi\n")
    let opened = try await harness.client.waitForMessage { message in
      message["method"] == "window/logMessage"
        && message["params"]?["message"]?.stringValue?.hasPrefix("Opened") == true
    }
    #expect(opened["params"]?["message"] == "Opened file:///log.md (5 bytes); 1 open")
    harness.client.notify("textDocument/didClose", params: ["textDocument": ["uri": "file:///log.md"]])
    let closed = try await harness.client.waitForMessage { message in
      message["method"] == "window/logMessage"
        && message["params"]?["message"]?.stringValue?.hasPrefix("Closed") == true
    }
    #expect(closed["params"]?["message"] == "Closed file:///log.md; 0 open")
    _ = try await harness.finish()
  }
}
