import LanguageServerProtocol
import NoteIntelligence
import NoteSyntax

extension BookNotesServer {
  func registerDocumentSymbols() {
    connection.register(DocumentSymbolParams.self, scope: { .document($0.textDocument.uri) }) { [self] params, _ in
      let note = try document(params.textDocument.uri).note
      let encoding = self.encoding
      return timed(DocumentSymbolParams.method) {
        Outline.symbols(for: note).map { Self.documentSymbol($0, in: note, encoding: encoding) }
      }
    }
  }

  /// The protocol symbol of an outline entry, children included.
  static func documentSymbol(_ symbol: OutlineSymbol, in note: NoteDocument, encoding: PositionEncoding)
    -> DocumentSymbol
  {
    let range = note.lspRange(of: symbol.range, in: encoding)
    var selection = note.lspRange(of: symbol.selectionRange, in: encoding)
    // The protocol requires the selection inside the range.
    if selection.start < range.start || range.end < selection.end {
      selection = LSPRange(start: range.start, end: range.start)
    }
    let name = symbol.name.allSatisfy(\.isWhitespace) ? "(\(symbol.kind.rawValue))" : symbol.name
    return DocumentSymbol(
      name: name, detail: symbol.detail, kind: symbolKind(symbol.kind), range: range, selectionRange: selection,
      children: symbol.children.isEmpty ? nil : symbol.children.map { documentSymbol($0, in: note, encoding: encoding) }
    )
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
