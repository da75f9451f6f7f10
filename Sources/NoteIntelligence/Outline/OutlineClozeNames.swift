import NoteSyntax
import NoteText

/// The names of a region's clozes. A name is a window of the region's rendered sentence
/// around its cloze (``OutlineText/appendSentenceWindow(in:around:placeholder:to:)``), so only the
/// text around the cloze is rendered: from a little before it to a little after it, and
/// further out only while the rendering is shorter there than the window reads. A cloze's
/// name costs what its window holds, however long its paragraph or quote.
struct OutlineClozeNames {
  let region: InlineRegion
  /// The note's text (a document's other parts are not needed, nor copied with the namer).
  let text: TextStorage
  /// The region's clozes, in order.
  private(set) var clozes: [SyntaxNode] = []
  /// Whether each cloze shows its answer in the rendering. A cloze inside a link's
  /// text or another node rendered as written shows none; then each name is the window
  /// around the answer shown in its place in order, as in the whole rendering.
  private var everyClozeShown = true

  init(region: InlineRegion, doc: NoteDocument, wholeRegionBytes: Int = 1_024) {
    self.region = region
    self.text = doc.text
    self.wholeRegionBytes = wholeRegionBytes
    // A node rendered without its children hides the clozes inside it.
    var hiddenUntil = Int.min
    var clozes: [SyntaxNode] = []
    var everyClozeShown = true
    for node in region.nodes {
      node.forEachDescendant { descendant in
        let kind = descendant.kind
        if kind == .cloze {
          if descendant.startOffset < hiddenUntil { everyClozeShown = false }
          clozes.append(descendant)
        } else if Self.rendersAsWritten(kind) && descendant.hasChildren {
          hiddenUntil = max(hiddenUntil, descendant.endOffset)
        }
      }
    }
    self.clozes = clozes
    self.everyClozeShown = everyClozeShown
  }

  /// Kinds that ``InlineText`` renders without rendering their children.
  private static func rendersAsWritten(_ kind: NodeKind) -> Bool {
    switch kind {
    case .text, .emoji, .hashtag, .questionMarker, .answerMarker, .malformedCloze, .lineBreak, .codeLines,
      .delimiter, .citation, .quoteMarker, .comment, .cloze, .link, .image, .wikiLink, .linkLabel:
      return true
    default:
      return false
    }
  }

  /// The longest region (in the note's bytes) rendered whole rather than a window a
  /// cloze: a window of each cloze costs more than a short paragraph rendered once.
  let wholeRegionBytes: Int

  /// Appends the name of each cloze to `names`, in order, and gives where each is.
  func appendNames(with renderer: inout InlineText, to names: inout [UInt8]) -> [Range<Int>] {
    guard !clozes.isEmpty else { return [] }
    renderer.limit = .max
    renderer.window = nil
    let regionLength = region.nodes[region.nodes.count - 1].endOffset - region.nodes[0].startOffset
    var found: [Range<Int>] = []
    found.reserveCapacity(clozes.count)
    // A short region (most paragraphs) is rendered once for all its clozes.
    guard everyClozeShown && regionLength > wholeRegionBytes else {
      renderer.renderBytes(region.nodes)
      let outputs = renderer.clozeOutputs
      for (index, cloze) in clozes.enumerated() {
        let start = names.count
        let placeholder = Self.placeholder(of: cloze, text)
        if index < outputs.count {
          OutlineText.appendSentenceWindow(
            in: renderer.bytes, around: outputs[index], placeholder: placeholder, to: &names)
        } else {
          names += placeholder
        }
        found.append(start..<names.count)
      }
      return found
    }
    for cloze in clozes {
      let start = names.count
      appendName(of: cloze, &renderer, to: &names)
      found.append(start..<names.count)
    }
    renderer.window = nil
    return found
  }

  /// `[hint]` (its hint bounded to 24 bytes), or `[...]` without one, as UTF-8.
  static func placeholder(of cloze: SyntaxNode, _ text: TextStorage) -> [UInt8] {
    var placeholder: [UInt8] = []
    // The brackets and at most 24 bytes and ` …`: one allocation.
    placeholder.reserveCapacity(32)
    placeholder.append(UInt8(ascii: "["))
    if let hint = cloze.child(.clozeHint), !hint.range.isEmpty {
      let start = placeholder.count
      OutlineText.appendBounded(hint.range, of: text, maxBytes: 24, to: &placeholder)
      if placeholder.count == start { placeholder += [0x2E, 0x2E, 0x2E] }
    } else {
      placeholder += [0x2E, 0x2E, 0x2E]
    }
    placeholder.append(UInt8(ascii: "]"))
    return placeholder
  }

  /// The name of `cloze` from a rendering of the text around it. The rendering of a
  /// window is a run of the whole rendering (but for a space at its start), so the
  /// sentence window reads the same bytes once the rendering holds more than
  /// ``OutlineText/windowBytes`` on each side of the answer, or reaches the region's end
  /// on that side.
  private func appendName(of cloze: SyntaxNode, _ renderer: inout InlineText, to names: inout [UInt8]) {
    let placeholder = Self.placeholder(of: cloze, text)
    let regionStart = region.nodes[0].startOffset
    let regionEnd = region.nodes[region.nodes.count - 1].endOffset
    let window = OutlineText.windowBytes
    var before = 2 * window + 16
    var after = 2 * window + 16
    while true {
      let from = max(regionStart, cloze.startOffset - before)
      let until = min(regionEnd, cloze.endOffset + after)
      renderer.window = from..<until
      renderer.renderBytes(nodes(overlapping: from..<until))
      guard let found = renderer.clozeStarts.firstIndex(of: cloze.startOffset) else {
        return names += placeholder
      }
      let shown = renderer.clozeOutputs[found]
      let enoughBefore = from == regionStart || shown.lowerBound > window
      let enoughAfter = until == regionEnd || renderer.bytes.count - shown.upperBound > window
      if enoughBefore && enoughAfter {
        return OutlineText.appendSentenceWindow(
          in: renderer.bytes, around: shown, placeholder: placeholder, to: &names)
      }
      if !enoughBefore { before *= 2 }
      if !enoughAfter { after *= 2 }
    }
  }

  /// The region's nodes that reach into `range`, found by halving (a quote's lines).
  private func nodes(overlapping range: Range<Int>) -> [SyntaxNode] {
    let nodes = region.nodes
    guard nodes.count > 1 else { return nodes }
    var low = 0
    var high = nodes.count
    while low < high {
      let middle = (low + high) / 2
      if nodes[middle].endOffset <= range.lowerBound { low = middle + 1 } else { high = middle }
    }
    var end = low
    while end < nodes.count && nodes[end].startOffset < range.upperBound { end += 1 }
    return Array(nodes[low..<end])
  }
}
