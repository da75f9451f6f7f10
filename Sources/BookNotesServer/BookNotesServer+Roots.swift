import LanguageServerProtocol
import NoteIntelligence
import NoteWorkspace

extension BookNotesServer {
  /// The workspace folders' paths (the home and file-system folders included, which
  /// are not indexed): the only places the server reads notes from, besides what the
  /// editor sends of its open notes.
  var workspaceFolderPaths: [String] {
    session.withLock { $0.workspaceRoots }.compactMap(FileURI.path(of:))
  }

  /// Whether the file at `path` is inside a workspace folder, `..` and symbolic links
  /// resolved (``NoteFiles/isInside(_:root:)``).
  func isInsideWorkspace(_ path: String) -> Bool {
    workspaceFolderPaths.contains { NoteFiles.isInside(path, root: $0) }
  }

  /// The workspace folder the note at `uri` lies in (the innermost when folders
  /// nest), which a link starting with `/` is relative to; `nil` for a note outside
  /// them all.
  func workspaceRoot(of uri: DocumentURI) -> String? {
    guard let path = FileURI.path(of: uri) else { return nil }
    return workspaceFolderPaths.filter { NoteFiles.isInside(path, root: $0) }.max { $0.count < $1.count }
  }

  /// The folders the links of the open note at `uri` may lead into: the workspace
  /// folders, or for a note outside all of them (a note opened without a workspace,
  /// say) its own folder. Paths are resolved by `resolve` (``NoteFiles/isInside(_:root:resolve:)``).
  func linkFolders(of uri: DocumentURI, resolve: (String) -> String? = NoteFiles.resolvedPath) -> [String] {
    let folders = workspaceFolderPaths
    guard let path = FileURI.path(of: uri),
      !folders.contains(where: { NoteFiles.isInside(path, root: $0, resolve: resolve) })
    else {
      return folders
    }
    return LinkTarget.folder(of: path).map { [$0] } ?? []
  }
}
