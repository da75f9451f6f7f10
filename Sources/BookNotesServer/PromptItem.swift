public import JSONCore
public import LanguageServerProtocol
public import NoteIntelligence
import NoteWorkspace

/// A review prompt as the `booknotes/prompts` request answers it: the command line's
/// export object plus the note's URI and the prompt's range.
public struct PromptItem: Sendable, Hashable, Codable, FastJSONEncodable {
  public var prompt: Prompt
  /// The note's path (its URI when it has no path).
  public var file: String
  public var uri: DocumentURI
  /// The prompt's range in the negotiated encoding.
  public var range: LanguageServerProtocol.Range

  public init(_ prompt: Prompt, file: String, uri: DocumentURI, range: LanguageServerProtocol.Range) {
    self.prompt = prompt
    self.file = file
    self.uri = uri
    self.range = range
  }

  private enum CodingKeys: String, CodingKey {
    case id, kind, file, line, book, front, back, uri, range
  }

  /// Reads what ``writeJSON(to:)`` writes (a client's view: the prompt's byte range
  /// is not sent, so it is empty).
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let kindName = try container.decode(String.self, forKey: .kind)
    guard let kind = PromptKind(rawValue: kindName) else {
      throw DecodingError.dataCorruptedError(forKey: .kind, in: container, debugDescription: "unknown kind \(kindName)")
    }
    prompt = Prompt(
      id: try container.decode(String.self, forKey: .id), kind: kind,
      line: try container.decode(Int.self, forKey: .line) - 1, range: 0..<0,
      book: try container.decodeIfPresent(String.self, forKey: .book),
      front: try container.decode(String.self, forKey: .front), back: try container.decode(String.self, forKey: .back))
    file = try container.decode(String.self, forKey: .file)
    uri = try container.decode(DocumentURI.self, forKey: .uri)
    range = try container.decode(LanguageServerProtocol.Range.self, forKey: .range)
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    var writer = JSONWriter()
    writeJSON(to: &writer)
    try container.encode(JSONParser.parse(writer.bytes))
  }

  /// `{id, kind, file, line, book, front, back, uri, range}`.
  public func writeJSON(to writer: inout JSONWriter) {
    PromptExport.write(prompt, file: file, to: &writer) { writer in
      writer.key("uri")
      writer.write(uri)
      writer.key("range")
      range.writeJSON(to: &writer)
    }
  }
}

/// `booknotes/prompts`: the review prompts of one document (`textDocument`), or of
/// every note in the workspace when `textDocument` is absent.
public struct PromptsParams: LSPRequest, Hashable {
  public static let method = "booknotes/prompts"
  public typealias Response = [PromptItem]

  public var textDocument: TextDocumentIdentifier?

  public init(textDocument: TextDocumentIdentifier? = nil) {
    self.textDocument = textDocument
  }
}
