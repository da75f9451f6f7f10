/// Footnote references (`[^label]`) and wiki links (`[[target#heading|shown text]]`,
/// embeds `![[target]]`): bracketed constructs that end at their `]` on the opener's
/// line, found as a link's is.
extension InlineParser {
  /// The first `]` on the line from `from`, before `end`.
  @inline(__always)
  private mutating func bracketOnTheLine(from: Int, _ end: Int) -> Int? {
    let closingBracket = bracketOrBreak(from: from)
    return closingBracket < end && bytes[closingBracket] == UInt8(ascii: "]") ? closingBracket : nil
  }

  /// Where the footnote reference `[^label]` at `i` ends (its `]`), if there is one: a
  /// label of at least one byte, without spaces.
  mutating func footnoteClose(at i: Int, _ end: Int) -> Int? {
    guard i + 3 < end, bytes[i + 1] == UInt8(ascii: "^"),
      let closingBracket = bracketOnTheLine(from: i + 2, end),
      closingBracket > i + 2
    else { return nil }
    let bytes = self.bytes
    let space = footnoteSpaces.find(in: bytes, from: i + 2, end: closingBracket, bytes: ByteClass.space, ByteClass.tab)
    {
      ByteClass.isSpaceOrTab(bytes[$0])
    }
    return space < closingBracket ? nil : closingBracket
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
    let open = bytes[i] == UInt8(ascii: "!") ? i + 1 : i
    let targetStart = open + 2
    guard targetStart + 2 < end, bytes[open] == UInt8(ascii: "["), bytes[open + 1] == UInt8(ascii: "["),
      targetStart < end,
      bytes[targetStart] != UInt8(ascii: "|"), bytes[targetStart] != UInt8(ascii: "]")
    else { return nil }
    guard let closingBracket = bracketOnTheLine(from: targetStart, end), closingBracket + 1 < end,
      bytes[closingBracket + 1] == UInt8(ascii: "]")
    else {
      return nil
    }
    // No `[` inside (`[[open, [[x]]` links `x`): a search in vain stops at the first,
    // which the next `[[` starts from, so failed openers read no byte twice.
    var bracket = targetStart
    while bracket < closingBracket && bytes[bracket] != UInt8(ascii: "[") { bracket += 1 }
    guard bracket == closingBracket else { return nil }
    // The parts: the target up to the first `#` (before any `|`), the shown text after
    // the first `|`.
    var bar = targetStart
    while bar < closingBracket && bytes[bar] != UInt8(ascii: "|") { bar += 1 }
    var hash = targetStart
    while hash < bar && bytes[hash] != UInt8(ascii: "#") { hash += 1 }
    if hash == targetStart && hash + 1 >= bar { return nil }
    flush(&textStart, i, &builder)
    let node = builder.open(.wikiLink, at: i)
    builder.leaf(.delimiter, i, targetStart)
    if hash > targetStart { builder.leaf(.wikiTarget, targetStart, hash) }
    if hash < bar {
      builder.leaf(.delimiter, hash, hash + 1)
      if bar > hash + 1 { builder.leaf(.wikiHeading, hash + 1, bar) }
    }
    if bar < closingBracket {
      builder.leaf(.delimiter, bar, bar + 1)
      if closingBracket > bar + 1 { builder.leaf(.wikiAlias, bar + 1, closingBracket) }
    }
    builder.leaf(.delimiter, closingBracket, closingBracket + 2)
    builder.close(node, at: closingBracket + 2)
    return closingBracket + 2
  }
}
