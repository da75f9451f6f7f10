extension BlockParser {
  /// A list, or a piece of a large one (`continuing`, or once it runs past
  /// `Pieces.largeBlock` bytes): cut before an item at least `Pieces.minimum` bytes into
  /// the piece, where the 32 bytes before it pass ``Pieces/endsRun(_:from:to:)`` (or
  /// after `Pieces.maximumLines` items). The items from `first` (its marker, and the end
  /// of its first line; `nil` for a line longer than `Pieces.largeBlock`, whose text is
  /// cut into pieces as a paragraph's is); or, in the piece that holds the end of such an
  /// item's text, from the line after it (`after`), the list's node open already.
  mutating func list(
    _ s: Int, ordered: Bool, first: (marker: LineMarkers.ListMarker, lineEnd: Int?)?, continuing: Bool,
    node open: Int? = nil, after: Int? = nil, nested: Bool = false
  ) -> BlockContext {
    let node = open ?? builder.open(ordered ? .orderedList : .unorderedList, at: s)
    let minimum = continuing ? Pieces.minimum : Pieces.largeBlock
    var items = after == nil ? 0 : 1
    var listEnd = after ?? s
    // The content column of the last item (past any marker's indentation when unknown).
    var itemColumn = Int.max
    var current = first.map { (start: s, marker: $0.marker, lineEnd: $0.lineEnd) }
    while true {
      if let (lineStart, marker, lineEnd) = current {
        let item = builder.open(.listItem, at: lineStart)
        builder.leaf(.listMarker, marker.markerStart, marker.markerEnd)
        let next: Int
        if let lineEnd {
          (next, itemColumn) = itemContent(lineStart, marker, lineEnd, ordered: ordered)
        } else {
          let (end, absent) = itemText(
            from: marker.contentStart, pieceStart: s, minimum: minimum, regionStart: marker.contentStart,
            mayCutAfterFarRead: true, absentClosers: 0)
          switch end {
          case .cut(let cut, let farRead):
            builder.close(item, at: cut)
            builder.close(node, at: cut)
            return .continuing(Self.itemTextContext(ordered: ordered, afterFarRead: farRead), absentClosers: absent)
          case .end(let following):
            next = following
          }
        }
        builder.close(item, at: next)
        listEnd = next
        items += 1
      }
      // The next item may follow directly or after blank lines.
      var candidate = listEnd
      var found: (marker: LineMarkers.ListMarker, lineEnd: Int?)?
      while candidate < n {
        let candidateEnd: Int
        if let end = examineShortLine(candidate) {
          candidateEnd = end
        } else if nested {
          // A nested list is never cut into pieces: a long line ends it.
          break
        } else {
          // A long line: an item whose text is cut into pieces, or read whole if blank.
          let prefixEnd = candidate + Pieces.largeBlock
          if let marker = LineMarkers.listMarker(p, candidate, prefixEnd), marker.ordered == ordered,
            candidate == listEnd
              || !Self.isIndentedCode(LineMarkers.indentation(p, candidate, prefixEnd).columns, itemColumn)
          {
            found = (marker, nil)
            break
          }
          guard LineMarkers.isBlank(p, candidate, prefixEnd) else { break }
          candidateEnd = examineLine(candidate)
        }
        // After a blank line, a marker indented four columns or more, but less than the
        // last item's content, is no item of a top-level list: it is indented code.
        if let m = LineMarkers.listMarker(p, candidate, candidateEnd), m.ordered == ordered,
          nested || candidate == listEnd
            || !Self.isIndentedCode(LineMarkers.indentation(p, candidate, candidateEnd).columns, itemColumn)
        {
          found = (m, candidateEnd)
          break
        }
        guard LineMarkers.isBlank(p, candidate, candidateEnd) else { break }
        candidate = nextLine(candidateEnd)
      }
      guard let found else { break }
      if cutsLargeBlocks && !nested && candidate - s >= minimum
        && (items >= Pieces.maximumLines || Pieces.endsRun(p, from: candidate - 32, to: candidate))
      {
        builder.close(node, at: candidate)
        return .continuing(ordered ? .orderedList : .unorderedList)
      }
      current = (candidate, found.marker, found.lineEnd)
    }
    builder.close(node, at: listEnd)
    return .text
  }

  /// Whether a line indented `columns` after a list whose last item's content starts at
  /// `itemColumn` is indented code rather than an item.
  static func isIndentedCode(_ columns: Int, _ itemColumn: Int) -> Bool { columns >= 4 && columns < itemColumn }

  /// The context of a piece inside a long list item's text.
  static func itemTextContext(ordered: Bool, afterFarRead: Bool) -> BlockContext.Piece {
    switch (ordered, afterFarRead) {
    case (false, false): .unorderedListText
    case (false, true): .unorderedListTextAfterFarRead
    case (true, false): .orderedListText
    case (true, true): .orderedListTextAfterFarRead
    }
  }

  /// A long list item's text from `start` (the item's node open), parsed as a
  /// paragraph's, to the next cut or to its end: where it was cut, or the start of the
  /// line after it (its text node closed).
  private mutating func itemText(
    from start: Int, pieceStart: Int, minimum: Int, regionStart: Int?, mayCutAfterFarRead: Bool,
    absentClosers: ClosersAbsent
  ) -> (InlineParser.PieceEnd, absent: ClosersAbsent) {
    let content = builder.open(.inlineContent, at: start)
    let (end, absent) = textPiece(
      .listItem, from: start, pieceStart: pieceStart, minimum: minimum, regionStart: regionStart,
      mayCutAfterFarRead: mayCutAfterFarRead, absentClosers: absentClosers)
    switch end {
    case .cut(let cut, _):
      builder.close(content, at: cut)
      return (end, absent)
    case .end(let contentEnd):
      builder.close(content, at: contentEnd)
      return (.end(nextLine(contentEnd)), absent)
    }
  }

  /// A piece inside a long list item's text, at `s`: its text to the next cut, or to its
  /// end, then the list's next items.
  mutating func itemTextPiece(_ s: Int, ordered: Bool, mayCutAfterFarRead: Bool, absentClosers: ClosersAbsent)
    -> BlockContext
  {
    let node = builder.open(ordered ? .orderedList : .unorderedList, at: s)
    let item = builder.open(.listItem, at: s)
    let (end, absent) = itemText(
      from: s, pieceStart: s, minimum: Pieces.minimum, regionStart: nil, mayCutAfterFarRead: mayCutAfterFarRead,
      absentClosers: absentClosers)
    switch end {
    case .cut(let cut, let farRead):
      builder.close(item, at: cut)
      builder.close(node, at: cut)
      return .continuing(
        Self.itemTextContext(ordered: ordered, afterFarRead: farRead || !mayCutAfterFarRead), absentClosers: absent)
    case .end(let next):
      builder.close(item, at: next)
      return list(s, ordered: ordered, first: nil, continuing: true, node: node, after: next)
    }
  }

  /// A list item's content after its marker (whose line `s..<e` it is): its first
  /// line's block, then the blocks of the lines indented to its content column, blank
  /// lines between allowed. Returns the start of the line after its last block, and the
  /// column its content starts at.
  private mutating func itemContent(_ s: Int, _ marker: LineMarkers.ListMarker, _ e: Int, ordered: Bool) -> (
    next: Int, column: Int
  ) {
    let markerColumn = LineMarkers.indentation(p, s, marker.markerStart).columns
    let markerEndColumn = markerColumn + (marker.markerEnd - marker.markerStart)
    // The spaces and tabs after the marker, a tab to the next multiple of four columns.
    let (spaces, text) = LineMarkers.indentation(p, marker.markerEnd, e, fromColumn: markerEndColumn)
    let blank = text == e
    // Five columns or more after the marker: the content is indented code, one column
    // after the marker.
    let startsWithCode = !blank && spaces >= 5
    let column = blank || startsWithCode ? markerEndColumn + 1 : markerEndColumn + spaces
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
      while candidate < n, let end = examineShortLine(candidate) {
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
        _ = list(candidate, ordered: nested.ordered, first: (nested, end), continuing: false, nested: true)
        listDepth -= 1
        next = builder.end(of: node)
        continue
      }
      next = itemBlock(LineMarkers.skipColumns(p, candidate, end, column), end, column: column, first: false)
    }
    return (next, column)
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
    if let kind = LineMarkers.htmlBlockKind(p, c, e) {
      return itemHTMLBlock(c, e, kind: kind, column: column)
    }
    let (contentEnd, following, underline) = paragraphExtent(e, itemColumn: column)!
    let text = LineMarkers.skipSpaces(p, c, e)
    if let underline {
      setextHeading(text, contentEnd, underline: underline, next: following)
    } else if first {
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

  /// An HTML block of `kind` in a list item, its first line `c..<e`: as at the top level
  /// (``htmlBlock(_:_:kind:)``), and ended too by a line indented less than the item's
  /// content `column` (which ends the item). Returns the start of the line after it.
  private mutating func itemHTMLBlock(_ c: Int, _ e: Int, kind: Int, column: Int) -> Int {
    var lastEnd = e
    var lineStart = c
    var next = nextLine(e)
    while kind >= 6 || !LineMarkers.endsHTMLBlock(p, lineStart, lastEnd, kind: kind) {
      guard next < n else { break }
      let lineEnd = examineLine(next)
      let (columns, first) = LineMarkers.indentation(p, next, lineEnd)
      if first == lineEnd {
        if kind >= 6 { break }
        next = nextLine(lineEnd)
        continue
      }
      guard columns >= column else { break }
      lineStart = next
      lastEnd = lineEnd
      next = nextLine(lineEnd)
    }
    let after = nextLine(lastEnd)
    let node = builder.open(.htmlBlock, at: c)
    builder.close(node, at: after)
    return after
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
