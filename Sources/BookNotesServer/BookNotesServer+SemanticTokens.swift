import LanguageServerProtocol
import NoteIntelligence
import NoteSyntax

extension BookNotesServer {
  /// The legend advertised in `initialize` (see ``SemanticTokenLegend``).
  static var semanticTokensLegend: SemanticTokensLegend { SemanticTokenLegend.legend }

  func registerSemanticTokens() {
    connection.register(SemanticTokensParams.self, scope: { .document($0.textDocument.uri) }) {
      [self] params, _ in
      try semanticTokensFull(params.textDocument.uri)
    }
    connection.register(SemanticTokensDeltaParams.self, scope: { .document($0.textDocument.uri) }) {
      [self] params, _ in
      try semanticTokensDelta(params.textDocument.uri, previousResultID: params.previousResultId)
    }
    connection.register(SemanticTokensRangeParams.self, scope: { .document($0.textDocument.uri) }) {
      [self] params, _ in
      try semanticTokensRange(params.textDocument.uri, range: params.range)
    }
  }

  func semanticTokensFull(_ uri: DocumentURI) throws -> SemanticTokens {
    let document = try document(uri)
    let encoding = self.encoding
    return timed(SemanticTokensParams.method) {
      document.withState { state in
        // Encoded once: the answer's integers are the ones the result keeps.
        let tokens = state.tokenCache.tokens(for: state.note)
        let data = TokenEncoder.encode(tokens, in: state.note, encoding: encoding)
        let result = TokenResult(id: state.makeResultID(), tokens: tokens, data: data, note: state.note)
        state.tokens = result
        state.changed = nil
        return SemanticTokens(resultId: result.id, data: data)
      }
    }
  }

  /// Edits from the previous result when `previousResultID` is the latest one sent,
  /// all the tokens otherwise.
  func semanticTokensDelta(_ uri: DocumentURI, previousResultID: String) throws -> SemanticTokensDeltaResult {
    let document = try document(uri)
    let encoding = self.encoding
    let delta = timed(SemanticTokensDeltaParams.method) {
      document.withState { state -> SemanticTokensDelta? in
        guard state.tokens?.id == previousResultID else { return nil }
        let id = state.makeResultID()
        guard let region = state.changed else {
          state.tokens?.id = id
          return SemanticTokensDelta(resultId: id, edits: [])
        }
        // Taken out of the state so that it is changed in place, not copied.
        guard var result = state.tokens.take() else { return nil }
        let edits = result.update(
          id: id, region: region, note: state.note, cache: state.tokenCache, encoding: encoding)
        state.tokens = result
        state.changed = nil
        return SemanticTokensDelta(resultId: id, edits: edits)
      }
    }
    if let delta { return .delta(delta) }
    logger.debug("Unknown previous token result \(previousResultID) for \(uri): sending all tokens")
    return .full(try semanticTokensFull(uri))
  }

  func semanticTokensRange(_ uri: DocumentURI, range: LSPRange) throws -> SemanticTokens {
    let document = try document(uri)
    let encoding = self.encoding
    return timed(SemanticTokensRangeParams.method) {
      document.withState { state in
        let bytes = state.note.byteRange(of: range, in: encoding)
        let tokens = state.tokenCache.tokens(for: state.note, in: bytes)
        return SemanticTokens(
          data: TokenEncoder.encode(tokens, in: state.note, encoding: encoding))
      }
    }
  }
}
