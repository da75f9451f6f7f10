/// Reading a quote's lines as CommonMark reads the text after each `>`: paragraph text,
/// headings, thematic breaks, fenced and indented code, HTML blocks, blank lines, and
/// lazy continuation lines (a line without `>` that goes on with the quote's paragraph).
/// The reader's helpers are inlined: a call from it to a method that is not mutating
/// copies the whole parser, on every line.
extension BlockParser {
  /// A container open inside a quote while its lines are read.
  private enum QuoteContainer {
    case quote
    /// A list, by its kind of marker (`-`, `*`, `+`, or `.` or `)` after digits).
    case list(ordered: Bool, delimiter: UInt8)
    /// A list item or footnote definition whose content is indented `columns` past its container's text.
    case item(columns: Int)
  }

  /// The block open inside a quote while its lines are read.
  private enum QuoteOpen: Equatable {
    case none
    case paragraph
    case fence(BlockContext)
    case html(kind: Int)
    /// Indented code, which goes on after blank lines when more code follows.
    case indentedCode
    case table
  }

  /// Where a line's text starts after the markers matched so far: its position, its
  /// column, and whether a tab's first column there was an optional space after `>`.
  private struct LinePosition {
    var at: Int
    var column: Int
    var halfTab = false
  }

  /// The lines of the quote whose first `>` is at `s` (a line start, or the text of a
  /// list item whose content starts at `itemColumn`): the containers inside it (quotes,
  /// lists, items, as CommonMark opens and closes them) and each line's role.
  mutating func readQuoteLines(from s: Int, itemColumn: Int? = nil) -> QuoteLines {
    var result = QuoteLines()
    // Room for a short quote's lines and markers (a marker or more a line): arrays that
    // grow from empty take an allocation and a copy for every doubling.
    result.lines.reserveCapacity(16)
    result.marks.reserveCapacity(16)
    // The containers open, the list item around the quote first.
    var stack: [QuoteContainer] = [.quote]
    if let itemColumn { stack.insert(.item(columns: itemColumn), at: 0) }
    let outer = stack.count - 1
    var open = QuoteOpen.none
    // The first line of the paragraph open, whose lines an underline makes a heading.
    var paragraphStart = 0
    var lineStart = s
    while lineStart < byteCount {
      let e = examineLine(lineStart)
      let next = nextLine(e)
      let marksStart = result.marks.count
      var position = LinePosition(at: lineStart, column: 0)
      // On the first line, the item around the quote is matched already.
      if lineStart == s, let itemColumn { position = LinePosition(at: s, column: itemColumn) }
      let matched = matchContainers(stack, &position, e, &result, from: lineStart == s ? outer : 0)
      var lazy = false
      if matched < stack.count {
        // A lazy continuation line: a line that would go on with a paragraph goes on
        // with the open paragraph of the innermost container. Below a container that
        // does not go on, any list item opens (not only one that interrupts a paragraph).
        // Where even the item around the quote does not hold the line, it is read from
        // the deepest item around that does.
        let (restColumns, rest) =
          matched == 0 && itemColumn != nil ? heldIndentation(lineStart, e) : textIndentation(position, e)
        if open == .paragraph, rest < e, !endsParagraph(at: rest, e, columns: restColumns, lazily: true) {
          lazy = true
        } else if matched <= outer {
          result.marks.removeSubrange(marksStart...)
          break
        } else {
          stack.removeSubrange(matched...)
          open = .none
        }
      }
      let kept = stack.count - outer
      let openedStart = result.opened.count
      // Inside a fence or an HTML block, a line is theirs; else it may open containers.
      switch open {
      case _ where lazy, .fence, .html: break
      default:
        if openContainers(&stack, &position, e, &result, paragraphOpen: open == .paragraph) { open = .none }
      }
      let (columns, first) = textIndentation(position, e)
      let content = lazy ? first : position.at
      var line = QuoteLine(
        start: lineStart, content: content, end: LineMarkers.trimEnd(bytes, content, e), lineEnd: e, next: next,
        first: first, role: .text, kept: UInt8(kept), opened: UInt8(result.opened.count - openedStart),
        marks: UInt8(result.marks.count - marksStart), depth: UInt8(stack.count - outer))
      let blank = first == e
      switch open {
      case _ where lazy:
        line.role = .text
        line.continues = true
      case .fence(let context):
        if columns < 4, LineMarkers.closingCodeFence(bytes, first, e, context) != nil {
          line.role = .fenceEnd
          open = .none
        } else {
          line.role = .code
        }
      case .html(let kind) where !(kind >= 6 && blank):
        line.role = .htmlContinuing
        if kind < 6 && LineMarkers.endsHTMLBlock(bytes, content, e, kind: kind) { open = .none }
      case .paragraph
      where !blank && columns < 4 && LineMarkers.setextLevel(bytes, first, e) != nil
        && result.bracketParagraphs.last == paragraphStart && areDefinitions(result.lines, from: paragraphStart):
        // An underline under definitions alone goes on with their paragraph as its text.
        line.role = .text
        line.continues = true
      case .paragraph where !blank && columns < 4 && LineMarkers.setextLevel(bytes, first, e) != nil:
        let level = LineMarkers.setextLevel(bytes, first, e) ?? 1
        line.role = .leafLine
        line.level = UInt8(level)
        for index in paragraphStart..<result.lines.count { result.lines[index].role = .headingText }
        open = .none
      case .paragraph
      where line.kept == line.depth && line.opened == 0
        && result.lines.last.map { above in
          above.role == .text && above.depth == line.depth
            && tableColumns(header: above.content..<above.end, delimiter: line.first..<line.lineEnd) != nil
        } == true:
        result.lines[result.lines.count - 1].role = .tableHeader
        line.role = .leafLine
        open = .table
      case .paragraph where !blank && !endsParagraph(at: first, e, columns: columns):
        line.role = .text
        line.continues = true
      case .table where line.opened == 0 && continuesTable(content, e, indent: columns):
        line.role = .leafLine
      default:
        if blank {
          line.role = .blank
          if open != .indentedCode { open = .none }
        } else {
          let continuesCode = open == .indentedCode
          open = startQuoteBlock(&line, columns: columns, first: first, lineEnd: e, continuesCode: continuesCode)
          if open == .paragraph {
            paragraphStart = result.lines.count
            if bytes[first] == UInt8(ascii: "[") { result.bracketParagraphs.append(paragraphStart) }
            if LineMarkers.promptMarkerSpan(bytes, content, e, letter: UInt8(ascii: "Q")) != nil,
              line.opened == 0 || result.opened.last != .listItem
            {
              result.questions.append(paragraphStart)
            }
          }
        }
      }
      result.lines.append(line)
      lineStart = next
    }
    readQuoteDefinitions(&result)
    readQuotePairs(&result)
    return result
  }

  /// The indentation of the text from `position` to `e`, in columns past the optional
  /// space after a `>` that a tab's first column is, and its first byte that is no space or tab.
  @inline(__always)
  private func textIndentation(_ position: LinePosition, _ e: Int) -> (columns: Int, first: Int) {
    let (columns, first) = LineMarkers.indentation(bytes, position.at, e, fromColumn: position.column)
    return (position.halfTab ? columns - 1 : columns, first)
  }

  /// The column after the bytes `from..<to` of a line's markers, `from` being at `column`.
  @inline(__always)
  private func column(after from: Int, _ to: Int, _ column: Int) -> Int {
    var column = column
    for i in from..<to { column += bytes[i] == ByteClass.tab ? 4 - column % 4 : 1 }
    return column
  }

  /// Matches the open containers against the line from `position`, moving it past what
  /// they take (a quote's `>` and its optional space, an item's indentation); records the
  /// `>` markers. Returns how many containers match.
  @inline(__always)
  private func matchContainers(
    _ stack: [QuoteContainer], _ position: inout LinePosition, _ e: Int, _ result: inout QuoteLines, from: Int
  ) -> Int {
    var matched = from
    while matched < stack.count {
      switch stack[matched] {
      case .quote:
        guard takeQuoteMarker(&position, e, &result) else { return matched }
      case .list(let ordered, let delimiter):
        // A list goes on while its item does, or where an item of its kind starts.
        guard matched + 1 < stack.count, case .item(let indent) = stack[matched + 1] else { return matched }
        if itemMatches(indent, position, e) {
          break
        }
        let (columns, first) = textIndentation(position, e)
        guard columns < 4, let marker = LineMarkers.listMarker(bytes, position.at, e), marker.ordered == ordered,
          bytes[marker.markerEnd - 1] == delimiter, !LineMarkers.isThematicBreak(bytes, first, e)
        else { return matched }
        return matched + 1
      case .item(let indent):
        guard itemMatches(indent, position, e) else { return matched }
        let (_, first) = LineMarkers.indentation(bytes, position.at, e, fromColumn: position.column)
        if first < e {
          let column = position.column + (position.halfTab ? 1 : 0) + indent
          position.at = skipToColumn(column, position, e)
          position.column = column
          position.halfTab = false
        }
      }
      matched += 1
    }
    return matched
  }

  /// Whether the line from `position` goes on with an item whose content is indented
  /// `indent` columns: it is blank or indented as far.
  @inline(__always)
  private func itemMatches(_ indent: Int, _ position: LinePosition, _ e: Int) -> Bool {
    let (columns, first) = LineMarkers.indentation(bytes, position.at, e, fromColumn: position.column)
    return first == e || columns - (position.halfTab ? 1 : 0) >= indent
  }

  /// The position where the line from `position` reaches `column`.
  @inline(__always)
  private func skipToColumn(_ column: Int, _ position: LinePosition, _ e: Int) -> Int {
    var current = position.column
    var i = position.at
    while i < e && current < column && ByteClass.isSpaceOrTab(bytes[i]) {
      current += bytes[i] == ByteClass.tab ? 4 - current % 4 : 1
      i += 1
    }
    return i
  }

  /// Takes a `>` (after up to three spaces) and its optional space from `position`, and
  /// records the marker.
  @inline(__always)
  private func takeQuoteMarker(_ position: inout LinePosition, _ e: Int, _ result: inout QuoteLines) -> Bool {
    // Up to three columns before it, a tab's columns past an optional space counted.
    let (columns, marker) = textIndentation(position, e)
    guard columns < 4, marker < e, bytes[marker] == UInt8(ascii: ">") else { return false }
    result.marks.append((.quoteMarker, marker..<(marker + 1)))
    var column = column(after: position.at, marker + 1, position.column)
    var at = marker + 1
    var halfTab = false
    if at < e && bytes[at] == ByteClass.space {
      at += 1
      column += 1
    } else if at < e && bytes[at] == ByteClass.tab {
      halfTab = true
    }
    position = LinePosition(at: at, column: column, halfTab: halfTab)
    return true
  }

  /// Opens the quotes, lists, items and footnote definitions the line starts at `position`
  /// (a `>`, a list marker that may start here, a `[^label]:`), records them and their
  /// markers, and moves `position` to the text after them. Returns whether it opened any.
  /// Mutating, though it changes nothing of the parser: the reader calls it on every line,
  /// and a call from a mutating reader to a method that is not mutating and not inlined
  /// (as in an instrumented build) copies the whole parser.
  @inline(__always)
  private mutating func openContainers(
    _ stack: inout [QuoteContainer], _ position: inout LinePosition, _ e: Int, _ result: inout QuoteLines,
    paragraphOpen: Bool
  ) -> Bool {
    var openedAny = false
    while stack.count < 32 {
      let (columns, first) = LineMarkers.indentation(bytes, position.at, e, fromColumn: position.column)
      guard first < e, columns - (position.halfTab ? 1 : 0) < 4 else { break }
      if bytes[first] == UInt8(ascii: ">") {
        guard takeQuoteMarker(&position, e, &result) else { break }
        stack.append(.quote)
        result.opened.append(.blockquote)
        openedAny = true
        continue
      }
      if bytes[first] == UInt8(ascii: "["), let definition = LineMarkers.footnoteDefinition(bytes, first, e) {
        // Its content is four columns past its container's text; its first line's text, the
        // colon's spaces after, stands there.
        result.marks.append((.footnoteLabel, definition.label))
        let contentColumn = position.column + (position.halfTab ? 1 : 0) + 4
        position = LinePosition(at: LineMarkers.skipSpaces(bytes, definition.end, e), column: contentColumn)
        stack.append(.item(columns: 4))
        result.opened.append(.footnoteDefinition)
        openedAny = true
        continue
      }
      guard let marker = LineMarkers.listMarker(bytes, position.at, e), !LineMarkers.isThematicBreak(bytes, first, e)
      else { break }
      // Only an item that interrupts a paragraph opens after one.
      if paragraphOpen && !openedAny && !marker.interruptsParagraph(bytes, lineEnd: e) { break }
      let delimiter = bytes[marker.markerEnd - 1]
      if case .list(let ordered, let open) = stack.last, ordered == marker.ordered, open == delimiter {
        // The next item of the list open.
      } else {
        stack.append(.list(ordered: marker.ordered, delimiter: delimiter))
        result.opened.append(marker.ordered ? .orderedList : .unorderedList)
      }
      result.marks.append((.listMarker, marker.markerStart..<marker.markerEnd))
      // The item's content column counts from its container's text, after a `>`'s optional space.
      let containerColumn = position.column + (position.halfTab ? 1 : 0)
      let markerEnd = column(after: position.at, marker.markerEnd, position.column)
      let (spaces, text) = LineMarkers.indentation(bytes, marker.markerEnd, e, fromColumn: markerEnd)
      // Five columns or more after the marker: the item's text is indented code, one
      // column after the marker.
      let contentColumn = text == e || spaces >= 5 ? markerEnd + 1 : markerEnd + spaces
      position = LinePosition(at: marker.markerEnd, column: markerEnd)
      position.at = skipToColumn(contentColumn, position, e)
      position.column = contentColumn
      stack.append(.item(columns: contentColumn - containerColumn))
      result.opened.append(.listItem)
      openedAny = true
    }
    return openedAny
  }

  /// The block a quote's line `first..<lineEnd` (its text indented `columns`) starts, by
  /// the rules of ``BlockRule``, with its role set; returns what stays open. Containers
  /// are opened before, a question or summary is text inside a quote, and a link
  /// reference definition and a `Q:`/`A:` pair are read from its paragraphs' lines once
  /// they are known.
  private mutating func startQuoteBlock(
    _ line: inout QuoteLine, columns: Int, first: Int, lineEnd e: Int, continuesCode: Bool
  ) -> QuoteOpen {
    if columns >= 4 {
      line.role = continuesCode ? .indentedCodeContinuing : .indentedCode
      return .indentedCode
    }
    switch blockStart(first, e, rules: BlockRule.inQuote) {
    case .codeFence(let fence), .delimitedBlock(let fence):
      line.role = .fenceStart
      return .fence(.code(fence: fence.character, length: fence.run.count))
    case .htmlBlock(let kind):
      line.role = .html
      return kind >= 6 || !LineMarkers.endsHTMLBlock(bytes, line.content, e, kind: kind) ? .html(kind: kind) : .none
    case .heading(let level, _):
      line.role = .heading
      line.level = UInt8(level)
      return .none
    case .thematicBreak:
      line.role = .thematicBreak
      return .none
    default:
      line.role = .text
      return .paragraph
    }
  }
}
