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
    let clozeCount = clozes.reduce(0) { $0 + $1.count }
    // Most blocks: cards alone, in order, or clozes alone.
    if clozeCount == 0, zip(cards, cards.dropFirst()).allSatisfy({ precedes($0.range, $1.range) }) {
      return cards.map { .card($0) }
    }
    guard !cards.isEmpty else {
      return regions.indices.compactMap {
        clozes[$0].isEmpty ? nil : .clozes(clozes[$0], clozes[$0].indices, regions[$0])
      }
    }
    // Each card by its index in `cards`, each cloze by its region's index and its own;
    // `order` keeps equal ranges in the order given.
    var items: [(range: Range<Int>, order: Int, card: Int?, region: Int, cloze: Int)] = []
    items.reserveCapacity(cards.count + clozeCount)
    for index in cards.indices { items.append((cards[index].range, items.count, index, 0, 0)) }
    for (region, found) in clozes.enumerated() {
      for index in found.indices { items.append((found[index].range, items.count, nil, region, index)) }
    }
    items.sort { precedes($0.range, $1.range) || ($0.range == $1.range && $0.order < $1.order) }
    var placed: [PlacedPrompt] = []
    placed.reserveCapacity(items.count)
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

  /// Whether what is at `left` comes before what is at `right`: it starts first, or
  /// starts there too and holds it.
  private static func precedes(_ left: Range<Int>, _ right: Range<Int>) -> Bool {
    left.lowerBound < right.lowerBound || (left.lowerBound == right.lowerBound && left.upperBound > right.upperBound)
  }
}
