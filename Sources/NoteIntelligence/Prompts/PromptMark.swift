public import NoteSyntax

/// A review prompt as the library index keeps it: its id, kind and where it is written,
/// without its texts. Review picks the prompts due from these alone and reads the few
/// it shows from their notes (``Prompts/prompts(for:path:)``).
public struct PromptMark: Sendable, Hashable {
  public var id: String
  public var kind: PromptKind
  /// The quote, cloze or question-and-answer pair; its start's line is the prompt's line.
  public var span: NoteSpan

  public init(id: String, kind: PromptKind, span: NoteSpan) {
    self.id = id
    self.kind = kind
    self.span = span
  }

  /// The 0-based line where the prompt starts.
  public var line: Int { Int(span.start.line) }
}

extension Prompts {
  /// The marks of `doc`'s prompts (``prompts(for:path:)``), in document order.
  public static func marks(for doc: NoteDocument, path: String? = nil) -> [PromptMark] {
    marks(for: doc, path: path, book: BookInfo(doc))
  }

  /// ``marks(for:path:)`` with the note's front matter read already.
  static func marks(for doc: NoteDocument, path: String?, book: BookInfo) -> [PromptMark] {
    prompts(for: doc, title: noteTitle(of: doc, path: path, book: book), clozeMarkup: false).map {
      PromptMark(id: $0.id, kind: $0.kind, span: doc.span(of: $0.range))
    }
  }
}
