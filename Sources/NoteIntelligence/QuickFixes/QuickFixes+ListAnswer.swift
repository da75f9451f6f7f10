import NoteSyntax

extension QuickFixes {
  /// For a question that opens a list item: inserts an item `A: ` after the item, at its
  /// level (its indentation and bullet, or the next number of an ordered list), with the
  /// item's last line's own line break (a line feed on the last line of the note).
  /// `nil` when the finding is not on a list item's `Q:` marker.
  static func listAnswerFix(for finding: SyntaxFinding, in doc: NoteDocument) -> QuickFix? {
    guard let item = listItem(openingAt: finding.range.lowerBound, in: doc), let marker = listMarker(of: item)
    else { return nil }
    let lines = doc.lines
    let markerLine = lines.lineContaining(marker.range.lowerBound)
    let indentation = doc.text.string(in: lines.startOfLine(markerLine)..<marker.range.lowerBound)
    let bullet = nextMarker(after: doc.text.string(in: marker.range))
    let line = lines.lineContaining(max(item.range.lowerBound, item.trimmedRange(in: doc).upperBound - 1))
    let end = lines.contentRange(ofLine: line).upperBound
    let lineBreak = line + 1 < lines.lineCount ? doc.text.string(in: end..<lines.startOfLine(line + 1)) : ""
    let newText = (lineBreak.isEmpty ? "\n" : lineBreak) + indentation + bullet + " A: "
    return QuickFix(
      title: "Add an '\(bullet) A: ' item", code: finding.code.rawValue, diagnosticRange: finding.range,
      edits: [TextReplacement(range: end..<end, newText: newText)], cursor: end + newText.utf8.count)
  }

  /// The marker of the `A:` item that ``listAnswerFix(for:in:)`` adds for `finding` (`-`,
  /// or the next number), or `nil` when the finding is not on a list item's `Q:` marker.
  static func listAnswerBullet(for finding: SyntaxFinding, in doc: NoteDocument) -> String? {
    guard let marker = listItem(openingAt: finding.range.lowerBound, in: doc).flatMap(listMarker(of:)) else {
      return nil
    }
    return nextMarker(after: doc.text.string(in: marker.range))
  }

  /// The list item whose text starts at `offset`, in a top-level list or a quote, or one
  /// nested in it (the markers before it, `> ` in a quote, are the new item's too).
  private static func listItem(openingAt offset: Int, in doc: NoteDocument) -> SyntaxNode? {
    guard let index = doc.tree.blockIndex(containing: offset) else { return nil }
    var node = doc.tree.block(at: index)
    guard [.unorderedList, .orderedList, .blockquote].contains(node.kind) else { return nil }
    while let child = node.children.first(where: { $0.range.contains(offset) }) {
      if child.kind == .listItem, ListPairing.openingText(of: child)?.range.lowerBound == offset { return child }
      node = child
    }
    return nil
  }

  /// `item`'s marker: its child, or in a quote its first line's.
  private static func listMarker(of item: SyntaxNode) -> SyntaxNode? {
    item.child(.listMarker) ?? item.child(.quoteLine)?.child(.listMarker)
  }

  /// The marker of the item after one marked `marker`: the same bullet, or the next
  /// number with the same delimiter.
  private static func nextMarker(after marker: String) -> String {
    guard let delimiter = marker.last, delimiter == "." || delimiter == ")", let number = Int(marker.dropLast())
    else { return marker }
    return "\(number + 1)\(delimiter)"
  }
}
