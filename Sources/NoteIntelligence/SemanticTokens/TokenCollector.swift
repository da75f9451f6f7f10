import NoteSyntax
import NoteText

/// A token as the cache stores it: 12 bytes, its start relative to its block's start.
struct PackedToken {
  var start: UInt32
  var length: UInt32
  var type: SemanticTokenType
  var modifiers: SemanticTokenModifiers

  /// The token at `blockStart + start`.
  @inline(__always)
  func absolute(blockStart: Int) -> SemanticToken {
    SemanticToken(start: blockStart + Int(start), length: Int(length), type: type, modifiers: modifiers)
  }
}

/// Memory for one block's tokens while they are collected, kept from block to block
/// (a pass over a note reuses one): the collector writes through its pointer, so adding
/// a token checks only the capacity (an array's append also checks that the array is
/// not shared, a call per token).
final class TokenScratch {
  private(set) var pointer: UnsafeMutablePointer<PackedToken>
  private(set) var capacity: Int

  init(capacity: Int = 1024) {
    pointer = .allocate(capacity: capacity)
    self.capacity = capacity
  }

  /// Doubles the capacity, keeping the first `count` tokens.
  func grow(keeping count: Int) {
    let larger = UnsafeMutablePointer<PackedToken>.allocate(capacity: 2 * capacity)
    larger.moveInitialize(from: pointer, count: count)
    pointer.deallocate()
    pointer = larger
    capacity *= 2
  }

  deinit { pointer.deallocate() }
}

/// Collects one block's tokens relative to the block's start in a single index loop
/// over its flat subtree, with a small stack of inherited styles; tokens are split at
/// the findings' edges (marked `invalid`) and joined with the previous one when
/// adjacent and alike as they are added. Tokens are written to a ``TokenScratch`` from
/// its start.
struct TokenCollector {
  typealias Style = (type: SemanticTokenType, modifiers: SemanticTokenModifiers)

  /// What the findings cover, relative to the block's start (``union(of:)``).
  let invalid: [Range<Int>]
  /// The scratch the tokens are written to, and its pointer and capacity as of the
  /// last growth (kept here, so that adding a token touches no object).
  private let scratch: TokenScratch
  private(set) var tokens: UnsafeMutablePointer<PackedToken>
  private var capacity: Int
  /// Tokens written so far.
  private(set) var count = 0
  /// Tokens come in order of their starts: the finding ranges before `nextInvalid` have
  /// started before the last token's end, and those of them that may still overlap a
  /// later token are `active`. So a block of many findings and many tokens looks at a
  /// few ranges a token, not all of them.
  private var nextInvalid = 0
  private var active: [Range<Int>] = []
  private var lastStart = 0
  /// The brackets and labels of the block's reference links that the note's definitions
  /// make links, relative to the block's start, in order: added after the walk
  /// (``addReferenceMarks(into:)``), as their bytes belong to no node.
  var referenceMarks: [PackedToken] = []
  /// The block's inline regions and where their tokens lie, when recorded (``RegionSpan``).
  var regions: [RegionSpan] = []
  var recordsRegions = false
  /// The region being walked: its `inlineContent` node, the index after its subtree,
  /// its first token and inherited style.
  var openRegion: (node: Int, end: Int, first: Int, style: Style?)?
  /// Where the regions copied from an older version of the block find their tokens.
  var source: RegionSource?
  /// Regions whose tokens were copied from the ``source``.
  var copiedRegions = 0
  /// The first finding range that may cover a region not reached yet.
  var nextUncovered = 0

  init(invalid: [Range<Int>], scratch: TokenScratch) {
    self.invalid = Self.union(of: invalid)
    self.scratch = scratch
    tokens = scratch.pointer
    capacity = scratch.capacity
  }

  /// What `ranges` cover, as sorted, disjoint, non-empty ranges: a token is then cut
  /// at the few ranges it meets, however many findings overlap there (a line of
  /// unclosed `?[` holds thousands, each running to the line's end).
  static func union(of ranges: [Range<Int>]) -> [Range<Int>] {
    guard ranges.count > 1 else { return ranges.filter { !$0.isEmpty } }
    var result: [Range<Int>] = []
    for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) where !range.isEmpty {
      if let last = result.last, range.lowerBound <= last.upperBound {
        result[result.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
      } else {
        result.append(range)
      }
    }
    return result
  }

  /// The type a node gives itself and its text, if any.
  @inline(__always)
  static func ownStyle(of index: Int, in tree: FlatSubtree) -> Style? {
    switch tree.kind(index) {
    case .frontMatterFence, .headingMarker, .listMarker, .quoteMarker, .calloutMarker, .questionMarker, .answerMarker,
      .summaryMarker, .delimiter, .codeFence, .codeInfo:
      (.marker, .empty)
    case .frontMatterKey: (.property, .empty)
    case .frontMatterValue: (.string, .empty)
    case .heading: (.heading, SemanticTokenModifiers(.level(tree.headingLevel(index))))
    case .blockquote: (.quote, .empty)
    case .citation: (.citation, .empty)
    case .question: (.question, .empty)
    case .answer: (.answer, .empty)
    case .summary: (.summary, .empty)
    case .strong: (.strong, .empty)
    case .highlight: (.highlight, .empty)
    case .emphasis: (.emphasis, .empty)
    case .code, .math: (.code, .empty)
    case .comment: (.comment, .empty)
    case .footnoteLabel: (.link, .empty)
    case .wikiTarget, .wikiHeading: (wikiLinkShowsOtherText(after: index, in: tree) ? .url : .link, .empty)
    case .wikiAlias: (.link, .empty)
    case .hashtag: (.hashtag, .empty)
    case .clozeHint: (.clozeHint, .empty)
    case .clozeAnswer: (.clozeAnswer, .empty)
    case .linkText: (.link, .empty)
    case .linkTarget: (.url, .empty)
    default: nil
    }
  }

  /// Whether the wiki link whose target or heading is at `index` has shown text after it
  /// (its parts come before its closing `]]`; what follows that, in an enclosing span,
  /// is at most closing delimiters, then something other than a wiki link's part).
  private static func wikiLinkShowsOtherText(after index: Int, in tree: FlatSubtree) -> Bool {
    var next = index + 1
    while next < tree.end {
      switch tree.kind(next) {
      case .wikiAlias: return true
      case .delimiter, .wikiHeading: next += 1
      default: return false
      }
    }
    return false
  }

  /// The tokens of `block`'s subtree, relative to its start.
  static func tokens(for block: SyntaxNode, in doc: NoteDocument) -> [SemanticToken] {
    let scratch = TokenScratch()
    let count = collect(block, in: doc, into: scratch).count
    return UnsafeBufferPointer(start: scratch.pointer, count: count).map { $0.absolute(blockStart: 0) }
  }

  /// Writes the tokens of `block`'s subtree, relative to its start, to the start of
  /// `scratch`; returns how many there are and, with `recordingRegions`, where its inline
  /// regions' tokens lie. The tokens of the regions `source` holds are copied from it.
  static func collect(
    _ block: SyntaxNode, in doc: NoteDocument, into scratch: TokenScratch, reusing source: RegionSource? = nil,
    recordingRegions: Bool = false
  ) -> (count: Int, regions: [RegionSpan], copied: Int) {
    let base = block.startOffset
    // A front matter value its key does not accept is marked as the parser's findings are.
    var findings = block.blockFindings
    if block.kind == .frontMatter { findings += FrontMatterValues.badValues(in: block, of: doc) }
    var collector = TokenCollector(
      invalid: findings.isEmpty ? [] : findings.map { ($0.range.lowerBound - base)..<($0.range.upperBound - base) },
      scratch: scratch)
    collector.recordsRegions = recordingRegions
    collector.source = source
    if let source { collector.regions.reserveCapacity(source.spans.count + 16) }
    block.withFlatSubtree { tree in
      // 8 bytes an entry, 1 KiB in all: small enough to be on the stack. Nesting is far
      // shallower (inline nesting stops at 32).
      withUnsafeTemporaryAllocation(of: (end: UInt32, style: Style?).self, capacity: 128) { stack in
        var depth = 0
        var i = tree.root
        while i < tree.end {
          if let region = collector.openRegion, region.end <= i { collector.closeRegion() }
          while depth > 0 && Int(stack[depth - 1].end) <= i { depth -= 1 }
          let inherited = depth > 0 ? stack[depth - 1].style : nil
          switch tree.kind(i) {
          case .inlineContent where collector.recordsRegions:
            if collector.startRegion(i, in: tree, inherited) {
              i = tree.subtreeEnd(i)
              continue
            }
          case .lineBreak, .blankLine, .frontMatterInvalidLine:
            i = tree.subtreeEnd(i)
            continue
          case .text, .emoji:
            if let inherited {
              let start = tree.relativeStart(i)
              if (inherited.type == .code || inherited.type == .comment) && tree.holdsLineBreak(i) {
                // Only raw spans (code, math, comments) hold line breaks inside a token.
                collector.addSplittingLines(start, tree.length(i), inherited, doc.text, base: base)
              } else {
                collector.add(start, tree.length(i), inherited)
              }
            }
            i = tree.subtreeEnd(i)
            continue
          default:
            break
          }
          let own = ownStyle(of: i, in: tree) ?? collector.referenceLinkStyle(of: i, in: tree, doc)
          let next = tree.subtreeEnd(i)
          if next > i + 1 {
            if depth < stack.count {
              stack[depth] = (UInt32(next), own ?? inherited)
              depth += 1
            }
          } else if let own {
            collector.add(tree.relativeStart(i), tree.length(i), own)
          }
          i += 1
        }
      }
    }
    if collector.openRegion != nil { collector.closeRegion() }
    if !collector.referenceMarks.isEmpty {
      // The marks are merged in after the walk, which moves the regions' tokens.
      collector.addReferenceMarks()
      collector.regions = []
    }
    return (collector.count, collector.regions, collector.copiedRegions)
  }

  /// Adds a token for each line segment of `start..<start + length`, line breaks left
  /// out, reading the text where it is stored.
  private mutating func addSplittingLines(
    _ start: Int, _ length: Int, _ style: Style, _ text: TextStorage, base: Int
  ) {
    var segment = start
    var position = start
    text.forEachPiece(of: (base + start)..<(base + start + length)) { piece in
      for byte in piece {
        if byte == 0x0A || byte == 0x0D {
          if position > segment { add(segment, position - segment, style) }
          segment = position + 1
        }
        position += 1
      }
    }
    if position > segment { add(segment, position - segment, style) }
  }

  /// The tokens written so far, the collector then starting over on the same block
  /// (the findings looked at again from the first).
  mutating func takeTokens() -> [PackedToken] {
    let written = Array(UnsafeBufferPointer(start: tokens, count: count))
    count = 0
    lastStart = 0
    nextInvalid = 0
    active.removeAll()
    return written
  }

  /// Adds a token, split at the edges of the finding ranges it overlaps.
  @inline(__always)
  mutating func add(_ start: Int, _ length: Int, _ style: Style) {
    if invalid.isEmpty {
      append(start, length, style.type, style.modifiers)
    } else {
      addSplitting(start, length, style)
    }
  }

  private mutating func addSplitting(_ start: Int, _ length: Int, _ style: Style) {
    let end = start + length
    let whole = start..<end
    if start < lastStart {
      // Out of order (never in a preorder walk): every range is looked at again.
      nextInvalid = 0
      active.removeAll()
    }
    lastStart = start
    while nextInvalid < invalid.count && invalid[nextInvalid].lowerBound < end {
      active.append(invalid[nextInvalid])
      nextInvalid += 1
    }
    if !active.isEmpty { active.removeAll { $0.upperBound <= start } }
    // Most tokens meet no finding: they allocate nothing.
    guard active.contains(where: { $0.overlaps(whole) }) else {
      return append(start, length, style.type, style.modifiers)
    }
    let overlapping = active.filter { $0.overlaps(whole) }
    var cuts = [start, end]
    for range in overlapping {
      if range.lowerBound > start { cuts.append(range.lowerBound) }
      if range.upperBound < end { cuts.append(range.upperBound) }
    }
    cuts = Array(Set(cuts)).sorted()
    for (lower, upper) in zip(cuts, cuts.dropFirst()) {
      var modifiers = style.modifiers
      if overlapping.contains(where: { $0.lowerBound <= lower && $0.upperBound >= upper }) {
        modifiers.insert(.invalid)
      }
      append(lower, upper - lower, style.type, modifiers)
    }
  }

  /// Appends a token, joined to the block's previous one when adjacent with the same style.
  @inline(__always)
  mutating func append(
    _ start: Int, _ length: Int, _ type: SemanticTokenType, _ modifiers: SemanticTokenModifiers
  ) {
    if count > 0 {
      let last = tokens[count - 1]
      if Int(last.start) + Int(last.length) == start && last.type == type && last.modifiers == modifiers {
        tokens[count - 1].length += UInt32(length)
        return
      }
    }
    reserve(1)
    (tokens + count).initialize(
      to: PackedToken(start: UInt32(start), length: UInt32(length), type: type, modifiers: modifiers))
    count += 1
  }

  /// Makes room for `more` tokens after the written ones.
  @inline(__always)
  mutating func reserve(_ more: Int) {
    while count + more > capacity {
      scratch.grow(keeping: count)
      tokens = scratch.pointer
      capacity = scratch.capacity
    }
  }

  /// Appends `copied`, tokens already joined where alike, moved by `moved` bytes: the
  /// first joined to the previous token when alike, the others as they are.
  mutating func append(copied: UnsafeBufferPointer<PackedToken>, movedBy moved: Int) {
    guard let first = copied.first else { return }
    append(Int(first.start) + moved, Int(first.length), first.type, first.modifiers)
    reserve(copied.count - 1)
    for token in copied.dropFirst() {
      (tokens + count).initialize(
        to: PackedToken(
          start: UInt32(Int(token.start) + moved), length: token.length, type: token.type, modifiers: token.modifiers))
      count += 1
    }
  }
}
