/// The block grammar in one place: the block starts a line's text is tried against, in
/// the order of their declaration, at the top level, inside a quote and inside a list
/// item alike. The first that matches opens its block; text that matches none is a
/// paragraph's. A new block construct is a case here, its match in
/// ``BlockParser/match(_:_:_:_:_:)``, one writer of its nodes, and a call of that writer
/// in each container that holds it (the top level, a quote, a list item).
enum BlockRule: Int, CaseIterable {
  case blank
  case indentedCode
  case codeFence
  case htmlBlock
  case heading
  case thematicBreak
  case listItem
  case blockquote
  case delimitedBlock
  case footnoteDefinition
  /// A table before a definition: cmark-gfm makes a table of a paragraph's line above a
  /// delimiter row before it reads the paragraph's definitions.
  case table
  case linkReferenceDefinition
  case questionAnswer
  case summary

  /// The bytes the rule's text may start with, after up to three spaces (`nil`: any).
  /// The dispatch on a line's first byte (``byFirstByte``) derives from them.
  var firstBytes: String? {
    switch self {
    case .blank, .indentedCode, .table: nil
    case .codeFence: "`~"
    case .htmlBlock: "<"
    case .heading: "#"
    case .thematicBreak: "-*_"
    case .listItem: "-*+0123456789"
    case .blockquote: ">"
    case .delimitedBlock: "$%"
    case .footnoteDefinition, .linkReferenceDefinition: "["
    case .questionAnswer: "Qq*"
    case .summary: "SsTt"
    }
  }

  /// A set of rules as bits, a rule's bit at its place in the order.
  typealias Rules = UInt16

  static func rules(_ rules: [BlockRule]) -> Rules { rules.reduce(0) { $0 | 1 << $1.rawValue } }

  /// Every rule.
  static let all = rules(allCases)
  /// The rules a list item's text is tried against: a summary there is the item's text,
  /// and so is a question on the item's first line (a `Q:` item pairs with an `A:` item).
  /// A definition and a table are read over the item's lines, from its content column
  /// (``BlockParser/linkDefinition(_:_:firstLine:in:)``, ``BlockParser/tableColumns(_:_:column:)``).
  static let inListItem = all & ~rules([.linkReferenceDefinition, .table, .summary])
  /// The rules a quote's text is tried against once its quotes, lists, items and
  /// footnote definitions are opened (``BlockParser/readQuoteLines(from:itemColumn:)``, which reads tables, and
  /// link reference definitions from its paragraphs' lines); a question and a summary
  /// there are the quote's text.
  static let inQuote =
    all & ~rules([
      .listItem, .blockquote, .footnoteDefinition, .table, .questionAnswer, .summary, .linkReferenceDefinition,
    ])
  /// The rules whose start ends a table's rows: all but those a row may read as.
  static let endingTable = all & ~rules([.linkReferenceDefinition, .table, .summary])
  /// The rules that may end a paragraph.
  static let interrupting = rules(allCases.filter(\.mayInterruptParagraph))
  /// For each byte, the rules whose text may start with it (blank lines and indented
  /// code aside, which the indentation tells).
  static let byFirstByte: [Rules] = (0..<256).map { byte in
    rules(allCases.filter { $0.firstBytes.map { $0.utf8.contains(UInt8(byte)) } ?? ($0 == .table) })
  }

  /// Whether a line this rule matches may end a paragraph open above it (CommonMark's
  /// "can interrupt a paragraph"); ``BlockStart/interruptsParagraph(_:lineEnd:)`` says
  /// whether one match does.
  var mayInterruptParagraph: Bool {
    switch self {
    case .indentedCode, .linkReferenceDefinition, .table, .summary: false
    default: true
    }
  }
}

/// A block start matched on a line, with what its block is built from.
enum BlockStart {
  case blank
  case indentedCode
  case codeFence(LineMarkers.CodeFence)
  /// An HTML block of CommonMark's `kind` (1 to 7).
  case htmlBlock(kind: Int)
  /// An ATX heading whose `#` run starts at `marker`.
  case heading(level: Int, marker: Int)
  case thematicBreak
  case listItem(LineMarkers.ListMarker)
  case blockquote
  /// A `$$` or `%%` block, read as code is.
  case delimitedBlock(LineMarkers.CodeFence)
  case footnoteDefinition(label: Range<Int>, end: Int)
  case linkReferenceDefinition(BlockParser.LinkDefinition)
  case table(columns: Int)
  /// A `Q:` line, which is a question when an `A:` line follows.
  case questionAnswer
  case summary(markerEnd: Int)

  /// Whether the start, on a line of `bytes` that ends at `e`, ends a paragraph open
  /// above it: an HTML block of kind 7, an empty list item and an ordered one that does
  /// not start at 1 do not.
  func interruptsParagraph(_ bytes: UnsafeBufferPointer<UInt8>, lineEnd e: Int) -> Bool {
    switch self {
    case .htmlBlock(let kind): kind < 7
    case .listItem(let marker): marker.interruptsParagraph(bytes, lineEnd: e)
    default: true
    }
  }
}

extension BlockParser {
  /// The block the text `s..<e` starts (`s` being where a container's text starts), by
  /// the first of `rules` (in ``BlockRule``'s order) that matches; `nil` for paragraph
  /// text. With `afterParagraph`, only a start that ends a paragraph open above counts.
  /// Only the rules whose text may start with the line's first byte are tried. `indent`, when
  /// given, is the text's indentation counted from its container's column (a list item's,
  /// which a tab may straddle): the text is then read from its first byte.
  mutating func blockStart(
    _ s: Int, _ e: Int, afterParagraph: Bool = false, rules: BlockRule.Rules = BlockRule.all, indent: Int? = nil
  ) -> BlockStart? {
    var (columns, first) = LineMarkers.indentation(bytes, s, e)
    var s = s
    if let indent {
      columns = indent
      if indent < 4 { s = first }
    }
    var candidates = afterParagraph ? rules & BlockRule.interrupting : rules
    if first == e {
      candidates &= 1 << BlockRule.blank.rawValue
    } else if columns >= 4 {
      candidates &= 1 << BlockRule.indentedCode.rawValue
    } else {
      candidates &= BlockRule.byFirstByte[Int(bytes[first])]
    }
    while candidates != 0 {
      let rule = BlockRule(rawValue: candidates.trailingZeroBitCount)!
      candidates &= candidates - 1
      guard let start = match(rule, s, first, e, columns) else { continue }
      if afterParagraph && !start.interruptsParagraph(bytes, lineEnd: e) { continue }
      return start
    }
    return nil
  }

  /// Whether the line `s..<e` ends a paragraph above it: a blank line, a block start
  /// that interrupts a paragraph, or a line that opens with `#` (a heading, or a line of
  /// tags, which is a paragraph of its own).
  mutating func interruptsParagraph(_ s: Int, _ e: Int) -> Bool {
    (s < e && bytes[s] == UInt8(ascii: "#")) || blockStart(s, e, afterParagraph: true) != nil
  }

  /// Whether the text `first..<e`, `columns` columns into its container (counted from
  /// the container's column, which a tab's columns may straddle), ends a paragraph open
  /// above it (``interruptsParagraph(_:_:)``). With `lazily`, the line is one that the
  /// paragraph's containers do not all hold: there an HTML block of kind 7 and any list
  /// item start too, as CommonMark tries the line's starts in the last container it holds,
  /// which is no paragraph. Indented code never ends a paragraph.
  mutating func endsParagraph(at first: Int, _ e: Int, columns: Int, lazily: Bool = false) -> Bool {
    guard columns < 4 else { return false }
    if columns == 0 && bytes[first] == UInt8(ascii: "#") { return true }
    return lazily
      ? blockStart(first, e, rules: BlockRule.interrupting) != nil : blockStart(first, e, afterParagraph: true) != nil
  }

  /// The start `rule` matches on the text `s..<e`, whose first byte that is no space or
  /// tab is `first`, indented `columns`.
  private mutating func match(_ rule: BlockRule, _ s: Int, _ first: Int, _ e: Int, _ columns: Int) -> BlockStart? {
    switch rule {
    case .blank: return first == e ? .blank : nil
    case .indentedCode: return columns >= 4 && first < e ? .indentedCode : nil
    default: break
    }
    guard columns < 4, first < e else { return nil }
    switch rule {
    case .blank, .indentedCode: return nil
    case .codeFence: return LineMarkers.openingCodeFence(bytes, s, e).map { .codeFence($0) }
    case .htmlBlock: return LineMarkers.htmlBlockKind(bytes, s, e).map { .htmlBlock(kind: $0) }
    case .heading: return LineMarkers.headingLevel(bytes, first, e).map { .heading(level: $0, marker: first) }
    case .thematicBreak: return LineMarkers.isThematicBreak(bytes, s, e) ? .thematicBreak : nil
    case .listItem: return LineMarkers.listMarker(bytes, s, e).map { .listItem($0) }
    case .blockquote: return LineMarkers.quoteMarker(bytes, s, e) != nil ? .blockquote : nil
    case .delimitedBlock: return LineMarkers.openingDelimitedBlock(bytes, s, e).map { .delimitedBlock($0) }
    case .footnoteDefinition:
      return LineMarkers.footnoteDefinition(bytes, s, e).map { .footnoteDefinition(label: $0.label, end: $0.end) }
    case .linkReferenceDefinition: return linkDefinition(s, e).map { .linkReferenceDefinition($0) }
    case .table: return tableColumns(s, e).map { .table(columns: $0) }
    case .questionAnswer:
      return LineMarkers.promptMarkerSpan(bytes, s, e, letter: UInt8(ascii: "Q")) != nil ? .questionAnswer : nil
    case .summary: return LineMarkers.summaryMarkerEnd(bytes, s, e).map { .summary(markerEnd: $0) }
    }
  }
}

extension LineMarkers.ListMarker {
  /// Whether the item, on a line of `bytes` that ends at `e`, ends a paragraph open
  /// above it: it holds text, and an ordered one starts at 1.
  func interruptsParagraph(_ bytes: UnsafeBufferPointer<UInt8>, lineEnd e: Int) -> Bool {
    contentStart < e && (!ordered || (markerEnd - markerStart == 2 && bytes[markerStart] == UInt8(ascii: "1")))
  }
}
