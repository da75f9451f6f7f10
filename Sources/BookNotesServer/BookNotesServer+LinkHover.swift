import LanguageServerProtocol
import NoteIntelligence
import NoteSyntax
import NoteText

extension BookNotesServer {
  /// The hover of the link at `offset`: the target's title (with its book's metadata
  /// for a book) and the first lines of the target section; `nil` off a link or for
  /// a link that leads to no note.
  func linkHover(at offset: Int, in note: NoteDocument, uri: DocumentURI, encoding: PositionEncoding) -> Hover? {
    guard let link = LinkNavigation.link(at: offset, in: note) else { return nil }
    let snapshot = library.snapshot()
    let path = Self.libraryPath(of: uri)
    let range = note.lspRange(of: link.range, in: encoding)
    let resolution = snapshot.resolve(link, from: path)
    guard let target = resolution.path else {
      let text =
        resolution == .missing ? "No note named '\(link.kind.isWiki ? link.target : String(link.path))' yet." : nil
      return text.map { Hover(contents: MarkupContent(kind: .markdown, value: $0), range: range) }
    }
    let open = Self.byLibraryPath(openDocuments)[target]
    guard let doc = open?.note ?? (target == path ? note : library.document(at: target)) else { return nil }
    let summary = NoteSummary.bookIdentity(path: target, doc: doc)
    var markdown: String
    if snapshot.isBook(summary) || summary.book.isBook,
      let book = BookHover.markdown(title: summary.title ?? target, info: summary.book, book: nil)
    {
      markdown = book
    } else {
      markdown = "**\(summary.title ?? target)**"
    }
    markdown += "\n\n`\(snapshot.relativePath(target))`"
    var written = link.heading
    if !link.kind.isWiki { written = written.map { LinkTarget.percentDecoded($0[...]) } }
    if let preview = LinkPreview.lines(of: doc, heading: written, byText: link.kind.isWiki) {
      markdown += "\n\n---\n\n" + preview
    }
    return Hover(contents: MarkupContent(kind: .markdown, value: markdown), range: range)
  }
}
