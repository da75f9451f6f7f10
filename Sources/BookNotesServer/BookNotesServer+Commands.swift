import JSONCore
import LanguageServerProtocol
import NoteIntelligence
import NoteSyntax
import NoteText

extension BookNotesServer {
  /// Moves the client's cursor: arguments `[uri, position]`. Quick fixes that say where
  /// the cursor goes after their edit (insert `()` and type the answer between them)
  /// carry this command; a client runs it right after applying the edit.
  static let placeCursorCommand = "booknotes.placeCursor"

  /// The commands advertised in `executeCommandProvider`.
  static let commands = [placeCursorCommand, showBacklinksCommand]

  func registerCommands() {
    connection.register(ExecuteCommandParams.self, scope: { _ in .independent }) { [self] params, _ in
      try await executeCommand(params)
    }
  }

  func executeCommand(_ params: ExecuteCommandParams) async throws -> JSONValue {
    if params.command == Self.showBacklinksCommand { return try showBacklinks(params.arguments) }
    guard params.command == Self.placeCursorCommand else {
      throw ResponseError.invalidParams("Unknown command: \(params.command)")
    }
    guard let arguments = params.arguments, arguments.count == 2, case .string(let uri) = arguments[0],
      let line = arguments[1]["line"]?.intValue, let character = arguments[1]["character"]?.intValue
    else {
      throw ResponseError.invalidParams("\(Self.placeCursorCommand) takes [uri, {line, character}]")
    }
    let position = Position(line: line, character: character)
    let shown = try await connection.sendRequest(
      ShowDocumentParams(uri: uri, takeFocus: true, selection: LSPRange(start: position, end: position)))
    if !shown.success { logger.info("The client did not move the cursor in \(uri)") }
    return .null
  }

  /// The command placing the cursor at byte `cursor` of `note` after `edits`, when the
  /// client can be asked to show a document with a selection.
  func placeCursor(
    in uri: DocumentURI, note: NoteDocument, after edits: [TextReplacement], at cursor: Int,
    encoding: PositionEncoding
  ) -> Command? {
    guard session.withLock({ $0.showDocument }) else { return nil }
    var edited = note
    // Later edits first, so that earlier offsets stay valid.
    for edit in edits.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
      edited.replace(edit.range, with: edit.newText)
    }
    let position = edited.lineColumn(of: cursor, in: encoding)
    return Command(
      title: "Place the cursor", command: Self.placeCursorCommand,
      arguments: [.string(uri), ["line": .int(position.line), "character": .int(position.column)]])
  }
}
