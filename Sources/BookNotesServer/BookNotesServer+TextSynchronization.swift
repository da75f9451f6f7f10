import LanguageServerProtocol
import NoteSyntax

extension BookNotesServer {
  func registerTextSynchronization() {
    connection.register(DidOpenTextDocumentParams.self, scope: { .edit($0.textDocument.uri) }) {
      [self] params in
      didOpen(params.textDocument)
    }
    connection.register(DidChangeTextDocumentParams.self, scope: { .edit($0.textDocument.uri) }) {
      [self] params in
      try didChange(params)
    }
    connection.register(DidCloseTextDocumentParams.self, scope: { .edit($0.textDocument.uri) }) {
      [self] params in
      didClose(params.textDocument.uri)
    }
    connection.register(DidSaveTextDocumentParams.self, scope: { .edit($0.textDocument.uri) }) {
      [self] params in
      logger.debug("Saved \(params.textDocument.uri)")
    }
  }

  func didOpen(_ item: TextDocumentItem) {
    let document = OpenDocument(uri: item.uri, text: item.text, version: item.version)
    let (count, reopened) = documents.withLock { documents in
      let reopened = documents.updateValue(document, forKey: item.uri) != nil
      return (documents.count, reopened)
    }
    logger.info(
      "\(reopened ? "Reopened" : "Opened") \(item.uri) (\(item.text.utf8.count) bytes); \(count) open")
    publishDiagnosticsIfPushing(document)
    scheduleReindex(item.uri, byteCount: item.text.utf8.count)
  }

  /// Applies the changes in order, each through the incremental parser.
  func didChange(_ params: DidChangeTextDocumentParams) throws {
    let uri = params.textDocument.uri
    guard let document = documents.withLock({ $0[uri] }) else {
      logger.error("Change to a note that is not open: \(uri)")
      return
    }
    let encoding = self.encoding
    timed(DidChangeTextDocumentParams.method) {
      document.withState { state in
        for change in params.contentChanges { state.apply(change, encoding: encoding) }
        state.version = params.textDocument.version
      }
    }
    publishDiagnosticsIfPushing(document)
    scheduleReindex(uri, byteCount: document.note.utf8Count)
  }

  func didClose(_ uri: DocumentURI) {
    let (closed, count) = documents.withLock { documents in
      (documents.removeValue(forKey: uri), documents.count)
    }
    guard closed != nil else {
      logger.warning("Close of a note that is not open: \(uri)")
      return
    }
    logger.info("Closed \(uri); \(count) open")
    reindexClosed(uri)
    if !session.withLock({ $0.pullDiagnostics }) {
      connection.send(notification: PublishDiagnosticsParams(uri: uri, diagnostics: []))
    }
  }
}
