public import LanguageServerProtocol
public import NoteIntelligence
public import NoteSyntax

/// A review prompt as the command line and the `booknotes/prompts` request report it:
/// the card, its note and where it is.
public struct PromptItem: Codable, Sendable, Hashable, FastJSONEncodable {
  /// Stable across unrelated edits: derived from the kind and the card's text.
  public var id: String
  /// `quote`, `cloze` or `qa`.
  public var kind: String
  /// The note's path (its URI when it has no path).
  public var file: String
  /// 1-based line where the prompt starts.
  public var line: Int
  /// The note's book title, `null` when it has none.
  public var book: String?
  public var front: String
  public var back: String
  /// The note's URI; only in `booknotes/prompts` results.
  public var uri: DocumentURI?
  /// The prompt's range in the negotiated encoding; only in `booknotes/prompts` results.
  public var range: LanguageServerProtocol.Range?

  public init(
    id: String, kind: String, file: String, line: Int, book: String?, front: String, back: String,
    uri: DocumentURI? = nil, range: LanguageServerProtocol.Range? = nil
  ) {
    self.id = id
    self.kind = kind
    self.file = file
    self.line = line
    self.book = book
    self.front = front
    self.back = back
    self.uri = uri
    self.range = range
  }

  /// The item for `prompt` of the note at `file`.
  public init(_ prompt: Prompt, file: String) {
    self.init(
      id: prompt.id, kind: prompt.kind.rawValue, file: file, line: prompt.line + 1, book: prompt.book,
      front: prompt.front, back: prompt.back)
  }

  /// Every prompt of `note` (at `file`) as items.
  public static func items(of note: NoteDocument, file: String) -> [PromptItem] {
    Prompts.prompts(for: note).map { PromptItem($0, file: file) }
  }

  private enum CodingKeys: String, CodingKey {
    case id, kind, file, line, book, front, back, uri, range
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(kind, forKey: .kind)
    try container.encode(file, forKey: .file)
    try container.encode(line, forKey: .line)
    try container.encode(book, forKey: .book)
    try container.encode(front, forKey: .front)
    try container.encode(back, forKey: .back)
    try container.encodeIfPresent(uri, forKey: .uri)
    try container.encodeIfPresent(range, forKey: .range)
  }

  /// Writes the object with its members in a fixed order; `book` is `null` when absent.
  public func writeJSON(to writer: inout JSONWriter) {
    writer.beginObject()
    writer.key("id")
    writer.write(id)
    writer.key("kind")
    writer.write(kind)
    writer.key("file")
    writer.write(file)
    writer.key("line")
    writer.write(line)
    writer.key("book")
    book.writeJSON(to: &writer)
    writer.key("front")
    writer.write(front)
    writer.key("back")
    writer.write(back)
    if let uri {
      writer.key("uri")
      writer.write(uri)
    }
    if let range {
      writer.key("range")
      writer.beginObject()
      for (name, position) in [("start", range.start), ("end", range.end)] {
        writer.key(name)
        writer.beginObject()
        writer.key("line")
        writer.write(position.line)
        writer.key("character")
        writer.write(position.character)
        writer.endObject()
      }
      writer.endObject()
    }
    writer.endObject()
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
