import LanguageServerProtocol
import NoteSyntax

extension BookNotesServer {
  /// A kind of code lens: the lenses it puts on an open note, ranges in `encoding`.
  typealias CodeLensSource = @Sendable (BookNotesServer, OpenDocument, PositionEncoding) -> [CodeLens]

  /// Every kind of lens, in the order their lenses are sent; a new kind is one entry.
  static let codeLensSources: [CodeLensSource] = [
    { server, document, encoding in server.reviewLenses(document, encoding) }
  ]

  func registerCodeLenses() {
    connection.register(CodeLensParams.self, scope: { .document($0.textDocument.uri) }) { [self] params, _ in
      let document = try document(params.textDocument.uri)
      let encoding = self.encoding
      return timed(CodeLensParams.method) { Self.codeLensSources.flatMap { $0(self, document, encoding) } }
    }
  }
}
