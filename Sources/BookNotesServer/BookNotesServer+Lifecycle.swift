import JSONCore
import LanguageServerProtocol
import NoteSyntax
import NoteText
import NoteWorkspace

extension BookNotesServer {
  func registerLifecycle() {
    connection.register(InitializeParams.self, scope: { _ in .global }) { [self] params, _ in
      initialize(params)
    }
    connection.register(InitializedParams.self, scope: { _ in .global }) { [self] _ in
      logger.info("Client initialized; position encoding \(encoding.kind.rawValue)")
      await requestConfiguration(waitingAtMost: .seconds(1))
      startIndexing()
    }
    connection.register(ShutdownRequest.self, scope: { _ in .global }) { [self] _, _ in
      // A cache being written is finished first (up to a few seconds), so that the
      // next start finds it whole.
      for _ in 0..<500 where library.isSaving {
        try? await Task.sleep(for: .milliseconds(10))
      }
      // Changes on disk not yet written (their pause had not come) are written now.
      library.close()
      let open = documents.withLock { $0.count }
      logger.info("Shutdown with \(open) open note\(open == 1 ? "" : "s")")
      return NullResponse()
    }
  }

  /// Negotiates the position encoding and diagnostics mode and answers the capabilities.
  /// Does no workspace work, so that it answers at once.
  func initialize(_ params: InitializeParams) -> InitializeResult {
    let capabilities = params.capabilities
    let encoding = PositionEncoding.negotiate(capabilities.general?.positionEncodings)
    // Pulled diagnostics only for a client that can be asked to pull again: library
    // changes (a linked note created on disk) must reach the reader without a keystroke.
    let refresh = capabilities.workspace?.diagnostics?.refreshSupport ?? false
    let pull = capabilities.textDocument?.diagnostic != nil && refresh
    session.withLock { session in
      session.encoding = encoding
      session.pullDiagnostics = pull
      session.configurationRequests = capabilities.workspace?.configuration ?? false
      session.workDoneProgress = capabilities.window?.workDoneProgress ?? false
      session.watchedFilesRegistration = capabilities.workspace?.didChangeWatchedFiles?.dynamicRegistration ?? false
      session.diagnosticRefresh = refresh
      session.documentChanges = capabilities.workspace?.workspaceEdit?.documentChanges ?? false
      session.renamesFiles =
        session.documentChanges
        && (capabilities.workspace?.workspaceEdit?.resourceOperations ?? []).contains("rename")
      session.createsFiles =
        session.documentChanges
        && (capabilities.workspace?.workspaceEdit?.resourceOperations ?? []).contains("create")
      session.insertAsIs =
        capabilities.textDocument?.completion?.completionItem?.insertTextModeSupport?.valueSet.contains(.asIs) ?? false
      session.showDocument = capabilities.window?.showDocument?["support"] == .bool(true)
      session.configuration.initializationOptions = params.initializationOptions
      session.workspaceRoots = params.workspaceFolders?.map(\.uri) ?? params.rootUri.map { [$0] } ?? []
    }
    let client = params.clientInfo.map { "\($0.name) \($0.version ?? "")" } ?? "unknown client"
    logger.info(
      "Initialize from \(client): position encoding \(encoding.kind.rawValue), \(pull ? "pull" : "push") diagnostics")
    return InitializeResult(
      capabilities: Self.capabilities(encoding: encoding, pullDiagnostics: pull),
      serverInfo: ProgramInfo(name: "booknotes", version: Self.version))
  }

  /// What the server offers a client, given the negotiated encoding and diagnostics mode.
  static func capabilities(encoding: PositionEncoding, pullDiagnostics: Bool) -> ServerCapabilities {
    var capabilities = ServerCapabilities()
    capabilities.positionEncoding = encoding.kind
    capabilities.textDocumentSync = TextDocumentSyncOptions(
      openClose: true, change: .incremental, save: SaveOptions(includeText: false))
    capabilities.semanticTokensProvider = SemanticTokensOptions(
      legend: semanticTokensLegend, full: SemanticTokensOptions.Full(delta: true), range: true)
    capabilities.documentSymbolProvider = true
    let notes: JSONValue = ["filters": [["pattern": ["glob": "**/*.{md,markdown}", "matches": "file"]]]]
    capabilities.workspace = WorkspaceServerCapabilities(
      workspaceFolders: WorkspaceServerCapabilities.WorkspaceFolders(supported: true, changeNotifications: true),
      fileOperations: ["willRename": notes])
    capabilities.foldingRangeProvider = true
    capabilities.hoverProvider = true
    capabilities.completionProvider = CompletionOptions(triggerCharacters: completionTriggers, resolveProvider: true)
    capabilities.workspaceSymbolProvider = true
    capabilities.definitionProvider = true
    capabilities.referencesProvider = true
    capabilities.renameProvider = RenameOptions(prepareProvider: true)
    capabilities.documentLinkProvider = DocumentLinkOptions(resolveProvider: false)
    capabilities.codeActionProvider = CodeActionOptions(codeActionKinds: [.quickFix])
    capabilities.codeLensProvider = CodeLensOptions(resolveProvider: false)
    capabilities.executeCommandProvider = ExecuteCommandOptions(commands: commands)
    if pullDiagnostics {
      capabilities.diagnosticProvider = DiagnosticOptions(
        identifier: "booknotes", interFileDependencies: false, workspaceDiagnostics: false)
    }
    return capabilities
  }
}
