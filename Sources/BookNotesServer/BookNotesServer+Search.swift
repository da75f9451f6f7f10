import LanguageServerProtocol
import Locking
import NoteIntelligence
import NoteSyntax
import NoteWorkspace

extension BookNotesServer {
  /// The default number of notes `booknotes/search` answers with.
  static let defaultSearchLimit = 50

  func registerSearch() {
    connection.register(SearchParams.self, scope: { _ in .library(document: nil) }) { [self] params, _ in
      // The words of a library being indexed are read last: a search waits for them
      // (or for its cancellation) rather than miss every note.
      while library.isReadingWords { try await Task.sleep(for: .milliseconds(10)) }
      return try timed(SearchParams.method) { try search(params) }
    }
    connection.register(BooksParams.self, scope: { _ in .independent }) { [self] params, _ in
      try books(params)
    }
  }

  /// The notes matching a query, from the library index (what is indexed so far while
  /// the first indexing runs); each candidate's text is the open document, else the
  /// file on disk.
  func search(_ params: SearchParams) throws -> [SearchItem] {
    let limit = params.limit ?? Self.defaultSearchLimit
    guard limit >= 0 else { throw ResponseError.invalidParams("limit: must not be negative") }
    let encoding = self.encoding
    let query = SearchQuery(params.query)
    let hits = try queryLibrary(SearchParams.method, onSuperseded: .contentModified, snapshot: library.snapshot) {
      try $0.search(query, limit: limit, parallel: LibraryEngine.parallel) { note in searchText(of: note) }
    }
    return hits.map { hit in
      let uri = Self.uri(ofLibraryPath: hit.path)
      return SearchItem(hit, file: hit.path, uri: uri, range: hit.span.lspRange(in: encoding))
    }
  }

  /// The text a search reads of `note`: the open document, else the file read with
  /// the note's summary (``SearchText``); `nil` when neither is there.
  func searchText(of note: NoteSummary) -> SearchText? {
    if let open = documents.withLock({ $0[Self.uri(ofLibraryPath: note.path)] }) { return SearchText(open.note) }
    guard note.path.hasPrefix("/"), case .note(let bytes) = NoteFiles.read(note.path) else { return nil }
    return SearchText(file: bytes, summary: note)
  }

  /// The reading list of the library index.
  func books(_ params: BooksParams) throws -> [BookItem] {
    var status: ReadingStatus?
    if let name = params.status {
      guard let value = ReadingStatus(frontMatter: name) else {
        let names = ReadingStatus.allCases.map(\.rawValue).joined(separator: ", ")
        throw ResponseError.invalidParams("status: unknown status '\(name)' (expected one of \(names))")
      }
      status = value
    }
    var order = BookOrder.title
    if let name = params.sort {
      guard let value = BookOrder(rawValue: name) else {
        throw ResponseError.invalidParams("sort: unknown order '\(name)' (expected title, author or date)")
      }
      order = value
    }
    return library.snapshot().books(status: status, sort: order).map { entry in
      BookItem(entry, file: entry.path, uri: Self.uri(ofLibraryPath: entry.path))
    }
  }
}
