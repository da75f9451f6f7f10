import NoteSyntax

extension Outline {
  /// What one top-level block adds to the outline, in offsets relative to its start. Its
  /// names and details are UTF-8 bytes in one buffer (``names``): a block's entry is a few
  /// allocations however many names it has, and no name is made a string. A class: the
  /// walk hands an entry around, and a copy is then one reference rather than one for
  /// each of its arrays.
  final class BlockEntry {
    struct Heading {
      /// The heading node's start, relative to the block's.
      var offset: Int
      var level: Int
      /// Where its name is in ``BlockEntry/names``.
      var name: Range<Int>
      var range: Range<Int>
      var selection: Range<Int>
    }

    /// A prompt (a quote, a question, a summary, a cloze), followed in ``prompts`` by
    /// the `children` entries it holds (the clozes, pairs and quotes inside a quote or a
    /// pair, each followed by its own: ``Outline/nest(_:from:)``; a summary's clozes).
    struct Prompt {
      var kind: OutlineSymbolKind
      /// Where its name and detail are in ``BlockEntry/names``.
      var name: Range<Int>
      var detail: Range<Int>?
      var range: Range<Int>
      var selection: Range<Int>
      var children: Int
    }

    /// The question a top-level list's last item asks and no item of it answers: its
    /// name in ``BlockEntry/names``, where its item starts, and its selection.
    struct OpenQuestion {
      var name: Range<Int>
      var start: Int
      var selection: Range<Int>
    }

    /// The answer a top-level list's first item gives to the question a list right
    /// before it leaves open: its detail in ``BlockEntry/names`` and where its item ends.
    struct OpeningAnswer {
      var detail: Range<Int>
      var end: Int
    }

    /// The block's heading, or the headings of a list's items (`- ## JavaScript`) or a quote's.
    let headings: [Heading]
    /// The prompts in document order, each followed by its children.
    let prompts: [Prompt]
    let names: [UInt8]
    /// A list's open last question and opening answer: a pair across two lists
    /// (`- Q: …` then `* A: …`) is entered by the walk, which sees both blocks.
    let openQuestion: OpenQuestion?
    let openingAnswer: OpeningAnswer?
    /// The end of the block without its trailing blank space; `nil` for a blank line.
    let contentEnd: Int?

    init(
      headings: [Heading], prompts: [Prompt], names: [UInt8], openQuestion: OpenQuestion?,
      openingAnswer: OpeningAnswer?, contentEnd: Int?
    ) {
      self.headings = headings
      self.prompts = prompts
      self.names = names
      self.openQuestion = openQuestion
      self.openingAnswer = openingAnswer
      self.contentEnd = contentEnd
    }
  }

  /// The outline entry of `block`, relative to its start, its names rendered by
  /// `renderer` and gathered in `names` (both one for a whole outline, so their buffers
  /// are allocated once); the entry keeps a copy of exactly the names' size.
  /// The block's text is read from the storage chunk that holds it: its names and its
  /// end look no chunk up.
  static func entry(
    for block: SyntaxNode, in doc: NoteDocument, renderer: inout InlineText, names: inout [UInt8]
  ) -> BlockEntry {
    renderer.readingChunk(holding: block.range) { entryInChunk(for: block, in: doc, renderer: &$0, names: &names) }
  }

  private static func entryInChunk(
    for block: SyntaxNode, in doc: NoteDocument, renderer: inout InlineText, names: inout [UInt8]
  ) -> BlockEntry {
    let start = block.startOffset
    let trimmed =
      renderer.chunkPiece(block.range).map { Self.trimmed(block.range, in: $0) } ?? Self.trimmed(block.range, doc.text)
    names.removeAll(keepingCapacity: true)
    // A function of its own rather than a closure over `headings`, which would box the
    // array on the heap for every block.
    func heading(_ heading: SyntaxNode, names: inout [UInt8]) -> BlockEntry.Heading {
      let range = heading.kind == block.kind ? trimmed : heading.trimmedRange(in: doc)
      let text = heading.child(.inlineContent)
      let nameStart = names.count
      if let text { OutlineText.appendFirstWords(of: text, with: &renderer, maxWords: .max, to: &names) }
      return BlockEntry.Heading(
        offset: heading.startOffset - start, level: heading.headingLevel, name: nameStart..<names.count,
        range: range.shifted(by: -start), selection: (text?.range ?? range).shifted(by: -start))
    }
    var headings: [BlockEntry.Heading] = []
    if block.kind == .heading {
      headings = [heading(block, names: &names)]
    } else if (block.kind == .unorderedList || block.kind == .orderedList || block.kind == .blockquote
      || block.kind == .footnoteDefinition) && block.mayHold(.heading)
    {
      var nested: [SyntaxNode] = []
      block.forEachDescendant { if $0.kind == .heading { nested.append($0) } }
      for node in nested { headings.append(heading(node, names: &names)) }
    }
    var prompts: [BlockEntry.Prompt] = []
    var openQuestion = appendPrompts(of: block, doc, range: trimmed, renderer: &renderer, names: &names, to: &prompts)
    if let question = openQuestion {
      openQuestion = BlockEntry.OpenQuestion(
        name: question.name, start: question.start - start, selection: question.selection.shifted(by: -start))
    }
    var openingAnswer: BlockEntry.OpeningAnswer?
    if block.kind == .unorderedList || block.kind == .orderedList, block.mayHold(.answerMarker) {
      openingAnswer = Outline.openingAnswer(of: block, doc, renderer: &renderer, names: &names)
      openingAnswer?.end -= start
    }
    // Moved to block-relative offsets in place.
    for index in prompts.indices {
      prompts[index].range = prompts[index].range.shifted(by: -start)
      prompts[index].selection = prompts[index].selection.shifted(by: -start)
    }
    return BlockEntry(
      headings: headings, prompts: prompts, names: exactCopy(of: names), openQuestion: openQuestion,
      openingAnswer: openingAnswer,
      contentEnd: block.kind == .blankLine ? nil : trimmed.upperBound - start)
  }

  /// Appends the prompts of one block to `prompts`, in note offsets, their names to
  /// `names`; `range` is the block's trimmed range. Returns the question a list's last
  /// item leaves open.
  static func appendPrompts(
    of block: SyntaxNode, _ doc: NoteDocument, range: Range<Int>, renderer: inout InlineText,
    names: inout [UInt8], to prompts: inout [BlockEntry.Prompt]
  ) -> BlockEntry.OpenQuestion? {
    let kind = block.kind
    let mayHoldCloze = block.mayHold(.cloze)
    // Most blocks (paragraphs, lists, headings) are no prompt and hold no cloze.
    let isPrompt = kind == .blockquote || kind == .questionAnswer || kind == .summary
    let isList = kind == .unorderedList || kind == .orderedList || kind == .footnoteDefinition
    let mayHoldPairs = isList && (block.mayHold(.questionMarker) || block.mayHold(.questionAnswer))
    let mayHoldQuotes = isList && block.mayHold(.blockquote)
    // A paragraph that is one `==highlight==` is a quote (``Prompts/soleHighlight(of:_:)``).
    let mayBeHighlight = kind == .paragraph && block.mayHold(.highlight)
    guard mayHoldCloze || isPrompt || mayHoldPairs || mayHoldQuotes || mayBeHighlight else { return nil }
    // One allocation for most blocks: a prompt, or a few clozes.
    prompts.reserveCapacity(prompts.count + (mayHoldCloze ? 4 : 1))
    // A prompt's record comes before its clozes: its place is kept while they are found.
    let parent = prompts.count
    if isPrompt {
      prompts.append(
        BlockEntry.Prompt(kind: .quote, name: 0..<0, detail: nil, range: range, selection: range, children: 0))
    }
    // The regions serve only the clozes (a quote's name renders its first lines alone)
    // and a highlight.
    let regions = mayHoldCloze || mayBeHighlight ? InlineRegion.regions(of: block) : []
    let highlight = mayBeHighlight ? Prompts.soleHighlight(of: regions, doc) : nil
    if let highlight {
      let nameStart = names.count
      OutlineText.appendFirstWords(of: highlight, with: &renderer, maxWords: 8, to: &names)
      prompts.append(
        BlockEntry.Prompt(
          kind: .quote, name: nameStart..<names.count, detail: nil, range: highlight.range,
          selection: highlight.range, children: 0))
    }
    if mayHoldCloze {
      for region in regions {
        appendClozes(in: region, doc, renderer: &renderer, names: &names, to: &prompts)
      }
    }
    let clozes = prompts.count - parent - (isPrompt ? 1 : 0)
    // A highlight's clozes are its children.
    if highlight != nil { prompts[parent].children = clozes - 1 }
    switch kind {
    case .blockquote:
      // Only a `quote` or `cite` callout is a quote, its title its citation; a quote of
      // only `Q:`/`A:` pairs is none. Its pairs are its children, as questions.
      let pairs = Prompts.nestedPrompts(in: block)
      // A quote whose items ask questions is no quote card (``ListPairing/asksQuestions``).
      // Most quotes hold no list: a pairing (which holds a copy of the note) is made
      // only for one that does.
      let lists = ListPairing.lists(in: block)
      var asksQuestions = false
      if !lists.isEmpty {
        var pairing = ListPairing(doc: doc)
        pairing.pair(listsIn: block)
        asksQuestions = pairing.asksQuestions
      }
      if asksQuestions {
        prompts.remove(at: parent)
        addListPairs(
          of: lists, pairBlocks: pairs, doc, renderer: &renderer, names: &names, to: &prompts, clozesFrom: parent)
        return nil
      }
      if let shown = quoteEntry(
        of: block, hasPairs: !pairs.isEmpty, doc, range: range, renderer: &renderer, names: &names)
      {
        prompts[parent] = shown
        prompts[parent].children = clozes
      } else {
        prompts.remove(at: parent)
      }
      if !pairs.isEmpty {
        for pair in pairs {
          prompts.append(questionEntry(of: pair, range: pair.trimmedRange(in: doc), renderer: &renderer, names: &names))
        }
        nest(&prompts, from: parent)
      }
    case .questionAnswer:
      prompts[parent] = questionEntry(of: block, range: range, renderer: &renderer, names: &names, children: clozes)
    case .summary:
      let text = block.child(.inlineContent)
      let nameStart = names.count
      if let text { OutlineText.appendFirstWords(of: text, with: &renderer, to: &names) }
      prompts[parent] = BlockEntry.Prompt(
        kind: .summary, name: nameStart..<names.count, detail: nil, range: range, selection: text?.range ?? range,
        children: clozes)
    case .unorderedList, .orderedList, .footnoteDefinition:
      if mayHoldPairs || mayHoldQuotes {
        // The quotes in its items are quote cards, as top-level ones are (unless their
        // lists ask questions): their clozes and pairs their children.
        let nested = Prompts.nestedPrompts(in: block)
        return addListPairs(
          of: mayHoldPairs ? [block] : [], pairBlocks: nested.filter { $0.kind == .questionAnswer },
          quotes: nested.filter { $0.kind == .blockquote }, doc, renderer: &renderer, names: &names, to: &prompts,
          clozesFrom: parent)
      }
    default:
      break
    }
    return nil
  }

  /// The entry of quote `quote` (`range` its trimmed range; `hasPairs` when it holds
  /// `Q:`/`A:` pairs) when it is a quote card, as ``Prompts`` reads it: a `quote` or
  /// `cite` callout, or a quote with words of its own besides its pairs.
  static func quoteEntry(
    of quote: SyntaxNode, hasPairs: Bool, _ doc: NoteDocument, range: Range<Int>, renderer: inout InlineText,
    names: inout [UInt8]
  ) -> BlockEntry.Prompt? {
    guard let shown = OutlineQuote.appendEntry(of: quote, doc, range: range, renderer: &renderer, to: &names),
      !hasPairs || !quote.quoteText.isEmpty || quote.callout(in: doc) != nil
    else { return nil }
    return BlockEntry.Prompt(
      kind: .quote, name: shown.name, detail: shown.detail, range: range, selection: shown.selection, children: 0)
  }

  /// The entry of the `Q:`/`A:` pair `block` (`range` its trimmed range), named by its
  /// question's first words, its answer's its detail.
  static func questionEntry(
    of block: SyntaxNode, range: Range<Int>, renderer: inout InlineText, names: inout [UInt8], children: Int = 0
  ) -> BlockEntry.Prompt {
    let question = firstPart(.question, of: block)
    let nameStart = names.count
    if let question { OutlineText.appendFirstWords(of: question, with: &renderer, to: &names) }
    let name = nameStart..<names.count
    var detail: Range<Int>?
    if let answer = firstPart(.answer, of: block) {
      let detailStart = names.count
      OutlineText.appendFirstWords(of: answer, with: &renderer, to: &names)
      detail = detailStart..<names.count
    }
    return BlockEntry.Prompt(
      kind: .question, name: name, detail: detail, range: range, selection: question?.range ?? range,
      children: children)
  }

  /// The first of ``SyntaxNode/pairParts(_:)`` of `pair`, found without an array.
  private static func firstPart(_ kind: NodeKind, of pair: SyntaxNode) -> SyntaxNode? {
    if let part = pair.child(kind) { return part }
    for line in pair.children where line.kind == .quoteLine {
      if let part = line.child(kind) { return part }
    }
    return nil
  }

  /// Appends the entries of a region's clozes, each named by a window of its sentence
  /// with a placeholder for its answer (see ``OutlineClozeNames``).
  private static func appendClozes(
    in region: InlineRegion, _ doc: NoteDocument, renderer: inout InlineText, names: inout [UInt8],
    to prompts: inout [BlockEntry.Prompt]
  ) {
    let namer = OutlineClozeNames(region: region, doc: doc)
    let clozes = namer.clozes
    guard !clozes.isEmpty else { return }
    let found = namer.appendNames(with: &renderer, to: &names)
    for (cloze, name) in zip(clozes, found) {
      var detail: Range<Int>?
      if let answer = cloze.child(.clozeAnswer) {
        let detailStart = names.count
        OutlineText.appendBounded(answer.range, of: doc.text, to: &names)
        detail = detailStart..<names.count
      }
      prompts.append(
        BlockEntry.Prompt(
          kind: .cloze, name: name, detail: detail, range: cloze.range, selection: cloze.range, children: 0))
    }
  }

  /// A copy of `bytes` in storage of exactly their size (an array made from an array
  /// shares its storage, which the next block's names would then copy).
  private static func exactCopy(of bytes: [UInt8]) -> [UInt8] {
    guard !bytes.isEmpty else { return [] }
    var copy: [UInt8] = []
    copy.reserveCapacity(bytes.count)
    bytes.withUnsafeBufferPointer { copy.append(contentsOf: $0) }
    return copy
  }
}
