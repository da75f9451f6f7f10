import NoteSyntax

/// The runs of inline text of a block that prompts are built from: a paragraph, a list
/// item, a heading's or summary's text, a question, an answer, or a whole quote (all
/// its lines, citation left out; a callout's title apart from its body; its pairs apart).
struct InlineRegion {
  /// The nodes whose inline children make up the region, rendered joined by spaces.
  let nodes: [SyntaxNode]

  /// Every well-formed cloze in the region, in order.
  var clozes: [SyntaxNode] {
    var result: [SyntaxNode] = []
    for node in nodes { node.forEachDescendant { if $0.kind == .cloze { result.append($0) } } }
    return result
  }

  /// Whether the region holds byte `offset`.
  func contains(_ offset: Int) -> Bool { nodes.contains { $0.range.contains(offset) } }

  /// The regions of a top-level block.
  static func regions(of block: SyntaxNode) -> [InlineRegion] {
    switch block.kind {
    case .paragraph:
      return [InlineRegion(nodes: [block])]
    case .heading, .summary:
      return block.child(.inlineContent).map { [InlineRegion(nodes: [$0])] } ?? []
    case .unorderedList, .orderedList, .footnoteDefinition:
      // Each item's (or footnote's) text, heading and paragraphs, those of a quote or a
      // `Q:`/`A:` pair in it, and those of a list or footnote nested in it, in document order.
      var regions: [InlineRegion] = []
      func add(_ container: SyntaxNode) {
        for child in container.children {
          switch child.kind {
          case .inlineContent, .paragraph: regions.append(InlineRegion(nodes: [child]))
          case .heading: if let text = child.child(.inlineContent) { regions.append(InlineRegion(nodes: [text])) }
          case .blockquote, .questionAnswer: regions += InlineRegion.regions(of: child)
          case .unorderedList, .orderedList, .listItem, .footnoteDefinition: add(child)
          default: break
          }
        }
      }
      add(block)
      return regions
    case .blockquote:
      var lines = block.quoteText
      var title: [InlineRegion] = []
      // A callout's title (`> [!note] Title`) is a region of its own, apart from its body.
      if let first = block.child(.quoteLine), first.child(.calloutMarker) != nil, let text = first.child(.inlineContent)
      {
        title = [InlineRegion(nodes: [text])]
        lines.removeFirst()
      }
      // Then the question and answer of each `Q:`/`A:` pair in it.
      let pairs = Prompts.nestedPrompts(in: block).flatMap { regions(of: $0) }
      return title + (lines.isEmpty ? [] : [InlineRegion(nodes: lines)]) + pairs
    case .questionAnswer:
      return [block.pairParts(.question), block.pairParts(.answer)].filter { !$0.isEmpty }.map {
        InlineRegion(nodes: $0)
      }
    default:
      return []
    }
  }
}

extension SyntaxNode {
  /// A blockquote's text, line by line: the inline content of its lines, those of the
  /// quotes, lists and items inside it too (not a heading's, nor a footnote's: it is no quotation).
  var quoteText: [SyntaxNode] {
    var lines: [SyntaxNode] = []
    func collect(_ container: SyntaxNode) {
      for node in container.children {
        switch node.kind {
        case .quoteLine: if let text = node.child(.inlineContent) { lines.append(text) }
        case .blockquote, .unorderedList, .orderedList, .listItem: collect(node)
        default: break
        }
      }
    }
    collect(self)
    return lines
  }

  /// A `Q:`/`A:` pair's `question` or `answer` nodes: its child, or in a quote the one of
  /// each of its lines.
  func pairParts(_ kind: NodeKind) -> [SyntaxNode] {
    if let part = child(kind) { return [part] }
    return children.compactMap { $0.kind == .quoteLine ? $0.child(kind) : nil }
  }

  /// The citation ending a blockquote, if any.
  var quoteCitation: SyntaxNode? {
    var found: SyntaxNode?
    for line in children { if let c = line.child(.citation) { found = c } }
    return found
  }

  /// The callout a blockquote opens with (`> [!type] Title`), if it does: whether its
  /// type is `quote` or `cite` (case aside), and its title's text.
  func callout(in doc: NoteDocument) -> (isQuote: Bool, title: SyntaxNode?)? {
    guard let first = children.first(where: { $0.kind == .quoteLine }), let marker = first.child(.calloutMarker)
    else { return nil }
    // The marker is `[!type]`, then perhaps a fold marker.
    var type = doc.text.string(in: marker.range).lowercased().dropFirst(2)
    if type.last == "+" || type.last == "-" { type = type.dropLast() }
    type = type.dropLast()
    return (type == "quote" || type == "cite", first.child(.inlineContent))
  }

  /// The range without the trailing line break(s) and blank space, using `doc`'s bytes.
  func trimmedRange(in doc: NoteDocument) -> Range<Int> { doc.trimmed(range) }
}

extension NoteDocument {
  /// `range` without the line breaks, spaces and tabs at its end.
  func trimmed(_ range: Range<Int>) -> Range<Int> {
    var end = range.upperBound
    while end > range.lowerBound {
      let b = text[end - 1]
      guard b == 0x0A || b == 0x0D || b == 0x20 || b == 0x09 else { break }
      end -= 1
    }
    return range.lowerBound..<end
  }
}
