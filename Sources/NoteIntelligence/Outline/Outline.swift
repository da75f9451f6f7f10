public import NoteSyntax

/// The hierarchical outline of a note: book → headings nested by level → each
/// section's prompts (quotes, clozes, questions, summaries).
///
/// Names and details are short whatever the note holds: a prompt shows its first
/// words, a cloze a window of its sentence around the placeholder (see ``OutlineText``).
public enum Outline {
  /// The outline of `doc`. A note with a title has one root, the book; a note without
  /// one lists its headings and prompts at the top level. Given its file `path`, every
  /// note has a title: its file name at least (``OutlineCache/walk(_:path:visitor:)``).
  public static func symbols(for doc: NoteDocument, path: String? = nil) -> [OutlineSymbol] {
    OutlineCache().symbols(for: doc, path: path)
  }

  /// What one top-level block adds to the outline, in offsets relative to its start.
  struct BlockEntry {
    struct Heading {
      /// The heading node's start, relative to the block's.
      var offset: Int
      var level: Int
      var name: String
      var range: Range<Int>
      var selection: Range<Int>
    }

    /// The block's heading, or the headings of a list's items (`- ## JavaScript`) or a quote's.
    var headings: [Heading]
    var prompts: [OutlineSymbol]
    /// The end of the block without its trailing blank space; `nil` for a blank line.
    var contentEnd: Int?
  }

  /// The outline entry of `block`, relative to its start.
  static func entry(for block: SyntaxNode, in doc: NoteDocument) -> BlockEntry {
    var renderer = InlineText(doc: doc)
    return entry(for: block, in: doc, renderer: &renderer)
  }

  /// ``entry(for:in:)``, its names rendered by `renderer` (one for a whole outline).
  static func entry(for block: SyntaxNode, in doc: NoteDocument, renderer: inout InlineText) -> BlockEntry {
    let start = block.startOffset
    let trimmed = Self.trimmed(block.range, doc.text)
    // A function of its own rather than a closure over `headings`, which would box the
    // array on the heap for every block.
    func heading(_ heading: SyntaxNode) -> BlockEntry.Heading {
      let range = heading.kind == block.kind ? trimmed : heading.trimmedRange(in: doc)
      let text = heading.child(.inlineContent)
      return BlockEntry.Heading(
        offset: heading.startOffset - start, level: heading.headingLevel,
        name: text.map { OutlineText.firstWords(of: $0, with: &renderer, maxWords: .max) } ?? "",
        range: range.shifted(by: -start), selection: (text?.range ?? range).shifted(by: -start))
    }
    var headings: [BlockEntry.Heading] = []
    if block.kind == .heading {
      headings = [heading(block)]
    } else if (block.kind == .unorderedList || block.kind == .orderedList || block.kind == .blockquote)
      && block.mayHold(.heading)
    {
      var nested: [SyntaxNode] = []
      block.forEachDescendant { if $0.kind == .heading { nested.append($0) } }
      for node in nested { headings.append(heading(node)) }
    }
    var prompts = prompts(in: block, doc, range: trimmed, renderer: &renderer)
    // Moved in place: no second array, and no entry copied.
    for index in prompts.indices { prompts[index].shift(by: -start) }
    return BlockEntry(
      headings: headings, prompts: prompts, contentEnd: block.kind == .blankLine ? nil : trimmed.upperBound - start)
  }

  /// Whether `block` may add a heading or a prompt to the outline (``entry(for:in:)``
  /// gives any other block none), read from its kind and the kinds it holds.
  static func mayAddEntries(_ block: SyntaxNode) -> Bool {
    switch block.kind {
    case .heading, .blockquote, .questionAnswer, .summary: return true
    case .unorderedList, .orderedList: return block.mayHold(.heading) || block.mayHold(.cloze)
    default: return block.mayHold(.cloze)
    }
  }

  /// `range` without the line breaks, spaces and tabs at its end, as
  /// ``NoteDocument/trimmed(_:)`` gives it, its end read a piece at a time.
  static func trimmed(_ range: Range<Int>, _ text: TextStorage) -> Range<Int> {
    var end = range.upperBound
    while end > range.lowerBound {
      let from = max(range.lowerBound, end - 4)
      var offset = from
      var lastContent: Int?
      text.forEachPiece(of: from..<end) { piece in
        for index in piece.indices {
          let byte = piece[index]
          if !(byte == 0x0A || byte == 0x0D || byte == 0x20 || byte == 0x09) { lastContent = offset + index }
        }
        offset += piece.count
      }
      if let lastContent { return range.lowerBound..<(lastContent + 1) }
      end = from
    }
    return range.lowerBound..<end
  }

  /// The prompt entries of one block, in note offsets; `range` is its trimmed range.
  static func prompts(in block: SyntaxNode, _ doc: NoteDocument, range: Range<Int>, renderer: inout InlineText)
    -> [OutlineSymbol]
  {
    let kind = block.kind
    let mayHoldCloze = block.mayHold(.cloze)
    // Most blocks (paragraphs, lists, headings) are no prompt and hold no cloze.
    guard mayHoldCloze || kind == .blockquote || kind == .questionAnswer || kind == .summary else { return [] }
    // The regions serve only the clozes (a quote's name renders its first lines alone).
    var clozes: [OutlineSymbol] = []
    if mayHoldCloze {
      for region in InlineRegion.regions(of: block) { clozes += clozeSymbols(in: region, doc, renderer: &renderer) }
    }
    switch kind {
    case .blockquote:
      // Only a `quote` or `cite` callout is a quote, its title its citation.
      guard let quote = OutlineQuote.symbol(of: block, doc, range: range, clozes: clozes, renderer: &renderer)
      else { return clozes }
      return [quote]
    case .questionAnswer:
      let question = block.child(.question)
      return [
        OutlineSymbol(
          name: question.map { OutlineText.firstWords(of: $0, with: &renderer) } ?? "",
          detail: block.child(.answer).map { OutlineText.firstWords(of: $0, with: &renderer) }, kind: .question,
          range: range, selectionRange: question?.range ?? range, children: clozes)
      ]
    case .summary:
      let text = block.child(.inlineContent)
      return [
        OutlineSymbol(
          name: text.map { OutlineText.firstWords(of: $0, with: &renderer) } ?? "", kind: .summary, range: range,
          selectionRange: text?.range ?? range, children: clozes)
      ]
    default:
      return clozes
    }
  }

  /// The entries of a region's clozes, each named by a window of its sentence with a
  /// placeholder for its answer (see ``OutlineClozeNames``).
  private static func clozeSymbols(in region: InlineRegion, _ doc: NoteDocument, renderer: inout InlineText)
    -> [OutlineSymbol]
  {
    let namer = OutlineClozeNames(region: region, doc: doc)
    let clozes = namer.clozes
    guard !clozes.isEmpty else { return [] }
    return zip(clozes, namer.names(with: &renderer)).map { cloze, name in
      OutlineSymbol(
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
  /// The definitions the cached entries' reference links were read with.
  private var references: LinkReferences.Stamp?

  /// Blocks examined (not served from the cache) by the latest outline.
  public var lastComputedBlocks: Int { cache.lastComputedBlocks }

  /// Number of cached blocks.
  public var count: Int { cache.count }

  public init() {}

  /// The outline of `doc`, as ``Outline/symbols(for:)`` gives it.
  public func symbols(for doc: NoteDocument, path: String? = nil) -> [OutlineSymbol] {
    var builder = OutlineTreeBuilder()
    walk(doc, path: path, visitor: &builder)
    return builder.roots
  }

  /// Hands `visitor` the outline of `doc` in document order, each entry entered before
  /// its children and left after them, without building a tree. With the note's file
  /// `path`, the root is the note's title as ``noteTitle(of:path:)`` gives it: a note
  /// without a front-matter title or a level-1 heading is named by its file name (its
  /// headings are then its chapters). Without one, the first heading of any level names it.
  public func walk(_ doc: NoteDocument, path: String? = nil, visitor: inout some OutlineVisitor) {
    let info = BookInfo(doc)
    let fileName = path.flatMap(titleFileName)
    let first = info.title == nil && fileName != nil ? firstHeading(of: doc, level: 1) : firstHeading(of: doc)
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
    if title == nil, let fileName { title = OutlineText.bounded(fileName) }
    if let title {
      visitor.enter(
        name: title, detail: nil, kind: .book, rangeStart: 0,
        selection: titleSelection(doc, heading: titleHeading) ?? 0..<0)
    }
    let titleStart = titleHeading?.startOffset
    // The headings entered and not yet left: their level and the end of their own text.
    var open: [(level: Int, end: Int)] = []
    // The end of the text of the last block that is not blank. A block that adds no
    // entry is not cached: its end is read only when a section closes after it.
    var lastEnd = 0
    var lastPlainBlock: SyntaxNode?
    func readLastEnd() {
      guard let block = lastPlainBlock else { return }
      lastEnd = Outline.trimmed(block.range, doc.text).upperBound
      lastPlainBlock = nil
    }
    func close(downTo level: Int) {
      guard let top = open.last, top.level >= level else { return }
      readLastEnd()
      while let top = open.last, top.level >= level {
        open.removeLast()
        visitor.leave(rangeEnd: max(lastEnd, top.end))
      }
    }
    let blockCount = doc.tree.blockCount
    // Worked on as a local value: a property of this object read in the loop is checked
    // for exclusive access at every block.
    var cache = self.cache
    self.cache = BlockCache()
    defer { self.cache = cache }
    // A heading's text shows a reference link's text only when its label is defined.
    if references !== doc.linkReferences.stamp {
      cache.removeAll { $0.mayHold(.referenceLink) || $0.mayHold(.referenceImage) }
      references = doc.linkReferences.stamp
    }
    cache.beginPass(blockCount: blockCount)
    // One renderer for every name: its buffers are allocated once.
    var renderer = InlineText(doc: doc)
    // A loop rather than a closure: the variables it changes are then checked for
    // exclusive access when compiled, not at every block.
    for block in doc.tree.blockSequence {
      // A blank line adds nothing.
      guard block.kind != .blankLine else { continue }
      guard Outline.mayAddEntries(block) else {
        lastPlainBlock = block
        continue
      }
      let entry = cache.value(for: block) { Outline.entry(for: $0, in: doc, renderer: &renderer) }
      let start = block.startOffset
      for heading in entry.headings where start + heading.offset != titleStart {
        close(downTo: heading.level)
        visitor.enter(
          name: heading.name, detail: nil, kind: open.isEmpty ? .chapter : .section,
          rangeStart: start + heading.range.lowerBound, selection: heading.selection.shifted(by: start))
        open.append((heading.level, start + heading.range.upperBound))
      }
      for index in entry.prompts.indices { Self.visit(entry.prompts[index], base: start, &visitor) }
      if let end = entry.contentEnd {
        lastEnd = start + end
        lastPlainBlock = nil
      }
    }
    cache.endPass(blockCount: blockCount, complete: true)
    close(downTo: 1)
    readLastEnd()
    if title != nil { visitor.leave(rangeEnd: lastEnd) }
  }

  /// A cached entry (offsets relative to its block's start `base`) and its children.
  /// Borrowed, and its children read in place: no entry is copied.
  private static func visit(_ symbol: borrowing OutlineSymbol, base: Int, _ visitor: inout some OutlineVisitor) {
    visitor.enter(
      name: symbol.name, detail: symbol.detail, kind: symbol.kind, rangeStart: base + symbol.range.lowerBound,
      selection: symbol.selectionRange.shifted(by: base))
    for index in symbol.children.indices { visit(symbol.children[index], base: base, &visitor) }
    visitor.leave(rangeEnd: base + symbol.range.upperBound)
  }

  private func titleSelection(_ doc: NoteDocument, heading: SyntaxNode?) -> Range<Int>? {
    if doc.tree.blockCount > 0, doc.tree.blockKind(at: 0) == .frontMatter {
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

/// Receives a note's outline in document order: each entry is entered, then its
/// children, then it is left with the end of its range. Writing an outline out through a
/// visitor builds no tree of symbols.
public protocol OutlineVisitor {
  /// An entry begins: its range starts at `rangeStart` and ends where it is left;
  /// `selection` is the part to select when it is chosen (normally inside the range).
  mutating func enter(name: String, detail: String?, kind: OutlineSymbolKind, rangeStart: Int, selection: Range<Int>)
  /// The entry entered last and not yet left ends at `rangeEnd`.
  mutating func leave(rangeEnd: Int)
}

/// Builds the tree of ``OutlineSymbol``s a walk describes.
struct OutlineTreeBuilder: OutlineVisitor {
  private var open: [OutlineSymbol] = []
  private(set) var roots: [OutlineSymbol] = []

  mutating func enter(name: String, detail: String?, kind: OutlineSymbolKind, rangeStart: Int, selection: Range<Int>) {
    open.append(
      OutlineSymbol(name: name, detail: detail, kind: kind, range: rangeStart..<rangeStart, selectionRange: selection))
  }

  mutating func leave(rangeEnd: Int) {
    var symbol = open.removeLast()
    symbol.range = symbol.range.lowerBound..<rangeEnd
    if open.isEmpty { roots.append(symbol) } else { open[open.count - 1].children.append(symbol) }
  }
}

extension Range<Int> {
  func shifted(by delta: Int) -> Range<Int> { (lowerBound + delta)..<(upperBound + delta) }
}

extension OutlineSymbol {
  /// Moves the entry, children included, by `delta` bytes, in place.
  mutating func shift(by delta: Int) {
    guard delta != 0 else { return }
    range = range.shifted(by: delta)
    selectionRange = selectionRange.shifted(by: delta)
    for index in children.indices { children[index].shift(by: delta) }
  }
}
