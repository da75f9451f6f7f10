/// How the client and server count characters in a ``Position``.
public struct PositionEncodingKind: RawRepresentable, Codable, Sendable, Hashable {
  public var rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }

  public static let utf8 = PositionEncodingKind(rawValue: "utf-8")
  public static let utf16 = PositionEncodingKind(rawValue: "utf-16")
  public static let utf32 = PositionEncodingKind(rawValue: "utf-32")
}

public struct DiagnosticSeverity: RawRepresentable, Codable, Sendable, Hashable {
  public var rawValue: Int
  public init(rawValue: Int) { self.rawValue = rawValue }

  public static let error = DiagnosticSeverity(rawValue: 1)
  public static let warning = DiagnosticSeverity(rawValue: 2)
  public static let information = DiagnosticSeverity(rawValue: 3)
  public static let hint = DiagnosticSeverity(rawValue: 4)
}

public struct SymbolKind: RawRepresentable, Codable, Sendable, Hashable {
  public var rawValue: Int
  public init(rawValue: Int) { self.rawValue = rawValue }

  public static let file = SymbolKind(rawValue: 1)
  public static let module = SymbolKind(rawValue: 2)
  public static let namespace = SymbolKind(rawValue: 3)
  public static let package = SymbolKind(rawValue: 4)
  public static let `class` = SymbolKind(rawValue: 5)
  public static let method = SymbolKind(rawValue: 6)
  public static let property = SymbolKind(rawValue: 7)
  public static let field = SymbolKind(rawValue: 8)
  public static let constructor = SymbolKind(rawValue: 9)
  public static let `enum` = SymbolKind(rawValue: 10)
  public static let interface = SymbolKind(rawValue: 11)
  public static let function = SymbolKind(rawValue: 12)
  public static let variable = SymbolKind(rawValue: 13)
  public static let constant = SymbolKind(rawValue: 14)
  public static let string = SymbolKind(rawValue: 15)
  public static let number = SymbolKind(rawValue: 16)
  public static let boolean = SymbolKind(rawValue: 17)
  public static let array = SymbolKind(rawValue: 18)
  public static let object = SymbolKind(rawValue: 19)
  public static let key = SymbolKind(rawValue: 20)
  public static let null = SymbolKind(rawValue: 21)
  public static let enumMember = SymbolKind(rawValue: 22)
  public static let `struct` = SymbolKind(rawValue: 23)
  public static let event = SymbolKind(rawValue: 24)
  public static let `operator` = SymbolKind(rawValue: 25)
  public static let typeParameter = SymbolKind(rawValue: 26)
}

public struct FoldingRangeKind: RawRepresentable, Codable, Sendable, Hashable {
  public var rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }

  public static let comment = FoldingRangeKind(rawValue: "comment")
  public static let imports = FoldingRangeKind(rawValue: "imports")
  public static let region = FoldingRangeKind(rawValue: "region")
}

public struct CodeActionKind: RawRepresentable, Codable, Sendable, Hashable {
  public var rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }

  public static let empty = CodeActionKind(rawValue: "")
  public static let quickFix = CodeActionKind(rawValue: "quickfix")
  public static let refactor = CodeActionKind(rawValue: "refactor")
  public static let source = CodeActionKind(rawValue: "source")
}

public struct MessageType: RawRepresentable, Codable, Sendable, Hashable {
  public var rawValue: Int
  public init(rawValue: Int) { self.rawValue = rawValue }

  public static let error = MessageType(rawValue: 1)
  public static let warning = MessageType(rawValue: 2)
  public static let info = MessageType(rawValue: 3)
  public static let log = MessageType(rawValue: 4)
}

public struct TextDocumentSyncKind: RawRepresentable, Codable, Sendable, Hashable {
  public var rawValue: Int
  public init(rawValue: Int) { self.rawValue = rawValue }

  public static let none = TextDocumentSyncKind(rawValue: 0)
  public static let full = TextDocumentSyncKind(rawValue: 1)
  public static let incremental = TextDocumentSyncKind(rawValue: 2)
}

/// `off`, `messages` or `verbose`.
public struct TraceValue: RawRepresentable, Codable, Sendable, Hashable {
  public var rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }

  public static let off = TraceValue(rawValue: "off")
  public static let messages = TraceValue(rawValue: "messages")
  public static let verbose = TraceValue(rawValue: "verbose")
}
