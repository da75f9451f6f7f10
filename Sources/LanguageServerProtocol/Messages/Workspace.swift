public import JSONCore

/// `workspace/didChangeConfiguration`.
public struct DidChangeConfigurationParams: LSPNotification, Hashable {
  public static let method = "workspace/didChangeConfiguration"
  public var settings: JSONValue?

  public init(settings: JSONValue? = nil) { self.settings = settings }
}

public struct ConfigurationItem: Codable, Sendable, Hashable {
  public var scopeUri: DocumentURI?
  public var section: String?

  public init(scopeUri: DocumentURI? = nil, section: String? = nil) {
    self.scopeUri = scopeUri
    self.section = section
  }
}

/// `workspace/configuration`, a server→client request: one value per item.
public struct ConfigurationParams: LSPRequest, Hashable {
  public static let method = "workspace/configuration"
  public typealias Response = [JSONValue]
  public var items: [ConfigurationItem]

  public init(items: [ConfigurationItem]) { self.items = items }
}

public struct Registration: Codable, Sendable, Hashable {
  public var id: String
  public var method: String
  public var registerOptions: JSONValue?

  public init(id: String, method: String, registerOptions: JSONValue? = nil) {
    self.id = id
    self.method = method
    self.registerOptions = registerOptions
  }
}

/// `client/registerCapability`, a server→client request.
public struct RegistrationParams: LSPRequest, Hashable {
  public static let method = "client/registerCapability"
  public typealias Response = NullResponse
  public var registrations: [Registration]

  public init(registrations: [Registration]) { self.registrations = registrations }
}

/// One change to a watched file.
public struct FileEvent: Codable, Sendable, Hashable {
  /// `created`, `changed` or `deleted`.
  public struct ChangeType: RawRepresentable, Codable, Sendable, Hashable {
    public var rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let created = ChangeType(rawValue: 1)
    public static let changed = ChangeType(rawValue: 2)
    public static let deleted = ChangeType(rawValue: 3)
  }

  public var uri: DocumentURI
  public var type: ChangeType

  public init(uri: DocumentURI, type: ChangeType) {
    self.uri = uri
    self.type = type
  }
}

/// `workspace/didChangeWatchedFiles`: files changed on disk, outside the editor.
public struct DidChangeWatchedFilesParams: LSPNotification, Hashable {
  public static let method = "workspace/didChangeWatchedFiles"
  public var changes: [FileEvent]

  public init(changes: [FileEvent]) { self.changes = changes }
}

/// The folders added to and removed from the workspace.
public struct WorkspaceFoldersChangeEvent: Codable, Sendable, Hashable {
  public var added: [WorkspaceFolder]
  public var removed: [WorkspaceFolder]

  public init(added: [WorkspaceFolder], removed: [WorkspaceFolder]) {
    self.added = added
    self.removed = removed
  }
}

/// `workspace/didChangeWorkspaceFolders`.
public struct DidChangeWorkspaceFoldersParams: LSPNotification, Hashable {
  public static let method = "workspace/didChangeWorkspaceFolders"
  public var event: WorkspaceFoldersChangeEvent

  public init(event: WorkspaceFoldersChangeEvent) { self.event = event }
}
