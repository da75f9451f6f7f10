public import JSONCore

/// The parts of the client's capabilities that the server reads; everything else the
/// client sends is ignored.
public struct ClientCapabilities: Codable, Sendable, Hashable {
  public var general: General?
  public var textDocument: TextDocument?
  public var window: Window?
  public var workspace: Workspace?

  public init(
    general: General? = nil, textDocument: TextDocument? = nil, window: Window? = nil, workspace: Workspace? = nil
  ) {
    self.general = general
    self.textDocument = textDocument
    self.window = window
    self.workspace = workspace
  }

  public struct General: Codable, Sendable, Hashable {
    public var positionEncodings: [PositionEncodingKind]?
    public init(positionEncodings: [PositionEncodingKind]? = nil) { self.positionEncodings = positionEncodings }
  }

  /// A capability that only says whether the client can register it dynamically.
  public struct DynamicRegistration: Codable, Sendable, Hashable {
    public var dynamicRegistration: Bool?
    public init(dynamicRegistration: Bool? = nil) { self.dynamicRegistration = dynamicRegistration }
  }

  public struct TextDocument: Codable, Sendable, Hashable {
    public var synchronization: Synchronization?
    public var semanticTokens: SemanticTokens?
    public var publishDiagnostics: PublishDiagnostics?
    public var diagnostic: DiagnosticPull?
    public var completion: Completion?
    public var documentSymbol: DocumentSymbol?
    public var codeAction: CodeAction?
    public var hover: Hover?
    public var foldingRange: FoldingRange?
    public init() {}
  }

  public struct Synchronization: Codable, Sendable, Hashable {
    public var dynamicRegistration: Bool?
    public var willSave: Bool?
    public var willSaveWaitUntil: Bool?
    public var didSave: Bool?
    public init() {}
  }

  public struct SemanticTokens: Codable, Sendable, Hashable {
    public var dynamicRegistration: Bool?
    public var requests: Requests?
    public var tokenTypes: [String]?
    public var tokenModifiers: [String]?
    public var formats: [String]?
    public var overlappingTokenSupport: Bool?
    public var multilineTokenSupport: Bool?
    public var serverCancelSupport: Bool?
    public var augmentsSyntaxTokens: Bool?
    public init() {}

    public struct Requests: Codable, Sendable, Hashable {
      /// `true`, `false` or `{}` (any object means supported).
      public var range: JSONValue?
      /// `true`, `false` or `{"delta": Bool}`.
      public var full: JSONValue?
      public init(range: JSONValue? = nil, full: JSONValue? = nil) {
        self.range = range
        self.full = full
      }

      public var supportsRange: Bool { Self.isSupported(range) }
      public var supportsFull: Bool { Self.isSupported(full) }
      public var supportsDelta: Bool { full?["delta"]?.boolValue ?? false }

      private static func isSupported(_ value: JSONValue?) -> Bool {
        switch value {
        case .bool(let flag): flag
        case .object: true
        default: false
        }
      }
    }
  }

  public struct PublishDiagnostics: Codable, Sendable, Hashable {
    public var relatedInformation: Bool?
    public var versionSupport: Bool?
    public var codeDescriptionSupport: Bool?
    public var dataSupport: Bool?
    public init() {}
  }

  /// Present when the client supports pull diagnostics.
  public struct DiagnosticPull: Codable, Sendable, Hashable {
    public var dynamicRegistration: Bool?
    public var relatedDocumentSupport: Bool?
    public init() {}
  }

  public struct Completion: Codable, Sendable, Hashable {
    public var dynamicRegistration: Bool?
    public var completionItem: CompletionItem?
    public var contextSupport: Bool?
    public init() {}

    public struct CompletionItem: Codable, Sendable, Hashable {
      public var snippetSupport: Bool?
      public var documentationFormat: [MarkupKind]?
      public var insertReplaceSupport: Bool?
      public var labelDetailsSupport: Bool?
      /// The insert text modes the client honours on an item (`valueSet`).
      public var insertTextModeSupport: InsertTextModeSupport?
      public init() {}
    }

    public struct InsertTextModeSupport: Codable, Sendable, Hashable {
      public var valueSet: [InsertTextMode]
      public init(valueSet: [InsertTextMode]) { self.valueSet = valueSet }
    }
  }

  public struct DocumentSymbol: Codable, Sendable, Hashable {
    public var dynamicRegistration: Bool?
    public var hierarchicalDocumentSymbolSupport: Bool?
    public init() {}
  }

  public struct CodeAction: Codable, Sendable, Hashable {
    public var dynamicRegistration: Bool?
    public var codeActionLiteralSupport: JSONValue?
    public var isPreferredSupport: Bool?
    public var dataSupport: Bool?
    public init() {}
  }

  public struct Hover: Codable, Sendable, Hashable {
    public var dynamicRegistration: Bool?
    public var contentFormat: [MarkupKind]?
    public init() {}
  }

  public struct FoldingRange: Codable, Sendable, Hashable {
    public var dynamicRegistration: Bool?
    public var lineFoldingOnly: Bool?
    public init() {}
  }

  public struct Window: Codable, Sendable, Hashable {
    public var workDoneProgress: Bool?
    public var showMessage: JSONValue?
    public var showDocument: JSONValue?
    public init() {}
  }

  public struct Workspace: Codable, Sendable, Hashable {
    public var configuration: Bool?
    public var workspaceFolders: Bool?
    public var didChangeConfiguration: DynamicRegistration?
    public var didChangeWatchedFiles: DidChangeWatchedFiles?
    public var symbol: DynamicRegistration?
    /// `workspace.diagnostics`: whether the client takes `workspace/diagnostic/refresh`.
    public var diagnostics: RefreshSupport?
    public var workspaceEdit: WorkspaceEditCapabilities?
    public init() {}
  }

  public struct WorkspaceEditCapabilities: Codable, Sendable, Hashable {
    /// Whether the client applies `documentChanges` (versioned edits per document).
    public var documentChanges: Bool?
    /// The file operations (`create`, `rename`, `delete`) the client applies in
    /// `documentChanges`.
    public var resourceOperations: [String]?
    public init(documentChanges: Bool? = nil, resourceOperations: [String]? = nil) {
      self.documentChanges = documentChanges
      self.resourceOperations = resourceOperations
    }
  }

  public struct RefreshSupport: Codable, Sendable, Hashable {
    public var refreshSupport: Bool?
    public init(refreshSupport: Bool? = nil) { self.refreshSupport = refreshSupport }
  }

  public struct DidChangeWatchedFiles: Codable, Sendable, Hashable {
    public var dynamicRegistration: Bool?
    public var relativePatternSupport: Bool?
    public init() {}
  }
}
