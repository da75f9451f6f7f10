public import NoteSyntax

/// What a library diagnostic may know besides the note itself: where the note is,
/// which files exist, and the rest of the library.
public struct LibraryContext: Sendable {
  /// The note's absolute path; `nil` for a note that is not a file (an unsaved buffer).
  public var path: String?
  /// Whether a file exists at an absolute path.
  public var fileExists: @Sendable (String) -> Bool
  /// The library index, for checks that compare the note with other notes.
  public var library: LibrarySnapshot
  /// The workspace root the note lies under, which a link starting with `/` is
  /// relative to; `nil` when the note is under none.
  public var root: String?

  public init(
    path: String?, root: String? = nil, library: LibrarySnapshot, fileExists: @escaping @Sendable (String) -> Bool
  ) {
    self.path = path
    self.root = root
    self.library = library
    self.fileExists = fileExists
  }

  /// The folder of the note, when it has a path.
  public var folder: String? { path.flatMap(LinkTarget.folder(of:)) }
}

/// Diagnostics that depend on more than the note's text (other files, other notes),
/// with stable codes like the parser's. They are computed after the parser's and
/// appended to them; each check is one function in ``checks``.
public enum LibraryDiagnostics {
  /// A link or wiki link to a note that does not exist.
  public static let missingNote = "link-missing-note"
  /// A link to a heading its note does not have.
  public static let missingHeading = "link-missing-heading"
  /// A wiki link whose name matches several notes.
  public static let ambiguousLink = "link-ambiguous"

  /// Every code these checks report.
  public static let codes = [missingNote, missingHeading, ambiguousLink, DuplicateBooks.code]

  /// One check: the note, what it may know of the library, the options for severities
  /// and the note's links (from a ``NoteLinkCache`` when the caller keeps one). Add a
  /// check by adding it here.
  public typealias Check = @Sendable (NoteDocument, LibraryContext, DiagnosticSettings, NoteLinks) -> [NoteDiagnostic]

  /// The links of the note being checked that may name a note, found when a check asks
  /// for them: from the caller's cache (only the blocks an edit reparsed are scanned),
  /// else by reading the whole note.
  public struct NoteLinks {
    let doc: NoteDocument
    let cache: NoteLinkCache?

    public func callAsFunction() -> [LinkUse] { cache?.links(in: doc) ?? NoteLinkCache.fresh(in: doc) }
  }

  static let checks: [Check] = [linkChecks, duplicateBooks]

  /// The library diagnostics of `doc`, in the order of ``checks``, each in document
  /// order. `links`, kept with the note across edits, saves reading every block for
  /// links on every keystroke; the result is the same without it.
  public static func compute(
    _ doc: NoteDocument, context: LibraryContext, options: DiagnosticSettings = .default, links: NoteLinkCache? = nil
  ) -> [NoteDiagnostic] {
    guard options.enabled else { return [] }
    let noteLinks = NoteLinks(doc: doc, cache: links)
    return checks.flatMap { $0(doc, context, options, noteLinks) }
  }

  /// `duplicate-book` on the title of a note whose book another note of the library
  /// is about (the same ISBN, or the same title and first author).
  static func duplicateBooks(
    _ doc: NoteDocument, _ context: LibraryContext, _ options: DiagnosticSettings, _ links: NoteLinks
  ) -> [NoteDiagnostic] {
    guard let severity = options.severity(for: DuplicateBooks.code, default: .warning), let path = context.path
    else { return [] }
    let note = NoteSummary.bookIdentity(path: path, doc: doc)
    guard note.title != nil || note.book.isbn != nil else { return [] }
    return context.library.duplicateBookDiagnostic(for: note, in: doc, severity: severity).map { [$0] } ?? []
  }
}
