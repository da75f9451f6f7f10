import LanguageServerProtocol
import NoteIntelligence
import NoteSyntax

extension BookNotesServer {
  func registerDocumentSymbols() {
    connection.register(DocumentSymbolParams.self, scope: { .document($0.textDocument.uri) }) { [self] params, _ in
      let document = try document(params.textDocument.uri)
      let encoding = self.encoding
      return timed(DocumentSymbolParams.method) {
        document.withState { state in
          Self.documentSymbols(state.outlineCache.symbols(for: state.note), in: state.note, encoding: encoding)
        }
      }
    }
  }

  /// The protocol symbols of outline entries, positions converted in one mostly
  /// forward pass: each entry's start and selection, then its children, then its end.
  static func documentSymbols(_ symbols: [OutlineSymbol], in note: NoteDocument, encoding: PositionEncoding)
    -> [DocumentSymbol]
  {
    var walker = note.makeWalker(encoding: encoding)
    return symbols.map { documentSymbol($0, walker: &walker) }
  }

  /// The protocol symbol of an outline entry, children included.
  private static func documentSymbol(_ symbol: OutlineSymbol, walker: inout PositionWalker) -> DocumentSymbol {
    func position(_ offset: Int) -> Position {
      let location = walker.position(of: offset)
      return Position(line: location.line, character: location.column)
    }
    let start = position(symbol.range.lowerBound)
    var selection = LSPRange(
      start: position(symbol.selectionRange.lowerBound), end: position(symbol.selectionRange.upperBound))
    let children = symbol.children.isEmpty ? nil : symbol.children.map { documentSymbol($0, walker: &walker) }
    let range = LSPRange(start: start, end: position(symbol.range.upperBound))
    // The protocol requires the selection inside the range.
    if selection.start < range.start || range.end < selection.end {
      selection = LSPRange(start: range.start, end: range.start)
    }
    let blank = symbol.name.utf8.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
    let name = blank ? "(\(symbol.kind.rawValue))" : symbol.name
    return DocumentSymbol(
      name: name, detail: symbol.detail, kind: symbolKind(symbol.kind), range: range, selectionRange: selection,
      children: children)
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
