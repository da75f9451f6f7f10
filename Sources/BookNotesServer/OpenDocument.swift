import LanguageServerProtocol
import Locking
import NoteIntelligence
import NoteSyntax
import NoteText

/// One open note and what the server remembers about it, behind its own lock.
final class OpenDocument: Sendable {
  let uri: DocumentURI
  private let state: Lock<DocumentState>

  init(uri: DocumentURI, text: String, version: Int) {
    self.uri = uri
    state = Lock(DocumentState(note: NoteDocument(text), version: version))
  }

  /// Runs `body` with exclusive access to the note's state.
  func withState<T>(_ body: (inout DocumentState) throws -> T) rethrows -> T {
    try state.withLock { state in try body(&state) }
  }

  /// A snapshot of the note (a cheap copy sharing storage).
  var note: NoteDocument { state.withLock { $0.note } }
}

/// The mutable state of an open note.
struct DocumentState: Sendable {
  var note: NoteDocument
  var version: Int
  private let cacheBox = CacheBox()
  /// The last full or delta token result, the base of the next delta.
  var tokens: TokenResult?
  /// What changed since `tokens` was computed; `nil` when nothing did.
  var changed: ChangedRegion?
  private var nextResultNumber = 1
  /// The last diagnostics sent or pulled, to answer `unchanged` or skip a re-publish.
  var diagnostics: DiagnosticsResult?

  init(note: NoteDocument, version: Int) {
    self.note = note
    self.version = version
  }

  /// The per-block token cache, used only under the document's lock.
  var tokenCache: SemanticTokenCache { cacheBox.tokens }

  /// The per-block outline cache, used only under the document's lock.
  var outlineCache: OutlineCache { cacheBox.outline }

  /// The per-block cache of links to notes, used only under the document's lock.
  var linkCache: NoteLinkCache { cacheBox.links }

  /// The per-run cache of the lists' unanswered questions, used only under the document's lock.
  var questionCache: ListQuestionCache { cacheBox.questions }

  /// A fresh result id for this document.
  mutating func makeResultID() -> String {
    defer { nextResultNumber += 1 }
    return String(nextResultNumber)
  }

  /// Applies one content change: a range edit through the incremental parser, or a
  /// whole new text when the change has no range.
  mutating func apply(_ change: TextDocumentContentChangeEvent, encoding: PositionEncoding) {
    guard let range = change.range else {
      let oldLength = note.utf8Count
      note = NoteDocument(change.text)
      record(ChangedRegion(start: 0, oldEnd: oldLength, newEnd: note.utf8Count))
      return
    }
    let bytes = note.byteRange(of: range, in: encoding)
    let summary = note.replace(bytes, with: change.text)
    record(ChangedRegion(summary))
  }

  private mutating func record(_ region: ChangedRegion) {
    guard tokens != nil else { return }
    changed = changed.map { $0.followed(by: region) } ?? region
  }
}

/// Diagnostics as last sent for a note.
struct DiagnosticsResult {
  var resultID: String
  var items: [Diagnostic]
}

/// Holds a note's per-block caches, which are not thread-safe.
///
/// `@unchecked Sendable`: guarded by the owning ``OpenDocument``'s mutex; it is only
/// reached through ``DocumentState``, which lives inside that mutex.
final class CacheBox: @unchecked Sendable {
  let tokens = SemanticTokenCache()
  let outline = OutlineCache()
  let links = NoteLinkCache()
  let questions = ListQuestionCache()
}
