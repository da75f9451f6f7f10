import NoteSyntax

extension Outline {
  /// Adds to `prompts` (which hold the block's clozes from `first` on) the entries of the
  /// `Q:`/`A:` pairs of `lists` (`- Q: …` then `- A: …`, or `A:` on the item's next
  /// line; a footnote's lists as an item's nested ones), each list paired on its own as
  /// ``ListPairing`` pairs it, and of the pair
  /// blocks `pairBlocks` (`Q:`/`A:` lines inside an item or a quote), with the entries
  /// of the `quotes` in the items that are quote cards (``ListPairing/asksQuestions(quoteInItem:)``).
  /// Each pair is named as a pair block is (``questionEntry(of:range:renderer:names:children:)``):
  /// its question's first words, its answer's its detail, rendered without their markers;
  /// a cloze inside a pair is its child. Returns the question the last list's last item
  /// leaves open, which the first item of a list right after it may answer.
  @discardableResult
  static func addListPairs(
    of lists: [SyntaxNode], pairBlocks: [SyntaxNode] = [], quotes: [SyntaxNode] = [], _ doc: NoteDocument,
    renderer: inout InlineText,
    names: inout [UInt8], to prompts: inout [BlockEntry.Prompt], clozesFrom first: Int
  ) -> BlockEntry.OpenQuestion? {
    var pairs: [BlockEntry.Prompt] = []
    var open: BlockEntry.OpenQuestion?
    var askingQuotes: [Int] = []
    for list in lists {
      var pairing = ListPairing(doc: doc)
      if list.kind == .footnoteDefinition { pairing.pair(heldBy: list) } else { pairing.pair(list) }
      askingQuotes += pairing.askingQuotes
      open = nil
      let last = pairing.lastQuestion
      guard !pairing.cards.isEmpty || last != nil else { continue }
      // The items in document order, and where each starts (a card starts where its
      // question's item does): a list of many pairs is read once.
      var items: [SyntaxNode] = []
      var itemStarting: [Int: Int] = [:]
      list.forEachDescendant {
        guard $0.kind == .listItem else { return }
        itemStarting[$0.startOffset] = items.count
        items.append($0)
      }
      for card in pairing.cards {
        guard let asking = itemStarting[card.range.lowerBound],
          let question = ListPairing.openingText(of: items[asking]),
          let marker = question.children.first(where: { _ in true })
        else { continue }
        if card.range.upperBound <= items[asking].endOffset, Prompts.answerLine(of: question) == nil,
          let lines = ListPairing.answerLines(of: items[asking], question)
        {
          pairs.append(quotedPair(lines, marker: marker, card: card.range, doc, renderer: &renderer, names: &names))
          continue
        }
        let parts = pairParts(of: card.range, asking: asking, question, items: items, in: doc)
        let questionText = marker.endOffset..<parts.questionEnd
        let nameStart = names.count
        OutlineText.appendFirstWords(of: question, within: questionText, with: &renderer, to: &names)
        let name = nameStart..<names.count
        let detailStart = names.count
        if let answer = parts.answer {
          OutlineText.appendFirstWords(of: answer.node, within: answer.text, with: &renderer, to: &names)
        } else {
          OutlineText.appendFirstWords(of: parts.code, with: &renderer, to: &names)
        }
        pairs.append(
          BlockEntry.Prompt(
            kind: .question, name: name, detail: detailStart..<names.count, range: card.range,
            selection: trimmed(questionText, doc), children: 0))
      }
      if let last, let asking = itemStarting[last.start], let question = ListPairing.openingText(of: items[asking]),
        let marker = question.children.first(where: { _ in true })
      {
        let questionText = marker.endOffset..<question.endOffset
        let nameStart = names.count
        OutlineText.appendFirstWords(of: question, within: questionText, with: &renderer, to: &names)
        open = BlockEntry.OpenQuestion(
          name: nameStart..<names.count, start: last.start, selection: trimmed(questionText, doc))
      }
    }
    for block in pairBlocks {
      pairs.append(questionEntry(of: block, range: block.trimmedRange(in: doc), renderer: &renderer, names: &names))
    }
    for quote in quotes where !askingQuotes.contains(quote.startOffset) {
      if let shown = quoteEntry(
        of: quote, hasPairs: !Prompts.nestedPrompts(in: quote).isEmpty, doc, range: quote.trimmedRange(in: doc),
        renderer: &renderer, names: &names)
      {
        pairs.append(shown)
      }
    }
    guard !pairs.isEmpty else { return open }
    // The pairs, the quotes and the clozes in document order, each inside the innermost
    // pair or quote that holds it.
    prompts += pairs
    nest(&prompts, from: first)
    return open
  }

  /// The answer the first item of top-level `list` gives to a question a list right
  /// before it leaves open (`- Q: …` then `* A: …`), its first words appended to
  /// `names`: an item opening with `A: `, or `A:` alone over a fenced code block, as
  /// ``ListPairing`` reads it.
  static func openingAnswer(
    of list: SyntaxNode, _ doc: NoteDocument, renderer: inout InlineText, names: inout [UInt8]
  ) -> BlockEntry.OpeningAnswer? {
    guard let item = list.children.first(where: { $0.kind == .listItem }),
      let answer = ListPairing.openingText(of: item),
      Prompts.opensWithMarker(answer.range, doc), let marker = answer.children.first(where: { _ in true })
    else { return nil }
    let source = doc.text.string(in: answer.range)
    guard
      Prompts.afterMarker("A", doc.plainText([answer]), source) != nil
        || Prompts.codeAnswer(of: item, source, doc) != nil
    else { return nil }
    let detailStart = names.count
    if marker.endOffset < answer.endOffset || item.child(.codeBlockStart) == nil {
      OutlineText.appendFirstWords(of: answer, within: marker.endOffset..<answer.endOffset, with: &renderer, to: &names)
    } else {
      OutlineText.appendFirstWords(
        of: item.children.filter { $0.kind == .codeLines }, with: &renderer, to: &names)
    }
    return BlockEntry.OpeningAnswer(detail: detailStart..<names.count, end: item.trimmedRange(in: doc).upperBound)
  }

  /// The entry of the pair an item in a quote holds (`> - Q: …` / `>   A: …`): the texts
  /// of its question's lines and of its answer's (`lines`), its question's `Q:` `marker`.
  private static func quotedPair(
    _ lines: (question: [SyntaxNode], answer: [SyntaxNode]), marker: SyntaxNode, card: Range<Int>,
    _ doc: NoteDocument, renderer: inout InlineText, names: inout [UInt8]
  ) -> BlockEntry.Prompt {
    let questionText = marker.endOffset..<(lines.question.last?.endOffset ?? marker.endOffset)
    let nameStart = names.count
    OutlineText.appendFirstWords(of: lines.question, within: questionText, with: &renderer, to: &names)
    let name = nameStart..<names.count
    let detailStart = names.count
    if let first = lines.answer.first, let last = lines.answer.last {
      let answerStart = first.children.first(where: { _ in true })?.endOffset ?? first.startOffset
      OutlineText.appendFirstWords(
        of: lines.answer, within: answerStart..<last.endOffset, with: &renderer, to: &names)
    }
    return BlockEntry.Prompt(
      kind: .question, name: name, detail: detailStart..<names.count, range: card,
      selection: trimmed(questionText, doc), children: 0)
  }

  /// `range` without the spaces and tabs at its start and the blank space at its end.
  private static func trimmed(_ range: Range<Int>, _ doc: NoteDocument) -> Range<Int> {
    var start = range.lowerBound
    while start < range.upperBound && (doc.text[start] == 0x20 || doc.text[start] == 0x09) { start += 1 }
    return doc.trimmed(start..<range.upperBound)
  }

  /// Where the question asked by item `asking` (an index of `items`, in document order;
  /// its first line's text is `question`) ends, and its answer: the text after the `A:`
  /// on a later line of the item, or the item after it that ends `card` (its text after
  /// `A:`, or the code under a bare `A:`).
  private static func pairParts(
    of card: Range<Int>, asking: Int, _ question: SyntaxNode, items: [SyntaxNode], in doc: NoteDocument
  ) -> (questionEnd: Int, answer: (node: SyntaxNode, text: Range<Int>)?, code: [SyntaxNode]) {
    let lines = Array(question.children)
    if let split = Prompts.answerLine(of: question) {
      return (lines[split].startOffset, (question, lines[split + 1].endOffset..<question.endOffset), [])
    }
    let questionEnd = question.endOffset
    // The item ending the card: the next one, or one after the lists nested in the question's.
    var next = asking + 1
    while next < items.count && items[next].startOffset < card.upperBound
      && items[next].trimmedRange(in: doc).upperBound != card.upperBound
    {
      next += 1
    }
    guard next < items.count, items[next].startOffset < card.upperBound,
      let answer = ListPairing.openingText(of: items[next]), let marker = answer.children.first(where: { _ in true })
    else { return (questionEnd, nil, []) }
    let answering = items[next]
    if marker.endOffset < answer.endOffset || answering.child(.codeBlockStart) == nil {
      return (questionEnd, (answer, marker.endOffset..<answer.endOffset), [])
    }
    return (questionEnd, nil, answering.children.filter { $0.kind == .codeLines })
  }
}
