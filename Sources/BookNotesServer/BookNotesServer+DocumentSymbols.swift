import LanguageServerProtocol
import NoteIntelligence
import NoteSyntax

extension BookNotesServer {
  func registerDocumentSymbols() {
    connection.register(DocumentSymbolParams.self, scope: { .document($0.textDocument.uri) }) { [self] params, _ in
      let document = try document(params.textDocument.uri)
      let encoding = self.encoding
      let path = FileURI.path(of: params.textDocument.uri)
      return timed(DocumentSymbolParams.method) {
        document.withState { state in
          .json(
            DocumentSymbolWriter.outline(of: state.note, encoding: encoding) {
              state.outlineCache.walk(state.note, path: path, visitor: &$0)
            })
        }
      }
    }
  }

  /// The protocol kind shown for each outline kind (editors pick icons from it).
  static func symbolKind(_ kind: OutlineSymbolKind) -> SymbolKind {
    switch kind {
    case .book: .file
    case .chapter: .module
    case .section: .namespace
    case .question: .interface
    case .cloze: .field
    case .quote: .string
    case .summary: .constant
    case .tag: .key
    }
  }
}
