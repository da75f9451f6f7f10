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
}
