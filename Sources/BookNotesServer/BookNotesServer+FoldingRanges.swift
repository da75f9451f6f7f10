import LanguageServerProtocol
import NoteIntelligence
import NoteSyntax

extension BookNotesServer {
  func registerFoldingRanges() {
    connection.register(FoldingRangeParams.self, scope: { .document($0.textDocument.uri) }) { [self] params, _ in
      let note = try document(params.textDocument.uri).note
      return timed(FoldingRangeParams.method) {
        FoldingRegions.regions(for: note).map(Self.foldingRange)
      }
    }
  }

  /// Whole-line folds; front matter folds as a region.
  static func foldingRange(_ region: FoldingRegion) -> FoldingRange {
    FoldingRange(
      startLine: region.startLine, endLine: region.endLine, kind: region.kind == .frontMatter ? .region : nil)
  }
}
