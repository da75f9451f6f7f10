/// What a library keeps over all its notes besides the notes: the tag table, the tag
/// totals and the book index. The index cache stores them, so that a library read
/// from it is not rebuilt note by note.
public struct LibraryTables: Sendable {
  package var tagTable: [String: TagStat]
  package var tagTotals: [String: Int]
  package var bookIndex: [String: [String]]

  /// The tables of the library of `summaries`.
  public init(of summaries: [NoteSummary]) { self = LibrarySnapshot.tables(of: summaries) }

  package init(tagTable: [String: TagStat], tagTotals: [String: Int], bookIndex: [String: [String]]) {
    self.tagTable = tagTable
    self.tagTotals = tagTotals
    self.bookIndex = bookIndex
  }
}
