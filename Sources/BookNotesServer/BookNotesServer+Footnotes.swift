import LanguageServerProtocol
import NoteIntelligence
import NoteSyntax
import NoteText

/// Footnotes (``Footnotes``): a reference `[^label]` leads to its note's definition
/// `[^label]: text`; definition, references, hover and rename work within the note.
extension BookNotesServer {
  /// The definition of the footnote referenced at `offset`; `nil` off a reference or
  /// when its note defines no such footnote.
  func footnoteDefinition(at offset: Int, in note: NoteDocument, uri: DocumentURI) -> [Location]? {
    guard let use = Footnotes.use(at: offset, in: note), !use.isDefinition,
      let definition = Footnotes.definition(of: use.label, in: note)
    else { return nil }
    return [Location(uri: uri, range: note.lspRange(of: definition.range, in: encoding))]
  }

  /// On a footnote's reference or definition: every reference to it in the note, and
  /// its definition first when `includeDeclaration`; `nil` off a footnote.
  func footnoteReferences(
    at offset: Int, in note: NoteDocument, uri: DocumentURI, includeDeclaration: Bool
  ) -> [Location]? {
    guard let use = Footnotes.use(at: offset, in: note) else { return nil }
    let encoding = self.encoding
    let uses = Footnotes.uses(of: use.label, in: note)
    let definitions = includeDeclaration ? uses.filter(\.isDefinition) : []
    return (definitions + uses.filter { !$0.isDefinition }).map { found in
      Location(uri: uri, range: note.lspRange(of: found.isDefinition ? found.range : found.markerRange, in: encoding))
    }
  }

  /// The hover of a footnote reference: its definition's text. `nil` elsewhere, and for
  /// a reference the note defines no footnote for.
  func footnoteHover(at offset: Int, in note: NoteDocument, encoding: PositionEncoding) -> Hover? {
    guard let use = Footnotes.use(at: offset, in: note), !use.isDefinition,
      let definition = Footnotes.definition(of: use.label, in: note)
    else { return nil }
    let text = Footnotes.text(of: definition, in: note)
    return Hover(
      contents: MarkupContent(kind: .markdown, value: "**[^\(use.label)]**\n\n" + text),
      range: note.lspRange(of: use.markerRange, in: encoding))
  }

  /// `prepareRename` on a footnote's reference or definition: its label.
  func prepareFootnoteRename(at offset: Int, in note: NoteDocument, encoding: PositionEncoding) -> PrepareRenameResult?
  {
    guard let use = Footnotes.use(at: offset, in: note) else { return nil }
    return PrepareRenameResult(range: note.lspRange(of: use.labelRange, in: encoding), placeholder: use.label)
  }

  /// Renames the footnote at the cursor: its definition's label and every reference's,
  /// in the note. `nil` off a footnote.
  func renameFootnote(_ params: RenameParams) throws -> WorkspaceEdit? {
    let uri = params.textDocument.uri
    let note = try document(uri).note
    let offset = note.offset(of: params.position, in: encoding)
    guard let use = Footnotes.use(at: offset, in: note) else { return nil }
    var newName = params.newName
    if newName.hasPrefix("^") { newName.removeFirst() }
    guard Footnotes.isValidLabel(newName) else {
      throw ResponseError.invalidParams(
        "'\(params.newName)' is not a footnote label: one word, without spaces or square brackets.")
    }
    let path = Self.libraryPath(of: uri)
    let edits = Footnotes.uses(of: use.label, in: note).map { found in
      LinkEdit(path: path, span: note.span(of: found.labelRange), newText: newName)
    }
    return workspaceEdit(edits, renames: [], open: openDocuments)
  }
}
