public import NoteSyntax

/// The first lines of a note, or of one of its sections, for a link's hover.
public enum LinkPreview {
  /// The lines shown at most.
  static let maxLines = 8

  /// The first lines of the section under `heading` (named as a link names it: a wiki
  /// link's `byText`), or of the note after its front matter and title heading; `nil`
  /// when there is nothing.
  public static func lines(of doc: NoteDocument, heading: String?, byText: Bool = false) -> String? {
    let headings = NoteSummary.headings(of: doc)
    var start = 0
    var end = doc.utf8Count
    if let heading, !heading.isEmpty, !HeadingAnchor.isBlockReference(heading),
      let index = HeadingAnchor.index(of: heading, among: headings, byText: byText)
    {
      let found = headings[index]
      start = found.span.bytes.lowerBound
      if let next = headings[(index + 1)...].first(where: { $0.level <= found.level }) {
        end = next.span.bytes.lowerBound
      }
    } else if doc.tree.blockCount > 0, doc.tree.blockKind(at: 0) == .frontMatter {
      start = doc.tree.block(at: 0).range.upperBound
    }
    guard start < end else { return nil }
    var lines: [String] = []
    var line = doc.lines.lineContaining(start)
    while line < doc.lines.lineCount && lines.count < maxLines {
      let content = doc.lines.contentRange(ofLine: line)
      if content.lowerBound >= end { break }
      let text = doc.text.string(in: content)
      if !(lines.isEmpty && text.allSatisfy { $0 == " " || $0 == "\t" }) { lines.append(text) }
      line += 1
    }
    while let last = lines.last, last.allSatisfy({ $0 == " " || $0 == "\t" }) { lines.removeLast() }
    return lines.isEmpty ? nil : lines.joined(separator: "\n")
  }
}
