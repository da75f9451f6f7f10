/// The block grammar in one place: the block starts a line's text is tried against, in
/// the order of their declaration, at the top level, inside a quote and inside a list
/// item alike. The first that matches opens its block; text that matches none is a
/// paragraph's. A new block construct is a case here, its match in
/// ``BlockParser/match(_:_:_:_:_:)``, and its build in each container that holds it.
enum BlockRule: CaseIterable {
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
  case linkReferenceDefinition
  case table
  case questionAnswer
  case summary

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
  /// the first rule of ``BlockRule`` that matches; `nil` for paragraph text. With
  /// `afterParagraph`, only a start that ends a paragraph open above counts.
  mutating func blockStart(_ s: Int, _ e: Int, afterParagraph: Bool = false) -> BlockStart? {
    let (columns, first) = LineMarkers.indentation(bytes, s, e)
    // Most lines of prose start with a letter, and among them only `Q:` ends a paragraph.
    if afterParagraph && first < e && ByteClass.isASCIILetter(bytes[first])
      && bytes[first] & ~0x20 != UInt8(ascii: "Q")
    {
      return nil
    }
    for rule in BlockRule.allCases where !afterParagraph || rule.mayInterruptParagraph {
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
