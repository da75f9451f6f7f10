import LanguageServerProtocol
import NoteIntelligence
import NoteSyntax
import NoteText
import NoteWorkspace

extension BookNotesServer {
  /// The most notes one link completion lists; the list is incomplete beyond it, and
  /// the client asks again as more is typed.
  static let maxLinkCompletions = 100

  /// The completions of a link being typed (``LinkCompletionContext``): notes after
  /// `[[` (written by their shortest unique name) and `](` (by relative path), the
  /// best match first, then the open and the recently changed, then the most linked
  /// (``LibrarySnapshot/noteCandidates(matching:limit:open:now:)``); headings after
  /// `#`. Each closes the link unless it is closed already.
  func linkCompletions(
    _ context: LinkCompletionContext, in note: NoteDocument, uri: DocumentURI, encoding: PositionEncoding
  ) -> CompletionList {
    let snapshot = library.snapshot()
    let path = Self.libraryPath(of: uri)
    let range = note.lspRange(of: context.range, in: encoding)
    let folder = LinkTarget.folder(of: path)
    func item(_ label: String, kind: CompletionItemKind, detail: String?, filter: String, insert: String, rank: Int)
      -> CompletionItem
    {
      CompletionItem(
        label: label, kind: kind, detail: detail, sortText: String.sortText(rank), filterText: filter,
        insertTextFormat: .plainText, textEdit: TextEdit(range: range, newText: insert))
    }
    switch context.kind {
    case .wikiNote, .path:
      let isWiki = context.kind == .wikiNote
      // Open notes count as just changed.
      let open = Set(openDocuments.map { Self.libraryPath(of: $0.uri) })
      let (candidates, more) = snapshot.noteCandidates(
        matching: context.typed, limit: Self.maxLinkCompletions, open: open,
        now: LibraryEngine.now() * 1_000_000_000)
      let names = snapshot.noteNames
      let items = candidates.enumerated().compactMap { rank, candidate -> CompletionItem? in
        guard candidate.path != path || isWiki else { return nil }
        var detail = LinkTarget.folder(of: snapshot.relativePath(candidate.path)).map { $0 == "/" ? "" : $0 } ?? ""
        if let summary = snapshot.note(at: candidate.path), snapshot.isBook(summary), !summary.book.authors.isEmpty {
          detail += (detail.isEmpty ? "" : " · ") + summary.book.authors.joined(separator: ", ")
        }
        let insert: String
        if isWiki {
          insert =
            names.shortestName(of: candidate.path, root: snapshot.root(of: candidate.path))
            + (context.isClosed ? "" : "]]")
        } else {
          guard let folder else { return nil }
          insert = relativeLinkPath(from: folder, to: candidate.path) + (context.isClosed ? "" : ")")
        }
        return item(
          candidate.title, kind: .file, detail: detail.isEmpty ? nil : detail,
          filter: isWiki ? candidate.matched : insert, insert: insert, rank: rank)
      }
      return CompletionList(isIncomplete: more, items: items)
    case .wikiHeading(let name), .pathHeading(let name):
      let isWiki = context.kind != .pathHeading(path: name)
      var target: String?
      if name.trimmed.isEmpty {
        target = path
      } else if isWiki {
        target = snapshot.noteNames.notes(named: name).first
      } else if case .file(let file)? = LinkTarget.resolve(name, relativeTo: folder, root: snapshot.root(of: path)) {
        target = file
      }
      guard let target else { return CompletionList(isIncomplete: false, items: []) }
      let headings =
        target == path
        ? NoteSummary.headings(of: note) : currentHeadings(of: target, snapshot: snapshot, open: openDocuments)
      let close = context.isClosed ? "" : (isWiki ? "]]" : ")")
      let anchors = HeadingAnchor.anchors(headings.map(\.text))
      var items = headings.enumerated().map { rank, heading in
        let written = isWiki ? heading.text : anchors[rank]
        return item(
          heading.text, kind: .reference, detail: String(repeating: "#", count: heading.level),
          filter: written, insert: written + close, rank: rank)
      }
      if !isWiki {
        // After the headings, the other anchors its raw HTML declares (`<a name="setup">`).
        let htmlAnchors =
          target == path
          ? HTMLAnchors.anchors(of: note) : currentAnchors(of: target, snapshot: snapshot, open: openDocuments)
        for anchor in htmlAnchors where !anchors.contains(anchor.name) {
          items.append(
            item(
              anchor.name, kind: .reference, detail: "HTML anchor", filter: anchor.name, insert: anchor.name + close,
              rank: items.count))
        }
      }
      return CompletionList(isIncomplete: false, items: items)
    }
  }
}

extension String {
  /// `value` with leading zeros to five digits, for a sort text.
  static func sortText(_ value: Int) -> String {
    let digits = value.description
    return String(repeating: "0", count: Swift.max(0, 5 - digits.count)) + digits
  }

  /// Without leading and trailing spaces.
  fileprivate var trimmed: String {
    var scalars = Substring(self).unicodeScalars.drop { $0 == " " }
    while scalars.last == " " { scalars.removeLast() }
    return String(scalars)
  }
}
