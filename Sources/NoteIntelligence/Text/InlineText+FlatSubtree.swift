import NoteSyntax

extension InlineText {
  /// Appends the children of `node` (rendered as a container: each child in turn) as
  /// ``add(_:)`` appends them, read from its flat subtree without a node per child;
  /// whether it did. A reference link (whose text depends on the note's definitions)
  /// or the hidden cloze sends the rendering back to where it began and the nodes are
  /// then added one by one; so does a rendering that is hashed.
  mutating func appendFlatSubtree(of node: SyntaxNode) -> Bool {
    guard hashing == nil else { return false }
    return node.withFlatSubtree { flat in
      let start = mark
      var index = flat.root + 1
      while index < flat.end && !truncated {
        let kind = flat.kind(index)
        let nodeStart = flat.blockStart + flat.relativeStart(index)
        let range = nodeStart..<(nodeStart + flat.length(index))
        let next = flat.subtreeEnd(index)
        if let window, range.upperBound <= window.lowerBound || range.lowerBound >= window.upperBound {
          index = next
          continue
        }
        switch kind {
        case .text, .emoji, .hashtag, .malformedCloze, .codeLines:
          append(range: range)
        case .questionMarker, .answerMarker:
          append(range: shownMarker(range))
        case .lineBreak:
          appendSpace()
        case .delimiter:
          if keepsMarkup { append(range: range) }
        case .citation, .quoteMarker, .comment:
          break
        case .cloze:
          if range == hiddenCloze {
            rewind(to: start)
            return false
          }
          if let answer = Self.child(.clozeAnswer, of: index, flat) { appendCloze(range, answer: answer) }
        case .link, .image:
          if keepsMarkup {
            append(range: range)
          } else if let shown = Self.child(.linkText, of: index, flat) ?? Self.child(.linkTarget, of: index, flat) {
            append(range: shown)
          }
        case .wikiLink:
          if keepsMarkup {
            append(range: range)
          } else if let shown = Self.child(.wikiAlias, of: index, flat) ?? Self.child(.wikiTarget, of: index, flat)
            ?? Self.child(.wikiHeading, of: index, flat)
          {
            append(range: shown)
          }
        case .referenceLink, .referenceImage:
          rewind(to: start)
          return false
        default:
          // A container: its children next.
          index += 1
          continue
        }
        index = next
      }
      return true
    }
  }

  /// The range of the first direct child of node `index` of `kind`.
  private static func child(_ kind: NodeKind, of index: Int, _ flat: FlatSubtree) -> Range<Int>? {
    var child = index + 1
    let end = flat.subtreeEnd(index)
    while child < end {
      if flat.kind(child) == kind {
        let start = flat.blockStart + flat.relativeStart(child)
        return start..<(start + flat.length(child))
      }
      child = flat.subtreeEnd(child)
    }
    return nil
  }
}
