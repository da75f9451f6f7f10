import LanguageServerProtocol
import NoteIntelligence
import NoteSyntax
import NoteText

extension BookNotesServer {
  /// Characters that open a completion: `#` and `/` for hashtags (and a link's
  /// heading); `:` and space for titles; `[` and `(` for links.
  static let completionTriggers = ["#", "/", ":", " ", "[", "("]

  func registerCompletion() {
    connection.register(CompletionParams.self, scope: { .document($0.textDocument.uri) }) { [self] params, _ in
      var list = try await completions(params)
      // Nothing the server inserts wants indenting: lsp-mode 8.0 otherwise re-indents
      // the lines after the item's start, and on a last line without a line break its
      // loop never ends (markdown-mode's indent puts point back on that line).
      if session.withLock({ $0.insertAsIs }) {
        for index in list.items.indices { list.items[index].insertTextMode = .asIs }
      }
      return list
    }
    connection.register(CompletionItem.self, scope: { _ in .independent }) { [self] item, _ in
      resolveCompletion(item)
    }
  }

  /// The completions at `params`' position: tags, titles or front-matter keys and values.
  func completions(_ params: CompletionParams) async throws -> CompletionList {
    let document = try document(params.textDocument.uri)
    let note = document.note
    let encoding = self.encoding
    let offset = note.offset(of: params.position, in: encoding)
    if let context = LinkCompletionContext.find(at: offset, in: note) {
      return timed(CompletionParams.method) {
        linkCompletions(context, in: note, uri: document.uri, encoding: encoding)
      }
    }
    if let context = TagCompletionContext.find(at: offset, in: note) {
      return timed(CompletionParams.method) {
        // While the library is being indexed the list may still grow: marked incomplete,
        // clients ask again as the reader types instead of filtering what they hold.
        CompletionList(
          isIncomplete: library.isReadingWords,
          items: tagCompletions(context, in: note, uri: document.uri, encoding: encoding))
      }
    }
    if let context = TitleCompletionContext.find(at: offset, in: note, path: FileURI.path(of: document.uri)) {
      return await titleCompletions(context, offset: offset, in: note, uri: document.uri, encoding: encoding)
    }
    if let context = ISBNContext.find(in: offset..<offset, of: note), context.isbn13 != nil {
      return await isbnCompletions(context, in: note, uri: document.uri, encoding: encoding)
    }
    if let context = FrontMatterCompletionContext.find(at: offset, in: note) {
      return frontMatterCompletions(context, in: note, encoding: encoding)
    }
    return CompletionList(isIncomplete: library.isReadingWords, items: [])
  }

  /// The tags to offer after `#` + the typed prefix: the library's, with this note's
  /// own tags as they are now (the tag being typed left out), most used first.
  func tagCompletions(
    _ context: TagCompletionContext, in note: NoteDocument, uri: DocumentURI, encoding: PositionEncoding
  ) -> [CompletionItem] {
    var snapshot = library.snapshot()
    let typing = context.range.lowerBound + 1
    let live = NoteSummary.tagUses(in: note).filter { $0.span.bytes.lowerBound != typing }
    snapshot.replaceTags(of: Self.libraryPath(of: uri), with: live)
    let range = note.lspRange(of: context.range, in: encoding)
    let tags = snapshot.tagCompletions(prefix: context.prefix)
    let width = String(tags.count).count
    return tags.enumerated().map { index, tag in
      // A parent that only its children use counts their notes.
      let count = tag.noteCount > 0 ? tag.noteCount : tag.totalCount
      let rank = String(index)
      return CompletionItem(
        label: "#" + tag.name, kind: .keyword, detail: count == 1 ? "1 note" : "\(count) notes",
        sortText: String(repeating: "0", count: width - rank.count) + rank, filterText: "#" + tag.name,
        insertTextFormat: .plainText, textEdit: TextEdit(range: range, newText: "#" + tag.name))
    }
  }
}
