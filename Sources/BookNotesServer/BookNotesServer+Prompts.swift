import LanguageServerProtocol
import NoteIntelligence
import NoteSyntax
import NoteText
import NoteWorkspace

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension BookNotesServer {
  func registerPrompts() {
    connection.register(
      PromptsParams.self, scope: { $0.textDocument.map { .document($0.uri) } ?? .library(document: nil) }
    ) {
      [self] params, _ in
      if let uri = params.textDocument?.uri {
        return try documentPrompts(uri)
      }
      return try workspacePrompts()
    }
  }

  /// The prompts of one note: the open document, else the file on disk.
  func documentPrompts(_ uri: DocumentURI) throws -> [PromptItem] {
    let encoding = self.encoding
    if let open = documents.withLock({ $0[uri] }) {
      return Self.promptItems(of: open.note, uri: uri, encoding: encoding)
    }
    guard let path = FileURI.path(of: uri) else {
      throw ResponseError.invalidParams("textDocument.uri: not open and not a file URI: \(uri)")
    }
    guard isInsideWorkspace(path) else {
      throw ResponseError.invalidParams("textDocument.uri: not open and outside the workspace folders: \(uri)")
    }
    switch NoteFiles.read(path) {
    case .note(let bytes):
      return Self.promptItems(of: NoteDocument(checkedUTF8: bytes), uri: uri, encoding: encoding)
    case .skipped(let reason):
      throw ResponseError.invalidParams("textDocument.uri: cannot read \(path): \(reason)")
    }
  }

  /// The prompts of every note in the library index (open notes as edited, closed
  /// ones read from their files), sorted by file; what is indexed so far while the
  /// first indexing runs. The index keeps no prompt texts: they are most of a note.
  func workspacePrompts() throws -> [PromptItem] {
    let encoding = self.encoding
    let snapshot = library.snapshot()
    let maxFileSize = session.withLock { $0.configuration.settings.index.maxFileSize }
    var items: [PromptItem] = []
    for path in snapshot.paths {
      try Task.checkCancellation()
      let uri = Self.uri(ofLibraryPath: path)
      if let document = documents.withLock({ $0[uri] }) {
        items += Self.promptItems(of: document.note, uri: uri, encoding: encoding)
        continue
      }
      // A note indexed by name only has no prompts, as in its summary.
      guard path.hasPrefix("/"), let note = snapshot.note(at: path), note.byteCount <= maxFileSize,
        case .note(let bytes) = NoteFiles.read(path)
      else { continue }
      items += Self.promptItems(of: NoteDocument(checkedUTF8: bytes), uri: uri, encoding: encoding)
    }
    return items
  }

  /// The prompt items of a note, with ranges in `encoding`.
  static func promptItems(of note: NoteDocument, uri: DocumentURI, encoding: PositionEncoding) -> [PromptItem] {
    let file = FileURI.path(of: uri) ?? uri
    return Prompts.prompts(for: note, path: FileURI.path(of: uri)).map { prompt in
      PromptItem(prompt, file: file, uri: uri, range: note.lspRange(of: prompt.range, in: encoding))
    }
  }
}
