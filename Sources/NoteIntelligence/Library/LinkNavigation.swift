public import NoteSyntax

/// What a note's position says about links: the link, footnote reference, heading or
/// title under it.
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

  /// The footnote reference `[^label]` holding `offset`: its label and range.
  public static func footnoteReference(at offset: Int, in doc: NoteDocument) -> (label: String, range: Range<Int>)? {
    guard doc.utf8Count > 0 else { return nil }
    let line = doc.lines.lineContaining(min(offset, doc.utf8Count - 1))
    let content = doc.lines.contentRange(ofLine: line)
    let bytes = doc.text.bytes(in: content)
    var index = 0
    while index + 3 < bytes.count {
      defer { index += 1 }
      guard bytes[index] == UInt8(ascii: "["), bytes[index + 1] == UInt8(ascii: "^"),
        let close = bytes[(index + 2)...].firstIndex(of: UInt8(ascii: "]")), close > index + 2
      else { continue }
      let range = (content.lowerBound + index)..<(content.lowerBound + close + 1)
      // A definition (`[^1]:` at the line's start) is no reference.
      let isDefinition = index == 0 && close + 1 < bytes.count && bytes[close + 1] == UInt8(ascii: ":")
      if !isDefinition && range.lowerBound <= offset && offset <= range.upperBound {
        return (String(decoding: bytes[(index + 2)..<close], as: UTF8.self), range)
      }
    }
    return nil
  }

  /// The definition `[^label]:` of a footnote, at a line's start (after up to three
  /// spaces): its whole line.
  public static func footnoteDefinition(_ label: String, in doc: NoteDocument) -> Range<Int>? {
    let marker = Array("[^\(label)]:".utf8)
    for line in 0..<doc.lines.lineCount {
      let content = doc.lines.contentRange(ofLine: line)
      guard content.count >= marker.count else { continue }
      let head = doc.text.bytes(in: content.lowerBound..<min(content.upperBound, content.lowerBound + marker.count + 3))
      var spaces = 0
      while spaces < 3 && spaces < head.count && head[spaces] == 0x20 { spaces += 1 }
      if head.count >= spaces + marker.count && Array(head[spaces..<(spaces + marker.count)]) == marker {
        return content
      }
    }
    return nil
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
