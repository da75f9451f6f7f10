import LanguageServerProtocol
import NoteIntelligence
import NoteSyntax

extension BookNotesServer {
  func registerHover() {
    connection.register(HoverParams.self, scope: { .document($0.textDocument.uri) }) { [self] params, _ in
      let document = try document(params.textDocument.uri)
      let note = document.note
      let encoding = self.encoding
      let tag = Self.tag(at: params.position, in: note, encoding: encoding)
      let offset = note.offset(of: params.position, in: encoding)
      // A title's hover may wait for Google Books, within the completion budget.
      if tag == nil, let hover = await titleHover(at: offset, in: note, uri: document.uri, encoding: encoding) {
        return hover
      }
      return timed(HoverParams.method) { () -> Hover? in
        if let tag {
          let snapshot = liveLibrary(overlaying: [document])
          guard let markdown = Self.tagHover(tag.name, in: snapshot) else { return nil }
          return Hover(
            contents: MarkupContent(kind: .markdown, value: markdown), range: note.lspRange(of: tag.range, in: encoding)
          )
        }
        if let hover = footnoteHover(at: offset, in: note, encoding: encoding) { return hover }
        if let hover = linkHover(at: offset, in: note, uri: document.uri, encoding: encoding) { return hover }
        let card = HoverContent.markdown(at: offset, in: note)
        // A prompt's hover ends with when it is next reviewed.
        let review = reviewHover(at: offset, in: note, uri: document.uri, card: card?.range)
        guard let range = card?.range ?? review?.range else { return nil }
        let markdown = [card?.markdown, review?.markdown].compactMap { $0 }.joined(separator: "\n\n")
        return Hover(
          contents: MarkupContent(kind: .markdown, value: markdown), range: note.lspRange(of: range, in: encoding))
      }
    }
  }

  /// A hashtag's hover: how many notes use it or a tag inside it, and its direct
  /// children with theirs.
  static func tagHover(_ name: String, in snapshot: LibrarySnapshot) -> String? {
    guard let tag = snapshot.tag(named: name) else { return nil }
    func notes(_ count: Int) -> String { count == 1 ? "1 note" : "\(count) notes" }
    var text = "**#\(tag.name)** — \(notes(tag.totalCount))"
    if !tag.children.isEmpty {
      text += " including its children"
      if tag.noteCount > 0 { text += " (\(notes(tag.noteCount)) with this tag itself)" }
      text += "\n"
      for child in tag.children {
        let count = snapshot.tag(named: child)?.totalCount ?? 0
        text += "\n- `#\(child)` — \(notes(count))"
      }
    }
    return text
  }
}
