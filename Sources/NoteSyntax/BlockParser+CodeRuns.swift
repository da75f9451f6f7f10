/// Blocks read as they are, cut into runs of lines: fenced code (``codeBlockLines(_:_:_:)``),
/// HTML blocks and indented code. A run ends after 64 lines or after a line whose hash
/// has its low four bits clear (``endsCodeRun(_:from:to:)``), so after an edit the parse
/// soon ends a run where an old one ended and reuses the rest: an unclosed `<!--` or a
/// long indented listing costs a keystroke a few lines, not the note's length.
extension BlockParser {
  /// The run of lines at `s` (its first line ending at `e`) inside the code, HTML block
  /// or indented code of `context`.
  mutating func codeLines(_ s: Int, _ e: Int, _ context: BlockContext) -> BlockContext {
    switch context.fence {
    case UInt8(ascii: "<"): htmlBlock(s, e, kind: context.fenceLength, continuing: true)
    case UInt8(ascii: " "): indentedCode(s, e, continuing: true)
    default: codeBlockLines(s, e, context)
    }
  }

  /// An HTML block of CommonMark's `kind` (1 to 7) from line `s..<e`, or a run of its
  /// lines (`continuing` one before): to the line that holds its end (kinds 1 to 5) or to
  /// the line before a blank one (6 and 7), or to the end of the text. Nothing inside it
  /// is read. A run after the first is an `htmlBlock` node too, flagged as continuing
  /// (``SyntaxNode/continuesBlock``).
  mutating func htmlBlock(_ s: Int, _ e: Int, kind: Int, continuing: Bool = false) -> BlockContext {
    var lineStart = s
    var lineEnd = e
    var lines = 1
    var next = BlockContext.text
    while kind >= 6 || !LineMarkers.endsHTMLBlock(bytes, lineStart, lineEnd, kind: kind) {
      let following = nextLine(lineEnd)
      guard following < byteCount else { break }
      let followingEnd = examineLine(following)
      if kind >= 6 && LineMarkers.isBlank(bytes, following, followingEnd) { break }
      if lines >= 64 || Self.endsCodeRun(bytes, from: lineStart, to: lineEnd) {
        next = .html(kind: kind)
        break
      }
      lineStart = following
      lineEnd = followingEnd
      lines += 1
    }
    let node = builder.open(.htmlBlock, at: s)
    if continuing { builder.setFlags(node, SyntaxNode.continuingFlag) }
    builder.close(node, at: nextLine(lineEnd))
    return next
  }

  /// Lines indented by four columns or more from `s` (blank lines between them): code,
  /// read as it is, or a run of its lines (`continuing` one before). The blank lines after
  /// the last such line are not part of it. A run ends only where the next line is code
  /// too, so a run after the first starts at a line of code.
  mutating func indentedCode(_ s: Int, _ e: Int, continuing: Bool = false) -> BlockContext {
    var lastStart = s
    var lastEnd = e
    var lines = 1
    var next = nextLine(e)
    var context = BlockContext.text
    while next < byteCount {
      let lineEnd = examineLine(next)
      let (columns, first) = LineMarkers.indentation(bytes, next, lineEnd)
      if first < lineEnd {
        guard columns >= 4 else { break }
        if nextLine(lastEnd) == next && (lines >= 64 || Self.endsCodeRun(bytes, from: lastStart, to: lastEnd)) {
          context = .indentedCode
          break
        }
        lastStart = next
        lastEnd = lineEnd
        lines += 1
      }
      next = nextLine(lineEnd)
    }
    let node = builder.open(.indentedCode, at: s)
    if continuing { builder.setFlags(node, SyntaxNode.continuingFlag) }
    builder.close(node, at: nextLine(lastEnd))
    return context
  }
}
