import Testing

@testable import NoteSyntax

extension NoteDocument {
  /// Expects the edited tree to equal a fresh parse of the text, naming `step` if not.
  func expectEqualsFreshParse(_ step: String, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(tree.isStructurallyEqual(to: NoteDocument(string).tree), "\(step)", sourceLocation: sourceLocation)
  }
}
