public import NoteSyntax

/// The review prompts of a note: every quote (a paragraph that is one `==highlight==`
/// too), every well-formed cloze and every `Q:`/`A:` pair, in document order.
public enum Prompts {
  /// The prompts of `doc`. Fronts and backs are plain text (markup dropped, line
  /// breaks as spaces). A cloze's front is its paragraph with that cloze shown as
  /// `[hint]` (`[...]` when the hint is empty) and other clozes showing their answers.
  /// Each carries the note's title (``noteTitle(of:path:)``), `path` naming its file.
  public static func prompts(for doc: NoteDocument, path: String? = nil) -> [Prompt] {
    prompts(for: doc, title: noteTitle(of: doc, path: path), clozeMarkup: true)
  }

  /// The prompts of `doc` whose ids are in `ids`, in document order, as
  /// ``prompts(for:path:)`` makes them. The ids are hashed first (``marks(for:path:)``,
  /// linear in the note), then only these prompts' texts are made: in a paragraph of
  /// many clozes each card is as long as the paragraph, and a review shows a few.
  public static func prompts(for doc: NoteDocument, path: String?, ids: Set<PromptID>) -> [Prompt] {
    let book = BookInfo(doc)
    let title = noteTitle(of: doc, path: path, book: book)
    var chosen: [Int: PromptID] = [:]
    for (position, mark) in marks(for: doc, path: path, book: book).enumerated() where ids.contains(mark.id) {
      chosen[position] = mark.id
    }
    guard !chosen.isEmpty else { return [] }
    var texts = PromptTexts(doc: doc, book: title, clozeMarkup: true, chosen: chosen)
    walk(doc, book: title, into: &texts)
    return texts.prompts
  }

  /// ``prompts(for:path:)`` of the note titled `title`, a cloze's Anki markup made only
  /// with `clozeMarkup`.
  static func prompts(for doc: NoteDocument, title book: String?, clozeMarkup: Bool) -> [Prompt] {
    var texts = PromptTexts(doc: doc, book: book, clozeMarkup: clozeMarkup)
    walk(doc, book: book, into: &texts)
    return texts.prompts
  }

  /// Hands each prompt of `doc` to `sink`, in document order, with the parts its texts
  /// are made of: the note's prompts and their marks come from this one walk.
  static func walk(_ doc: NoteDocument, book: String?, into sink: inout some PromptSink) {
    // The question a list's last item asked, which the item opening the list right
    // after it may answer (`- Q: …` then `* A: …`: another bullet, another list).
    var open: OpenListQuestion?
    doc.tree.forEachBlock { block in open = walk(block, doc, book: book, after: open, into: &sink) }
    open?.handHeld(to: &sink)
  }

  /// Hands each prompt of the top-level blocks at `indices` to `sink`, as
  /// ``walk(_:book:into:)`` does when its walk reaches them: a question the first block
  /// carries over from the block before it is not asked (a hover reads the run of lists
  /// a pair spans, ``HoverContent``).
  static func walk(
    _ doc: NoteDocument, blocks indices: ClosedRange<Int>, book: String?, into sink: inout some PromptSink
  ) {
    var open: OpenListQuestion?
    for index in indices { open = walk(doc.tree.block(at: index), doc, book: book, after: open, into: &sink) }
    open?.handHeld(to: &sink)
  }

  /// Hands the prompts of top-level `block` to `sink`, its first list item answering
  /// the question `open` (the block before's) if it can, after that question's card and
  /// the prompts of its item; returns the question its last list item leaves to the
  /// next block, with the prompts of that item, which wait for it.
  private static func walk(
    _ block: SyntaxNode, _ doc: NoteDocument, book: String?, after open: OpenListQuestion?,
    into sink: inout some PromptSink
  ) -> OpenListQuestion? {
    var carried = open
    if let open, !open.question.mayBeAnswered(by: block) {
      open.handHeld(to: &sink)
      carried = nil
    }
    // Most blocks hold no prompt: a paragraph is one only with a highlight, and
    // clozes are looked for only in a block that holds one. The library index makes
    // the prompts of every note it reads.
    let mayHoldCloze = block.mayHold(.cloze)
    switch block.kind {
    case .blockquote, .questionAnswer, .unorderedList, .orderedList, .footnoteDefinition: break
    case .paragraph where mayHoldCloze || block.mayHold(.highlight): break
    default: guard mayHoldCloze else { return nil }
    }
    let needsRegions = mayHoldCloze || block.kind == .paragraph
    let regions = needsRegions ? InlineRegion.regions(of: block) : []
    let bookTitle = PromptText.string(book ?? "")
    switch block.kind {
    case .paragraph:
      // A paragraph that is one `==highlight==` (Kindle and Obsidian exports) is a quote.
      if block.mayHold(.highlight), let highlight = Self.soleHighlight(of: regions, doc) {
        sink.add(.quote, highlight.range, front: .plain([highlight]), back: bookTitle)
      }
    case .questionAnswer:
      sink.add(questionAnswerCard(block, doc))
    case .blockquote, .unorderedList, .orderedList, .footnoteDefinition:
      var cards: [Card] = []
      var pairing = ListPairing(doc: doc)
      if block.kind == .blockquote {
        // The `Q:`/`A:` items of its lists pair as a top-level list's do.
        pairing.pair(listsIn: block)
        if !pairing.asksQuestions, let quote = quoteCard(block, doc, bookTitle) { cards.append(quote) }
      } else if block.kind == .footnoteDefinition {
        // What it holds pairs as a list item's nested blocks do.
        pairing.pair(heldBy: block)
      } else {
        pairing.pair(block, asked: carried?.question)
      }
      // The quotes and questions in the list's items (in a quote, its `Q:`/`A:` pairs),
      // then the list's cards; a quote in an item whose lists ask questions is no quote
      // card, as at the top level.
      for node in nestedPrompts(in: block) {
        if node.kind == .questionAnswer {
          cards.append(questionAnswerCard(node, doc))
        } else if !pairing.asksQuestions(quoteInItem: node), let quote = quoteCard(node, doc, bookTitle) {
          cards.append(quote)
        }
      }
      for card in pairing.cards {
        cards.append(Card(kind: .qa, range: card.range, front: .string(card.front), back: .string(card.back)))
      }
      var ordered = inOrder(cards, clozesOf: mayHoldCloze ? regions : [])
      if let held = carried?.held, !held.isEmpty {
        // After the card of the pair the block's first item completes, which starts
        // before the block.
        let before = ordered.firstIndex { $0.start >= block.startOffset } ?? ordered.count
        ordered.insert(contentsOf: held, at: before)
      }
      // The prompts of the item whose question is left open wait for the next block.
      let question = pairing.lastQuestion
      let waiting = question.flatMap { asked in ordered.firstIndex { $0.start >= asked.start } } ?? ordered.count
      for prompt in ordered[..<waiting] { prompt.hand(to: &sink) }
      return question.map { OpenListQuestion(question: $0, held: Array(ordered[waiting...])) }
    default:
      break
    }
    for region in regions where mayHoldCloze {
      let clozes = region.clozes
      sink.addClozes(clozes, clozes.indices, in: region)
    }
    return nil
  }

  /// The quote card of blockquote `quote`: its text (its pairs left out) and citation,
  /// or a `quote` or `cite` callout's body and title (any other callout holds notes, not
  /// a quotation, and is no card).
  private static func quoteCard(_ quote: SyntaxNode, _ doc: NoteDocument, _ bookTitle: PromptText) -> Card? {
    if let callout = quote.callout(in: doc) {
      guard callout.isQuote else { return nil }
      let body = callout.title == nil ? quote.quoteText : Array(quote.quoteText.dropFirst())
      let title = callout.title.map { doc.plainText([$0]) } ?? ""
      let back: PromptText = !title.isEmpty ? .string(title) : quote.quoteCitation.map { .citation($0) } ?? bookTitle
      return Card(kind: .quote, range: quote.trimmedRange(in: doc), front: .plain(body), back: back)
    }
    // A quote of no text (only link reference definitions or pairs, say) quotes nothing.
    let text = quote.quoteText
    guard !text.isEmpty else { return nil }
    let back = quote.quoteCitation.map { PromptText.citation($0) } ?? bookTitle
    return Card(kind: .quote, range: quote.trimmedRange(in: doc), front: .plain(text), back: back)
  }

  /// The `Q:`/`A:` card of the pair `block`.
  private static func questionAnswerCard(_ block: SyntaxNode, _ doc: NoteDocument) -> Card {
    Card(
      kind: .qa, range: block.trimmedRange(in: doc), front: .plain(block.pairParts(.question)),
      back: .plain(block.pairParts(.answer)))
  }

  /// The quotes and `Q:`/`A:` pairs that a list's items (or a footnote) hold, those of
  /// nested lists and footnotes and the pairs in those quotes too; in a quote, its pairs (those of the quotes, lists and
  /// items in it too); in document order.
  static func nestedPrompts(in block: SyntaxNode) -> [SyntaxNode] {
    guard block.mayHold(.questionAnswer) || (block.kind != .blockquote && block.mayHold(.blockquote)) else { return [] }
    var found: [SyntaxNode] = []
    func collect(_ container: SyntaxNode, inQuote: Bool, depth: Int) {
      for child in container.children where depth < 32 {
        switch child.kind {
        case .questionAnswer: found.append(child)
        case .blockquote:
          if !inQuote { found.append(child) }
          collect(child, inQuote: true, depth: depth + 1)
        case .unorderedList, .orderedList, .listItem, .footnoteDefinition:
          collect(child, inQuote: inQuote, depth: depth + 1)
        default: break
        }
      }
    }
    collect(block, inQuote: block.kind == .blockquote, depth: 0)
    return found
  }

  /// Whether the text in `range` opens with `Q:` or `A:`, plain or bold (`**Q:**`),
  /// read from its bytes.
  static func opensWithMarker(_ range: Range<Int>, _ doc: NoteDocument) -> Bool {
    let text = doc.text
    func byte(_ offset: Int) -> UInt8? {
      range.lowerBound + offset < range.upperBound ? text[range.lowerBound + offset] : nil
    }
    func letter(at offset: Int) -> Bool {
      (byte(offset) == UInt8(ascii: "Q") || byte(offset) == UInt8(ascii: "A")) && byte(offset + 1) == UInt8(ascii: ":")
    }
    if letter(at: 0) { return true }
    return byte(0) == UInt8(ascii: "*") && byte(1) == UInt8(ascii: "*") && letter(at: 2)
      && byte(4) == UInt8(ascii: "*") && byte(5) == UInt8(ascii: "*")
  }

  /// The answer of an item that is `A:` alone (or `**A:**`) over a fenced code block:
  /// the code's lines.
  static func codeAnswer(of item: SyntaxNode, _ source: String, _ doc: NoteDocument) -> String? {
    guard ["A:", "**A:**"].contains(source.trimmingSpaces), item.child(.codeBlockStart) != nil else { return nil }
    return doc.plainText(item.children.filter { $0.kind == .codeLines })
  }

  /// The index among `content`'s children of the line break before its answer line:
  /// the parser marks the `A:` (or `**A:**`) that starts that line with an `answerMarker`
  /// right after the break. `nil` when no line is the answer's.
  static func answerLine(of content: SyntaxNode) -> Int? {
    var previous: NodeKind?
    for (index, node) in content.children.enumerated() {
      if node.kind == .answerMarker && previous == .lineBreak { return index - 1 }
      previous = node.kind
    }
    return nil
  }

  /// The plain `text` of a list item after its `Q:` (`letter` "Q") or `A:` marker, when
  /// its `source` opens with one, plain or bold, followed by a space or a tab.
  static func afterMarker(_ letter: String, _ text: String, _ source: String) -> String? {
    let opens = [letter + ": ", letter + ":\t", "**" + letter + ":** ", "**" + letter + ":**\t"].contains {
      source.hasPrefix($0)
    }
    guard opens, text.hasPrefix(letter + ":") else { return nil }
    return String(text.dropFirst(2)).trimmingSpaces
  }

  /// The highlight that is the whole text of a paragraph's `regions` (spaces aside).
  static func soleHighlight(of regions: [InlineRegion], _ doc: NoteDocument) -> SyntaxNode? {
    guard regions.count == 1 else { return nil }
    var found: SyntaxNode?
    for node in regions[0].nodes.flatMap({ $0.kind == .paragraph ? Array($0.children) : [$0] }) {
      switch node.kind {
      case .highlight where found == nil: found = node
      case .text where doc.text.string(in: node.range).allSatisfy(\.isWhitespace): continue
      case .lineBreak: continue
      default: return nil
      }
    }
    return found
  }

  /// The front and back of one cloze's card, in plain text.
  static func clozeCard(
    _ cloze: SyntaxNode, in region: InlineRegion, _ doc: NoteDocument, markup withMarkup: Bool = true
  )
    -> (front: String, back: String, markup: String?)
  {
    var renderer = InlineText(doc: doc, hiddenCloze: cloze.range)
    let front = InlineText.trimmed(renderer.render(region.nodes))
    renderer.placeholder = { hint, answer in hint.isEmpty ? "{{c1::\(answer)}}" : "{{c1::\(answer)::\(hint)}}" }
    let markup = withMarkup ? InlineText.trimmed(renderer.render(region.nodes)) : nil
    return (front, cloze.child(.clozeAnswer).map { doc.text.string(in: $0.range) } ?? "", markup)
  }

  /// The stable id of a card: FNV-1a 64 of its kind and whitespace-normalised text, in hex.
  public static func id(kind: PromptKind, front: String, back: String) -> String {
    PromptID(hash: idHash(kind: kind, front: front, back: back)).description
  }

  /// The hash of `kind`, U+001F, `front.collapsingWhitespace`, U+001F and
  /// `back.collapsingWhitespace`, taken as the texts are read.
  static func idHash(kind: PromptKind, front: String, back: String) -> UInt64 {
    var hash = FNV1a()
    hash.add(kind.rawValue)
    hash.add(0x1F)
    hash.addCollapsingWhitespace(front)
    hash.add(0x1F)
    hash.addCollapsingWhitespace(back)
    return hash.value
  }
}
