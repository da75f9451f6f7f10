import JSONCore
import LanguageServerProtocol
import NoteIntelligence
import NoteSyntax

extension BookNotesServer {
  /// Lists the notes that link to a note: arguments `[uri, position]` (a position on
  /// its title); answers their locations, as `textDocument/references` there would.
  static let showBacklinksCommand = "booknotes.showBacklinks"

  func registerCodeLens() {
    connection.register(CodeLensParams.self, scope: { .library(document: $0.textDocument.uri) }) { [self] params, _ in
      let uri = params.textDocument.uri
      let note = try document(uri).note
      let encoding = self.encoding
      return timed(CodeLensParams.method) { () -> [CodeLens]? in
        let path = Self.libraryPath(of: uri)
        let links = liveBacklinks(to: path, snapshot: library.snapshot(), open: openDocuments)
        let count = Set(links.map(\.path)).count
        let title = NoteSummary.bookIdentity(path: path, doc: note).titleSpan?.bytes ?? 0..<0
        let range = note.lspRange(of: note.lines.lineContaining(title.lowerBound) == 0 ? 0..<0 : title, in: encoding)
        let command = Command(
          title: count == 1 ? "1 note links here" : "\(count) notes link here", command: Self.showBacklinksCommand,
          arguments: [
            .string(uri), ["line": .int(range.start.line), "character": .int(range.start.character)],
          ])
        return [CodeLens(range: range, command: command)]
      }
    }
  }

  /// ``showBacklinksCommand``: the backlinks' locations as JSON.
  func showBacklinks(_ arguments: [JSONValue]?) throws -> JSONValue {
    guard let arguments, arguments.count == 2, case .string(let uri) = arguments[0],
      let line = arguments[1]["line"]?.intValue, let character = arguments[1]["character"]?.intValue
    else {
      throw ResponseError.invalidParams("\(Self.showBacklinksCommand) takes [uri, {line, character}]")
    }
    let path = Self.libraryPath(of: uri)
    let encoding = self.encoding
    _ = Position(line: line, character: character)
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
