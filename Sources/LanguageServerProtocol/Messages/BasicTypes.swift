/// A document URI as the client sends it (`file:///…`).
public typealias DocumentURI = String

/// A position in a document: zero-based line and character, the character counted
/// in the negotiated ``PositionEncodingKind``.
public struct Position: Codable, Sendable, Hashable, Comparable {
  public var line: Int
  public var character: Int

  public init(line: Int, character: Int) {
    self.line = line
    self.character = character
  }

  public static func < (lhs: Position, rhs: Position) -> Bool {
    (lhs.line, lhs.character) < (rhs.line, rhs.character)
  }
}

/// A half-open range between two positions.
public struct Range: Codable, Sendable, Hashable {
  public var start: Position
  public var end: Position

  public init(start: Position, end: Position) {
    self.start = start
    self.end = end
  }
}

public struct Location: Codable, Sendable, Hashable {
  public var uri: DocumentURI
  public var range: Range

  public init(uri: DocumentURI, range: Range) {
    self.uri = uri
    self.range = range
  }
}

public struct TextEdit: Codable, Sendable, Hashable {
  public var range: Range
  public var newText: String

  public init(range: Range, newText: String) {
    self.range = range
    self.newText = newText
  }
}

public struct TextDocumentIdentifier: Codable, Sendable, Hashable {
  public var uri: DocumentURI

  public init(uri: DocumentURI) {
    self.uri = uri
  }
}

public struct VersionedTextDocumentIdentifier: Codable, Sendable, Hashable {
  public var uri: DocumentURI
  public var version: Int

  public init(uri: DocumentURI, version: Int) {
    self.uri = uri
    self.version = version
  }
}

/// A document as the client opens it.
public struct TextDocumentItem: Codable, Sendable, Hashable {
  public var uri: DocumentURI
  public var languageId: String
  public var version: Int
  public var text: String

  public init(uri: DocumentURI, languageId: String, version: Int, text: String) {
    self.uri = uri
    self.languageId = languageId
    self.version = version
    self.text = text
  }
}

public struct MarkupKind: RawRepresentable, Codable, Sendable, Hashable {
  public var rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }

  public static let plaintext = MarkupKind(rawValue: "plaintext")
  public static let markdown = MarkupKind(rawValue: "markdown")
}

public struct MarkupContent: Codable, Sendable, Hashable {
  public var kind: MarkupKind
  public var value: String

  public init(kind: MarkupKind, value: String) {
    self.kind = kind
    self.value = value
  }
}

/// A progress token: a number or a string.
public typealias ProgressToken = RequestID
