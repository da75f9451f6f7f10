/// Links that use a link reference definition: `[text][label]` (full), `[label][]`
/// (collapsed) and `[label]` (shortcut), and the same after `!` for images.
///
/// The parse of a block cannot know which labels the note defines (a definition may come
/// anywhere, and an edit to it must not reparse the blocks that use it), so every
/// bracketed text that could be such a link is a ``NodeKind/referenceLink`` node, and
/// ``LinkReferences`` says after the parse which of them are links. The node's brackets
/// are no nodes and its text is parsed as inline text is outside brackets, so one whose
/// label is not defined (`[sic]`, `[1]`) reads as the text it is.
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
