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

  /// Whole-line folds; front matter and code blocks fold as regions.
  static func foldingRange(_ region: FoldingRegion) -> FoldingRange {
    let kind: FoldingRangeKind? =
      switch region.kind {
      case .frontMatter, .code: .region
      case .section, .quote, .list: nil
      }
    return FoldingRange(startLine: region.startLine, endLine: region.endLine, kind: kind)
  }
}
