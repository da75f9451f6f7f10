import NoteSyntax

/// A blockquote's outline entry, read without collecting its lines: its name renders
/// only the first lines it shows, and its citation and callout are found in its flat
/// subtree. What it shows is what ``InlineRegion/regions(of:)``, ``SyntaxNode/quoteText``,
/// ``SyntaxNode/quoteCitation`` and ``SyntaxNode/callout(in:)`` give.
enum OutlineQuote {
  /// What the entry of `block` (in note offsets; `range` its trimmed range) shows: its
  /// name and detail appended to `names`, and its selection; `nil` for a callout of
  /// another type than `quote` or `cite`, and for a quote that shows no line of text.
  static func appendEntry(
    of block: SyntaxNode, _ doc: NoteDocument, range: Range<Int>, renderer: inout InlineText,
    to names: inout [UInt8]
  ) -> (name: Range<Int>, detail: Range<Int>?, selection: Range<Int>)? {
    let (citation, opensCallout) = block.withFlatSubtree(citationAndCallout)
    var detail: Range<Int>?
    if let citation {
      let start = names.count
      appendCitation(citation, doc, renderer: renderer, to: &names)
      detail = start..<names.count
    }
    // A callout's title is a region of its own: its detail, and no line of its name.
    var skipsTitle = false
    var isCallout = false
    if opensCallout, let callout = block.callout(in: doc) {
      guard callout.isQuote else { return nil }
      isCallout = true
      if let title = callout.title {
        skipsTitle = true
        let start = names.count
        OutlineText.appendFirstWords(of: title, with: &renderer, to: &names)
        detail = start..<names.count
      }
    }
    renderer.window = nil
    renderer.limit = OutlineText.maxBytes + 1
    let firstLine = renderer.readingChunk(holding: block.range) { renderer -> SyntaxNode? in
      renderer.beginRendering()
      var firstLine: SyntaxNode?
      forEachLine(of: block) { line in
        if skipsTitle {
          skipsTitle = false
          return true
        }
        let isFirst = firstLine == nil
        if isFirst { firstLine = line }
        return renderer.continueRendering(with: line, first: isFirst)
      }
      renderer.endRendering()
      return firstLine
    }
    // A quote of no words (only code, a citation or definitions) is no card, and no entry.
    guard firstLine != nil || isCallout else { return nil }
    let nameStart = names.count
    if firstLine != nil {
      OutlineText.appendFirstWords(rendered: renderer, maxWords: 8, maxBytes: OutlineText.maxBytes, to: &names)
    }
    return (nameStart..<names.count, detail, firstLine?.range ?? range)
  }

  /// ``NoteDocument/citationText(in:)`` of the citation at `range`, bounded as
  /// ``OutlineText/bounded(_:maxBytes:)`` bounds it, appended to `names`: read from the
  /// renderer's chunk, without a string, when its bytes decide it.
  private static func appendCitation(
    _ range: Range<Int>, _ doc: NoteDocument, renderer: InlineText, to names: inout [UInt8]
  ) {
    if let piece = renderer.chunkPiece(range), let text = NoteDocument.citationTextRange(piece) {
      return OutlineText.appendBounded(UnsafeBufferPointer(rebasing: piece[text]), to: &names)
    }
    names += OutlineText.bounded(doc.citationText(in: range)).utf8
  }

  /// The range of the citation ending the quote (the last of its direct children's
  /// first `citation` children), and whether its first line opens a callout.
  private static func citationAndCallout(_ flat: FlatSubtree) -> (Range<Int>?, Bool) {
    var citation: Int?
    var opensCallout = false
    var seenLine = false
    var child = flat.root + 1
    while child < flat.end {
      let isFirstLine = !seenLine && flat.kind(child) == .quoteLine
      if isFirstLine { seenLine = true }
      var part = child + 1
      let childEnd = flat.subtreeEnd(child)
      var citedHere = false
      while part < childEnd {
        let kind = flat.kind(part)
        if kind == .citation && !citedHere {
          citation = part
          citedHere = true
        }
        if kind == .calloutMarker && isFirstLine { opensCallout = true }
        part = flat.subtreeEnd(part)
      }
      child = childEnd
    }
    return (
      citation.map {
        let start = flat.blockStart + flat.relativeStart($0)
        return start..<(start + flat.length($0))
      }, opensCallout
    )
  }

  /// Calls `body` with each line of ``SyntaxNode/quoteText`` in order, while it returns `true`.
  @discardableResult
  static func forEachLine(of container: SyntaxNode, _ body: (SyntaxNode) -> Bool) -> Bool {
    for node in container.children {
      switch node.kind {
      case .quoteLine:
        if let text = node.child(.inlineContent), !body(text) { return false }
      case .blockquote, .unorderedList, .orderedList, .listItem:
        if !forEachLine(of: node, body) { return false }
      default:
        break
      }
    }
    return true
  }
}
