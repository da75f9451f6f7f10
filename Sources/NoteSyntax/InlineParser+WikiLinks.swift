/// Footnote references (`[^label]`) and wiki links (`[[target#heading|shown text]]`,
/// embeds `![[target]]`): bracketed constructs that end at their `]` on the opener's
/// line, found as a link's is (a large paragraph's pieces share the `bracket` absence
/// bit with links: no `]` on the line is no closer for either).
extension InlineParser {
  /// The first `]` on the line from `from` (of an opener at `opener`), before `end`.
  @inline(__always)
  private mutating func bracketOnTheLine(from: Int, opener: Int, _ end: Int) -> Int? {
    if end == regionEnd && region.streaming {
      guard let k = bracketOnTheLine(from: from) else {
        bracketAbsentFrom = opener
        return nil
      }
      // The byte after the `]` is read too (a wiki link's second `]`).
      region.reach = max(region.reach, k + 2)
      return k
    }
    let k = bracketOrBreak(from: from)
    return k < end && p[k] == UInt8(ascii: "]") ? k : nil
  }

  /// Where the footnote reference `[^label]` at `i` ends (its `]`), if there is one: a
  /// label of at least one byte, without spaces.
  mutating func footnoteClose(at i: Int, _ end: Int) -> Int? {
    guard i + 3 < end, p[i + 1] == UInt8(ascii: "^"), let k = bracketOnTheLine(from: i + 2, opener: i, end),
      k > i + 2
    else { return nil }
    let p = self.p
    let space = footnoteSpaces.find(in: p, from: i + 2, end: k, bytes: ByteClass.space, ByteClass.tab) {
      ByteClass.isSpaceOrTab(p[$0])
    }
    return space < k ? nil : k
  }

  /// The footnote reference `i...close`; returns its end.
  func footnoteReference(_ i: Int, _ close: Int, _ builder: inout TreeBuilder) -> Int {
    let node = builder.open(.footnoteReference, at: i)
    builder.leaf(.delimiter, i, i + 2)
    builder.leaf(.footnoteLabel, i + 2, close)
    builder.leaf(.delimiter, close, close + 1)
    builder.close(node, at: close + 1)
    return close + 1
  }

  /// The wiki link or embed at `i` (`[[`, or `![[`), if it closes on its line: its
  /// nodes; returns its end. A target, or a heading, must not be empty, and nothing
  /// inside is a `[`.
  mutating func wikiLink(at i: Int, _ end: Int, _ textStart: inout Int, _ builder: inout TreeBuilder) -> Int? {
    let open = p[i] == UInt8(ascii: "!") ? i + 1 : i
    let c = open + 2
    guard c + 2 < end, p[open] == UInt8(ascii: "["), p[open + 1] == UInt8(ascii: "["), c < end,
      p[c] != UInt8(ascii: "|"), p[c] != UInt8(ascii: "]")
    else { return nil }
    guard let k = bracketOnTheLine(from: c, opener: i, end), k + 1 < end, p[k + 1] == UInt8(ascii: "]") else {
      return nil
    }
    // No `[` inside (`[[open, [[x]]` links `x`): a search in vain stops at the first,
    // which the next `[[` starts from, so failed openers read no byte twice.
    var bracket = c
    while bracket < k && p[bracket] != UInt8(ascii: "[") { bracket += 1 }
    guard bracket == k else { return nil }
    // The parts: the target up to the first `#` (before any `|`), the shown text after
    // the first `|`.
    var bar = c
    while bar < k && p[bar] != UInt8(ascii: "|") { bar += 1 }
    var hash = c
    while hash < bar && p[hash] != UInt8(ascii: "#") { hash += 1 }
    if hash == c && hash + 1 >= bar { return nil }
    flush(&textStart, i, &builder)
    let node = builder.open(.wikiLink, at: i)
    builder.leaf(.delimiter, i, c)
    if hash > c { builder.leaf(.wikiTarget, c, hash) }
    if hash < bar {
      builder.leaf(.delimiter, hash, hash + 1)
      if bar > hash + 1 { builder.leaf(.wikiHeading, hash + 1, bar) }
    }
    if bar < k {
      builder.leaf(.delimiter, bar, bar + 1)
      if k > bar + 1 { builder.leaf(.wikiAlias, bar + 1, k) }
    }
    builder.leaf(.delimiter, k, k + 2)
    builder.close(node, at: k + 2)
    return k + 2
  }
}
