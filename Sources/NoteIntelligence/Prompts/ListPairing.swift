import NoteSyntax

/// A list item's question that no item answered yet.
struct ListQuestion {
  /// Where the item starts: a card starts there.
  var start: Int
  /// The question's plain text.
  var text: String
  /// The item's `Q:` marker (`**Q:**` when bold).
  var marker: Range<Int>
  /// The item.
  var item: Range<Int>
  /// The top-level list the item belongs to.
  var list: Range<Int>

  /// Whether `block` may answer the question: a list that starts where the question's
  /// list ends (`- Q: …` then `* A: …`: another bullet makes another list).
  func mayBeAnswered(by block: SyntaxNode) -> Bool {
    (block.kind == .unorderedList || block.kind == .orderedList) && list.upperBound == block.startOffset
  }

  /// The question with every offset moved by `delta`.
  func shifted(by delta: Int) -> ListQuestion {
    ListQuestion(
      start: start + delta, text: text, marker: (marker.lowerBound + delta)..<(marker.upperBound + delta),
      item: (item.lowerBound + delta)..<(item.upperBound + delta),
      list: (list.lowerBound + delta)..<(list.upperBound + delta))
  }
}

/// The `Q:`/`A:` pairs of a list: an item opening with `Q: ` (or `**Q:**`) and either an
/// `A: ` line among its paragraph's lines or a next item of its own list opening with
/// `A: ` (or `A:` alone over a fenced code block). The lists nested in an item are passed
/// over and pair their own items, in order. An `A:` item with no `Q:` item before it (a
/// mnemonic's `C: … A: … S: …`) is no card.
///
/// The question of a top-level list's last item may be answered by the first item of a
/// list that starts on the next line (`- Q: …` then `* A: …`: another bullet makes
/// another list, but the answer is on the question's next line, as the spec's pairs are).
/// A question no item answers is `unanswered` (`qa-missing-answer`).
struct ListPairing {
  let doc: NoteDocument
  private(set) var cards: [(range: Range<Int>, front: String, back: String)] = []
  /// The questions no item answers, the top-level list's last one aside (``lastQuestion``).
  private(set) var unanswered: [ListQuestion] = []
  /// The question the top-level list's last item asks, unanswered within the list.
  private(set) var lastQuestion: ListQuestion?

  init(doc: NoteDocument) { self.doc = doc }

  /// Pairs the items of top-level `list`, the first of them answering `asked` if it can;
  /// `depth` counts the containers around it.
  mutating func pair(_ list: SyntaxNode, asked: ListQuestion? = nil, depth: Int = 0) {
    lastQuestion = pair(list, top: list.range, depth: depth, asked: asked)
  }

  /// Pairs the lists inside `quote` (those of the quotes inside it too), each on its
  /// own: a question a list's last item asks stays unanswered, as no list follows it there.
  /// A quote in one of their items pairs its own lists the same way (``pair(quoteInItem:depth:)``).
  mutating func pair(listsIn quote: SyntaxNode, depth: Int = 0) {
    for list in Self.lists(in: quote, depth: depth) {
      pair(list, depth: depth)
      if let question = lastQuestion { unanswered.append(question) }
      if !itemsHoldPairs { list.forEachDescendant { if $0.kind == .questionAnswer { itemsHoldPairs = true } } }
    }
    lastQuestion = nil
  }

  /// The starts of the quotes inside the paired lists' items whose own lists ask
  /// questions (``asksQuestions``): each holds prompts and is no quote card, as the same
  /// quote at the top level is none.
  private(set) var askingQuotes: [Int] = []

  /// Whether `quote`, inside an item of the lists paired, is no quote card because its
  /// lists ask questions.
  func asksQuestions(quoteInItem quote: SyntaxNode) -> Bool { askingQuotes.contains(quote.startOffset) }

  /// Pairs the lists of `quote`, inside an item, as a top-level quote's pair
  /// (``pair(listsIn:depth:)``): its cards and unanswered questions are the list's, and
  /// it is one of ``askingQuotes`` when its lists ask.
  private mutating func pair(quoteInItem quote: SyntaxNode, depth: Int) {
    guard depth < 32, quote.mayHold(.questionMarker) || quote.mayHold(.questionAnswer) else { return }
    var inner = ListPairing(doc: doc)
    inner.pair(listsIn: quote, depth: depth)
    guard inner.asksQuestions else { return }
    askingQuotes.append(quote.startOffset)
    askingQuotes += inner.askingQuotes
    cards += inner.cards
    unanswered += inner.unanswered
    itemsHoldPairs = itemsHoldPairs || inner.itemsHoldPairs
  }

  /// Whether an item of the lists paired in a quote holds a `Q:`/`A:` pair of its own
  /// (`> - x`, `>`, `>   Q: a`, `>   A: b`), which asks a question as a `Q:` item does.
  private var itemsHoldPairs = false

  /// Whether the lists paired ask any question, answered or not, by their items' markers
  /// or their items' pairs: a quote whose items do (``pair(listsIn:)``) holds prompts, not
  /// a quotation, and is no quote card, as the same list outside a quote is none.
  var asksQuestions: Bool { !cards.isEmpty || !unanswered.isEmpty || lastQuestion != nil || itemsHoldPairs }

  /// Pairs `list`'s items; returns the question its last item asks, if unanswered.
  private mutating func pair(_ list: SyntaxNode, top: Range<Int>, depth: Int, asked carried: ListQuestion?)
    -> ListQuestion?
  {
    // The question the previous item asked, if any.
    var previous = carried
    for item in list.children where item.kind == .listItem {
      // The item's nested lists and quotes after its own card, in document order.
      defer { pairNested(in: item, top: top, depth: depth) }
      let asked = previous
      previous = nil
      if let asked, let answered = answer(asked, by: item) {
        cards.append(answered)
        continue
      }
      if let asked { unanswered.append(asked) }
      if let question = question(of: item, top: top) { previous = question }
    }
    return previous
  }

  /// Pairs what a footnote holds as an item's nested blocks (``pairNested(in:top:depth:)``).
  mutating func pair(heldBy footnote: SyntaxNode) {
    pairNested(in: footnote, top: footnote.range, depth: 0)
  }

  /// Pairs the lists `item` (a list item or a footnote) holds, each on its own, the
  /// lists of its quotes (``pair(quoteInItem:depth:)``) and what its footnotes hold.
  private mutating func pairNested(in item: SyntaxNode, top: Range<Int>, depth: Int) {
    guard depth < 32 else { return }
    for nested in item.children {
      switch nested.kind {
      case .unorderedList, .orderedList:
        if let question = pair(nested, top: top, depth: depth + 1, asked: nil) { unanswered.append(question) }
      case .blockquote: pair(quoteInItem: nested, depth: depth + 1)
      case .footnoteDefinition: pairNested(in: nested, top: top, depth: depth + 1)
      default: break
      }
    }
  }

  /// The card of `asked` when `item` opens with its answer.
  private func answer(_ asked: ListQuestion, by item: SyntaxNode) -> (
    range: Range<Int>, front: String, back: String
  )? {
    guard let content = Self.openingText(of: item), Prompts.opensWithMarker(content.range, doc) else { return nil }
    let source = doc.text.string(in: content.range)
    let text = doc.plainText([content])
    guard let answer = Prompts.afterMarker("A", text, source) ?? Prompts.codeAnswer(of: item, source, doc) else {
      return nil
    }
    return (asked.start..<item.trimmedRange(in: doc).upperBound, asked.text, answer)
  }

  /// The question `item` asks and leaves to the next item; a card of its own when it
  /// holds its answer line.
  private mutating func question(of item: SyntaxNode, top: Range<Int>) -> ListQuestion? {
    // Most items open with no marker: their text is not rendered.
    guard let content = Self.openingText(of: item), Prompts.opensWithMarker(content.range, doc) else { return nil }
    let source = doc.text.string(in: content.range)
    let text = doc.plainText([content])
    guard let front = Prompts.afterMarker("Q", text, source) else { return nil }
    if let (asked, answered) = Self.answerLines(of: item, content) {
      let asking = doc.plainText(asked).trimmingSpaces
      let answer = doc.plainText(answered).trimmingSpaces
      cards.append(
        (
          item.trimmedRange(in: doc), String(asking.dropFirst(2)).trimmingSpaces,
          answer.hasPrefix("A:") ? String(answer.dropFirst(2)).trimmingSpaces : answer
        ))
      return nil
    }
    let markerLength = source.hasPrefix("**") ? 6 : 2
    let start = content.range.lowerBound
    return ListQuestion(
      start: item.range.lowerBound, text: front, marker: start..<(start + markerLength), item: item.range, list: top)
  }
}

extension ListPairing {
  /// The text on `item`'s first line: its `inlineContent`, or in a quote the one of its
  /// first `quoteLine`.
  static func openingText(of item: SyntaxNode) -> SyntaxNode? {
    if let content = item.child(.inlineContent) { return content }
    guard let line = item.children.first(where: { _ in true }), line.kind == .quoteLine else { return nil }
    return line.child(.inlineContent)
  }

  /// The nodes of the question and of the answer of `item`, whose first line's text
  /// `content` opens with `Q:`, when a line of its text opens with an `A:` that the parser
  /// marked: in `content` after a line break, or in a quote a later line's text.
  static func answerLines(of item: SyntaxNode, _ content: SyntaxNode) -> ([SyntaxNode], [SyntaxNode])? {
    if let split = Prompts.answerLine(of: content) {
      let nodes = Array(content.children)
      return (Array(nodes[..<split]), Array(nodes[(split + 1)...]))
    }
    // In a quote, the text of each of its lines from the first, up to a line that does
    // not go on with the item's paragraph.
    var lines: [SyntaxNode] = []
    for line in item.children {
      guard line.kind == .quoteLine, let text = line.child(.inlineContent), lines.isEmpty || text.continuesBlock
      else { break }
      lines.append(text)
    }
    func opensWithAnswer(_ text: SyntaxNode) -> Bool {
      text.children.first(where: { _ in true })?.kind == .answerMarker
    }
    guard let split = lines.indices.dropFirst().first(where: { opensWithAnswer(lines[$0]) }) else { return nil }
    return (Array(lines[..<split]), Array(lines[split...]))
  }

  /// The lists inside `quote` (or a footnote) that may pair (those of the quotes and
  /// footnotes inside it too), in
  /// document order; a top-level quote (`depth` 0) that holds no `Q:` item has none.
  static func lists(in quote: SyntaxNode, depth: Int = 0) -> [SyntaxNode] {
    guard depth < 32, depth > 0 || quote.mayHold(.questionMarker) else { return [] }
    var lists: [SyntaxNode] = []
    for child in quote.children {
      if child.kind == .unorderedList || child.kind == .orderedList {
        lists.append(child)
      } else if child.kind == .blockquote || child.kind == .footnoteDefinition {
        lists += Self.lists(in: child, depth: depth + 1)
      }
    }
    return lists
  }

  /// The questions `block` leaves unanswered, the pairs it holds, and the question its
  /// last item leaves to the next block: a list's items pair, the first answering `asked`
  /// if it can; a quote's lists pair within it, each on its own.
  static func questions(of block: SyntaxNode, asked: ListQuestion?, in doc: NoteDocument) -> (
    unanswered: [ListQuestion], pairs: Int, open: ListQuestion?
  ) {
    var pairing = ListPairing(doc: doc)
    if block.kind == .footnoteDefinition {
      pairing.pair(heldBy: block)
    } else if block.kind == .blockquote {
      pairing.pair(listsIn: block)
    } else if block.kind == .unorderedList || block.kind == .orderedList {
      pairing.pair(block, asked: asked)
    }
    return (pairing.unanswered, pairing.cards.count, pairing.lastQuestion)
  }

  /// The questions of `doc`'s lists that no item answers (by their markers' order), and
  /// how many pairs its lists hold; ``ListQuestionCache`` keeps them per run of blocks.
  static func scan(_ doc: NoteDocument) -> (unanswered: [ListQuestion], pairs: Int) {
    ListQuestionCache().scan(doc)
  }
}
