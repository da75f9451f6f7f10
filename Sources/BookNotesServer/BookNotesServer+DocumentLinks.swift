import LanguageServerProtocol
import Locking
import NoteIntelligence
import NoteSyntax
import NoteWorkspace

extension BookNotesServer {
  func registerDocumentLinks() {
    connection.register(DocumentLinkParams.self, scope: { .document($0.textDocument.uri) }) { [self] params, _ in
      let uri = params.textDocument.uri
      let note = try document(uri).note
      let encoding = self.encoding
      return timed(DocumentLinkParams.method) {
        let folder = FileURI.path(of: uri).flatMap(LinkTarget.folder(of:))
        let root = workspaceRoot(of: uri)
        let allowed = linkFolders(of: uri)
        return LinkUse.all(in: note).compactMap { link -> DocumentLink? in
          let target: DocumentURI
          switch LinkTarget.resolve(link.target, relativeTo: folder, root: root) {
          case .uri(let written)?: target = written
          case .file(let path)?
          where allowed.contains(where: { NoteFiles.isInside(path, root: $0) }) && NoteFiles.exists(path):
            target = FileURI.uri(ofPath: path)
          default: return nil
          }
          // A link that uses a definition (`[text][label]`) is followed from where it is written.
          let range = link.usesDefinition ? link.range : link.targetRange
          return DocumentLink(range: note.lspRange(of: range, in: encoding), target: target)
        }
      }
    }
  }

  /// What library diagnostics may know about the note at `uri`: its path, the files
  /// on disk (notes the index or the editor has count as existing without a look at
  /// the disk) and the library. A file outside the folders its links may lead into
  /// (``linkFolders(of:)``) is not looked for: it counts as existing, so a link to it
  /// is not reported missing.
  ///
  /// Diagnostics look at every link of the note on every keystroke: the roots and the
  /// folders the links lead into are resolved once per context (symbolic links
  /// followed), and each target costs a `stat` or two.
  func libraryContext(for uri: DocumentURI) -> LibraryContext {
    let snapshot = library.snapshot()
    let open = Set(openDocuments.map { Self.libraryPath(of: $0.uri) })
    let resolved = Lock<[String: String?]>([:])
    @Sendable func resolve(_ path: String) -> String? {
      if let known = resolved.withLock({ $0[path] }) { return known }
      let found = NoteFiles.resolvedPath(path)
      resolved.withLock { $0[path] = found }
      return found
    }
    let folders = linkFolders(of: uri, resolve: resolve)
    return LibraryContext(path: FileURI.path(of: uri), root: workspaceRoot(of: uri), library: snapshot) { path in
      if snapshot.note(at: path) != nil || open.contains(path) { return true }
      guard folders.contains(where: { NoteFiles.isInside(path, root: $0, resolve: resolve) }) else { return true }
      return NoteFiles.exists(path)
    }
  }
}
