import BookCatalog
import LanguageServerProtocol
import NoteIntelligence
import NoteSyntax
import NoteText

extension BookNotesServer {
  /// On a front matter `isbn:` value that is a valid ISBN: the catalog's book for it,
  /// whose choice fills the note's metadata (``ISBNContext/fill(from:in:)``), within
  /// the completion budget. Incomplete while the lookup is pending, so the next
  /// keystroke asks again and finds the answer in the cache.
  func isbnCompletions(
    _ context: ISBNContext, in note: NoteDocument, uri: DocumentURI, encoding: PositionEncoding
  ) async -> CompletionList {
    guard let isbn = context.isbn13, let query = CatalogQuery(isbn: isbn), let catalog = bookCatalog() else {
      return CompletionList(isIncomplete: false, items: [])
    }
    let budget = session.withLock { $0.configuration.settings.books.completionBudget }
    switch await catalog.lookup(query, channel: uri, within: .milliseconds(budget)) {
    case .books(let books):
      var labels = CompletionLabels()
      let items = books.prefix(5).enumerated().map { index, book in
        let fill = context.fill(from: book, in: note)
        let catalogName = book.source.displayName
        return CompletionItem(
          label: labels.unique(book.fullTitle, else: [book.byline, "\(catalogName) \(book.id)"]), kind: .text,
          detail: (book.byline.isEmpty ? "" : book.byline + " · ") + catalogName, sortText: String(index),
          filterText: note.text.string(in: context.range), insertTextFormat: .plainText,
          textEdit: TextEdit(range: note.lspRange(of: fill.isbn.range, in: encoding), newText: fill.isbn.text),
          additionalTextEdits: fill.others.map {
            TextEdit(range: note.lspRange(of: $0.range, in: encoding), newText: $0.text)
          },
          data: ["googleBooksID": .string(book.id)])
      }
      return CompletionList(isIncomplete: false, items: items)
    case .pending:
      return CompletionList(isIncomplete: true, items: [])
    case .failed:
      return CompletionList(isIncomplete: false, items: [])
    }
  }

  /// The actions on an `isbn:` value under the cursor: an ISBN-10 written as its
  /// ISBN-13, and the note's metadata filled from the catalog's book for the ISBN
  /// (looked up within the completion budget; none while it is pending).
  func isbnActions(_ params: CodeActionParams) async throws -> [CodeAction] {
    if let only = params.context.only, !only.contains(where: { $0 == .quickFix || $0 == .empty }) { return [] }
    let uri = params.textDocument.uri
    let note = try document(uri).note
    let encoding = self.encoding
    guard let context = ISBNContext.find(in: note.byteRange(of: params.range, in: encoding), of: note) else {
      return []
    }
    var actions: [CodeAction] = []
    func action(_ title: String, _ edits: [ByteEdit]) -> CodeAction {
      let changes = edits.map { TextEdit(range: note.lspRange(of: $0.range, in: encoding), newText: $0.text) }
      return CodeAction(title: title, kind: .quickFix, edit: WorkspaceEdit(changes: [uri: changes]))
    }
    if let conversion = context.conversion() {
      actions.append(action(conversion.title, conversion.edits.map { ByteEdit(range: $0.range, text: $0.newText) }))
    }
    guard let isbn = context.isbn13, let query = CatalogQuery(isbn: isbn), let catalog = bookCatalog() else {
      return actions
    }
    let budget = session.withLock { $0.configuration.settings.books.completionBudget }
    if case .books(let books) = await catalog.lookup(query, channel: "action " + uri, within: .milliseconds(budget)),
      let book = books.first
    {
      let fill = context.fill(from: book, in: note)
      if !fill.others.isEmpty {
        actions.append(
          action("Fill the book's details from \(book.source.displayName): \(book.fullTitle)", fill.others))
      }
    }
    return actions
  }
}
