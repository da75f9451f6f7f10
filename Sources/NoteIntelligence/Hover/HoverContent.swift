public import NoteSyntax

/// What hovering over a prompt shows, as Markdown.
public enum HoverContent {
  /// The hover at byte `offset`: the card that ``Prompts`` makes there, the innermost
  /// card around the offset, a cloze's first. On a cloze, its card (front with this
  /// cloze hidden, back with its answer, and how many other clozes share the paragraph);
  /// on a `Q:`/`A:` pair (a pair node or a pair of list items), the pair; on a quote
  /// (a `> ` quote, in an item too, a `quote` or `cite` callout, a paragraph that is one
  /// `==highlight==`), its text with the citation split out (a callout's title is its
  /// citation). Returns the Markdown and the card's range; `nil` where no card is
  /// (hashtags included). Only the hovered block's prompts are made, with the lists
  /// right before and after it when a pair may span them.
  public static func markdown(at offset: Int, in doc: NoteDocument) -> (markdown: String, range: Range<Int>)? {
    guard let index = doc.tree.blockIndex(containing: offset) else { return nil }
    let block = doc.tree.block(at: index)
    guard block.range.contains(offset) || offset == block.endOffset else { return nil }
    var path: [SyntaxNode] = [block]
    while let next = path[path.count - 1].children.first(where: { $0.range.contains(offset) }) { path.append(next) }
    if path.contains(where: { $0.kind == .hashtag }) { return nil }
    var cards = HoverCards(offset: offset)
    Prompts.walk(doc, blocks: pairRun(around: index, doc), book: nil, into: &cards)
    if let (cloze, region) = cards.cloze {
      return (clozeCard(cloze, region, doc), cloze.range)
    }
    guard let card = cards.card else { return nil }
    switch card.kind {
    case .qa:
      return ("**Q:** \(text(card.front, doc))\n\n**A:** \(text(card.back, doc))", card.range)
    case .quote, .cloze:
      var quoted = "> " + text(card.front, doc)
      // A callout's title keeps its markup.
      let quote = path.last { $0.kind == .blockquote && $0.trimmedRange(in: doc) == card.range }
      let citation = quote?.callout(in: doc)?.title.map { markup([$0], doc) } ?? text(card.back, doc)
      if !citation.isEmpty { quoted += "\n\n— " + citation }
      return (quoted, card.range)
    }
  }

  /// The top-level blocks whose prompts may hold `index`'s: a list with the list right
  /// before it and the one right after it, whose items a pair may join (`- Q: …` then
  /// `* A: …`); any other block alone.
  static func pairRun(around index: Int, _ doc: NoteDocument) -> ClosedRange<Int> {
    let tree = doc.tree
    func isList(_ index: Int) -> Bool {
      let kind = tree.blockKind(at: index)
      return kind == .unorderedList || kind == .orderedList
    }
    guard isList(index) else { return index...index }
    let block = tree.block(at: index)
    var run = index...index
    if index > 0, isList(index - 1), tree.block(at: index - 1).range.upperBound == block.startOffset {
      run = (index - 1)...index
    }
    if index + 1 < tree.blockCount, isList(index + 1), block.range.upperBound == tree.block(at: index + 1).startOffset {
      run = run.lowerBound...(index + 1)
    }
    return run
  }

  /// A prompt's text as the hover shows it: markup kept.
  private static func text(_ text: PromptText, _ doc: NoteDocument) -> String {
    switch text {
    case .plain(let nodes):
      // A highlight that is its paragraph's quote shows its words.
      if nodes.count == 1, nodes[0].kind == .highlight {
        return markup(nodes[0].children.filter { $0.kind != .delimiter }, doc)
      }
      return markup(nodes, doc)
    case .citation(let node): return doc.citationText(node)
    case .string(let string): return string
    }
  }

  private static func markup(_ nodes: [SyntaxNode], _ doc: NoteDocument) -> String {
    var renderer = InlineText(doc: doc, keepsMarkup: true)
    return InlineText.trimmed(renderer.render(nodes))
  }

  private static func clozeCard(_ cloze: SyntaxNode, _ region: InlineRegion, _ doc: NoteDocument) -> String {
    var renderer = InlineText(doc: doc, keepsMarkup: true, hiddenCloze: cloze.range)
    renderer.placeholder = { hint, answer in
      hint.isEmpty ? String(repeating: "\\_", count: max(answer.count, 1)) : "[\(hint)]"
    }
    let front = InlineText.trimmed(renderer.render(region.nodes))
    let answer = cloze.child(.clozeAnswer).map { doc.text.string(in: $0.range) } ?? ""
    var text = "**Front:** \(front)\n\n**Back:** \(answer)"
    let others = region.clozes.count - 1
    if others > 0 { text += "\n\n*\(others) other cloze\(others == 1 ? "" : "s") in this paragraph*" }
    return text
  }
}

/// The cards of a walk around one offset: the innermost cloze and the innermost other
/// card there. A card holds the offset inside its range, or at its end when no card
/// holds it inside (the cursor after a card's last character).
struct HoverCards: PromptSink {
  let offset: Int
  private(set) var card: (kind: PromptKind, range: Range<Int>, front: PromptText, back: PromptText)?
  private(set) var cloze: (node: SyntaxNode, region: InlineRegion)?

  init(offset: Int) { self.offset = offset }

  /// Whether `range` holds the offset better than `current`: inside rather than at the
  /// end, then the shorter.
  private func isCloser(_ range: Range<Int>, than current: Range<Int>?) -> Bool {
    let inside = range.contains(offset)
    guard inside || range.upperBound == offset else { return false }
    guard let current else { return true }
    let currentInside = current.contains(offset)
    if inside != currentInside { return inside }
    return range.count < current.count
  }

  mutating func add(_ kind: PromptKind, _ range: Range<Int>, front: PromptText, back: PromptText) {
    if isCloser(range, than: card?.range) { card = (kind, range, front, back) }
  }

  mutating func addCloze(_ cloze: SyntaxNode, in region: InlineRegion) {
    // A cloze holds the offset inside its range only, as before a cloze's end the
    // card of what holds it is meant.
    guard cloze.range.contains(offset), isCloser(cloze.range, than: self.cloze?.node.range) else { return }
    self.cloze = (cloze, region)
  }
}
