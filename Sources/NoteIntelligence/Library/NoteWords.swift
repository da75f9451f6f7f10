/// A note's words, read after the rest of its summary.
///
/// Counting every word of every note is most of the cost of indexing a library, and
/// only full-text search needs the words. A first indexing therefore summarises notes
/// without them (titles, headings, tags, links and books are ready sooner) and reads
/// the words in a second pass, from the files or the index cache, applied with
/// ``LibraryChange/words(path:terms:byteCount:)``.
public enum NoteWords {
  /// What a summary made without its words keeps to read them later.
  public struct Pending: Sendable, Hashable {
    /// Whether the summary's ``NoteSummary/codeRanges`` are the note's: not for a
    /// summary whose cache record did not read back, which only a new summary mends.
    public var knowsCode: Bool

    public init(knowsCode: Bool) { self.knowsCode = knowsCode }
  }

  /// The words of the note whose summary is `summary`, from `bytes`, the note's text
  /// as read again; `nil` when the text is not the one summarised (its length
  /// changed: the note will be summarised again, words and all) or where its code
  /// blocks are is not known.
  public static func terms(of summary: NoteSummary, bytes: [UInt8]) -> TermTable? {
    guard bytes.count == summary.byteCount, summary.wordsPending?.knowsCode == true else { return nil }
    let code = summary.codeRanges
    guard code.allSatisfy({ $0.upperBound <= bytes.count }) else { return nil }
    return bytes.withUnsafeBufferPointer { TermTable(text: $0, skipping: code) }
  }
}
