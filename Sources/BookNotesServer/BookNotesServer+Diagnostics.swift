import LanguageServerProtocol
import NoteIntelligence
import NoteSyntax
import NoteText
import NoteWorkspace

extension BookNotesServer {
  func registerDiagnostics() {
    connection.register(DocumentDiagnosticParams.self, scope: { .document($0.textDocument.uri) }) {
      [self] params, _ in
      try pullDiagnostics(params.textDocument.uri, previousResultID: params.previousResultId)
    }
  }

  /// The diagnostics of an open note in protocol form, with the session's
  /// options: the parser's findings, then what the library knows
  /// (``LibraryDiagnostics``). Both modes, push and pull, come through here.
  static func diagnostics(
    of note: NoteDocument, library: LibraryContext, options: DiagnosticSettings,
    encoding: PositionEncoding, links: NoteLinkCache? = nil, questions: ListQuestionCache? = nil
  ) -> [Diagnostic] {
    let found =
      Diagnostics.compute(note, options: options, questions: questions)
      + LibraryDiagnostics.compute(note, context: library, options: options, links: links)
    let (sent, notShown) = Self.mostSerious(found)
    let ranges = note.lspRanges(of: sent.map(\.range), in: encoding)
    var result = zip(sent, ranges).map { Self.diagnostic(for: $0, range: $1) }
    if let notShown {
      let start = note.lspRange(of: notShown.first.range.lowerBound..<notShown.first.range.lowerBound, in: encoding)
      result.append(
        Diagnostic(
          range: start, severity: .information, source: "booknotes",
          message: "\(notShown.count) more problems not shown (a note shows at most \(mostDiagnostics))"))
    }
    return result
  }

  /// The most diagnostics a note sends. A client slows under more (a line of unclosed
  /// `?[` holds hundreds of thousands) and a reader cannot use them; VS Code itself
  /// shows at most a thousand a file. `booknotes check` reports every one.
  static let mostDiagnostics = 1_000

  /// `found` cut to ``mostDiagnostics``: the most serious kept, then the first, in their
  /// order; and what is not shown, if anything: the first of it and its count.
  static func mostSerious(_ found: [NoteDiagnostic]) -> (
    sent: [NoteDiagnostic], notShown: (first: NoteDiagnostic, count: Int)?
  ) {
    guard found.count > mostDiagnostics else { return (found, nil) }
    var kept = [Bool](repeating: false, count: found.count)
    var room = mostDiagnostics
    for severity in NoteDiagnostic.Severity.allCases where room > 0 {
      for index in found.indices where room > 0 && found[index].severity == severity {
        kept[index] = true
        room -= 1
      }
    }
    let sent = found.indices.filter { kept[$0] }.map { found[$0] }
    let first = found.indices.first { !kept[$0] }.map { found[$0] }!
    return (sent, (first, found.count - mostDiagnostics))
  }

  static func diagnostic(for diagnostic: NoteDiagnostic, in note: NoteDocument, encoding: PositionEncoding)
    -> Diagnostic
  {
    Self.diagnostic(for: diagnostic, range: note.lspRange(of: diagnostic.range, in: encoding))
  }

  static func diagnostic(for diagnostic: NoteDiagnostic, range: LSPRange) -> Diagnostic {
    Diagnostic(
      range: range, severity: protocolSeverity(diagnostic.severity),
      code: diagnostic.code, source: "booknotes", message: diagnostic.message)
  }

  /// The protocol's severity for a note diagnostic's.
  static func protocolSeverity(_ severity: NoteDiagnostic.Severity)
    -> DiagnosticSeverity
  {
    switch severity {
    case .error: .error
    case .warning: .warning
    case .information: .information
    case .hint: .hint
    }
  }

  /// `textDocument/diagnostic`: `unchanged` when the diagnostics are those of `previousResultID`.
  func pullDiagnostics(_ uri: DocumentURI, previousResultID: String?) throws -> DocumentDiagnosticReport {
    let document = try document(uri)
    let (encoding, options) = session.withLock { ($0.encoding, $0.configuration.diagnosticSettings) }
    let library = libraryContext(for: uri)
    return timed(DocumentDiagnosticParams.method) {
      document.withState { state in
        let items = Self.diagnostics(
          of: state.note, library: library, options: options, encoding: encoding, links: state.linkCache,
          questions: state.questionCache)
        if let last = state.diagnostics, last.items == items {
          if last.resultID == previousResultID { return .unchanged(resultId: last.resultID) }
          return .full(resultId: last.resultID, items: items)
        }
        let result = DiagnosticsResult(resultID: state.makeResultID(), items: items)
        state.diagnostics = result
        return .full(resultId: result.resultID, items: items)
      }
    }
  }

  /// Sends `textDocument/publishDiagnostics` for a note when the client does not pull
  /// and its diagnostics differ from those last sent (or `force`).
  func publishDiagnosticsIfPushing(_ document: OpenDocument, force: Bool = false) {
    let (pull, encoding, options) = session.withLock {
      ($0.pullDiagnostics, $0.encoding, $0.configuration.diagnosticSettings)
    }
    guard !pull else { return }
    let library = libraryContext(for: document.uri)
    let params = document.withState { state -> PublishDiagnosticsParams? in
      let items = Self.diagnostics(
        of: state.note, library: library, options: options, encoding: encoding, links: state.linkCache,
        questions: state.questionCache)
      if !force, let last = state.diagnostics, last.items == items { return nil }
      state.diagnostics = DiagnosticsResult(resultID: state.makeResultID(), items: items)
      return PublishDiagnosticsParams(uri: document.uri, version: state.version, diagnostics: items)
    }
    if let params { connection.send(notification: params) }
  }

  /// After the settings or the notes on disk changed: re-sends every open note's
  /// diagnostics that changed,
  /// or asks a pulling client to pull again when it takes `workspace/diagnostic/refresh`.
  func republishDiagnostics() {
    let (pull, refresh) = session.withLock { ($0.pullDiagnostics, $0.diagnosticRefresh) }
    if pull {
      guard refresh else { return }
      Task {
        do {
          _ = try await connection.sendRequest(DiagnosticRefreshRequest())
        } catch {
          logger.warning("workspace/diagnostic/refresh failed: \(error)")
        }
      }
      return
    }
    let open = documents.withLock { Array($0.values) }
    for document in open { publishDiagnosticsIfPushing(document) }
  }
}
