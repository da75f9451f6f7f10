public import NoteSyntax
import NoteText

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

  /// ``trimmed(_:_:)`` of `range`, whose bytes are `bytes`.
  static func trimmed(_ range: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> Range<Int> {
    var end = bytes.count
    while end > 0 {
      let byte = bytes[end - 1]
      guard byte == 0x0A || byte == 0x0D || byte == 0x20 || byte == 0x09 else { break }
      end -= 1
    }
    return range.lowerBound..<(range.lowerBound + end)
  }

  /// Whether a block of `kind`, whose nodes are of the kinds `held`, may add a heading
  /// or a prompt to the outline (``entry(for:in:renderer:names:)`` gives any other block none).
  static func mayAddEntries(_ kind: NodeKind, _ held: NodeKindSet) -> Bool {
    switch kind {
    case .heading, .blockquote, .questionAnswer, .summary: return true
    case .unorderedList, .orderedList, .footnoteDefinition: return held.intersects(listEntryKinds)
    case .paragraph: return held.intersects(paragraphEntryKinds)
    default: return held.contains(.cloze)
    }
  }

  /// The kinds that make a list or a footnote add entries: a heading, a cloze, a pair or a
  /// quote in its items or its blocks.
  private static let listEntryKinds = NodeKindSet([
    .heading, .cloze, .questionMarker, .answerMarker, .questionAnswer, .blockquote,
  ])
  /// The kinds that make a paragraph add entries: a cloze, or a highlight that may be all of it.
  private static let paragraphEntryKinds = NodeKindSet([.cloze, .highlight])

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

  /// The slots of the cache's table of blocks.
  var tableSize: Int { cache.tableSize }

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
      var name = title
      let selection = titleSelection(doc, heading: titleHeading) ?? 0..<0
      name.withUTF8 { visitor.enter(name: $0, detail: nil, kind: .book, rangeStart: 0, selection: selection) }
    }
    let titleStart = titleHeading?.startOffset
    // The headings entered and not yet left: their level and the end of their own text.
    var open: [(level: Int, end: Int)] = []
    // The end of the text of the last block that is not blank. The blocks that add no
    // entry are passed over unread: the end of the last of them is read only when a
    // section closes after it.
    var lastEnd = 0
    // The index of the last block whose end `lastEnd` tells; the current block's.
    var lastRead = -1
    var current = 0
    func readLastEnd() {
      var previous = current - 1
      while previous > lastRead {
        if doc.tree.blockKind(at: previous) != .blankLine {
          lastEnd = Outline.trimmed(doc.tree.blockRange(at: previous), doc.text).upperBound
          break
        }
        previous -= 1
      }
      lastRead = max(lastRead, current - 1)
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
    // Most blocks add no entry (about one in nine of a book note's: its headings, quotes,
    // questions and clozes), and only those that may are cached.
    cache.beginPass(expectedValues: blockCount / 8)
    // One renderer for every name: its buffers are allocated once.
    var renderer = InlineText(doc: doc)
    var names: [UInt8] = []
    names.reserveCapacity(1_024)
    // A loop rather than a closure: the variables it changes are then checked for
    // exclusive access when compiled, not at every block.
    // The question the last list left open, which a list starting where it ends may
    // answer (`- Q: …` then `* A: …`). The entries of its item wait for that list: they
    // are the pair's children when it answers, and come next when it does not.
    // The entries of a question no list answers come after its list's other entries.
    var asked: Outline.OpenQuestion?
    var blocks = doc.tree.blockSequence.makeIterator()
    // Only the blocks that may add an entry: a blank line or another block between two
    // of them adds none, and leaves a question unanswered.
    while let (index, block) = blocks.next(where: Outline.mayAddEntries) {
      if asked != nil && index > current + 1 { Outline.OpenQuestion.leaveUnanswered(&asked, &visitor) }
      current = index
      let entry = cache.value(for: block) { Outline.entry(for: $0, in: doc, renderer: &renderer, names: &names) }
      let start = block.startOffset
      // The entries of the item that answers the question the list before left open,
      // the pair's children too.
      var answering = 0
      // Where that item ends, relative to the block: the pair's entry ends there.
      var answerEnd = 0
      if asked != nil {
        if let carried = asked, carried.end == start, let answer = entry.openingAnswer {
          answering = Outline.firstEntry(startingAtOrAfter: answer.end, in: entry.prompts)
          answerEnd = answer.end
          Self.visitPair(asking: carried, answer: answer, entry, answering: answering, base: start, &visitor)
          asked = nil
        } else {
          Outline.OpenQuestion.leaveUnanswered(&asked, &visitor)
        }
      }
      var ownEnd = entry.prompts.count
      if let question = entry.openQuestion {
        ownEnd = max(answering, Outline.firstEntry(startingAtOrAfter: question.start, in: entry.prompts))
        asked = Outline.OpenQuestion(
          entry: entry, question: question, held: ownEnd, base: start, end: block.range.upperBound)
      }
      // The block's entries visited so far.
      var visited = answering
      // A heading in a list or a quote opens its section where the block starts (after
      // the item answering the question before it): the quote or pair around it is then
      // inside the section. A later heading of the block opens its own where it starts,
      // after the entries before it.
      var isFirstHeading = true
      for heading in entry.headings where start + heading.offset != titleStart {
        var sectionStart = start + min(answerEnd, heading.range.lowerBound)
        if !isFirstHeading {
          sectionStart = start + heading.range.lowerBound
          let before = min(
            ownEnd, max(visited, Outline.firstEntry(startingAtOrAfter: heading.range.lowerBound, in: entry.prompts)))
          if visited < before {
            entry.names.withUnsafeBufferPointer { names in
              Outline.visit(entry.prompts, visited..<before, names, base: start, &visitor)
            }
            visited = before
          }
        }
        isFirstHeading = false
        close(downTo: heading.level)
        entry.names.withUnsafeBufferPointer { names in
          visitor.enter(
            name: UnsafeBufferPointer(rebasing: names[heading.name]), detail: nil,
            kind: open.isEmpty ? .chapter : .section, rangeStart: sectionStart,
            selection: heading.selection.shifted(by: start))
        }
        open.append((heading.level, start + heading.range.upperBound))
      }
      if visited < ownEnd {
        entry.names.withUnsafeBufferPointer { names in
          Outline.visit(entry.prompts, visited..<ownEnd, names, base: start, &visitor)
        }
      }
      if let end = entry.contentEnd {
        lastEnd = start + end
        lastRead = index
      }
    }
    cache.endPass(blockCount: blockCount, complete: true)
    Outline.OpenQuestion.leaveUnanswered(&asked, &visitor)
    current = blockCount
    close(downTo: 1)
    readLastEnd()
    if title != nil { visitor.leave(rangeEnd: lastEnd) }
  }

  /// The entry of a pair across two lists: the question `asking` one left open and the
  /// `answer` the next one's first item gives (in `entry`, whose first `answering`
  /// prompts are that item's; offsets relative to `base`). The entries of both items
  /// are its children, as a pair's in one list are.
  private static func visitPair(
    asking: Outline.OpenQuestion, answer: Outline.BlockEntry.OpeningAnswer, _ entry: Outline.BlockEntry,
    answering: Int, base: Int, _ visitor: inout some OutlineVisitor
  ) {
    let question = asking.question
    asking.entry.names.withUnsafeBufferPointer { questionNames in
      entry.names.withUnsafeBufferPointer { answerNames in
        visitor.enter(
          name: UnsafeBufferPointer(rebasing: questionNames[question.name]),
          detail: UnsafeBufferPointer(rebasing: answerNames[answer.detail]), kind: .question,
          rangeStart: asking.base + question.start, selection: question.selection.shifted(by: asking.base))
        let held = asking.held..<asking.entry.prompts.count
        Outline.visit(asking.entry.prompts, held, questionNames, base: asking.base, &visitor)
        Outline.visit(entry.prompts, 0..<answering, answerNames, base: base, &visitor)
        visitor.leave(rangeEnd: base + answer.end)
      }
    }
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
  /// `name` and `detail` are UTF-8, valid during the call only.
  mutating func enter(
    name: UnsafeBufferPointer<UInt8>, detail: UnsafeBufferPointer<UInt8>?, kind: OutlineSymbolKind, rangeStart: Int,
    selection: Range<Int>)
  /// The entry entered last and not yet left ends at `rangeEnd`.
  mutating func leave(rangeEnd: Int)
}

/// Builds the tree of ``OutlineSymbol``s a walk describes.
struct OutlineTreeBuilder: OutlineVisitor {
  private var open: [OutlineSymbol] = []
  private(set) var roots: [OutlineSymbol] = []

  mutating func enter(
    name: UnsafeBufferPointer<UInt8>, detail: UnsafeBufferPointer<UInt8>?, kind: OutlineSymbolKind, rangeStart: Int,
    selection: Range<Int>
  ) {
    open.append(
      OutlineSymbol(
        name: String(decoding: name, as: UTF8.self), detail: detail.map { String(decoding: $0, as: UTF8.self) },
        kind: kind, range: rangeStart..<rangeStart, selectionRange: selection))
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
