public import NoteSyntax

/// The hierarchical outline of a note: book → headings nested by level → each
/// section's prompts (quotes, clozes, questions, summaries).
public enum Outline {
  private struct Open {
    var level: Int
    var symbol: OutlineSymbol
  }

  /// The outline of `doc`. A note with a book title has one root, the book; a note
  /// without one lists its headings and prompts at the top level.
  public static func symbols(for doc: NoteDocument) -> [OutlineSymbol] {
    let info = BookInfo(doc)
    let first = firstHeading(of: doc)
    let title = bookTitle(of: doc)
    var titleHeading: SyntaxNode?
    if let first, let text = first.child(.inlineContent).map({ doc.plainText([$0]) }),
      info.title == nil || text.lowercased() == title?.lowercased()
    {
      titleHeading = first
    }
    let end = contentEnd(of: doc)
    let root = OutlineSymbol(
      name: title ?? "", kind: .book, range: 0..<end,
      selectionRange: titleSelection(doc, heading: titleHeading) ?? 0..<0)
    var stack = [Open(level: 0, symbol: root)]
    var lastEnd = 0
    func close(downTo level: Int) {
      while stack.count > 1 && stack[stack.count - 1].level >= level {
        var top = stack.removeLast().symbol
        top.range = top.range.lowerBound..<max(lastEnd, top.range.upperBound)
        stack[stack.count - 1].symbol.children.append(top)
      }
    }
    doc.tree.forEachBlock { block in
      if block.kind == .heading, block.startOffset != titleHeading?.startOffset {
        let level = block.child(.headingMarker)?.length ?? 1
        close(downTo: level)
        let text = block.child(.inlineContent)
        let heading = OutlineSymbol(
          name: text.map { doc.plainText([$0]) } ?? "", kind: stack.count == 1 ? .chapter : .section,
          range: block.trimmedRange(in: doc), selectionRange: text?.range ?? block.trimmedRange(in: doc))
        stack.append(Open(level: level, symbol: heading))
      }
      stack[stack.count - 1].symbol.children.append(contentsOf: prompts(in: block, doc))
      if block.kind != .blankLine { lastEnd = block.trimmedRange(in: doc).upperBound }
    }
    close(downTo: 1)
    return title == nil ? stack[0].symbol.children : [stack[0].symbol]
  }

  private static func titleSelection(_ doc: NoteDocument, heading: SyntaxNode?) -> Range<Int>? {
    if doc.tree.blockCount > 0, doc.tree.block(at: 0).kind == .frontMatter {
      for entry in doc.tree.block(at: 0).children where entry.kind == .frontMatterEntry {
        if let key = entry.child(.frontMatterKey), doc.text.string(in: key.range).lowercased() == "title",
          let value = entry.child(.frontMatterValue)
        {
          return value.range
        }
      }
    }
    return heading.map { $0.child(.inlineContent)?.range ?? $0.trimmedRange(in: doc) }
  }

  private static func contentEnd(of doc: NoteDocument) -> Int {
    var end = 0
    doc.tree.forEachBlock { if $0.kind != .blankLine { end = $0.trimmedRange(in: doc).upperBound } }
    return end
  }

  /// The prompt entries of one block.
  static func prompts(in block: SyntaxNode, _ doc: NoteDocument) -> [OutlineSymbol] {
    let regions = InlineRegion.regions(of: block)
    let clozes = regions.flatMap { region in region.clozes.map { clozeSymbol($0, region, doc) } }
    let range = block.trimmedRange(in: doc)
    switch block.kind {
    case .blockquote:
      let text = regions.first.map { doc.plainText($0.nodes) } ?? ""
      let selection = regions.first?.nodes.first?.range ?? range
      return [
        OutlineSymbol(
          name: firstWords(of: text), detail: block.quoteCitation.map { doc.citationText($0) }, kind: .quote,
          range: range, selectionRange: selection, children: clozes)
      ]
    case .questionAnswer:
      let question = block.child(.question)
      return [
        OutlineSymbol(
          name: question.map { doc.plainText([$0]) } ?? "", detail: block.child(.answer).map { doc.plainText([$0]) },
          kind: .question, range: range, selectionRange: question?.range ?? range, children: clozes)
      ]
    case .summary:
      let text = block.child(.inlineContent)
      return [
        OutlineSymbol(
          name: text.map { doc.plainText([$0]) } ?? "", kind: .summary, range: range,
          selectionRange: text?.range ?? range, children: clozes)
      ]
    default:
      return clozes
    }
  }

  private static func clozeSymbol(_ cloze: SyntaxNode, _ region: InlineRegion, _ doc: NoteDocument) -> OutlineSymbol {
    var renderer = InlineText(doc: doc, hiddenCloze: cloze.range)
    let text = renderer.render(region.nodes)
    let name = renderer.placeholderRange.map { sentence(in: text, around: $0) } ?? text
    return OutlineSymbol(
      name: name, detail: cloze.child(.clozeAnswer).map { doc.text.string(in: $0.range) }, kind: .cloze,
      range: cloze.range, selectionRange: cloze.range)
  }

  /// The sentence of `text` holding the UTF-8 range `range`: from after the previous
  /// `.`, `!` or `?` followed by a space, through the next one.
  static func sentence(in text: String, around range: Range<Int>) -> String {
    let bytes = Array(text.utf8)
    func isEnd(_ i: Int) -> Bool {
      (bytes[i] == 0x2E || bytes[i] == 0x21 || bytes[i] == 0x3F) && (i + 1 == bytes.count || bytes[i + 1] == 0x20)
    }
    var start = range.lowerBound
    while start > 0 && !isEnd(start - 1) { start -= 1 }
    var end = range.upperBound
    while end < bytes.count && !isEnd(end) { end += 1 }
    end = min(end + 1, bytes.count)
    return String(decoding: bytes[start..<end], as: UTF8.self).trimmingSpaces
  }

  /// The first eight words of `text`, with `…` when there are more.
  static func firstWords(of text: String, count: Int = 8) -> String {
    let words = text.split(separator: " ")
    return words.prefix(count).joined(separator: " ") + (words.count > count ? " …" : "")
  }
}
