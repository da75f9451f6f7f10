import NoteSyntax

/// Tokens of the links that use a link reference definition (`[text][label]`,
/// `[label][]`, `[label]` and their images): coloured as an inline link is (the text a
/// `link`, the label of the full form a `url`, the brackets `marker`s) when the note
/// defines the label, and as the text they are otherwise.
///
/// A reference link's brackets belong to no node (the parse of a block cannot know the
/// note's labels), so the walk gives the node's text its style and notes the brackets
/// and the label here; they are merged into the block's tokens after the walk.
extension TokenCollector {
  /// The style of reference link `index` when the note defines its label (noting its
  /// brackets and label in ``referenceMarks``); `nil` for any other node.
  mutating func referenceLinkStyle(of index: Int, in tree: FlatSubtree, _ doc: NoteDocument) -> Style? {
    let kind = tree.kind(index)
    guard kind == .referenceLink || kind == .referenceImage, !doc.linkReferences.isEmpty else { return nil }
    let end = tree.subtreeEnd(index)
    guard end > index + 1 else { return nil }
    let base = tree.blockStart
    let start = base + tree.relativeStart(index)
    let range = start..<(start + tree.length(index))
    let labelRange: Range<Int>? =
      tree.kind(end - 1) == .linkLabel
      ? (base + tree.relativeStart(end - 1))..<(base + tree.relativeStart(end - 1) + tree.length(end - 1)) : nil
    let isImage = kind == .referenceImage
    let parts = ReferenceLinkParts(range: range, labelRange: labelRange, isImage: isImage, in: doc.text)
    guard doc.linkReferences.definition(forLabel: doc.text.string(in: parts.label)) != nil else { return nil }
    func mark(_ from: Int, _ to: Int, _ type: SemanticTokenType) {
      guard to > from else { return }
      referenceMarks.append(
        PackedToken(start: UInt32(from - base), length: UInt32(to - from), type: type, modifiers: .empty))
    }
    mark(range.lowerBound, parts.text.lowerBound, .marker)
    if let labelRange {
      mark(parts.text.upperBound, labelRange.lowerBound, .marker)
      mark(labelRange.lowerBound, labelRange.upperBound, .url)
      mark(labelRange.upperBound, range.upperBound, .marker)
    } else {
      mark(parts.text.upperBound, range.upperBound, .marker)
    }
    return (.link, .empty)
  }

  /// Merges ``referenceMarks`` into the block's tokens, in order, each split at the
  /// findings' edges and joined with a neighbour alike, as the walk's own tokens are.
  mutating func addReferenceMarks() {
    let walked = takeTokens()
    let marks = referenceMarks
    var next = 0
    func addMarks(before limit: UInt32, _ collector: inout TokenCollector) {
      while next < marks.count && marks[next].start < limit {
        let mark = marks[next]
        collector.add(Int(mark.start), Int(mark.length), (mark.type, mark.modifiers))
        next += 1
      }
    }
    for token in walked {
      addMarks(before: token.start, &self)
      append(Int(token.start), Int(token.length), token.type, token.modifiers)
    }
    addMarks(before: .max, &self)
  }
}
