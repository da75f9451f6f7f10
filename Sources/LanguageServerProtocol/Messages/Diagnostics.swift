/// `textDocument/publishDiagnostics`, sent by the server.
public struct PublishDiagnosticsParams: LSPNotification, Hashable {
  public static let method = "textDocument/publishDiagnostics"
  public var uri: DocumentURI
  public var version: Int?
  public var diagnostics: [Diagnostic]

  public init(uri: DocumentURI, version: Int? = nil, diagnostics: [Diagnostic]) {
    self.uri = uri
    self.version = version
    self.diagnostics = diagnostics
  }
}

/// `textDocument/diagnostic`: the client pulls a document's diagnostics.
public struct DocumentDiagnosticParams: LSPRequest, Hashable {
  public static let method = "textDocument/diagnostic"
  public typealias Response = DocumentDiagnosticReport
  public var textDocument: TextDocumentIdentifier
  public var identifier: String?
  public var previousResultId: String?

  public init(textDocument: TextDocumentIdentifier, identifier: String? = nil, previousResultId: String? = nil) {
    self.textDocument = textDocument
    self.identifier = identifier
    self.previousResultId = previousResultId
  }
}

/// A full report, or `unchanged` when the client's `previousResultId` is still current.
public enum DocumentDiagnosticReport: Codable, Sendable, Hashable {
  case full(resultId: String?, items: [Diagnostic])
  case unchanged(resultId: String)

  private enum CodingKeys: String, CodingKey {
    case kind, resultId, items
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let kind = try container.decode(String.self, forKey: .kind)
    switch kind {
    case "unchanged":
      self = .unchanged(resultId: try container.decode(String.self, forKey: .resultId))
    case "full":
      self = .full(
        resultId: try container.decodeIfPresent(String.self, forKey: .resultId),
        items: try container.decode([Diagnostic].self, forKey: .items))
    default:
      throw DecodingError.dataCorruptedError(
        forKey: .kind, in: container, debugDescription: "Unknown diagnostic report kind '\(kind)'")
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    switch self {
    case .full(let resultId, let items):
      try container.encode("full", forKey: .kind)
      try container.encodeIfPresent(resultId, forKey: .resultId)
      try container.encode(items, forKey: .items)
    case .unchanged(let resultId):
      try container.encode("unchanged", forKey: .kind)
      try container.encode(resultId, forKey: .resultId)
    }
  }
}

/// `workspace/diagnostic/refresh`, a server→client request: pull diagnostics again.
public struct DiagnosticRefreshRequest: LSPRequest, Hashable {
  public static let method = "workspace/diagnostic/refresh"
  public typealias Response = NullResponse
  public init() {}
  public init(from decoder: any Decoder) throws {}
  public func encode(to encoder: any Encoder) throws { try EmptyParams().encode(to: encoder) }
}
