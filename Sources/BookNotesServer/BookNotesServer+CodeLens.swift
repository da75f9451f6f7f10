import JSONCore
import LanguageServerProtocol
import NoteIntelligence
import NoteSyntax
import NoteText

extension BookNotesServer {
  /// A kind of code lens: the lenses it puts on an open note, ranges in `encoding`.
  typealias CodeLensSource = @Sendable (BookNotesServer, OpenDocument, PositionEncoding) -> [CodeLens]

  /// Every kind of lens, in the order their lenses are sent; a new kind is one entry.
  static let codeLensSources: [CodeLensSource] = [
    { server, document, encoding in server.backlinkLenses(document, encoding) },
    { server, document, encoding in server.reviewLenses(document, encoding) },
  ]

  func registerCodeLenses() {
    // `.library`: the lenses read the library, so earlier edits of every note come first.
    connection.register(CodeLensParams.self, scope: { .library(document: $0.textDocument.uri) }) { [self] params, _ in
      let document = try document(params.textDocument.uri)
      let encoding = self.encoding
      return timed(CodeLensParams.method) { Self.codeLensSources.flatMap { $0(self, document, encoding) } }
    }
  }

  /// Lists the notes that link to a note: arguments `[uri, position]` (a position on
  /// its title); answers their locations, as `textDocument/references` there would.
  static let showBacklinksCommand = "booknotes.showBacklinks"

  /// "N notes link here" on the note's title (on line 0 when the title lies elsewhere).
  func backlinkLenses(_ document: OpenDocument, _ encoding: PositionEncoding) -> [CodeLens] {
    let note = document.note
    let path = Self.libraryPath(of: document.uri)
    let links = liveBacklinks(to: path, snapshot: library.snapshot(), open: openDocuments)
    let count = Set(links.map(\.path)).count
    let title = NoteSummary.bookIdentity(path: path, doc: note).titleSpan?.bytes ?? 0..<0
    let range = note.lspRange(of: note.lines.lineContaining(title.lowerBound) == 0 ? 0..<0 : title, in: encoding)
    let command = Command(
      title: count == 1 ? "1 note links here" : "\(count) notes link here", command: Self.showBacklinksCommand,
      arguments: [.string(document.uri), ["line": .int(range.start.line), "character": .int(range.start.character)]])
    return [CodeLens(range: range, command: command)]
  }

  /// ``showBacklinksCommand``: the backlinks' locations as JSON.
  func showBacklinks(_ arguments: [JSONValue]?) throws -> JSONValue {
    guard let arguments, arguments.count == 2, case .string(let uri) = arguments[0],
      arguments[1]["line"]?.intValue != nil, arguments[1]["character"]?.intValue != nil
    else {
      throw ResponseError.invalidParams("\(Self.showBacklinksCommand) takes [uri, {line, character}]")
    }
    let path = Self.libraryPath(of: uri)
    let encoding = self.encoding
    let links = liveBacklinks(to: path, snapshot: library.snapshot(), open: openDocuments)
    return .array(
      links.map { link in
        let range = link.span.lspRange(in: encoding)
        func point(_ position: Position) -> JSONValue {
          ["line": .int(position.line), "character": .int(position.character)]
        }
        return ["uri": .string(link.uri), "range": ["start": point(range.start), "end": point(range.end)]]
      })
  }
}
