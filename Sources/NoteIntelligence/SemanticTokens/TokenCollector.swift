import NoteSyntax

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

/// Collects one block's tokens relative to the block's start in a single index loop
/// over its flat subtree, with a small stack of inherited styles; tokens are split at
/// the findings' edges (marked `invalid`) and joined with the previous one when
/// adjacent and alike as they are added. Tokens are appended to a buffer that may
/// already hold other blocks' tokens.
struct TokenCollector {
  typealias Style = (type: SemanticTokenType, modifiers: SemanticTokenModifiers)

  /// What the findings cover, relative to the block's start (``union(of:)``).
  let invalid: [Range<Int>]
  /// The index of the block's first token in the buffer: earlier ones are not joined to.
  let first: Int
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

  init(invalid: [Range<Int>], first: Int) {
    self.invalid = Self.union(of: invalid)
    self.first = first
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
    var packed: [PackedToken] = []
    collect(block, in: doc, into: &packed)
    return packed.map { $0.absolute(blockStart: 0) }
  }

  /// Appends the tokens of `block`'s subtree, relative to its start, to `tokens`.
  static func collect(_ block: SyntaxNode, in doc: NoteDocument, into tokens: inout [PackedToken]) {
    let base = block.startOffset
    let findings = block.blockFindings
    var collector = TokenCollector(
      invalid: findings.isEmpty ? [] : findings.map { ($0.range.lowerBound - base)..<($0.range.upperBound - base) },
      first: tokens.count)
    block.withFlatSubtree { tree in
      // 8 bytes an entry, 1 KiB in all: small enough to be on the stack. Nesting is far
      // shallower (inline nesting stops at 32).
      withUnsafeTemporaryAllocation(of: (end: UInt32, style: Style?).self, capacity: 128) { stack in
        var depth = 0
        var i = tree.root
        while i < tree.end {
          while depth > 0 && Int(stack[depth - 1].end) <= i { depth -= 1 }
          let inherited = depth > 0 ? stack[depth - 1].style : nil
          switch tree.kind(i) {
          case .lineBreak, .blankLine, .frontMatterInvalidLine:
            i = tree.subtreeEnd(i)
            continue
          case .text, .emoji:
            if let inherited {
              let start = tree.relativeStart(i)
              if (inherited.type == .code || inherited.type == .comment) && tree.holdsLineBreak(i) {
                // Only raw spans (code, math, comments) hold line breaks inside a token.
                collector.addSplittingLines(start, tree.length(i), inherited, doc.text, base: base, into: &tokens)
              } else {
                collector.add(start, tree.length(i), inherited, into: &tokens)
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
            collector.add(tree.relativeStart(i), tree.length(i), own, into: &tokens)
          }
          i += 1
        }
      }
    }
    if !collector.referenceMarks.isEmpty { collector.addReferenceMarks(into: &tokens) }
  }

  /// Adds a token for each line segment of `start..<start + length`, line breaks left
  /// out, reading the text where it is stored.
  private mutating func addSplittingLines(
    _ start: Int, _ length: Int, _ style: Style, _ text: TextStorage, base: Int, into tokens: inout [PackedToken]
  ) {
    var segment = start
    var position = start
    text.forEachPiece(of: (base + start)..<(base + start + length)) { piece in
      for byte in piece {
        if byte == 0x0A || byte == 0x0D {
          if position > segment { add(segment, position - segment, style, into: &tokens) }
          segment = position + 1
        }
        position += 1
      }
    }
    if position > segment { add(segment, position - segment, style, into: &tokens) }
  }

  /// Adds a token, split at the edges of the finding ranges it overlaps.
  @inline(__always)
  mutating func add(_ start: Int, _ length: Int, _ style: Style, into tokens: inout [PackedToken]) {
    if invalid.isEmpty {
      append(start, length, style.type, style.modifiers, into: &tokens)
    } else {
      addSplitting(start, length, style, into: &tokens)
    }
  }

  private mutating func addSplitting(_ start: Int, _ length: Int, _ style: Style, into tokens: inout [PackedToken]) {
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
    active.removeAll { $0.upperBound <= start }
    let overlapping = active.filter { $0.overlaps(whole) }
    guard !overlapping.isEmpty else {
      return append(start, length, style.type, style.modifiers, into: &tokens)
    }
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
      append(lower, upper - lower, style.type, modifiers, into: &tokens)
    }
  }

  /// Appends a token, joined to the block's previous one when adjacent with the same style.
  @inline(__always)
  func append(
    _ start: Int, _ length: Int, _ type: SemanticTokenType, _ modifiers: SemanticTokenModifiers,
    into tokens: inout [PackedToken]
  ) {
    let count = tokens.count
    if count > first {
      let last = tokens[count - 1]
      if Int(last.start) + Int(last.length) == start && last.type == type && last.modifiers == modifiers {
        tokens[count - 1].length += UInt32(length)
        return
      }
    }
    tokens.append(PackedToken(start: UInt32(start), length: UInt32(length), type: type, modifiers: modifiers))
  }
}
