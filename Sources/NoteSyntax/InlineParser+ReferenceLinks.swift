/// Reference links: `[text][label]`, `[label][]` and `[label]`, and images after `!`. A
/// block's parse cannot know the note's labels, so bracketed text that could be one is a
/// ``NodeKind/referenceLink`` node without bracket nodes, its text parsed as outside
/// brackets; ``LinkReferences`` says after the parse which are links, and `[sic]` reads as text.
extension InlineParser {
  /// The reference link or image whose `[` is at `bracket` (`i` is its `!` for an
  /// image): its text holds no bracket and no line break, and, when it is the label
  /// (shortcut, collapsed), more than spaces. Adds its node after the text before it
  /// and returns its end; `nil` when there is none.
  mutating func referenceLink(
    _ kind: NodeKind, at i: Int, bracket: Int, _ end: Int, _ textStart: inout Int, _ builder: inout TreeBuilder,
    _ depth: Int
  ) -> Int? {
    let text = bracket + 1
    guard depth < Self.maxDepth, text < end, bytes[text] != UInt8(ascii: "^") else { return nil }
    let closing = bracketOrBreak(from: text)
    guard closing < end, bytes[closing] == UInt8(ascii: "]"), openingBracket(from: text, before: closing) == closing
    else { return nil }
    var label: Range<Int>?
    var nodeEnd = closing + 1
    if nodeEnd < end && bytes[nodeEnd] == UInt8(ascii: "[") {
      let labelEnd = bracketOrBreak(from: nodeEnd + 1)
      if labelEnd < end, bytes[labelEnd] == UInt8(ascii: "]"),
        openingBracket(from: nodeEnd + 1, before: labelEnd) == labelEnd
      {
        if labelEnd == nodeEnd + 1 {
          nodeEnd = labelEnd + 1
        } else if holdsNonSpace(nodeEnd + 1, labelEnd) {
          label = (nodeEnd + 1)..<labelEnd
          nodeEnd = labelEnd + 1
        }
      }
    }
    if label == nil && !holdsNonSpace(text, closing) { return nil }
    flush(&textStart, i, &builder)
    let node = builder.open(kind == .image ? .referenceImage : .referenceLink, at: i)
    if closing > text { parse(i, closing, from: text, into: &builder, depth: depth + 1) }
    if let label { builder.leaf(.linkLabel, label.lowerBound, label.upperBound) }
    builder.close(node, at: nodeEnd)
    return nodeEnd
  }

  /// The first `[` from `i` before `end`, or `end`.
  @inline(__always)
  private mutating func openingBracket(from i: Int, before end: Int) -> Int {
    let bytes = self.bytes
    let bracket = UInt8(ascii: "[")
    return openingBrackets.find(in: bytes, from: i, end: end, bytes: bracket, bracket) { bytes[$0] == bracket }
  }

  /// Whether `start..<end` holds a byte other than a space or a tab.
  private func holdsNonSpace(_ start: Int, _ end: Int) -> Bool {
    var j = start
    while j < end {
      if !ByteClass.isSpaceOrTab(bytes[j]) { return true }
      j += 1
    }
    return false
  }
}
