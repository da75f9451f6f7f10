import LanguageServerProtocol
import NoteIntelligence
import NoteSyntax

/// A link to a note as the server answers with it: the note it is written in (by its
/// index key and the URI to answer with), where, and the link itself.
struct LinkReference {
  var path: String
  var uri: DocumentURI
  var span: NoteSpan
  var link: LinkUse
}

extension BookNotesServer {
  /// Where the link, or the footnote reference, at `position` leads: the target
  /// note's line 0 or its heading; a footnote's definition. `nil` elsewhere.
  func linkDefinition(_ uri: DocumentURI, _ position: Position) throws -> [Location]? {
    let document = try document(uri)
    let note = document.note
    let encoding = self.encoding
    let offset = note.offset(of: position, in: encoding)
    if let link = LinkNavigation.link(at: offset, in: note) {
      let open = openDocuments
      let snapshot = library.snapshot()
      guard let target = snapshot.resolve(link, from: Self.libraryPath(of: uri)).path else { return nil }
      return [targetLocation(target, heading: link.heading, link: link, snapshot: snapshot, open: open)]
    }
    return footnoteDefinition(at: offset, in: note, uri: document.uri)
  }

  /// The location of the note at `path` (line 0), or of its heading `heading` when it
  /// has one by that name; an open note's as it is now.
  func targetLocation(
    _ path: String, heading: String?, link: LinkUse, snapshot: LibrarySnapshot, open: [OpenDocument]
  ) -> Location {
    let encoding = self.encoding
    let openNote = Self.byLibraryPath(open)[path]
    let uri = openNote?.uri ?? Self.uri(ofLibraryPath: path)
    let zero = LSPRange(start: Position(line: 0, character: 0), end: Position(line: 0, character: 0))
    guard let heading, !heading.isEmpty else { return Location(uri: uri, range: zero) }
    let written = link.kind.isWiki ? heading : LinkTarget.percentDecoded(heading[...])
    let headings = currentHeadings(of: path, snapshot: snapshot, open: open)
    if let found = HeadingAnchor.index(of: written, among: headings, byText: link.kind.isWiki) {
      return Location(uri: uri, range: headings[found].span.lspRange(in: encoding))
    }
    // Else an anchor of its raw HTML (`<a id="setup">`).
    guard let anchor = currentAnchors(of: path, snapshot: snapshot, open: open).first(where: { $0.name == written })
    else { return Location(uri: uri, range: zero) }
    return Location(uri: uri, range: anchor.span.lspRange(in: encoding))
  }

  /// References of what is at `position`: on a footnote, its references in the note
  /// (``footnoteReferences(at:in:uri:includeDeclaration:)``); on a link, the references
  /// of its target; on a heading, every link to it; on the note's title line, every
  /// link to the note. `nil` elsewhere.
  func linkReferences(_ uri: DocumentURI, _ position: Position, includeDeclaration: Bool = true) throws
    -> [Location]?
  {
    let document = try document(uri)
    let note = document.note
    let encoding = self.encoding
    let offset = note.offset(of: position, in: encoding)
    if let footnotes = footnoteReferences(
      at: offset, in: note, uri: document.uri, includeDeclaration: includeDeclaration)
    {
      return footnotes
    }
    let path = Self.libraryPath(of: uri)
    let open = openDocuments
    let snapshot = library.snapshot()
    var target: String
    // The target's headings and the index of the one referred to, if one is.
    var headings: [NoteSummary.Heading] = []
    var heading: Int?
    if let link = LinkNavigation.link(at: offset, in: note) {
      guard let resolved = snapshot.resolve(link, from: path).path else { return nil }
      target = resolved
      if let written = link.heading, !written.isEmpty {
        headings = currentHeadings(of: target, snapshot: snapshot, open: open)
        // A heading the note does not have has no references.
        guard let index = Self.headingIndex(written, of: link, among: headings) else { return [] }
        heading = index
      }
    } else if let found = LinkNavigation.heading(at: offset, in: note),
      !LinkNavigation.isOnTitle(offset, in: note, path: path)
    {
      target = path
      headings = NoteSummary.headings(of: note)
      heading = headings.firstIndex(of: found)
    } else if LinkNavigation.isOnTitle(offset, in: note, path: path) {
      target = path
    } else {
      return nil
    }
    return liveBacklinks(to: target, snapshot: snapshot, open: open)
      .filter { reference in
        guard let heading else { return true }
        guard let written = reference.link.heading else { return false }
        return Self.headingIndex(written, of: reference.link, among: headings) == heading
      }
      .map { Location(uri: $0.uri, range: $0.span.lspRange(in: encoding)) }
  }

  /// The index among `headings` of the heading that `written` (after the `#` of `link`)
  /// names.
  static func headingIndex(_ written: String, of link: LinkUse, among headings: [NoteSummary.Heading]) -> Int? {
    let isWiki = link.kind.isWiki
    return HeadingAnchor.index(
      of: isWiki ? written : LinkTarget.percentDecoded(written[...]), among: headings, byText: isWiki)
  }

  /// The headings of the note at `path`: an open note's as it is now, else the index's.
  func currentHeadings(of path: String, snapshot: LibrarySnapshot, open: [OpenDocument]) -> [NoteSummary.Heading] {
    if let note = Self.byLibraryPath(open)[path] { return NoteSummary.headings(of: note.note) }
    return snapshot.note(at: path)?.headings ?? []
  }

  /// The anchors the raw HTML of the note at `path` declares: an open note's as it is
  /// now, else the index's.
  func currentAnchors(of path: String, snapshot: LibrarySnapshot, open: [OpenDocument]) -> [HTMLAnchors.Anchor] {
    if let note = Self.byLibraryPath(open)[path] { return HTMLAnchors.anchors(of: note.note) }
    return snapshot.note(at: path)?.htmlAnchors ?? []
  }

  /// Every link to the note at `path`: the index's, with each open note's links as
  /// they are now in place of what the index has of it.
  func liveBacklinks(to path: String, snapshot: LibrarySnapshot, open: [OpenDocument]) -> [LinkReference] {
    let openByPath = Self.byLibraryPath(open)
    var result: [LinkReference] = []
    for backlink in snapshot.backlinks(to: path) where openByPath[backlink.source] == nil {
      result.append(
        LinkReference(
          path: backlink.source, uri: Self.uri(ofLibraryPath: backlink.source), span: backlink.link.span,
          link: backlink.link.use))
    }
    let names = snapshot.noteNames
    for (source, document) in openByPath.sorted(by: { $0.key < $1.key }) {
      let doc = document.note
      for link in LinkUse.all(in: doc) where !link.isImage {
        guard snapshot.resolve(link, from: source, names: names).path == path else { continue }
        result.append(LinkReference(path: source, uri: document.uri, span: doc.span(of: link.range), link: link))
      }
    }
    return result.sorted { ($0.path, $0.span.bytes.lowerBound) < ($1.path, $1.span.bytes.lowerBound) }
  }
}
