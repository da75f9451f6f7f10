public import NoteSyntax

/// What a note's position says about links: the link, heading or title under it
/// (footnotes: ``Footnotes``).
public enum LinkNavigation {
  /// The link (Markdown link, wiki link or embed; not an image) whose brackets hold
  /// `offset`, an offset at its end included.
  public static func link(at offset: Int, in doc: NoteDocument) -> LinkUse? {
    guard doc.utf8Count > 0 else { return nil }
    let line = doc.lines.lineContaining(min(offset, doc.utf8Count - 1))
    let lineRange = doc.lines.startOfLine(line)..<doc.lines.contentRange(ofLine: line).upperBound
    // Only the blocks on the cursor's line are read.
    var found: LinkUse?
    doc.tree.forEachBlock { block in
      guard found == nil, block.range.overlaps(lineRange) || block.range.contains(lineRange.lowerBound) else { return }
      var links: [LinkUse] = []
      LinkUse.append(of: block, in: doc, keep: { _ in true }, to: &links)
      found = links.first { !$0.isImage && $0.range.lowerBound <= offset && offset <= $0.range.upperBound }
    }
    return found
  }

  /// The heading whose line holds `offset`.
  public static func heading(at offset: Int, in doc: NoteDocument) -> NoteSummary.Heading? {
    NoteSummary.headings(of: doc).first { $0.span.bytes.lowerBound <= offset && offset <= $0.span.bytes.upperBound }
  }

  /// Whether `offset` is on the note's title: line 0, or where the title is written
  /// (front matter `title`, or the first heading).
  public static func isOnTitle(_ offset: Int, in doc: NoteDocument, path: String) -> Bool {
    if doc.lines.lineContaining(min(offset, max(0, doc.utf8Count - 1))) == 0 || doc.utf8Count == 0 { return true }
    guard let span = NoteSummary.bookIdentity(path: path, doc: doc).titleSpan else { return false }
    let line = doc.lines.lineContaining(span.bytes.lowerBound)
    return doc.lines.lineContaining(min(offset, doc.utf8Count - 1)) == line
  }
}
