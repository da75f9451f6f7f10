import LanguageServerProtocol
import NoteIntelligence
import NoteSyntax

extension BookNotesServer {
  func registerRename() {
    connection.register(PrepareRenameParams.self, scope: { .document($0.textDocument.uri) }) { [self] params, _ in
      let note = try document(params.textDocument.uri).note
      let encoding = self.encoding
      guard let tag = Self.tag(at: params.position, in: note, encoding: encoding) else {
        let offset = note.offset(of: params.position, in: encoding)
        return prepareFootnoteRename(at: offset, in: note, encoding: encoding)
          ?? prepareLinkRename(note, offset, uri: params.textDocument.uri, encoding: encoding)
      }
      return PrepareRenameResult(range: note.lspRange(of: tag.range, in: encoding), placeholder: tag.name)
    }
    // A barrier, not the note's queue: the edit names every open note's version, so
    // it must see every change sent before it (to any note), and no change may land
    // between a note's version and its text being read.
    connection.register(RenameParams.self, scope: { _ in .global }) { [self] params, _ in
      let note = try document(params.textDocument.uri).note
      if Self.tag(at: params.position, in: note, encoding: encoding) == nil,
        let edit = try timed(RenameParams.method, { try renameFootnote(params) ?? renameLink(params) })
      {
        return edit
      }
      return try renameTag(params)
    }
  }

  /// Renames the hashtag at the cursor and the tags inside it in every note, open or
  /// not, front matter included, as one workspace edit.
  func renameTag(_ params: RenameParams) throws -> WorkspaceEdit {
    let note = try document(params.textDocument.uri).note
    let (encoding, versioned) = session.withLock { ($0.encoding, $0.documentChanges) }
    guard let tag = Self.tag(at: params.position, in: note, encoding: encoding) else {
      throw ResponseError(
        code: ResponseError.requestFailed,
        message:
          "Nothing to rename here: place the cursor on a hashtag, a heading, a note's title, a wiki link or a footnote."
      )
    }
    var newName = params.newName.trimmingSpaces
    if newName.hasPrefix("#") { newName.removeFirst() }
    guard Hashtag.isValidName(newName) else {
      throw ResponseError.invalidParams(
        "'\(params.newName)' is not a hashtag name: use letters, digits, '_', '-' and emoji, with '/' between parts"
          + " (not all digits).")
    }
    return try timed(RenameParams.method) {
      let open = openDocuments
      let openByPath = Self.byLibraryPath(open)
      let versions = Dictionary(
        open.map { ($0.uri, $0.withState { $0.version }) }, uniquingKeysWith: { first, _ in first })
      let edits = try editsFromTheDisk(paths: \.path) {
        try queryLibrary(
          RenameParams.method, onSuperseded: .restartOnce, snapshot: { liveLibrary(overlaying: open) }
        ) { try TagRename.edits(renaming: tag.name, to: newName, in: $0) }
      }
      var byURI: [DocumentURI: [TextEdit]] = [:]
      var order: [DocumentURI] = []
      for edit in edits {
        let uri = openByPath[edit.path]?.uri ?? Self.uri(ofLibraryPath: edit.path)
        if byURI[uri] == nil { order.append(uri) }
        byURI[uri, default: []].append(TextEdit(range: edit.span.lspRange(in: encoding), newText: edit.newText))
      }
      guard versioned else { return WorkspaceEdit(changes: byURI) }
      return WorkspaceEdit(
        documentChanges: order.map { uri in
          .edit(
            TextDocumentEdit(
              textDocument: OptionalVersionedTextDocumentIdentifier(uri: uri, version: versions[uri]),
              edits: byURI[uri] ?? []))
        })
    }
  }
}

extension String {
  /// Without leading and trailing spaces and tabs.
  fileprivate var trimmingSpaces: String {
    let scalars = unicodeScalars
    guard let first = scalars.firstIndex(where: { $0 != " " && $0 != "\t" }),
      let last = scalars.lastIndex(where: { $0 != " " && $0 != "\t" })
    else { return "" }
    return String(scalars[first...last])
  }
}
