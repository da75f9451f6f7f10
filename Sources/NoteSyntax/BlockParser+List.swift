extension BlockParser {
  /// A list: the items from `first` (its marker, and the end of its first line), each
  /// followed directly or after blank lines by the next of the same kind and bullet. A list nested
  /// in an item whose content starts at column `minColumn` ends at a marker indented
  /// less (an item of a list around it) or four columns more (code). A list that opens on
  /// its parent item's line starts at `s`, the item's text at column `firstColumn`.
  mutating func list(
    _ s: Int, ordered: Bool, first: (marker: LineMarkers.ListMarker, lineEnd: Int),
    minColumn: Int = 0, firstColumn: Int = 0
  ) {
    let node = builder.open(ordered ? .orderedList : .unorderedList, at: s)
    holdingColumns.append(minColumn)
    defer { holdingColumns.removeLast() }
    var listEnd = s
    var current: (start: Int, marker: LineMarkers.ListMarker, lineEnd: Int)? = (s, first.marker, first.lineEnd)
    while let (lineStart, marker, lineEnd) = current {
      let item = builder.open(.listItem, at: lineStart)
      builder.leaf(.listMarker, marker.markerStart, marker.markerEnd)
      let column = lineStart == s ? firstColumn : 0
      let next = itemContent(lineStart, marker, lineEnd, ordered: ordered, startColumn: column)
      builder.close(item, at: next)
      listEnd = next
      current = nil
      // The next item may follow directly or after blank lines.
      var candidate = listEnd
      while candidate < byteCount {
        let candidateEnd = examineLine(candidate)
        // A marker indented four columns or more past the list's container is no item:
        // it is indented code (or text going on with a paragraph, which the item read).
        // A list's items share their bullet (`-`, `*`, `+`) or delimiter (`.`, `)`): another starts a list.
        let indent = LineMarkers.indentation(bytes, candidate, candidateEnd).columns - minColumn
        if indent >= 0, indent < 4, let m = LineMarkers.listMarker(bytes, candidate, candidateEnd),
          m.ordered == ordered,
          !LineMarkers.isThematicBreak(
            bytes, LineMarkers.skipColumns(bytes, candidate, candidateEnd, minColumn), candidateEnd),
          bytes[m.markerEnd - 1] == bytes[first.marker.markerEnd - 1]
        {
          current = (candidate, m, candidateEnd)
          break
        }
        guard LineMarkers.isBlank(bytes, candidate, candidateEnd) else { break }
        candidate = nextLine(candidateEnd)
      }
    }
    builder.close(node, at: listEnd)
  }

  /// A list item's content after its marker (whose line's text `s..<e`, at column
  /// `startColumn`, it is): its first line's block, then the blocks of the lines
  /// indented to its content column, blank lines between allowed. Returns the start of
  /// the line after its last block.
  private mutating func itemContent(
    _ s: Int, _ marker: LineMarkers.ListMarker, _ e: Int, ordered: Bool, startColumn: Int
  ) -> Int {
    let markerColumn = startColumn + LineMarkers.indentation(bytes, s, marker.markerStart).columns
    let markerEndColumn = markerColumn + (marker.markerEnd - marker.markerStart)
    // The spaces and tabs after the marker, a tab to the next multiple of four columns.
    let (spaces, text) = LineMarkers.indentation(bytes, marker.markerEnd, e, fromColumn: markerEndColumn)
    let blank = text == e
    // Five columns or more after the marker: the content is indented code, one column
    // after the marker.
    let startsWithCode = !blank && spaces >= 5
    let column = blank || startsWithCode ? markerEndColumn + 1 : markerEndColumn + spaces
    var next: Int
    if blank {
      next = nextLine(e)
    } else if startsWithCode {
      let node = builder.count
      indentedCode(marker.markerEnd + 1, e, column: column)
      next = builder.end(of: node)
    } else {
      next = itemBlock(text, e, column: column, first: true)
    }
    return containerBlocks(from: next, column: column)
  }

  /// A footnote definition whose `[^label]:` (its `label` and end) opens the line `s..<e`
  /// in a container whose content starts at `containerColumn` (0 at the top level): a
  /// container, as cmark-gfm reads it, whose content column is four columns past its
  /// container's. Its first line's text, after the colon's spaces, stands at that column and
  /// opens its first block; later lines are read as a list item's. Returns the start of the
  /// line after its last block.
  @discardableResult mutating func footnoteDefinition(
    _ s: Int, _ e: Int, _ definition: (label: Range<Int>, end: Int), containerColumn: Int = 0
  ) -> Int {
    let node = builder.open(.footnoteDefinition, at: s)
    builder.leaf(.footnoteLabel, definition.label.lowerBound, definition.label.upperBound)
    let column = containerColumn + 4
    let text = LineMarkers.skipSpaces(bytes, definition.end, e)
    holdingColumns.append(containerColumn)
    listDepth += 1
    let first = text == e ? nextLine(e) : itemBlock(text, e, column: column, first: true)
    let next = containerBlocks(from: first, column: column)
    listDepth -= 1
    holdingColumns.removeLast()
    builder.close(node, at: next)
    return next
  }

  /// The blocks of a list item or footnote definition whose content starts at `column`,
  /// from the line start `next` on: those of the lines indented to that column, blank
  /// lines between allowed. Returns the start of the line after the last.
  private mutating func containerBlocks(from next: Int, column: Int) -> Int {
    var next = next
    while next < byteCount {
      var candidate = next
      var candidateEnd: Int?
      while candidate < byteCount {
        let end = examineLine(candidate)
        guard LineMarkers.isBlank(bytes, candidate, end) else {
          candidateEnd = end
          break
        }
        candidate = nextLine(end)
      }
      guard let end = candidateEnd else { break }
      let (columns, first) = LineMarkers.indentation(bytes, candidate, end)
      guard columns >= column else { break }
      let text = LineMarkers.skipColumns(bytes, candidate, end, column)
      if columns < column + 4, let nested = LineMarkers.listMarker(bytes, candidate, end),
        !LineMarkers.isThematicBreak(bytes, first, end)
      {
        // A list nested in the item, of either kind: its items are indented to the
        // item's content at least (four columns more is code).
        guard listDepth < 32 else { break }
        let node = builder.count
        listDepth += 1
        list(candidate, ordered: nested.ordered, first: (nested, end), minColumn: column)
        listDepth -= 1
        next = builder.end(of: node)
        continue
      }
      next = itemBlock(text, end, column: column, first: false, indent: (columns - column, first))
    }
    return next
  }

  /// The block of a list item at `c`, on a line that ends at `e`, the item's content
  /// starting at `column`, by the rules of ``BlockRule``: code, a heading, an HTML block,
  /// a thematic break, a list or a quote that opens here, a footnote or link reference
  /// definition, a table, a `Q:`/`A:` pair after the item's first line, or text (the
  /// first line's inline content, or a paragraph; a `Q:` first line too, which pairs
  /// with an `A:` item as a list's card). Returns the start of the line after it. A later
  /// line's `indent` is its text's indentation past `column` and its first byte.
  private mutating func itemBlock(
    _ c: Int, _ e: Int, column: Int, first: Bool, indent: (columns: Int, first: Int)? = nil
  ) -> Int {
    // The block's node, whose end a reader that returns none gives.
    let node = builder.count
    var start = blockStart(c, e, rules: BlockRule.inListItem, indent: indent?.columns)
    // A table and a definition, read over the item's lines, come before a question in the
    // rules' order.
    switch start {
    case nil:
      if let columns = tableColumns(c, e, column: column) {
        start = .table(columns: columns)
      } else if let definition = linkDefinition(
        indent.map { $0.columns < 4 ? $0.first : c } ?? c, e, in: .buffer(itemColumn: column))
      {
        // Read from its first byte: a tab may straddle the item's column.
        start = .linkReferenceDefinition(definition)
      }
    case .questionAnswer:
      if let columns = tableColumns(c, e, column: column) { start = .table(columns: columns) }
    default: break
    }
    switch start {
    case .indentedCode where !first:
      indentedCode(c, e, column: column)
      return builder.end(of: node)
    case .codeFence(let fence), .delimitedBlock(let fence): return fencedCode(c, e, fence, column: column)
    case .heading(let level, let marker):
      heading(c, marker, e, level)
      return nextLine(e)
    case .htmlBlock(let kind):
      htmlBlock(c, e, kind: kind, column: column)
      return builder.end(of: node)
    case .thematicBreak:
      builder.leaf(.thematicBreak, c, nextLine(e))
      return nextLine(e)
    case .listItem(let marker) where listDepth < 32:
      listDepth += 1
      // A tab may straddle the item's column: the list's line is read from its marker.
      let (listStart, listColumn) = indent.map { ($0.first, column + $0.columns) } ?? (c, column)
      list(listStart, ordered: marker.ordered, first: (marker, e), minColumn: column, firstColumn: listColumn)
      listDepth -= 1
      return builder.end(of: node)
    case .blockquote where listDepth < 32: return blockquote(c, itemColumn: column)
    case .linkReferenceDefinition(let definition):
      linkReferenceDefinition(c, definition)
      return itemDefinitionText(after: definition, column: column)
    case .footnoteDefinition(let label, let end) where listDepth < 32:
      return footnoteDefinition(c, e, (label, end), containerColumn: column)
    case .table(let columns): return table(c, e, columns: columns, column: column)
    case .questionAnswer where !first:
      if questionAnswer(c, e, itemColumn: column) { return builder.end(of: node) }
    default: break
    }
    return itemParagraph(c, e, column: column, first: first)
  }

  /// The paragraph of a list item (whose content starts at `column`) whose first line is
  /// `c..<e`, or the setext heading it is; on the item's `first` line, the item's text.
  /// The table whose header ends it follows it. Returns the start of the line after them.
  private mutating func itemParagraph(_ c: Int, _ e: Int, column: Int, first: Bool) -> Int {
    let (contentEnd, following, underline, table) = paragraphExtent(e, setext: true, itemColumn: column)
    let text = LineMarkers.skipSpaces(bytes, c, e)
    if let underline {
      setextHeading(text, contentEnd, underline: underline, next: following)
    } else if first {
      if contentEnd > text { itemOpeningText(text, e, contentEnd, column: column) }
    } else {
      // A `Q:` or `A:` paragraph that pairs with nothing is flagged as at the top level: at
      // the start of the item's text, not after spaces indenting it further.
      let paragraph = builder.open(.paragraph, at: c)
      let textStart = LineMarkers.paragraphLineMarker(bytes, c, e, &builder)
      inline(textStart, contentEnd, questionMarkers: true, markerColumn: column)
      builder.close(paragraph, at: following)
    }
    guard table else { return following }
    let headerEnd = examineLine(following)
    let header = LineMarkers.skipColumns(bytes, following, headerEnd, column)
    guard let columns = tableColumns(header, headerEnd, column: column) else { return following }
    return self.table(header, headerEnd, columns: columns, column: column)
  }

  /// The lines after a `definition` in a list item whose content starts at `column` that
  /// go on with the paragraph it opened (lazily too): more definitions, then the
  /// paragraph's text (a table's header, when a delimiter row follows, before all),
  /// whatever block its text would start elsewhere. Returns the start of the line after them.
  private mutating func itemDefinitionText(after definition: LinkDefinition, column: Int) -> Int {
    let container = TextLines.buffer(itemColumn: column)
    var end = definition.end
    while let line = line(after: TextLine(position: end, text: end, end: end), in: container),
      goesOnFromDefinition(line, in: container)
    {
      if let columns = tableColumns(line.text, line.end, column: column) {
        return table(line.text, line.end, columns: columns, column: column)
      }
      let text = LineMarkers.skipSpaces(bytes, line.text, line.end)
      guard let definition = linkDefinition(text, line.end, firstLine: line, in: container) else {
        return itemParagraph(line.text, line.end, column: column, first: false)
      }
      linkReferenceDefinition(line.text, definition)
      end = definition.end
    }
    return nextLine(end)
  }

  /// A fenced code block in a list item (or answering a pair), its first line `c..<e`: the
  /// lines after it to a closing fence indented to the item's `column` (plus up to three
  /// spaces), or to a line indented less (which ends the item), or to the end of the text.
  mutating func fencedCode(_ c: Int, _ e: Int, _ fence: LineMarkers.CodeFence, column: Int) -> Int {
    let linesStart = nextLine(e)
    fenceNodes(.codeBlockStart, c, fence.run, info: fence.info, next: linesStart)
    let context = BlockContext.code(fence: fence.character, length: fence.run.count)
    let (closing, linesEnd) = fencedLines(from: linesStart, context, column: column)
    if linesEnd > linesStart { builder.leaf(.codeLines, linesStart, linesEnd) }
    guard let closing else { return linesEnd }
    let after = nextLine(closing.end)
    fenceNodes(.codeBlockEnd, closing.text, closing.run, next: after)
    return after
  }
}
