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
