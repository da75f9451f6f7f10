/// Blocks read as they are, cut into runs of lines: fenced code, HTML blocks and
/// indented code. A run ends after 64 lines or after a line whose hash has its low four
/// bits clear (``endsCodeRun(_:from:to:)``): ends that depend on the lines alone, so
/// after an edit the parse soon ends a run where an old one ended and reuses the rest.
extension BlockParser {
  /// The run of lines at `s` (its first line ending at `e`) inside the code, HTML block
  /// or indented code of `context`.
  mutating func codeLines(_ s: Int, _ e: Int, _ context: BlockContext) -> BlockContext {
    switch context {
    case .html(let kind): htmlBlock(s, e, kind: kind, continuing: true)
    case .indentedCode: indentedCode(s, e, continuing: true)
    default: codeBlockLines(s, e, context)
    }
  }

  /// An HTML block of CommonMark's `kind` (1 to 7) from line `s..<e`, or a run of its
  /// lines after the first (`continuing`, ``SyntaxNode/continuesBlock``): to the line
  /// holding its end (kinds 1 to 5), before a blank line (6 and 7), or to the text's end.
  /// In a list item whose content starts at `column`, a line indented less ends it (and
  /// the item), blank lines count only before a line of the block, and it is one run.
  @discardableResult mutating func htmlBlock(
    _ s: Int, _ e: Int, kind: Int, column: Int = 0, continuing: Bool = false
  ) -> BlockContext {
    var lineStart = s
    var lineEnd = e
    var lines = 1
    var next = BlockContext.text
    var following = nextLine(e)
    while kind >= 6 || !LineMarkers.endsHTMLBlock(bytes, lineStart, lineEnd, kind: kind) {
      guard following < byteCount else { break }
      let followingEnd = examineLine(following)
      let (columns, first) = LineMarkers.indentation(bytes, following, followingEnd)
      if first == followingEnd {
        if kind >= 6 { break }
        if column > 0 {
          following = nextLine(followingEnd)
          continue
        }
      } else if columns < column {
        break
      }
      if column == 0 && (lines >= 64 || Self.endsCodeRun(bytes, from: lineStart, to: lineEnd)) {
        next = .html(kind: kind)
        break
      }
      lineStart = following
      lineEnd = followingEnd
      lines += 1
      following = nextLine(lineEnd)
    }
    let node = builder.open(.htmlBlock, at: s)
    if continuing { builder.setFlags(node, SyntaxNode.continuingFlag) }
    builder.close(node, at: nextLine(lineEnd))
    return next
  }

  /// Lines indented four columns or more from `s`, blank lines between them but not after
  /// the last, or a run of them after the first (`continuing`), which starts at code. In a
  /// list item whose content starts at `column`, four columns past it, and in one run: the
  /// item is parsed whole with its list.
  @discardableResult mutating func indentedCode(_ s: Int, _ e: Int, column: Int = 0, continuing: Bool = false)
    -> BlockContext
  {
    var lastStart = s
    var lastEnd = e
    var lines = 1
    var next = nextLine(e)
    var context = BlockContext.text
    while next < byteCount {
      let lineEnd = examineLine(next)
      let (columns, first) = LineMarkers.indentation(bytes, next, lineEnd)
      if first < lineEnd {
        guard columns >= column + 4 else { break }
        if column == 0 && nextLine(lastEnd) == next
          && (lines >= 64 || Self.endsCodeRun(bytes, from: lastStart, to: lastEnd))
        {
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

  /// Inside a fenced code block: its closing fence, or a run of code lines ending before it.
  mutating func codeBlockLines(_ s: Int, _ e: Int, _ context: BlockContext) -> BlockContext {
    if let run = LineMarkers.closingCodeFence(bytes, s, e, context) {
      fenceNodes(.codeBlockEnd, s, run, next: nextLine(e))
      return .text
    }
    var lineStart = s
    var lineEnd = e
    var next = nextLine(lineEnd)
    var lines = 1
    while next < byteCount && lines < 64 && !Self.endsCodeRun(bytes, from: lineStart, to: lineEnd) {
      let nextEnd = examineLine(next)
      if LineMarkers.closingCodeFence(bytes, next, nextEnd, context) != nil { break }
      lineStart = next
      lineEnd = nextEnd
      next = nextLine(lineEnd)
      lines += 1
    }
    builder.leaf(.codeLines, s, next)
    return context
  }

  /// Whether a run of code lines ends after the line `start..<end`: its FNV-1a hash has
  /// its low four bits clear (one line in sixteen, whatever the code).
  static func endsCodeRun(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Bool {
    var hash: UInt32 = 0x811C_9DC5
    for i in start..<end { hash = (hash ^ UInt32(bytes[i])) &* 0x0100_0193 }
    return hash & 15 == 0
  }
}
