import NoteSyntax

/// Walks one block's subtree and collects its tokens relative to the block's start.
struct TokenCollector {
  /// The block's bytes.
  let bytes: [UInt8]
  /// The block's absolute start.
  let base: Int
  private(set) var tokens: [SemanticToken] = []

  init(bytes: [UInt8], base: Int) {
    self.bytes = bytes
    self.base = base
  }

  typealias Style = (type: SemanticTokenType, modifiers: UInt32)

  /// The type a node gives itself and its text, if any.
  static func ownStyle(of node: SyntaxNode) -> Style? {
    switch node.kind {
    case .frontMatterFence, .headingMarker, .listMarker, .quoteMarker, .questionMarker, .answerMarker,
      .summaryMarker, .delimiter, .codeFence, .codeInfo:
      (.marker, 0)
    case .frontMatterKey: (.property, 0)
    case .frontMatterValue: (.string, 0)
    case .heading: (.heading, SemanticTokenModifier.level(node.child(.headingMarker)?.length ?? 1).bit)
    case .blockquote: (.quote, 0)
    case .citation: (.citation, 0)
    case .question: (.question, 0)
    case .answer: (.answer, 0)
    case .summary: (.summary, 0)
    case .strong: (.strong, 0)
    case .emphasis: (.emphasis, 0)
    case .code: (.code, 0)
    case .hashtag: (.hashtag, 0)
    case .clozeHint: (.clozeHint, 0)
    case .clozeAnswer: (.clozeAnswer, 0)
    case .linkText: (.link, 0)
    case .linkTarget: (.url, 0)
    default: nil
    }
  }

  /// Adds the tokens of `node`'s subtree; `inherited` styles plain text inside it.
  mutating func walk(_ node: SyntaxNode, inherited: Style?) {
    switch node.kind {
    case .lineBreak, .blankLine, .frontMatterInvalidLine:
      return
    case .text, .emoji:
      if let inherited { emit(node.range, inherited) }
      return
    default:
      break
    }
    let style = Self.ownStyle(of: node) ?? inherited
    if node.hasChildren {
      for child in node.children { walk(child, inherited: style) }
    } else if let own = Self.ownStyle(of: node) {
      emit(node.range, own)
    }
  }

  /// Adds a token for each line segment of the absolute `range`, line breaks left out.
  private mutating func emit(_ range: Range<Int>, _ style: Style) {
    var start = range.lowerBound - base
    let end = range.upperBound - base
    var i = start
    while i <= end {
      if i == end || bytes[i] == 0x0A || bytes[i] == 0x0D {
        if i > start {
          tokens.append(SemanticToken(start: start, length: i - start, type: style.type, modifiers: style.modifiers))
        }
        start = i + 1
      }
      i += 1
    }
  }

  /// Splits tokens at the edges of the `invalid` ranges and marks the covered parts.
  static func markingInvalid(_ tokens: [SemanticToken], _ invalid: [Range<Int>]) -> [SemanticToken] {
    guard !invalid.isEmpty else { return tokens }
    var result: [SemanticToken] = []
    result.reserveCapacity(tokens.count)
    for token in tokens {
      let touching = invalid.filter { $0.overlaps(token.range) }
      guard !touching.isEmpty else {
        result.append(token)
        continue
      }
      var cuts = [token.start, token.end]
      for range in touching {
        if range.lowerBound > token.start { cuts.append(range.lowerBound) }
        if range.upperBound < token.end { cuts.append(range.upperBound) }
      }
      cuts = Array(Set(cuts)).sorted()
      for (lower, upper) in zip(cuts, cuts.dropFirst()) {
        var part = SemanticToken(start: lower, length: upper - lower, type: token.type, modifiers: token.modifiers)
        if touching.contains(where: { $0.lowerBound <= lower && $0.upperBound >= upper }) {
          part.modifiers |= SemanticTokenModifier.invalid.bit
        }
        result.append(part)
      }
    }
    return result
  }

  /// Joins adjacent tokens of the same type and modifiers.
  static func merged(_ tokens: [SemanticToken]) -> [SemanticToken] {
    var result: [SemanticToken] = []
    result.reserveCapacity(tokens.count)
    for token in tokens {
      if let last = result.last, last.end == token.start, last.type == token.type, last.modifiers == token.modifiers {
        result[result.count - 1].length += token.length
      } else {
        result.append(token)
      }
    }
    return result
  }
}
