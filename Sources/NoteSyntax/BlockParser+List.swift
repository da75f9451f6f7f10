extension BlockParser {
  /// A list: the items from `first` (its marker, and the end of its first line), each
  /// followed directly or after blank lines by the next of the same kind.
  mutating func list(
    _ s: Int, ordered: Bool, first: (marker: LineMarkers.ListMarker, lineEnd: Int)
  ) {
    let node = builder.open(ordered ? .orderedList : .unorderedList, at: s)
    var listEnd = s
    var current: (start: Int, marker: LineMarkers.ListMarker, lineEnd: Int)? = (s, first.marker, first.lineEnd)
    while let (lineStart, marker, lineEnd) = current {
      let item = builder.open(.listItem, at: lineStart)
      builder.leaf(.listMarker, marker.markerStart, marker.markerEnd)
      let next = itemContent(lineStart, marker, lineEnd, ordered: ordered)
      builder.close(item, at: next)
      listEnd = next
      current = nil
      // The next item may follow directly or after blank lines.
      var candidate = listEnd
      while candidate < n {
        let candidateEnd = examineLine(candidate)
        if let m = LineMarkers.listMarker(p, candidate, candidateEnd), m.ordered == ordered {
          current = (candidate, m, candidateEnd)
          break
        }
        guard LineMarkers.isBlank(p, candidate, candidateEnd) else { break }
        candidate = nextLine(candidateEnd)
      }
    }
    builder.close(node, at: listEnd)
  }

  /// A list item's content after its marker (whose line `s..<e` it is): its first
  /// line's block, then the blocks of the lines indented to its content column, blank
  /// lines between allowed. Returns the start of the line after its last block.
  private mutating func itemContent(_ s: Int, _ marker: LineMarkers.ListMarker, _ e: Int, ordered: Bool) -> Int {
    let blank = LineMarkers.isBlank(p, marker.contentStart, e)
    let markerColumn = LineMarkers.indentation(p, s, marker.markerStart).columns
    // Five spaces or more after the marker: the content is indented code, one column
    // after the marker.
    let startsWithCode = !blank && marker.contentStart < e && p[marker.contentStart] == ByteClass.space
    let column =
      blank || startsWithCode
      ? markerColumn + (marker.markerEnd - marker.markerStart) + 1
      : markerColumn + (marker.contentStart - marker.markerStart)
    var next: Int
    if blank {
      next = nextLine(e)
    } else if startsWithCode {
      next = itemIndentedCode(marker.markerEnd + 1, e, column: column)
    } else {
      next = itemBlock(marker.contentStart, e, column: column, first: true)
    }
    while next < n {
      var candidate = next
      var candidateEnd: Int?
      while candidate < n {
        let end = examineLine(candidate)
        guard LineMarkers.isBlank(p, candidate, end) else {
          candidateEnd = end
          break
        }
        candidate = nextLine(end)
      }
      guard let end = candidateEnd else { break }
      let (columns, _) = LineMarkers.indentation(p, candidate, end)
      guard columns >= column else { break }
      if let nested = LineMarkers.listMarker(p, candidate, end) {
        // A list of the other kind nested in the item; an item of the same kind is the
        // next item of this list (lists of one kind are not nested yet).
        guard nested.ordered != ordered, columns < column + 4, listDepth < 32 else { break }
        let node = builder.count
        listDepth += 1
        list(candidate, ordered: nested.ordered, first: (nested, end))
        listDepth -= 1
        next = builder.end(of: node)
        continue
      }
      next = itemBlock(LineMarkers.skipColumns(p, candidate, end, column), end, column: column, first: false)
    }
    return next
  }

  /// The block of a list item at `c`, on a line that ends at `e`, the item's content
  /// starting at `column`: a fenced code block, a heading, or text (the first line's
  /// inline content, or a paragraph). Returns the start of the line after it.
  private mutating func itemBlock(_ c: Int, _ e: Int, column: Int, first: Bool) -> Int {
    if !first && LineMarkers.indentation(p, c, e).columns >= 4 {
      return itemIndentedCode(c, e, column: column)
    }
    if let fence = LineMarkers.openingCodeFence(p, c, e) {
      return itemCode(c, e, fence, column: column)
    }
    if let level = LineMarkers.headingLevel(p, c, e) {
      heading(c, c, e, level)
      return nextLine(e)
    }
    let (contentEnd, following, _) = paragraphExtent(e, itemColumn: column)
    let text = LineMarkers.skipSpaces(p, c, e)
    if first {
      if contentEnd > text { inlineContent(text, contentEnd) }
    } else {
      let node = builder.open(.paragraph, at: text)
      inline(text, contentEnd)
      builder.close(node, at: following)
    }
    return following
  }

  /// A fenced code block in a list item, its first line `c..<e`: the lines after it to
  /// a closing fence indented to the item's `column` (plus up to three spaces), or to a
  /// line indented less (which ends the item), or to the end of the text.
  private mutating func itemCode(_ c: Int, _ e: Int, _ fence: LineMarkers.CodeFence, column: Int) -> Int {
    let start = builder.open(.codeBlockStart, at: c)
    builder.leaf(.codeFence, fence.run.lowerBound, fence.run.upperBound)
    if !fence.info.isEmpty { builder.leaf(.codeInfo, fence.info.lowerBound, fence.info.upperBound) }
    let linesStart = nextLine(e)
    builder.close(start, at: linesStart)
    let context = BlockContext.code(fence: fence.character, length: fence.run.count)
    var next = linesStart
    var linesEnd = linesStart
    while next < n {
      let lineEnd = examineLine(next)
      let (columns, first) = LineMarkers.indentation(p, next, lineEnd)
      if first < lineEnd && columns < column { break }
      let stripped = LineMarkers.skipColumns(p, next, lineEnd, column)
      if let run = LineMarkers.closingCodeFence(p, stripped, lineEnd, context) {
        if linesEnd > linesStart { builder.leaf(.codeLines, linesStart, linesEnd) }
        let end = builder.open(.codeBlockEnd, at: stripped)
        builder.leaf(.codeFence, run.lowerBound, run.upperBound)
        let after = nextLine(lineEnd)
        builder.close(end, at: after)
        return after
      }
      next = nextLine(lineEnd)
      if first < lineEnd { linesEnd = next }
    }
    if linesEnd > linesStart { builder.leaf(.codeLines, linesStart, linesEnd) }
    return linesEnd
  }

  /// Indented code in a list item from `c` (its first line ending at `e`): the lines
  /// indented four columns past the item's content `column`, blank lines between them.
  private mutating func itemIndentedCode(_ c: Int, _ e: Int, column: Int) -> Int {
    var lastEnd = e
    var next = nextLine(e)
    while next < n {
      let lineEnd = examineLine(next)
      let (columns, first) = LineMarkers.indentation(p, next, lineEnd)
      if first < lineEnd {
        guard columns >= column + 4 else { break }
        lastEnd = lineEnd
      }
      next = nextLine(lineEnd)
    }
    let after = nextLine(lastEnd)
    let node = builder.open(.indentedCode, at: c)
    builder.close(node, at: after)
    return after
  }
}
