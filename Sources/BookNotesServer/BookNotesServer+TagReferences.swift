import LanguageServerProtocol
import NoteIntelligence
import NoteSyntax

extension BookNotesServer {
  func registerTagReferences() {
    connection.register(DefinitionParams.self, scope: { .library(document: $0.textDocument.uri) }) { [self] params, _ in
      let uri = params.textDocument.uri
      return try tagLocations(uri, params.position, method: DefinitionParams.method)
        ?? timed(DefinitionParams.method) { try linkDefinition(uri, params.position) }
    }
    connection.register(ReferenceParams.self, scope: { .library(document: $0.textDocument.uri) }) { [self] params, _ in
      let uri = params.textDocument.uri
      return try tagLocations(uri, params.position, method: ReferenceParams.method)
        ?? timed(ReferenceParams.method) {
          try linkReferences(uri, params.position, includeDeclaration: params.context?.includeDeclaration ?? true)
        }
    }
  }

  /// Every use of the hashtag at `position` across the library, the tags inside it
  /// included, open notes as they are now; `nil` off a hashtag. A tag has no single
  /// declaration, so definition and references give the same list.
  func tagLocations(_ uri: DocumentURI, _ position: Position, method: String) throws -> [Location]? {
    let note = try document(uri).note
    let encoding = self.encoding
    return try timed(method) {
      guard let tag = Self.tag(at: position, in: note, encoding: encoding) else { return nil }
      let open = openDocuments
      let openByPath = Self.byLibraryPath(open)
      let uses = try queryLibrary(method, onSuperseded: .restartOnce, snapshot: { liveLibrary(overlaying: open) }) {
        try $0.tagUses(of: tag.name, includingChildren: true)
      }
      return uses.map { path, use in
        Location(
          uri: openByPath[path]?.uri ?? Self.uri(ofLibraryPath: path), range: use.span.lspRange(in: encoding))
      }
    }
  }
}
