public import JSONCore

/// What the server offers; `nil` fields are left out of the JSON.
public struct ServerCapabilities: Codable, Sendable, Hashable {
  public var positionEncoding: PositionEncodingKind?
  public var textDocumentSync: TextDocumentSyncOptions?
  public var semanticTokensProvider: SemanticTokensOptions?
  public var documentSymbolProvider: Bool?
  public var foldingRangeProvider: Bool?
  public var hoverProvider: Bool?
  public var codeActionProvider: CodeActionOptions?
  public var diagnosticProvider: DiagnosticOptions?
  public var completionProvider: CompletionOptions?
  public var workspaceSymbolProvider: Bool?
  public var definitionProvider: Bool?
  public var referencesProvider: Bool?
  public var renameProvider: RenameOptions?
  public var documentLinkProvider: DocumentLinkOptions?
  public var codeLensProvider: CodeLensOptions?
  public var executeCommandProvider: ExecuteCommandOptions?
  public var workspace: WorkspaceServerCapabilities?
  /// Capabilities this module has no type for, merged in as given.
  public var experimental: JSONValue?

  public init() {}
}

public struct TextDocumentSyncOptions: Codable, Sendable, Hashable {
  public var openClose: Bool?
  public var change: TextDocumentSyncKind?
  public var save: SaveOptions?

  public init(openClose: Bool? = nil, change: TextDocumentSyncKind? = nil, save: SaveOptions? = nil) {
    self.openClose = openClose
    self.change = change
    self.save = save
  }
}

public struct SaveOptions: Codable, Sendable, Hashable {
  public var includeText: Bool?
  public init(includeText: Bool? = nil) { self.includeText = includeText }
}

public struct SemanticTokensLegend: Codable, Sendable, Hashable {
  public var tokenTypes: [String]
  public var tokenModifiers: [String]

  public init(tokenTypes: [String], tokenModifiers: [String]) {
    self.tokenTypes = tokenTypes
    self.tokenModifiers = tokenModifiers
  }
}

public struct SemanticTokensOptions: Codable, Sendable, Hashable {
  public struct Full: Codable, Sendable, Hashable {
    public var delta: Bool?
    public init(delta: Bool? = nil) { self.delta = delta }
  }

  public var legend: SemanticTokensLegend
  public var full: Full?
  public var range: Bool?

  public init(legend: SemanticTokensLegend, full: Full? = nil, range: Bool? = nil) {
    self.legend = legend
    self.full = full
    self.range = range
  }
}

public struct CodeActionOptions: Codable, Sendable, Hashable {
  public var codeActionKinds: [CodeActionKind]?
  public var resolveProvider: Bool?

  public init(codeActionKinds: [CodeActionKind]? = nil, resolveProvider: Bool? = nil) {
    self.codeActionKinds = codeActionKinds
    self.resolveProvider = resolveProvider
  }
}

public struct DiagnosticOptions: Codable, Sendable, Hashable {
  public var identifier: String?
  public var interFileDependencies: Bool
  public var workspaceDiagnostics: Bool

  public init(identifier: String? = nil, interFileDependencies: Bool, workspaceDiagnostics: Bool) {
    self.identifier = identifier
    self.interFileDependencies = interFileDependencies
    self.workspaceDiagnostics = workspaceDiagnostics
  }
}

public struct CompletionOptions: Codable, Sendable, Hashable {
  public var triggerCharacters: [String]?
  public var allCommitCharacters: [String]?
  public var resolveProvider: Bool?

  public init(triggerCharacters: [String]? = nil, allCommitCharacters: [String]? = nil, resolveProvider: Bool? = nil) {
    self.triggerCharacters = triggerCharacters
    self.allCommitCharacters = allCommitCharacters
    self.resolveProvider = resolveProvider
  }
}

public struct RenameOptions: Codable, Sendable, Hashable {
  public var prepareProvider: Bool?
  public init(prepareProvider: Bool? = nil) { self.prepareProvider = prepareProvider }
}

public struct DocumentLinkOptions: Codable, Sendable, Hashable {
  public var resolveProvider: Bool?
  public init(resolveProvider: Bool? = nil) { self.resolveProvider = resolveProvider }
}

public struct WorkspaceServerCapabilities: Codable, Sendable, Hashable {
  public struct WorkspaceFolders: Codable, Sendable, Hashable {
    public var supported: Bool?
    public var changeNotifications: Bool?
    public init(supported: Bool? = nil, changeNotifications: Bool? = nil) {
      self.supported = supported
      self.changeNotifications = changeNotifications
    }
  }

  public var workspaceFolders: WorkspaceFolders?
  /// `workspace.fileOperations`: the file operations the server hears of, as given.
  public var fileOperations: JSONValue?
  public init(workspaceFolders: WorkspaceFolders? = nil, fileOperations: JSONValue? = nil) {
    self.workspaceFolders = workspaceFolders
    self.fileOperations = fileOperations
  }
}
