import NoteIntelligence
import NoteWorkspace

extension BookNotesServer {
  /// The edits of `compute` made from the library as the disk has it now, for answers
  /// that edit closed notes (a rename). The index learns of changes on disk late (the
  /// client's file events, or the next poll), and an edit made from a stale index
  /// writes into the wrong line or into a file that has moved: so the folders are
  /// polled now when the server polls them, and each closed note the edits touch is
  /// read again, until the edits touch only notes read fresh (a few rounds at most).
  func editsFromTheDisk<Edit>(
    paths: (Edit) -> String, _ compute: () throws -> [Edit]
  ) throws -> [Edit] {
    pollNow()
    var read: Set<String> = []
    var edits = try compute()
    for _ in 0..<3 {
      let open = Set(openDocuments.map { Self.libraryPath(of: $0.uri) })
      let stale = Set(edits.map(paths)).subtracting(open).subtracting(read)
      guard !stale.isEmpty else { break }
      read.formUnion(stale)
      guard readAgain(stale) else { break }
      edits = try compute()
    }
    return edits
  }

  /// Polls the folders at once when the server polls them (the client does not watch
  /// files), and applies what changed.
  func pollNow() {
    if library.poll() { republishDiagnostics() }
  }

  /// Reads the closed notes at `paths` again and updates the index with what changed
  /// (a note gone from the disk leaves it); whether anything did.
  func readAgain(_ paths: Set<String>) -> Bool {
    guard library.readAgain(paths) else { return false }
    republishDiagnostics()
    return true
  }
}
