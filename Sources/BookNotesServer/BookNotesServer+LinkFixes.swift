import LanguageServerProtocol
import NoteIntelligence
import NoteSyntax

extension BookNotesServer {
  /// The quick fixes of a link diagnostic at `range` of the note at `uri`: create the
  /// missing note (when the client creates files), write the closest heading, or write
  /// the path of one of the notes an ambiguous name matches.
  func linkFixes(code: String, range: ByteRange, diagnostic: Diagnostic, in note: NoteDocument, uri: DocumentURI)
    -> [CodeAction]
  {
    guard LibraryDiagnostics.codes.contains(code), code != "duplicate-book" else { return [] }
    let (encoding, createsFiles) = session.withLock { ($0.encoding, $0.createsFiles) }
    let path = Self.libraryPath(of: uri)
    guard
      let link = LinkUse.all(in: note).first(where: {
        $0.targetRange == range || $0.headingRange == range || $0.range.contains(range.lowerBound)
      })
    else { return [] }
    let snapshot = library.snapshot()
    func action(_ title: String, _ edit: WorkspaceEdit) -> CodeAction {
      CodeAction(title: title, kind: .quickFix, diagnostics: [diagnostic], isPreferred: true, edit: edit)
    }
    func replacing(_ bytes: ByteRange, with text: String) -> WorkspaceEdit {
      WorkspaceEdit(changes: [uri: [TextEdit(range: note.lspRange(of: bytes, in: encoding), newText: text)]])
    }
    switch code {
    case LibraryDiagnostics.missingNote:
      guard createsFiles, let folder = LinkTarget.folder(of: path) else { return [] }
      var newPath: String
      var name: String
      if link.kind.isWiki {
        name = link.target.trimmingSpaces
        let length = LinkRewrite.extensionLength(name)
        newPath = LinkTarget.normalized(folder + "/" + name + (length > 0 ? "" : ".md"))
        if length > 0 { name.removeLast(length) }
      } else {
        guard case .file(let file)? = LinkTarget.resolve(link.target, relativeTo: folder, root: snapshot.root(of: path))
        else { return [] }
        newPath = file
        name = titleFileName(file) ?? file
      }
      name = name.split(separator: "/").last.map(String.init) ?? name
      let newURI = Self.uri(ofLibraryPath: newPath)
      let zero = LSPRange(start: Position(line: 0, character: 0), end: Position(line: 0, character: 0))
      return [
        action(
          "Create the note '\(snapshot.relativePath(newPath))'",
          WorkspaceEdit(documentChanges: [
            .create(CreateFile(uri: newURI, options: FileOperationOptions(ignoreIfExists: true))),
            .edit(
              TextDocumentEdit(
                textDocument: OptionalVersionedTextDocumentIdentifier(uri: newURI, version: nil),
                edits: [TextEdit(range: zero, newText: "# \(name)\n")])),
          ]))
      ]
    case LibraryDiagnostics.missingHeading:
      guard let written = link.heading, let headingRange = link.headingRange,
        let target = snapshot.resolve(link, from: path).path
      else { return [] }
      let headings =
        target == path
        ? NoteSummary.headings(of: note)
        : (Self.byLibraryPath(openDocuments)[target].map {
          NoteSummary.headings(of: $0.note)
        } ?? snapshot.note(at: target)?.headings ?? [])
      let decoded = link.kind.isWiki ? written : LinkTarget.percentDecoded(written[...])
      guard let closest = HeadingAnchor.closest(to: decoded, among: headings.map(\.text)) else { return [] }
      let text = link.kind.isWiki ? closest : HeadingAnchor.slug(closest)
      return [action("Link to the heading '\(closest)'", replacing(headingRange, with: text))]
    case LibraryDiagnostics.ambiguousLink:
      guard case .ambiguous(let paths) = snapshot.resolve(link, from: path) else { return [] }
      return paths.map { candidate in
        let relative = snapshot.relativePath(candidate)
        let written = String(relative.dropLast(LinkRewrite.extensionLength(relative)))
        return action("Link to '\(written)'", replacing(link.targetRange, with: written))
      }
    default:
      return []
    }
  }
}

extension String {
  /// Without leading and trailing spaces.
  fileprivate var trimmingSpaces: String {
    var scalars = Substring(self).unicodeScalars.drop { $0 == " " }
    while scalars.last == " " { scalars.removeLast() }
    return String(scalars)
  }
}
