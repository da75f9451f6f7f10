import BookCatalog
import JSONCore
import LanguageServerProtocol
import NoteIntelligence
import NoteSyntax
import NoteText
import NoteWorkspace

/// The session's catalog (``CatalogChoice``), made again when its settings change.
struct BookLookups {
  var settings: CatalogSettings?
  var directory: String?
  var catalog: (any BookCatalog)?
  /// One helper process for the session, started on the first request.
  var transport: FetchProcess?
  /// The problems already shown to the reader (`window/showMessage`).
  var shown: Set<CatalogErrorKind> = []
}

extension BookNotesServer {
  /// The catalog for the current settings; `nil` when `books.enabled` is false.
  func bookCatalog() -> (any BookCatalog)? {
    let (settings, withholdsKey) = session.withLock { ($0.configuration.settings, $0.configuration.withholdsKey) }
    guard settings.books.enabled else { return nil }
    let catalogSettings = CatalogSettings(settings.books, version: Self.version)
    let directory = LibraryEngine.cacheDirectory(settings)
    return bookLookups.withLock { state in
      if let catalog = state.catalog, state.settings == catalogSettings, state.directory == directory {
        return catalog
      }
      if withholdsKey {
        logger.warning(
          "Not sending the Google Books API key to \(settings.books.endpoint): that endpoint is set by the "
            + ".booknotes.json of the notes folder and the key is not; set the endpoint in your editor's settings "
            + "to use the key with it")
      }
      let transport = state.transport ?? FetchProcess(executable: FetchProcess.locateHelper())
      let catalog = CatalogChoice.make(
        settings: catalogSettings, cacheDirectory: directory, transport: transport
      ) { [weak self] report in self?.bookReport(report) }
      state = BookLookups(
        settings: catalogSettings, directory: directory, catalog: catalog, transport: transport, shown: state.shown)
      return catalog
    }
  }

  /// Logs what the catalog reports, and shows a problem the reader can act on once per
  /// session.
  func bookReport(_ report: CatalogReport) {
    switch report.level {
    case .warning: logger.warning(report.message)
    case .info: logger.info(report.message)
    }
    guard report.showUser, let kind = report.kind,
      bookLookups.withLock({ $0.shown.insert(kind).inserted })
    else { return }
    connection.send(notification: ShowMessageParams(type: .warning, message: report.message))
  }

  /// Titles for a note's front-matter `title:` or first heading: the library's first,
  /// then Google Books', within the completion budget.
  func titleCompletions(
    _ context: TitleCompletionContext, offset: Int, in note: NoteDocument, uri: DocumentURI,
    encoding: PositionEncoding
  ) async -> CompletionList {
    let range = note.lspRange(of: context.range, in: encoding)
    // What the client filters by: the text from the start of the title to the cursor.
    let typed = note.text.string(in: context.range.lowerBound..<max(offset, context.range.lowerBound))
    var items: [CompletionItem] = []
    var seen: Set<String> = []
    var labels = CompletionLabels()
    let path = Self.libraryPath(of: uri)
    let wanted = TextFolding.folded(context.typed)
    let local = library.snapshot().books().filter {
      $0.path != path && TextFolding.folded($0.title).contains(wanted)
    }
    let inFrontMatter: Bool
    if case .frontMatter = context.place { inFrontMatter = true } else { inFrontMatter = false }
    for book in local.prefix(20) where seen.insert(TextFolding.folded(book.title)).inserted {
      var detail = book.authors.joined(separator: ", ")
      detail += detail.isEmpty ? "in the library" : " · in the library"
      let newText = inFrontMatter ? YAMLScalar.written(book.title) : book.title
      items.append(
        CompletionItem(
          label: labels.unique(book.title, else: [detail]), kind: .file, detail: detail,
          sortText: sortKey(items.count), filterText: typed, insertTextFormat: .plainText,
          textEdit: TextEdit(range: range, newText: newText)))
    }
    let settings = session.withLock { $0.configuration.settings.books }
    guard let catalog = bookCatalog(), let query = CatalogQuery(typed: context.typed) else {
      return CompletionList(isIncomplete: false, items: items)
    }
    switch await catalog.lookup(query, channel: uri, within: .milliseconds(settings.completionBudget)) {
    case .books(let books):
      for book in books {
        var edit = TextEdit(range: range, newText: book.title)
        var others: [TextEdit]?
        if case .frontMatter(let line) = context.place,
          let fill = BookFill.edits(choosing: book, titleLine: line, in: note)
        {
          edit = TextEdit(range: note.lspRange(of: fill.title.range, in: encoding), newText: fill.title.text)
          others = fill.others.map { TextEdit(range: note.lspRange(of: $0.range, in: encoding), newText: $0.text) }
        }
        let catalogName = book.source.displayName
        let label = labels.unique(book.fullTitle, else: [book.byline, "\(catalogName) \(book.id)"])
        items.append(
          CompletionItem(
            label: label, kind: .text, detail: book.byline.isEmpty ? catalogName : book.byline,
            sortText: sortKey(items.count), filterText: typed, insertTextFormat: .plainText,
            textEdit: edit, additionalTextEdits: others, data: ["googleBooksID": .string(book.id)]))
      }
    case .pending, .failed:
      break
    }
    // Titles are a search: every keystroke asks again.
    return CompletionList(isIncomplete: true, items: items)
  }

  /// Fills a Google Books item's documentation (publisher, ISBN, description).
  func resolveCompletion(_ item: CompletionItem) -> CompletionItem {
    guard let id = item.data?["googleBooksID"]?.stringValue, let book = bookCatalog()?.book(id: id) else {
      return item
    }
    var item = item
    item.documentation = MarkupContent(kind: .markdown, value: BookHover.completionDocumentation(book))
    return item
  }

  /// Front-matter keys not yet used, or the values of `status`.
  func frontMatterCompletions(
    _ context: FrontMatterCompletionContext, in note: NoteDocument, encoding: PositionEncoding
  )
    -> CompletionList
  {
    let range = note.lspRange(of: context.range, in: encoding)
    switch context.kind {
    case .key(let present):
      let keys = FrontMatterCompletionContext.keys.filter { !present.contains($0) }
      return CompletionList(
        isIncomplete: false,
        items: keys.enumerated().map { index, key in
          CompletionItem(
            label: key, kind: .property, sortText: sortKey(index), insertTextFormat: .plainText,
            textEdit: TextEdit(range: range, newText: key + ": "))
        })
    case .status:
      return CompletionList(
        isIncomplete: false,
        items: ReadingStatus.allCases.enumerated().map { index, status in
          CompletionItem(
            label: status.rawValue, kind: .enumMember, sortText: sortKey(index),
            insertTextFormat: .plainText, textEdit: TextEdit(range: range, newText: status.rawValue))
        })
    }
  }

  /// The hover of a note's title: its book's metadata from front matter, with what
  /// Google Books says of the book (``titleHoverBook(title:info:uri:)``).
  func titleHover(at offset: Int, in note: NoteDocument, uri: DocumentURI, encoding: PositionEncoding) async
    -> Hover?
  {
    let path = FileURI.path(of: uri)
    guard let context = TitleCompletionContext.at(offset, in: note, path: path), !context.range.isEmpty,
      let title = noteTitle(of: note, path: path)
    else { return nil }
    let info = BookInfo(note)
    let book = await titleHoverBook(title: title, info: info, uri: uri)
    guard let markdown = BookHover.markdown(title: title, info: info, book: book) else { return nil }
    return Hover(
      contents: MarkupContent(kind: .markdown, value: markdown), range: note.lspRange(of: context.range, in: encoding))
  }

  /// The catalog's book for a note: the book of its `google-books-id` when an answer
  /// held it, else the one a lookup of the title as typed found (completion's), else
  /// looked up by the note's ISBN, else by its title and first author. Lookups answer
  /// from the cache, else wait for Google Books at most `books.completionBudget` in
  /// all (or until the hover is cancelled): a slower lookup goes on and fills the cache
  /// for the next hover, which then shows the book.
  func titleHoverBook(title: String, info: BookInfo, uri: DocumentURI) async -> CatalogBook? {
    guard let catalog = bookCatalog() else { return nil }
    if let id = info.googleBooksID ?? info.openLibraryID, let book = catalog.book(id: id) { return book }
    if let query = CatalogQuery(typed: title), let books = catalog.cachedBooks(for: query),
      let book = Self.book(titled: title, id: info.googleBooksID, in: books)
    {
      return book
    }
    let budget = session.withLock { $0.configuration.settings.books.completionBudget }
    let deadline = ContinuousClock.now + .milliseconds(budget)
    var queries: [(query: CatalogQuery, pick: ([CatalogBook]) -> CatalogBook?)] = []
    if let isbn = info.isbn, let query = CatalogQuery(isbn: isbn) {
      queries.append((query, { Self.book(withISBN: query.isbn ?? "", in: $0) }))
    }
    queries.append(
      (
        CatalogQuery(title: title, author: info.authors.first),
        { Self.book(titled: title, id: info.googleBooksID, in: $0) }
      ))
    // Its own channel: a newer hover of the note cancels an older lookup, a completion
    // does not.
    let channel = "hover " + uri
    for (query, pick) in queries {
      let left = max(ContinuousClock.now.duration(to: deadline), .zero)
      switch await catalog.lookup(query, channel: channel, within: left) {
      case .books(let books):
        if let book = pick(books) { return book }
      case .pending:
        // The next hover finds the answer in the cache.
        return nil
      case .failed:
        break
      }
    }
    return nil
  }

  /// The book of `books` with `id`, else the first whose title (or title and subtitle)
  /// is `title`, case and accents aside.
  static func book(titled title: String, id: String?, in books: [CatalogBook]) -> CatalogBook? {
    if let id, let book = books.first(where: { $0.id == id }) { return book }
    let folded = TextFolding.folded(title)
    return books.first { TextFolding.folded($0.title) == folded || TextFolding.folded($0.fullTitle) == folded }
  }

  /// The book of `books` whose ISBN-13 or ISBN-10 is `isbn` (normalised), else the only
  /// book of the answer.
  static func book(withISBN isbn: String, in books: [CatalogBook]) -> CatalogBook? {
    let matching = books.first { book in
      [book.isbn13, book.isbn10].contains { $0.flatMap(DuplicateBooks.normalizedISBN) == isbn }
    }
    return matching ?? (books.count == 1 ? books.first : nil)
  }
}

/// Completion labels made distinct: some clients (Emacs) merge items whose labels are
/// equal, so a second item of the same title would be out of reach.
struct CompletionLabels {
  private var used: Set<String> = []

  /// `label`, or when an earlier item has it, `label (…)` with the first of `qualifiers`
  /// that makes it distinct (then a number).
  mutating func unique(_ label: String, else qualifiers: [String]) -> String {
    var candidates = [label] + qualifiers.filter { !$0.isEmpty }.map { label + " (" + $0 + ")" }
    candidates += (2...99).map { label + " (\($0))" }
    let chosen = candidates.first { !used.contains($0) } ?? label
    used.insert(chosen)
    return chosen
  }
}

/// `number` as three digits, for `sortText`.
private func sortKey(_ number: Int) -> String {
  let digits = String(number)
  return String(repeating: "0", count: max(0, 3 - digits.count)) + digits
}
