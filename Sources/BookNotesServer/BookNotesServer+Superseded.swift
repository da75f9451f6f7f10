import LanguageServerProtocol
import NoteIntelligence
import Synchronization

/// Points where tests act in the middle of library work, so that a change arriving
/// mid-query or mid-re-index is shown step by step instead of by timing.
struct LibraryHooks: Sendable {
  /// After a library query took its snapshot: the attempt, 0 then 1 when it restarts.
  var afterSnapshot: (@Sendable (_ attempt: Int) -> Void)?
  /// Each step of re-indexing an open note.
  var reindex: (@Sendable (ReindexStep) -> Void)?
}

/// A step of re-indexing an open note at one of its versions.
enum ReindexStep: Sendable, Hashable {
  /// Its summary is made.
  case summarised(DocumentURI, version: Int)
  /// The summary replaced the note's entry in the index.
  case applied(DocumentURI, version: Int)
  /// A newer version arrived (or the note was closed): the summary was dropped.
  case abandoned(DocumentURI, version: Int)
}

extension BookNotesServer {
  /// What a library query does when a newer change replaces its snapshot while it runs.
  enum SupersededPolicy {
    /// Answer `ContentModified` (-32801): the client asks again as the user types.
    case contentModified
    /// Run once more on the new snapshot; `ContentModified` if that one is replaced too.
    case restartOnce
  }

  /// Runs `query` on the snapshot `take` gives. Library queries stop between notes
  /// when a newer change replaces their snapshot (``LibrarySnapshot/Superseded``);
  /// `policy` says what happens then.
  func queryLibrary<T>(
    _ method: String, onSuperseded policy: SupersededPolicy, snapshot take: () -> LibrarySnapshot,
    _ query: (LibrarySnapshot) throws -> T
  ) throws -> T {
    var attempt = 0
    while true {
      let snapshot = take()
      libraryHooks.withLock { $0.afterSnapshot }?(attempt)
      do {
        return try query(snapshot)
      } catch let superseded as LibrarySnapshot.Superseded {
        if policy == .restartOnce && attempt == 0 {
          logger.debug("\(method): the library changed (revision \(superseded.latest)); starting again")
          attempt += 1
          continue
        }
        logger.debug("\(method): the library changed (revision \(superseded.latest)); answering ContentModified")
        throw ResponseError(
          code: ResponseError.contentModified, message: "The notes changed while answering \(method): ask again.")
      }
    }
  }
}

extension BookNotesServer {
  /// Reports a step of re-indexing an open note to the hooks.
  func reindexStep(_ step: ReindexStep) {
    libraryHooks.withLock { $0.reindex }?(step)
  }

  /// Whether `document` is still open at `version`; reports `abandoned` when not.
  func isCurrent(_ document: OpenDocument, version: Int) -> Bool {
    let open = documents.withLock { $0[document.uri] } === document
    if open && document.withState({ $0.version }) == version { return true }
    logger.debug("Not indexing \(document.uri) at version \(version): a newer version arrived")
    reindexStep(.abandoned(document.uri, version: version))
    return false
  }

  /// Applies the summaries of re-indexed open notes (`versions`: each note and the
  /// version summarised, in the order of `changes`), leaving out those that a newer
  /// version replaced since they were summarised.
  func applyReindexed(_ changes: [LibraryChange], _ versions: [(OpenDocument, Int)]) {
    var current: [LibraryChange] = []
    var applied: [(OpenDocument, Int)] = []
    for (change, (document, version)) in zip(changes, versions) where isCurrent(document, version: version) {
      current.append(change)
      applied.append((document, version))
    }
    library.host.apply(current)
    for (document, version) in applied { reindexStep(.applied(document.uri, version: version)) }
  }
}
