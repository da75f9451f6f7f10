public import NoteSyntax

/// The hierarchical outline of a note: book → headings nested by level → each
/// section's prompts (quotes, clozes, questions, summaries).
///
/// Names and details are short whatever the note holds: a prompt shows its first
/// words, a cloze a window of its sentence around the placeholder (see ``OutlineText``).
public enum Outline {
  /// The outline of `doc`. A note with a book title has one root, the book; a note
  /// without one lists its headings and prompts at the top level.
  public static func symbols(for doc: NoteDocument) -> [OutlineSymbol] {
    OutlineCache().symbols(for: doc)
  }

  /// What one top-level block adds to the outline, in offsets relative to its start.
  struct BlockEntry {
    struct Heading {
      var level: Int
      var name: String
      var range: Range<Int>
      var selection: Range<Int>
    }

    var heading: Heading?
    var prompts: [OutlineSymbol]
    /// The end of the block without its trailing blank space; `nil` for a blank line.
    var contentEnd: Int?
  }

  /// The outline entry of `block`, relative to its start.
  static func entry(for block: SyntaxNode, in doc: NoteDocument) -> BlockEntry {
    let start = block.startOffset
    let trimmed = block.trimmedRange(in: doc)
    var heading: BlockEntry.Heading?
    if block.kind == .heading {
      let text = block.child(.inlineContent)
      heading = BlockEntry.Heading(
        level: block.child(.headingMarker)?.length ?? 1,
        name: text.map { OutlineText.firstWords(of: [$0], doc, maxWords: .max) } ?? "",
        range: trimmed.shifted(by: -start), selection: (text?.range ?? trimmed).shifted(by: -start))
    }
    return BlockEntry(
      heading: heading, prompts: prompts(in: block, doc).map { $0.shifted(by: -start) },
      contentEnd: block.kind == .blankLine ? nil : trimmed.upperBound - start)
  }

  /// The prompt entries of one block, in note offsets.
  static func prompts(in block: SyntaxNode, _ doc: NoteDocument) -> [OutlineSymbol] {
    let regions = InlineRegion.regions(of: block)
    let clozes = regions.flatMap { clozeSymbols(in: $0, doc) }
    let range = block.trimmedRange(in: doc)
    switch block.kind {
    case .blockquote:
      let selection = regions.first?.nodes.first?.range ?? range
      return [
        OutlineSymbol(
          name: regions.first.map { OutlineText.firstWords(of: $0.nodes, doc, maxWords: 8) } ?? "",
          detail: block.quoteCitation.map { OutlineText.bounded(doc.citationText($0)) }, kind: .quote,
          range: range, selectionRange: selection, children: clozes)
      ]
    case .questionAnswer:
      let question = block.child(.question)
      return [
        OutlineSymbol(
          name: question.map { OutlineText.firstWords(of: [$0], doc) } ?? "",
          detail: block.child(.answer).map { OutlineText.firstWords(of: [$0], doc) }, kind: .question,
          range: range, selectionRange: question?.range ?? range, children: clozes)
      ]
    case .summary:
      let text = block.child(.inlineContent)
      return [
        OutlineSymbol(
          name: text.map { OutlineText.firstWords(of: [$0], doc) } ?? "", kind: .summary, range: range,
          selectionRange: text?.range ?? range, children: clozes)
      ]
    default:
      return clozes
    }
  }

  /// The entries of a region's clozes: the region is rendered once, and each name is
  /// a window of that rendering around the cloze, its answer replaced by a placeholder.
  private static func clozeSymbols(in region: InlineRegion, _ doc: NoteDocument) -> [OutlineSymbol] {
    let clozes = region.clozes
    guard !clozes.isEmpty else { return [] }
    var renderer = InlineText(doc: doc)
    _ = renderer.render(region.nodes)
    let rendered = renderer.bytes
    let outputs = renderer.clozeOutputs
    return clozes.enumerated().map { index, cloze in
      let hint = cloze.child(.clozeHint).map { OutlineText.bounded(doc.text.string(in: $0.range), maxBytes: 24) }
      let placeholder = "[\(hint.map { $0.isEmpty ? "..." : $0 } ?? "...")]"
      let name =
        index < outputs.count
        ? OutlineText.sentenceWindow(in: rendered, around: outputs[index], placeholder: placeholder) : placeholder
      return OutlineSymbol(
        name: name, detail: cloze.child(.clozeAnswer).map { OutlineText.bounded(doc.text.string(in: $0.range)) },
        kind: .cloze, range: cloze.range, selectionRange: cloze.range)
    }
  }
}

/// Per-block outline entries cached by block identity (see ``BlockCache``): after an
/// edit only the new blocks are examined, and the outline is assembled from the entries.
///
/// Not thread-safe: keep one per document, owned by whoever serializes its requests.
public final class OutlineCache {
  private var cache = BlockCache<Outline.BlockEntry>()

  /// Blocks examined (not served from the cache) by the latest outline.
  public var lastComputedBlocks: Int { cache.lastComputedBlocks }

  /// Number of cached blocks.
  public var count: Int { cache.count }

  public init() {}

  private struct Open {
    var level: Int
    var symbol: OutlineSymbol
  }

  /// The outline of `doc`, as ``Outline/symbols(for:)`` gives it.
  public func symbols(for doc: NoteDocument) -> [OutlineSymbol] {
    let info = BookInfo(doc)
    let first = firstHeading(of: doc)
    var title = info.title.map { OutlineText.bounded($0) }
    var titleHeading: SyntaxNode?
    if let first, let content = first.child(.inlineContent) {
      if let full = info.title {
        let limit = full.utf8.count + 1
        let text = OutlineText.plainText(of: [content], doc, limit: limit)
        if !text.truncated, text.text.lowercased() == full.lowercased() { titleHeading = first }
      } else {
        titleHeading = first
        title = OutlineText.firstWords(of: [content], doc, maxWords: .max)
      }
    }
    var root = OutlineSymbol(
      name: title ?? "", kind: .book, range: 0..<0, selectionRange: titleSelection(doc, heading: titleHeading) ?? 0..<0)
    let titleStart = titleHeading?.startOffset
    var stack: [Open] = []
    var lastEnd = 0
    func close(downTo level: Int) {
      while let top = stack.last, top.level >= level {
        var symbol = stack.removeLast().symbol
        symbol.range = symbol.range.lowerBound..<max(lastEnd, symbol.range.upperBound)
        if stack.isEmpty { root.children.append(symbol) } else { stack[stack.count - 1].symbol.children.append(symbol) }
      }
    }
    let blockCount = doc.tree.blockCount
    cache.beginPass(blockCount: blockCount)
    doc.tree.forEachBlock { block in
      // A blank line adds nothing.
      guard block.kind != .blankLine else { return }
      let entry = cache.value(for: block) { Outline.entry(for: $0, in: doc) }
      let start = block.startOffset
      if let heading = entry.heading, start != titleStart {
        close(downTo: heading.level)
        stack.append(
          Open(
            level: heading.level,
            symbol: OutlineSymbol(
              name: heading.name, kind: stack.isEmpty ? .chapter : .section, range: heading.range.shifted(by: start),
              selectionRange: heading.selection.shifted(by: start))))
      }
      if !entry.prompts.isEmpty {
        let prompts = entry.prompts.map { $0.shifted(by: start) }
        if stack.isEmpty {
          root.children.append(contentsOf: prompts)
        } else {
          stack[stack.count - 1].symbol.children.append(contentsOf: prompts)
        }
      }
      if let end = entry.contentEnd { lastEnd = start + end }
    }
    cache.endPass(blockCount: blockCount, complete: true)
    close(downTo: 1)
    root.range = 0..<lastEnd
    return title == nil ? root.children : [root]
  }

  private func titleSelection(_ doc: NoteDocument, heading: SyntaxNode?) -> Range<Int>? {
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
}

extension Range<Int> {
  func shifted(by delta: Int) -> Range<Int> { (lowerBound + delta)..<(upperBound + delta) }
}

extension OutlineSymbol {
  /// The same entry, children included, moved by `delta` bytes.
  func shifted(by delta: Int) -> OutlineSymbol {
    guard delta != 0 else { return self }
    var copy = self
    copy.range = range.shifted(by: delta)
    copy.selectionRange = selectionRange.shifted(by: delta)
    if !children.isEmpty { copy.children = children.map { $0.shifted(by: delta) } }
    return copy
  }
}
