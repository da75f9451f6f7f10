public import LanguageServerProtocol
import Locking
import NoteIntelligence
import NoteSyntax
import NoteText
import NoteWorkspace

/// The BookNotes language server: the handlers that answer a client about its open
/// notes, registered on a ``LanguageServerConnection``.
///
/// Handlers on one document run in order (scope `.document(uri)`), so a request sees
/// every earlier change to its note; different notes are served concurrently. Each
/// open note keeps its own lock; the session settings have another.
public final class BookNotesServer: Sendable {
  /// The version reported in `serverInfo`.
  public static let version = "0.1.0"

  /// The connection the handlers are registered on.
  public let connection: LanguageServerConnection
  let documents: Lock<[DocumentURI: OpenDocument]>
  let session: Lock<Session>
  /// The library: every note under the workspace roots, open notes as edited.
  let library: LibraryEngine
  let libraryStatus = Lock(LibraryStatus())
  /// Google Books: the catalog and its helper process.
  let bookLookups = Lock(BookLookups())

  /// Requests slower than this are logged as warnings.
  let slowRequestThreshold: Duration
  /// Where tests act in the middle of library work.
  let libraryHooks = Lock(LibraryHooks())

  /// A server answering on `connection`; call ``register()`` before the connection runs.
  public init(connection: LanguageServerConnection, slowRequestThreshold: Duration = .milliseconds(200)) {
    self.connection = connection
    self.slowRequestThreshold = slowRequestThreshold
    let documents = Lock<[DocumentURI: OpenDocument]>([:])
    let session = Lock(Session())
    let logger = connection.logger
    self.documents = documents
    self.session = session
    library = LibraryEngine(
      settings: { session.withLock { $0.configuration.settings } },
      openNotes: { Set(documents.withLock { $0.keys }.map(Self.libraryPath(of:))) },
      report: { event in
        switch event {
        case .info(let message): logger.info(message)
        case .warning(let message): logger.warning(message)
        case .skipped(let path, let reason): logger.warning("Not indexing \(path): \(reason)")
        }
      })
  }

  var logger: Logger { connection.logger }

  /// Registers every handler on the connection.
  ///
  /// Adding a message:
  /// 1. its type in `LanguageServerProtocol` (`LSPRequest` with `method` and `Response`,
  ///    or `LSPNotification`), decoding what clients send and ignoring unknown fields;
  /// 2. the analysis in `NoteIntelligence`, in byte offsets and plain values;
  /// 3. `BookNotesServer+Feature.swift` registering the handler with its scope:
  ///    `.document(uri)` when it reads or changes one note (it then sees every earlier
  ///    change to it), `.global` when it changes the session, `.independent` otherwise;
  ///    offsets converted in the negotiated encoding;
  /// 4. the capability in `capabilities(encoding:pullDiagnostics:)`, and the method in
  ///    `LifecycleTests.methods(advertisedBy:)`, which checks that handlers and
  ///    capabilities agree;
  /// 5. an in-process test and a call in the conformance suite (`Tests/conformance`).
  public func register() {
    registerLifecycle()
    registerTextSynchronization()
    registerConfiguration()
    registerSemanticTokens()
    registerDocumentSymbols()
    registerFoldingRanges()
    registerHover()
    registerCompletion()
    registerWorkspaceSymbols()
    registerTagReferences()
    registerRename()
    registerDocumentLinks()
    registerLinkRename()
    registerCodeActions()
    registerDiagnostics()
    registerPrompts()
    registerReview()
    registerCodeLenses()
    registerSearch()
    registerWatching()
    registerCommands()
  }

  /// The negotiated position encoding.
  var encoding: PositionEncoding { session.withLock { $0.encoding } }

  /// The open note at `uri`; throws InvalidParams when it is not open.
  func document(_ uri: DocumentURI) throws -> OpenDocument {
    guard let document = documents.withLock({ $0[uri] }) else {
      throw ResponseError.invalidParams("Document not open: \(uri)")
    }
    return document
  }

  /// Runs `body`, logging a warning when it takes longer than the slow-request threshold.
  func timed<T>(_ method: String, _ body: () throws -> T) rethrows -> T {
    let start = ContinuousClock.now
    let result = try body()
    let elapsed = ContinuousClock.now - start
    if elapsed > slowRequestThreshold {
      logger.warning("Slow request \(method): \(elapsed.milliseconds) ms")
    }
    return result
  }
}

/// What the server knows about its client and settings.
struct Session: Sendable {
  var encoding = PositionEncoding.utf16
  /// Whether the client pulls diagnostics (`textDocument/diagnostic`); push otherwise.
  var pullDiagnostics = false
  /// Whether a pulling client takes `workspace/diagnostic/refresh`.
  var diagnosticRefresh = false
  /// Whether the client shows a document with a selection on `window/showDocument`.
  var showDocument = false
  /// Whether the client answers `workspace/configuration`.
  var configurationRequests = false
  /// Whether the client shows `$/progress` work-done progress.
  var workDoneProgress = false
  /// Whether the client takes a dynamic registration of `workspace/didChangeWatchedFiles`.
  var watchedFilesRegistration = false
  var configuration = SettingsSources(environment: SettingsSources.processEnvironment())
  /// Whether the client applies `documentChanges` in a workspace edit.
  var documentChanges = false
  /// Whether the client renames and creates files in a workspace edit's `documentChanges`.
  var renamesFiles = false
  var createsFiles = false
  /// Whether completion items say `insertTextMode: asIs` (the client declares it).
  var insertAsIs = false
  /// The workspace folders' URIs from `initialize` (else its `rootUri`).
  var workspaceRoots: [DocumentURI] = []
}

extension Duration {
  /// Whole milliseconds.
  var milliseconds: Int64 { components.seconds * 1000 + components.attoseconds / 1_000_000_000_000_000 }
}
