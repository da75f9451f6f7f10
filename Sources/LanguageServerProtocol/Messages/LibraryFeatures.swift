public import JSONCore

/// `workspace/symbol`.
public struct WorkspaceSymbolParams: LSPRequest, Hashable {
  public static let method = "workspace/symbol"
  public typealias Response = [SymbolInformation]?
  public var query: String

  public init(query: String) { self.query = query }
}

public struct SymbolInformation: Codable, Sendable, Hashable {
  public var name: String
  public var kind: SymbolKind
  public var location: Location
  public var containerName: String?

  public init(name: String, kind: SymbolKind, location: Location, containerName: String? = nil) {
    self.name = name
    self.kind = kind
    self.location = location
    self.containerName = containerName
  }
}

/// How a completion was triggered: `invoked` (1), a trigger character (2), or
/// re-triggered for an incomplete list (3).
public struct CompletionContext: Codable, Sendable, Hashable {
  public var triggerKind: Int
  public var triggerCharacter: String?

  public init(triggerKind: Int, triggerCharacter: String? = nil) {
    self.triggerKind = triggerKind
    self.triggerCharacter = triggerCharacter
  }
}

/// `textDocument/completion`.
public struct CompletionParams: LSPRequest, Hashable {
  public static let method = "textDocument/completion"
  public typealias Response = CompletionList
  public var textDocument: TextDocumentIdentifier
  public var position: Position
  public var context: CompletionContext?

  public init(textDocument: TextDocumentIdentifier, position: Position, context: CompletionContext? = nil) {
    self.textDocument = textDocument
    self.position = position
    self.context = context
  }
}

public struct CompletionItemKind: RawRepresentable, Codable, Sendable, Hashable {
  public var rawValue: Int
  public init(rawValue: Int) { self.rawValue = rawValue }

  public static let text = CompletionItemKind(rawValue: 1)
  public static let value = CompletionItemKind(rawValue: 12)
  public static let keyword = CompletionItemKind(rawValue: 14)
  public static let file = CompletionItemKind(rawValue: 17)
  public static let reference = CompletionItemKind(rawValue: 18)
  public static let property = CompletionItemKind(rawValue: 10)
  public static let enumMember = CompletionItemKind(rawValue: 20)
}

public struct InsertTextFormat: RawRepresentable, Codable, Sendable, Hashable {
  public var rawValue: Int
  public init(rawValue: Int) { self.rawValue = rawValue }

  public static let plainText = InsertTextFormat(rawValue: 1)
  public static let snippet = InsertTextFormat(rawValue: 2)
}

/// How a client treats whitespace and indentation when it inserts an item.
public struct InsertTextMode: RawRepresentable, Codable, Sendable, Hashable {
  public var rawValue: Int
  public init(rawValue: Int) { self.rawValue = rawValue }

  /// Inserted as it is: the client indents nothing.
  public static let asIs = InsertTextMode(rawValue: 1)
  public static let adjustIndentation = InsertTextMode(rawValue: 2)
}

public struct CompletionItem: LSPRequest, Hashable {
  /// `completionItem/resolve` takes an item and answers it with its details filled.
  public static let method = "completionItem/resolve"
  public typealias Response = CompletionItem

  public var label: String
  public var kind: CompletionItemKind?
  public var detail: String?
  public var documentation: MarkupContent?
  public var sortText: String?
  public var filterText: String?
  public var insertTextFormat: InsertTextFormat?
  public var insertTextMode: InsertTextMode?
  public var textEdit: TextEdit?
  public var additionalTextEdits: [TextEdit]?
  /// Kept by the client and sent back with `completionItem/resolve`.
  public var data: JSONValue?

  public init(
    label: String, kind: CompletionItemKind? = nil, detail: String? = nil, documentation: MarkupContent? = nil,
    sortText: String? = nil, filterText: String? = nil, insertTextFormat: InsertTextFormat? = nil,
    insertTextMode: InsertTextMode? = nil, textEdit: TextEdit? = nil, additionalTextEdits: [TextEdit]? = nil,
    data: JSONValue? = nil
  ) {
    self.label = label
    self.kind = kind
    self.detail = detail
    self.documentation = documentation
    self.sortText = sortText
    self.filterText = filterText
    self.insertTextFormat = insertTextFormat
    self.insertTextMode = insertTextMode
    self.textEdit = textEdit
    self.additionalTextEdits = additionalTextEdits
    self.data = data
  }
}

public struct CompletionList: Codable, Sendable, Hashable {
  public var isIncomplete: Bool
  public var items: [CompletionItem]

  public init(isIncomplete: Bool, items: [CompletionItem]) {
    self.isIncomplete = isIncomplete
    self.items = items
  }
}

/// `textDocument/definition`.
public struct DefinitionParams: LSPRequest, Hashable {
  public static let method = "textDocument/definition"
  public typealias Response = [Location]?
  public var textDocument: TextDocumentIdentifier
  public var position: Position

  public init(textDocument: TextDocumentIdentifier, position: Position) {
    self.textDocument = textDocument
    self.position = position
  }
}

public struct ReferenceContext: Codable, Sendable, Hashable {
  public var includeDeclaration: Bool
  public init(includeDeclaration: Bool) { self.includeDeclaration = includeDeclaration }
}

/// `textDocument/references`.
public struct ReferenceParams: LSPRequest, Hashable {
  public static let method = "textDocument/references"
  public typealias Response = [Location]?
  public var textDocument: TextDocumentIdentifier
  public var position: Position
  public var context: ReferenceContext?

  public init(textDocument: TextDocumentIdentifier, position: Position, context: ReferenceContext? = nil) {
    self.textDocument = textDocument
    self.position = position
    self.context = context
  }
}

/// `textDocument/prepareRename`.
public struct PrepareRenameParams: LSPRequest, Hashable {
  public static let method = "textDocument/prepareRename"
  public typealias Response = PrepareRenameResult?
  public var textDocument: TextDocumentIdentifier
  public var position: Position

  public init(textDocument: TextDocumentIdentifier, position: Position) {
    self.textDocument = textDocument
    self.position = position
  }
}

public struct PrepareRenameResult: Codable, Sendable, Hashable {
  public var range: Range
  public var placeholder: String

  public init(range: Range, placeholder: String) {
    self.range = range
    self.placeholder = placeholder
  }
}

/// `textDocument/rename`.
public struct RenameParams: LSPRequest, Hashable {
  public static let method = "textDocument/rename"
  public typealias Response = WorkspaceEdit?
  public var textDocument: TextDocumentIdentifier
  public var position: Position
  public var newName: String

  public init(textDocument: TextDocumentIdentifier, position: Position, newName: String) {
    self.textDocument = textDocument
    self.position = position
    self.newName = newName
  }
}

/// A document and the version an edit was made for; `version` is `null` for a file
/// that is not open (the edit is made for its content on disk).
public struct OptionalVersionedTextDocumentIdentifier: Codable, Sendable, Hashable {
  public var uri: DocumentURI
  public var version: Int?

  public init(uri: DocumentURI, version: Int?) {
    self.uri = uri
    self.version = version
  }

  private enum CodingKeys: String, CodingKey {
    case uri, version
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    uri = try container.decode(DocumentURI.self, forKey: .uri)
    version = try container.decodeIfPresent(Int.self, forKey: .version)
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(uri, forKey: .uri)
    if let version {
      try container.encode(version, forKey: .version)
    } else {
      try container.encodeNil(forKey: .version)
    }
  }
}

/// Edits to one document at a known version.
public struct TextDocumentEdit: Codable, Sendable, Hashable {
  public var textDocument: OptionalVersionedTextDocumentIdentifier
  public var edits: [TextEdit]

  public init(textDocument: OptionalVersionedTextDocumentIdentifier, edits: [TextEdit]) {
    self.textDocument = textDocument
    self.edits = edits
  }
}

/// `textDocument/documentLink`.
public struct DocumentLinkParams: LSPRequest, Hashable {
  public static let method = "textDocument/documentLink"
  public typealias Response = [DocumentLink]?
  public var textDocument: TextDocumentIdentifier

  public init(textDocument: TextDocumentIdentifier) { self.textDocument = textDocument }
}

public struct DocumentLink: Codable, Sendable, Hashable {
  public var range: Range
  public var target: DocumentURI?
  public var tooltip: String?

  public init(range: Range, target: DocumentURI? = nil, tooltip: String? = nil) {
    self.range = range
    self.target = target
    self.tooltip = tooltip
  }
}
