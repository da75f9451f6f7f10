import NoteSyntax

extension Outline {
  /// Orders `prompts[first...]` (pairs, quotes and clozes) as a block's entries are
  /// visited: in document order, each inside the innermost pair or quote that holds it
  /// and followed by everything it holds (its ``BlockEntry/Prompt/children`` count).
  /// A pair in a quote is then the quote's child, and a quote in a pair the pair's: an
  /// entry's range holds its children's, and siblings do not overlap.
  static func nest(_ prompts: inout [BlockEntry.Prompt], from first: Int) {
    guard prompts.count - first > 1 else { return }
    // Outer entries before the inner ones they hold, in document order; equal ranges
    // keep their order.
    let entries = prompts[first...].enumerated().sorted {
      let (left, right) = ($0.element.range, $1.element.range)
      if left.lowerBound != right.lowerBound { return left.lowerBound < right.lowerBound }
      if left.upperBound != right.upperBound { return left.upperBound > right.upperBound }
      return $0.offset < $1.offset
    }.map(\.element)
    prompts.removeSubrange(first...)
    // The pairs and quotes around the entry placed next (as indices of `prompts`), outermost first.
    var holders: [Int] = []
    for var entry in entries {
      let range = entry.range
      while let holder = holders.last,
        !(prompts[holder].range.lowerBound <= range.lowerBound && range.upperBound <= prompts[holder].range.upperBound)
      {
        holders.removeLast()
      }
      for holder in holders { prompts[holder].children += 1 }
      entry.children = 0
      if entry.kind != .cloze { holders.append(prompts.count) }
      prompts.append(entry)
    }
  }

  /// The index of the first of `prompts`' top-level entries (each followed by its
  /// children) that starts at or after `offset`; `prompts.count` when none does.
  static func firstEntry(startingAtOrAfter offset: Int, in prompts: [BlockEntry.Prompt]) -> Int {
    var index = 0
    while index < prompts.count && prompts[index].range.lowerBound < offset { index += 1 + prompts[index].children }
    return min(index, prompts.count)
  }
}

extension Outline {
  /// The question a top-level list's last item leaves open, as the walk carries it to
  /// the next block: the list's `entry` (its block starting at `base`), the question,
  /// where in the entry's prompts the entries of the question's item begin (`held`:
  /// they wait for the next block), and the list's end.
  struct OpenQuestion {
    var entry: BlockEntry
    var question: BlockEntry.OpenQuestion
    var held: Int
    var base: Int
    var end: Int

    /// Hands `visitor` the held entries of `asked`, a question no list answers, and
    /// clears it.
    static func leaveUnanswered(_ asked: inout OpenQuestion?, _ visitor: inout some OutlineVisitor) {
      guard let question = asked else { return }
      asked = nil
      let entry = question.entry
      guard question.held < entry.prompts.count else { return }
      entry.names.withUnsafeBufferPointer { names in
        Outline.visit(entry.prompts, question.held..<entry.prompts.count, names, base: question.base, &visitor)
      }
    }
  }

  /// Hands `visitor` the entries `prompts[indices]` (offsets relative to `base`, names
  /// in `names`), each top-level one followed by its children, which it holds.
  static func visit(
    _ prompts: [BlockEntry.Prompt], _ indices: Range<Int>, _ names: UnsafeBufferPointer<UInt8>, base: Int,
    _ visitor: inout some OutlineVisitor
  ) {
    var index = indices.lowerBound
    while index < indices.upperBound {
      let prompt = prompts[index]
      visitor.enter(
        name: UnsafeBufferPointer(rebasing: names[prompt.name]),
        detail: prompt.detail.map { UnsafeBufferPointer(rebasing: names[$0]) }, kind: prompt.kind,
        rangeStart: base + prompt.range.lowerBound, selection: prompt.selection.shifted(by: base))
      let end = index + 1 + prompt.children
      visit(prompts, (index + 1)..<end, names, base: base, &visitor)
      visitor.leave(rangeEnd: base + prompt.range.upperBound)
      index = end
    }
  }
}
