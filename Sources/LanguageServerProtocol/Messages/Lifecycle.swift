public import JSONCore

public struct WorkspaceFolder: Codable, Sendable, Hashable {
  public var uri: DocumentURI
  public var name: String

  public init(uri: DocumentURI, name: String) {
    self.uri = uri
    self.name = name
  }
}

/// A client's or server's name and version.
public struct ProgramInfo: Codable, Sendable, Hashable {
  public var name: String
  public var version: String?

  public init(name: String, version: String? = nil) {
    self.name = name
    self.version = version
  }
}

/// `initialize`: the first request.
public struct InitializeParams: LSPRequest, Hashable {
  public static let method = "initialize"
  public typealias Response = InitializeResult

  public var processId: Int?
  public var clientInfo: ProgramInfo?
  public var locale: String?
  public var rootPath: String?
  public var rootUri: DocumentURI?
  public var initializationOptions: JSONValue?
  public var capabilities: ClientCapabilities
  public var trace: TraceValue?
  public var workspaceFolders: [WorkspaceFolder]?

  public init(
    processId: Int? = nil, clientInfo: ProgramInfo? = nil, rootPath: String? = nil, rootUri: DocumentURI? = nil,
    initializationOptions: JSONValue? = nil, capabilities: ClientCapabilities = ClientCapabilities(),
    trace: TraceValue? = nil, workspaceFolders: [WorkspaceFolder]? = nil
  ) {
    self.processId = processId
    self.clientInfo = clientInfo
    self.rootPath = rootPath
    self.rootUri = rootUri
    self.initializationOptions = initializationOptions
    self.capabilities = capabilities
    self.trace = trace
    self.workspaceFolders = workspaceFolders
  }
}

public struct InitializeResult: Codable, Sendable, Hashable {
  public var capabilities: ServerCapabilities
  public var serverInfo: ProgramInfo?

  public init(capabilities: ServerCapabilities, serverInfo: ProgramInfo? = nil) {
    self.capabilities = capabilities
    self.serverInfo = serverInfo
  }
}

/// `initialized`: the client has processed the `initialize` result.
public struct InitializedParams: LSPNotification, Hashable {
  public static let method = "initialized"
  public init() {}
  public init(from decoder: any Decoder) throws {}
  public func encode(to encoder: any Encoder) throws { try EmptyParams().encode(to: encoder) }
}

/// `shutdown`: stop working and answer; `exit` follows.
public struct ShutdownRequest: LSPRequest, Hashable {
  public static let method = "shutdown"
  public typealias Response = NullResponse
  public init() {}
  public init(from decoder: any Decoder) throws {}
  public func encode(to encoder: any Encoder) throws { try EmptyParams().encode(to: encoder) }
}

/// `exit`: end the process.
public struct ExitNotification: LSPNotification, Hashable {
  public static let method = "exit"
  public init() {}
  public init(from decoder: any Decoder) throws {}
  public func encode(to encoder: any Encoder) throws { try EmptyParams().encode(to: encoder) }
}
