import LanguageServerProtocol
import NoteIntelligence
import NoteSyntax
import NoteText
import NoteWorkspace

extension BookNotesServer {
  func registerWorkspaceSymbols() {
    connection.register(WorkspaceSymbolParams.self, scope: { _ in .library(document: nil) }) { [self] params, _ in
      let (encoding, limit) = session.withLock { ($0.encoding, $0.configuration.settings.maxSymbols) }
      return try timed(WorkspaceSymbolParams.method) {
        try queryLibrary(WorkspaceSymbolParams.method, onSuperseded: .contentModified, snapshot: library.snapshot) {
          try $0.symbols(matching: params.query, limit: limit, parallel: LibraryEngine.parallel).map {
            Self.symbolInformation($0, encoding: encoding)
          }
        }
      }
    }
  }

  /// A library symbol as the protocol shows it: a book with its authors as container,
  /// a heading or question with its book, a tag with its note count.
  static func symbolInformation(_ symbol: LibrarySymbol, encoding: PositionEncoding) -> SymbolInformation {
    let range =
      symbol.span?.lspRange(in: encoding)
      ?? LSPRange(start: Position(line: 0, character: 0), end: Position(line: 0, character: 0))
    let container =
      switch symbol.kind {
      case .book, .tag: symbol.detail
      case .chapter, .section, .question, .note: symbol.container
      }
    return SymbolInformation(
      name: symbol.name, kind: symbolKind(outlineKind(symbol.kind)),
      location: Location(uri: uri(ofLibraryPath: symbol.path), range: range), containerName: container)
  }

  /// The outline kind of a library symbol, so that a book, chapter or question has the
  /// same icon in the workspace list as in the note's outline.
  static func outlineKind(_ kind: LibrarySymbol.Kind) -> OutlineSymbolKind {
    switch kind {
    case .book, .note: .book
    case .chapter: .chapter
    case .section: .section
    case .tag: .tag
    case .question: .question
    }
  }
}
