import LanguageServerProtocol
import NoteIntelligence
import NoteSyntax
import NoteWorkspace

extension BookNotesServer {
  func registerCodeActions() {
    connection.register(CodeActionParams.self, scope: { .document($0.textDocument.uri) }) { [self] params, _ in
      try codeActions(params) + (try await isbnActions(params))
    }
  }

  /// The quick fixes for the diagnostics the client sends and for the problems under
  /// the cursor or selection, each once, with its diagnostic attached.
  func codeActions(_ params: CodeActionParams) throws -> [CodeAction] {
    if let only = params.context.only,
      !only.contains(where: {
        $0 == .quickFix || $0 == .empty || CodeActionKind.quickFix.rawValue.hasPrefix($0.rawValue + ".")
      })
    {
      return []
    }
    let uri = params.textDocument.uri
    let note = try document(uri).note
    let (encoding, options) = session.withLock { ($0.encoding, $0.configuration.diagnosticSettings) }
    return timed(CodeActionParams.method) {
      var fixes: [QuickFix] = []
      var linkActions: [CodeAction] = []
      for diagnostic in params.context.diagnostics {
        guard let code = diagnostic.code else { continue }
        let range = note.byteRange(of: diagnostic.range, in: encoding)
        linkActions += linkFixes(code: code, range: range, diagnostic: diagnostic, in: note, uri: uri)
        fixes += QuickFixes.fixes(
          for: NoteDiagnostic(range: range, severity: .error, code: code, message: diagnostic.message), in: note)
      }
      // At the cursor, the fixes of what the reader is shown: none for a code the
      // settings turn off, or one that says nothing where prompts are not expected.
      let current = Diagnostics.compute(note, options: options)
      fixes += QuickFixes.fixes(at: note.byteRange(of: params.range, in: encoding), in: note).filter { fix in
        current.contains { $0.code == fix.code && $0.range == fix.diagnosticRange }
      }

      var seen = Set<QuickFix>()
      return linkActions
        + fixes.filter { seen.insert($0).inserted }.map { fix in
          let attached =
            params.context.diagnostics.first {
              $0.code == fix.code && note.byteRange(of: $0.range, in: encoding) == fix.diagnosticRange
            }
            ?? current.first { $0.code == fix.code && $0.range == fix.diagnosticRange }.map {
              Self.diagnostic(for: $0, in: note, encoding: encoding)
            }
          let edits = fix.edits.map { TextEdit(range: note.lspRange(of: $0.range, in: encoding), newText: $0.newText) }
          let command = fix.cursor.flatMap { cursor in
            placeCursor(in: uri, note: note, after: fix.edits, at: cursor, encoding: encoding)
          }
          return CodeAction(
            title: fix.title, kind: .quickFix, diagnostics: attached.map { [$0] }, isPreferred: true,
            edit: WorkspaceEdit(changes: [uri: edits]), command: command)
        }
    }
  }
}
