import LanguageServerProtocol
import NoteIntelligence
import NoteSyntax

extension BookNotesServer {
  func registerHover() {
    connection.register(HoverParams.self, scope: { .document($0.textDocument.uri) }) { [self] params, _ in
      let note = try document(params.textDocument.uri).note
      let encoding = self.encoding
      return timed(HoverParams.method) { () -> Hover? in
        let offset = note.offset(of: params.position, in: encoding)
        guard let card = HoverContent.markdown(at: offset, in: note) else { return nil }
        return Hover(
          contents: MarkupContent(kind: .markdown, value: card.markdown),
          range: note.lspRange(of: card.range, in: encoding))
      }
    }
  }
}
