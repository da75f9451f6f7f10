import NoteSyntax

extension Outline {
  /// Orders `prompts[first...]` (pairs, quotes and clozes) as a block's entries are
  /// visited: the pairs and quotes in document order, side by side even when one holds
  /// another (as the pairs of a quote follow it), each followed by its children, the
  /// clozes it is the innermost pair or quote around; a cloze inside none in document
  /// order between them.
  static func attachClozes(_ prompts: inout [BlockEntry.Prompt], from first: Int) {
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
    // Each pair or quote with its clozes, and each cloze inside none, in document order.
    var groups: [(holder: BlockEntry.Prompt?, clozes: [BlockEntry.Prompt])] = []
    // The pairs and quotes around the entry placed next (as indices of `groups`), outermost first.
    var holders: [Int] = []
    for entry in entries {
      let range = entry.range
      while let holder = holders.last, let around = groups[holder].holder?.range,
        !(around.lowerBound <= range.lowerBound && range.upperBound <= around.upperBound)
      {
        holders.removeLast()
      }
      if entry.kind == .cloze {
        if let holder = holders.last { groups[holder].clozes.append(entry) } else { groups.append((nil, [entry])) }
      } else {
        holders.append(groups.count)
        groups.append((entry, []))
      }
    }
    for (holder, clozes) in groups {
      if var holder {
        holder.children = clozes.count
        prompts.append(holder)
      }
      prompts += clozes
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
  /// in `names`), each top-level one followed by its children (clozes, which have none).
  static func visit(
    _ prompts: [BlockEntry.Prompt], _ indices: Range<Int>, _ names: UnsafeBufferPointer<UInt8>, base: Int,
    _ visitor: inout some OutlineVisitor
  ) {
    func enter(_ prompt: Outline.BlockEntry.Prompt) {
      visitor.enter(
        name: UnsafeBufferPointer(rebasing: names[prompt.name]),
        detail: prompt.detail.map { UnsafeBufferPointer(rebasing: names[$0]) }, kind: prompt.kind,
        rangeStart: base + prompt.range.lowerBound, selection: prompt.selection.shifted(by: base))
    }
    var index = indices.lowerBound
    while index < indices.upperBound {
      let prompt = prompts[index]
      enter(prompt)
      for child in (index + 1)..<(index + 1 + prompt.children) {
        enter(prompts[child])
        visitor.leave(rangeEnd: base + prompts[child].range.upperBound)
      }
      visitor.leave(rangeEnd: base + prompt.range.upperBound)
      index += 1 + prompt.children
    }
  }

  /// Hands `visitor` the top-level entries of `prompts[indices]` that are clozes (with
  /// `clozes`) or that are not (without), each followed by its children: the entries of
  /// a pair across two lists' items, its children or its siblings.
  static func visit(
    _ prompts: [BlockEntry.Prompt], _ indices: Range<Int>, _ names: UnsafeBufferPointer<UInt8>, base: Int,
    clozes: Bool, _ visitor: inout some OutlineVisitor
  ) {
    var index = indices.lowerBound
    while index < indices.upperBound {
      let next = index + 1 + prompts[index].children
      if clozes == (prompts[index].kind == .cloze) { visit(prompts, index..<next, names, base: base, &visitor) }
      index = next
    }
  }
}
