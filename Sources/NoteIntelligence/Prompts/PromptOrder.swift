import NoteSyntax

extension Prompts {
  /// A quote or a question-and-answer card, as the walk finds it.
  struct Card {
    var kind: PromptKind
    var range: Range<Int>
    var front: PromptText
    var back: PromptText
  }

  /// A prompt the walk has placed in document order: a card, or the clozes of a region
  /// that no card comes between.
  enum PlacedPrompt {
    case card(Card)
    /// The clozes at the indices of the clozes of the region, every well-formed cloze of it in order.
    case clozes([SyntaxNode], Range<Int>, InlineRegion)

    /// Where it starts.
    var start: Int {
      switch self {
      case .card(let card): card.range.lowerBound
      case .clozes(let clozes, let indices, _): clozes[indices.lowerBound].range.lowerBound
      }
    }

    func hand(to sink: inout some PromptSink) {
      switch self {
      case .card(let card): sink.add(card)
      case .clozes(let clozes, let indices, let region): sink.addClozes(clozes, indices, in: region)
      }
    }
  }

  /// The question a list's last item leaves open, which the first item of a list right
  /// after it may answer, and the prompts of its item (`held`): they follow the card of
  /// that pair, which holds them.
  struct OpenListQuestion {
    var question: ListQuestion
    var held: [PlacedPrompt]

    /// Hands the held prompts to `sink`: no list answers the question.
    func handHeld(to sink: inout some PromptSink) {
      for prompt in held { prompt.hand(to: &sink) }
    }
  }

  /// `cards` and the clozes of `regions` (one block's) in document order: by where each
  /// starts, a card before the cards and clozes it holds, equal ranges in the order
  /// given. A region's clozes go together while no card comes between them (a quote's
  /// text runs on after its pairs).
  static func inOrder(_ cards: [Card], clozesOf regions: [InlineRegion]) -> [PlacedPrompt] {
    let clozes = regions.map(\.clozes)
    guard !cards.isEmpty else {
      return regions.indices.compactMap {
        clozes[$0].isEmpty ? nil : .clozes(clozes[$0], clozes[$0].indices, regions[$0])
      }
    }
    // Each card by its index in `cards`, each cloze by its region's index and its own.
    var items: [(range: Range<Int>, card: Int?, region: Int, cloze: Int)] = cards.indices.map {
      (cards[$0].range, $0, 0, 0)
    }
    for (region, found) in clozes.enumerated() {
      items += found.indices.map { (found[$0].range, nil, region, $0) }
    }
    items = items.enumerated().sorted {
      let (left, right) = ($0.element.range, $1.element.range)
      if left.lowerBound != right.lowerBound { return left.lowerBound < right.lowerBound }
      if left.upperBound != right.upperBound { return left.upperBound > right.upperBound }
      return $0.offset < $1.offset
    }.map(\.element)
    var placed: [PlacedPrompt] = []
    var position = 0
    while position < items.count {
      let item = items[position]
      if let card = item.card {
        placed.append(.card(cards[card]))
        position += 1
        continue
      }
      // The clozes of the region that follow on, up to the next card or region.
      var end = position + 1
      while end < items.count, items[end].card == nil, items[end].region == item.region,
        items[end].cloze == item.cloze + (end - position)
      {
        end += 1
      }
      placed.append(.clozes(clozes[item.region], item.cloze..<(item.cloze + end - position), regions[item.region]))
      position = end
    }
    return placed
  }
}
