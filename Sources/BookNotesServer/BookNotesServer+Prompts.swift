import LanguageServerProtocol
import NoteIntelligence
import NoteSyntax
import NoteWorkspace

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension BookNotesServer {
  func registerPrompts() {
    connection.register(PromptsParams.self, scope: { $0.textDocument.map { .document($0.uri) } ?? .independent }) {
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
    switch NoteFiles.read(path) {
    case .note(let bytes):
      return Self.promptItems(of: NoteDocument(bytes: bytes), uri: uri, encoding: encoding)
    case .skipped(let reason):
      throw ResponseError.invalidParams("textDocument.uri: cannot read \(path): \(reason)")
    }
  }

  /// The prompts of every note under the workspace roots, open documents in place of
  /// their files on disk, sorted by file.
  func workspacePrompts() throws -> [PromptItem] {
    let encoding = self.encoding
    let roots = session.withLock { $0.workspaceRoots }.compactMap(FileURI.path(of:))
    let open = documents.withLock { $0 }
    var openByPath: [String: OpenDocument] = [:]
    for (uri, document) in open {
      if let path = FileURI.path(of: uri) { openByPath[path] = document }
    }
    var files = Set<String>()
    for root in roots where indexable(root) {
      do {
        files.formUnion(try NoteFiles.list([root]))
      } catch {
        logger.warning("booknotes/prompts: cannot list \(error)")
      }
      let prefix = NoteFiles.join(root, "")
      for path in openByPath.keys where path.hasPrefix(prefix) && NoteFiles.isNoteName(path) {
        files.insert(path)
      }
    }
    var items: [PromptItem] = []
    for path in files.sorted() {
      try Task.checkCancellation()
      if let document = openByPath[path] {
        items += Self.promptItems(of: document.note, uri: document.uri, encoding: encoding)
        continue
      }
      switch NoteFiles.read(path) {
      case .note(let bytes):
        let note = NoteDocument(bytes: bytes)
        items += Self.promptItems(of: note, uri: FileURI.uri(ofPath: path), encoding: encoding)
      case .skipped(let reason):
        logger.info("Skipping \(path): \(reason)")
      }
    }
    return items
  }

  /// Whether a root may be walked: not the file-system root, not the home directory.
  private func indexable(_ root: String) -> Bool {
    let home = getenv("HOME").map { String(cString: $0) }
    let normalized = root.count > 1 && root.hasSuffix("/") ? String(root.dropLast()) : root
    if normalized == "/" || normalized == home {
      logger.warning("Not listing notes of \(root) as a whole: it is the home or root folder")
      return false
    }
    return true
  }

  /// The prompt items of a note, with ranges in `encoding`.
  static func promptItems(of note: NoteDocument, uri: DocumentURI, encoding: PositionEncoding) -> [PromptItem] {
    let file = FileURI.path(of: uri) ?? uri
    return Prompts.prompts(for: note).map { prompt in
      PromptItem(prompt, file: file, uri: uri, range: note.lspRange(of: prompt.range, in: encoding))
    }
  }
}
