public import NoteSyntax

/// What hovering over a prompt shows, as Markdown.
public enum HoverContent {
  /// The hover at byte `offset`: on a cloze, its card (front with this cloze hidden,
  /// back with its answer, and how many other clozes share the paragraph); on a
  /// `Q:`/`A:` pair, the pair; on a quote, its text with the citation split out (a
  /// `quote` or `cite` callout's title is its citation; other callouts show nothing).
  /// Returns the Markdown and the range it describes; `nil` elsewhere (hashtags included).
  public static func markdown(at offset: Int, in doc: NoteDocument) -> (markdown: String, range: Range<Int>)? {
    guard let index = doc.tree.blockIndex(containing: offset) else { return nil }
    let block = doc.tree.block(at: index)
    guard block.range.contains(offset) || offset == block.endOffset else { return nil }
    var path: [SyntaxNode] = [block]
    while let next = path[path.count - 1].children.first(where: { $0.range.contains(offset) }) { path.append(next) }
    if path.contains(where: { $0.kind == .hashtag }) { return nil }
    if let cloze = path.last(where: { $0.kind == .cloze }),
      let region = InlineRegion.regions(of: block).first(where: { $0.contains(cloze.startOffset) })
    {
      return (clozeCard(cloze, region, doc), cloze.range)
    }
    // A pair, at the top level or inside a quote or an item.
    if let pair = path.last(where: { $0.kind == .questionAnswer }) {
      let question = markup(pair.pairParts(.question), doc)
      let answer = markup(pair.pairParts(.answer), doc)
      return ("**Q:** \(question)\n\n**A:** \(answer)", pair.trimmedRange(in: doc))
    }
    switch block.kind {
    case .blockquote:
      var lines = block.quoteText
      var citation = block.quoteCitation.map { doc.citationText($0) }
      if let callout = block.callout(in: doc) {
        // A callout is a quote only when its type is `quote` or `cite`, its title the citation.
        guard callout.isQuote else { return nil }
        if let title = callout.title {
          lines.removeFirst()
          citation = markup([title], doc)
        }
      }
      var text = "> " + markup(lines, doc)
      if let citation { text += "\n\n— " + citation }
      return (text, block.trimmedRange(in: doc))
    default:
      return nil
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
