import NoteSyntax

extension Outline {
  /// Adds to `prompts` (which hold the list's clozes from `first` on) the entries of the
  /// `Q:`/`A:` pairs of top-level `list` (`- Q: …` then `- A: …`, or `A:` on the item's
  /// next line), as ``ListPairing`` pairs its items. Each is named as a pair block is
  /// (``questionEntry(of:range:renderer:names:children:)``): its question's first words,
  /// its answer's its detail, rendered without their markers; a cloze inside a pair is
  /// its child.
  static func addListPairs(
    of list: SyntaxNode, _ doc: NoteDocument, renderer: inout InlineText, names: inout [UInt8],
    to prompts: inout [BlockEntry.Prompt], clozesFrom first: Int
  ) {
    var pairing = ListPairing(doc: doc)
    pairing.pair(list)
    guard !pairing.cards.isEmpty else { return }
    // The items in document order, and where each starts (a card starts where its
    // question's item does): a list of many pairs is read once.
    var items: [SyntaxNode] = []
    var itemStarting: [Int: Int] = [:]
    list.forEachDescendant {
      guard $0.kind == .listItem else { return }
      itemStarting[$0.startOffset] = items.count
      items.append($0)
    }
    var pairs: [BlockEntry.Prompt] = []
    for card in pairing.cards {
      guard let asking = itemStarting[card.range.lowerBound], let question = ListPairing.openingText(of: items[asking]),
        let marker = question.children.first(where: { _ in true })
      else { continue }
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
    pairs.sort { $0.range.lowerBound < $1.range.lowerBound }
    // The pairs and the clozes in document order, each cloze inside a pair its child.
    let clozes = Array(prompts[first...])
    prompts.removeSubrange(first...)
    var next = 0
    for pair in pairs {
      while next < clozes.count && clozes[next].range.lowerBound < pair.range.lowerBound {
        prompts.append(clozes[next])
        next += 1
      }
      var entry = pair
      let parent = prompts.count
      prompts.append(entry)
      while next < clozes.count && clozes[next].range.upperBound <= pair.range.upperBound {
        prompts.append(clozes[next])
        entry.children += 1
        next += 1
      }
      prompts[parent] = entry
    }
    prompts += clozes[next...]
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
