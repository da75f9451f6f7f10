import LanguageServerProtocol
import NoteIntelligence
import NoteSyntax
import NoteText

/// What a rename at a position renames, other than a tag.
enum LinkRenameTarget {
  /// A heading of the note: its text's bytes and text.
  case heading(range: ByteRange, text: String)
  /// A note, from its title (the title's bytes, renamed too) or from a wiki link to it
  /// (the link's target bytes).
  case note(path: String, range: ByteRange, onTitle: Bool)
}

extension BookNotesServer {
  func registerLinkRename() {
    connection.register(RenameFilesParams.self, scope: { _ in .global }) { [self] params, _ in
      try willRenameFiles(params)
    }
  }

  /// The heading or note a rename at `offset` of the note at `uri` renames.
  func linkRenameTarget(at offset: Int, in note: NoteDocument, uri: DocumentURI) -> LinkRenameTarget? {
    let path = Self.libraryPath(of: uri)
    if let link = LinkNavigation.link(at: offset, in: note), link.kind.isWiki,
      let target = library.snapshot().resolve(link, from: path).path, !link.targetRange.isEmpty
    {
      return .note(path: target, range: link.targetRange, onTitle: false)
    }
    if LinkNavigation.isOnTitle(offset, in: note, path: path), path.hasPrefix("/") {
      let title = NoteSummary.bookIdentity(path: path, doc: note).titleSpan?.bytes ?? offset..<offset
      return .note(path: path, range: title, onTitle: !title.isEmpty)
    }
    if let heading = LinkNavigation.heading(at: offset, in: note) {
      return .heading(range: heading.textSpan.bytes, text: heading.text)
    }
    return nil
  }

  /// `prepareRename` off a tag: the heading's text, the note's title or a wiki link's
  /// target, with the heading's text or the note's file name as placeholder.
  func prepareLinkRename(_ note: NoteDocument, _ offset: Int, uri: DocumentURI, encoding: PositionEncoding)
    -> PrepareRenameResult?
  {
    switch linkRenameTarget(at: offset, in: note, uri: uri) {
    case .heading(let range, let text)?:
      return PrepareRenameResult(range: note.lspRange(of: range, in: encoding), placeholder: text)
    case .note(let path, let range, _)?:
      return PrepareRenameResult(
        range: note.lspRange(of: range, in: encoding), placeholder: titleFileName(path) ?? path)
    case nil:
      return nil
    }
  }

  /// Renames the heading or note at the cursor and rewrites every link to it.
  func renameLink(_ params: RenameParams) throws -> WorkspaceEdit? {
    let uri = params.textDocument.uri
    let note = try document(uri).note
    let (encoding, renamesFiles) = session.withLock { ($0.encoding, $0.renamesFiles) }
    let offset = note.offset(of: params.position, in: encoding)
    guard let target = linkRenameTarget(at: offset, in: note, uri: uri) else { return nil }
    let newName = params.newName.trimmingCharacters(in: " \t")
    guard !newName.isEmpty, !newName.contains("\n") else {
      throw ResponseError.invalidParams("A new name must not be empty nor hold a line break.")
    }
    let path = Self.libraryPath(of: uri)
    let open = openDocuments
    switch target {
    case .heading(let range, _):
      let headings = NoteSummary.headings(of: note)
      guard let index = headings.firstIndex(where: { $0.textSpan.bytes == range }) else { return nil }
      // Made from the closed notes as the disk has them now (``editsFromTheDisk``).
      var edits = try editsFromTheDisk(paths: \.path) {
        let snapshot = library.snapshot()
        let links = liveBacklinks(to: path, snapshot: snapshot, open: open).map { placed($0, open, snapshot) }
        return LinkRewrite.renaming(heading: index, of: headings, to: newName, in: links)
      }
      edits.append(LinkEdit(path: path, span: note.span(of: range), newText: newName))
      return workspaceEdit(edits, renames: [], open: open)
    case .note(let target, let range, let onTitle):
      guard renamesFiles else {
        throw ResponseError(
          code: ResponseError.requestFailed,
          message: "This editor does not let the server rename files: rename the note in the editor's file tree, "
            + "and its links follow.")
      }
      var name = newName
      let length = LinkRewrite.extensionLength(name)
      if length > 0 { name.removeLast(length) }
      guard !name.contains("/"), let folder = LinkTarget.folder(of: target) else {
        throw ResponseError.invalidParams("A note's new name is a file name, without '/'.")
      }
      let ext = target.lowercased().hasSuffix(".markdown") ? ".markdown" : ".md"
      let newPath = (folder == "/" ? "" : folder) + "/" + name + ext
      var edits = try editsFromTheDisk(paths: \.path) {
        moveEdits([target: newPath], snapshot: library.snapshot(), open: open)
      }
      if onTitle { edits.append(LinkEdit(path: path, span: note.span(of: range), newText: name)) }
      return workspaceEdit(edits, renames: [(target, newPath)], open: open)
    }
  }

  /// `workspace/willRenameFiles`: the edits that keep links right when notes (or the
  /// folders holding them) move.
  func willRenameFiles(_ params: RenameFilesParams) throws -> WorkspaceEdit? {
    let snapshot = library.snapshot()
    var moves: [String: String] = [:]
    for file in params.files {
      guard let old = FileURI.path(of: file.oldUri), let new = FileURI.path(of: file.newUri) else { continue }
      if snapshot.note(at: old) != nil {
        moves[old] = new
        continue
      }
      // A folder: every note under it.
      let prefix = old.hasSuffix("/") ? old : old + "/"
      for path in snapshot.paths where path.hasPrefix(prefix) {
        moves[path] = (new.hasSuffix("/") ? String(new.dropLast()) : new) + "/" + path.dropFirst(prefix.count)
      }
    }
    guard !moves.isEmpty else { return nil }
    let open = openDocuments
    return try timed(RenameFilesParams.method) {
      let edits = try editsFromTheDisk(paths: \.path) {
        moveEdits(moves, snapshot: library.snapshot(), open: open)
      }
      return workspaceEdit(edits, renames: [], open: open)
    }
  }

  /// The link edits of `moves`, open notes as they are now.
  func moveEdits(_ moves: [String: String], snapshot: LibrarySnapshot, open: [OpenDocument]) -> [LinkEdit] {
    let openByPath = Self.byLibraryPath(open)
    return LinkRewrite.moving(
      moves, in: snapshot,
      backlinks: { path in
        liveBacklinks(to: path, snapshot: snapshot, open: open).map { placed($0, open, snapshot) }
      },
      ownLinks: { path in
        if let document = openByPath[path] {
          let doc = document.note
          return LinkUse.all(in: doc).map { PlacedLink(source: path, $0, in: doc) }
        }
        return snapshot.note(at: path)?.links.map { PlacedLink(source: path, $0) } ?? []
      })
  }

  /// A backlink with the spans of its parts: an open note's from its live text.
  func placed(_ reference: LinkReference, _ open: [OpenDocument], _ snapshot: LibrarySnapshot) -> PlacedLink {
    if let document = open.first(where: { $0.uri == reference.uri }) {
      return PlacedLink(source: reference.path, reference.link, in: document.note)
    }
    let link = reference.link
    // A closed note's link comes from the index, whose spans the reference carries.
    let note = snapshot.note(at: reference.path)
    if let stored = note?.links.first(where: { $0.span.bytes == link.range }) {
      return PlacedLink(source: reference.path, stored)
    }
    return PlacedLink(source: reference.path, link: link, targetSpan: reference.span, headingSpan: nil)
  }

  /// `edits` and then the file `renames` as one workspace edit: per document with its
  /// version when the client takes `documentChanges`, else by URI.
  func workspaceEdit(_ edits: [LinkEdit], renames: [(String, String)], open: [OpenDocument]) -> WorkspaceEdit {
    let (encoding, versioned) = session.withLock { ($0.encoding, $0.documentChanges) }
    let openByPath = Self.byLibraryPath(open)
    var byURI: [DocumentURI: [TextEdit]] = [:]
    var order: [DocumentURI] = []
    for edit in edits.sorted(by: { ($0.path, $0.span.bytes.lowerBound) < ($1.path, $1.span.bytes.lowerBound) }) {
      let uri = openByPath[edit.path]?.uri ?? Self.uri(ofLibraryPath: edit.path)
      if byURI[uri] == nil { order.append(uri) }
      byURI[uri, default: []].append(TextEdit(range: edit.span.lspRange(in: encoding), newText: edit.newText))
    }
    guard versioned else { return WorkspaceEdit(changes: byURI) }
    var changes: [DocumentChange] = order.map { uri in
      .edit(
        TextDocumentEdit(
          textDocument: OptionalVersionedTextDocumentIdentifier(
            uri: uri, version: open.first { $0.uri == uri }?.withState { $0.version }),
          edits: byURI[uri] ?? []))
    }
    for (old, new) in renames {
      changes.append(
        .rename(
          RenameFile(oldUri: openByPath[old]?.uri ?? Self.uri(ofLibraryPath: old), newUri: Self.uri(ofLibraryPath: new))
        ))
    }
    return WorkspaceEdit(documentChanges: changes)
  }
}

extension String {
  /// Without leading and trailing characters of `set`.
  fileprivate func trimmingCharacters(in set: String) -> String {
    var scalars = Substring(self).unicodeScalars.drop { set.unicodeScalars.contains($0) }
    while let last = scalars.last, set.unicodeScalars.contains(last) { scalars.removeLast() }
    return String(scalars)
  }
}
