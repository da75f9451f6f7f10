public import JSONCore

/// `textDocument/semanticTokens/full`.
public struct SemanticTokensParams: LSPRequest, Hashable {
  public static let method = "textDocument/semanticTokens/full"
  public typealias Response = SemanticTokens?
  public var textDocument: TextDocumentIdentifier

  public init(textDocument: TextDocumentIdentifier) { self.textDocument = textDocument }
}

/// `textDocument/semanticTokens/full/delta`.
public struct SemanticTokensDeltaParams: LSPRequest, Hashable {
  public static let method = "textDocument/semanticTokens/full/delta"
  public typealias Response = SemanticTokensDeltaResult?
  public var textDocument: TextDocumentIdentifier
  public var previousResultId: String

  public init(textDocument: TextDocumentIdentifier, previousResultId: String) {
    self.textDocument = textDocument
    self.previousResultId = previousResultId
  }
}

/// `textDocument/semanticTokens/range`.
public struct SemanticTokensRangeParams: LSPRequest, Hashable {
  public static let method = "textDocument/semanticTokens/range"
  public typealias Response = SemanticTokens?
  public var textDocument: TextDocumentIdentifier
  public var range: Range

  public init(textDocument: TextDocumentIdentifier, range: Range) {
    self.textDocument = textDocument
    self.range = range
  }
}

/// Tokens as five integers each: delta line, delta start, length, type, modifiers.
public struct SemanticTokens: Codable, Sendable, Hashable, FastJSONEncodable {
  public var resultId: String?
  public var data: [UInt32]

  public init(resultId: String? = nil, data: [UInt32]) {
    self.resultId = resultId
    self.data = data
  }

  public func writeJSON(to writer: inout JSONWriter) {
    writer.beginObject()
    if let resultId {
      writer.key("resultId")
      writer.write(resultId)
    }
    writer.key("data")
    writer.write(data)
    writer.endObject()
  }
}

/// Replaces `deleteCount` integers at `start` with `data`.
public struct SemanticTokensEdit: Codable, Sendable, Hashable, FastJSONEncodable {
  public var start: Int
  public var deleteCount: Int
  public var data: [UInt32]?

  public init(start: Int, deleteCount: Int, data: [UInt32]? = nil) {
    self.start = start
    self.deleteCount = deleteCount
    self.data = data
  }

  public func writeJSON(to writer: inout JSONWriter) {
    writer.beginObject()
    writer.key("start")
    writer.write(start)
    writer.key("deleteCount")
    writer.write(deleteCount)
    if let data {
      writer.key("data")
      writer.write(data)
    }
    writer.endObject()
  }
}

public struct SemanticTokensDelta: Codable, Sendable, Hashable, FastJSONEncodable {
  public var resultId: String?
  public var edits: [SemanticTokensEdit]

  public init(resultId: String? = nil, edits: [SemanticTokensEdit]) {
    self.resultId = resultId
    self.edits = edits
  }

  public func writeJSON(to writer: inout JSONWriter) {
    writer.beginObject()
    if let resultId {
      writer.key("resultId")
      writer.write(resultId)
    }
    writer.key("edits")
    edits.writeJSON(to: &writer)
    writer.endObject()
  }
}

/// The answer to a delta request: edits, or all the tokens again.
public enum SemanticTokensDeltaResult: Codable, Sendable, Hashable, FastJSONEncodable {
  case delta(SemanticTokensDelta)
  case full(SemanticTokens)

  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if let delta = try? container.decode(SemanticTokensDelta.self) {
      self = .delta(delta)
    } else {
      self = .full(try container.decode(SemanticTokens.self))
    }
  }

  public func encode(to encoder: any Encoder) throws {
    switch self {
    case .delta(let delta): try delta.encode(to: encoder)
    case .full(let tokens): try tokens.encode(to: encoder)
    }
  }

  public func writeJSON(to writer: inout JSONWriter) {
    switch self {
    case .delta(let delta): delta.writeJSON(to: &writer)
    case .full(let tokens): tokens.writeJSON(to: &writer)
    }
  }
}
