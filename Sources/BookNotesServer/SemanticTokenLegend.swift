import LanguageServerProtocol
import NoteIntelligence

/// The semantic-token legend advertised in `initialize`, and the conversion of
/// NoteIntelligence's token kinds to it: each type and modifier mapped by an
/// exhaustive `switch`, so a new kind cannot reach the wire without a place in the
/// legend.
enum SemanticTokenLegend {
  /// The token types, in wire order: a token's type is an index into this list.
  static let tokenTypes = [
    "heading", "marker", "hashtag", "clozeHint", "clozeAnswer", "question", "answer", "summary", "quote",
    "citation", "emphasis", "strong", "code", "link", "url", "property", "string",
    "highlight", "comment",
  ]

  /// The token modifiers, in wire order: bit `i` of a token's modifiers is entry `i`.
  static let tokenModifiers = ["level1", "level2", "level3", "level4", "level5", "level6", "invalid"]

  /// The legend as the protocol carries it.
  static var legend: SemanticTokensLegend {
    SemanticTokensLegend(tokenTypes: tokenTypes, tokenModifiers: tokenModifiers)
  }

  /// The index of `type` in ``tokenTypes``.
  @inline(__always)
  static func wire(_ type: SemanticTokenType) -> UInt32 {
    switch type {
    case .heading: 0
    case .marker: 1
    case .hashtag: 2
    case .clozeHint: 3
    case .clozeAnswer: 4
    case .question: 5
    case .answer: 6
    case .summary: 7
    case .quote: 8
    case .citation: 9
    case .emphasis: 10
    case .strong: 11
    case .code: 12
    case .link: 13
    case .url: 14
    case .property: 15
    case .string: 16
    case .highlight: 17
    case .comment: 18
    }
  }

  /// The index of `modifier` in ``tokenModifiers``.
  static func wireIndex(_ modifier: SemanticTokenModifier) -> UInt32 {
    switch modifier {
    case .level1: 0
    case .level2: 1
    case .level3: 2
    case .level4: 3
    case .level5: 4
    case .level6: 5
    case .invalid: 6
    }
  }

  /// The wire bit set of `modifiers`. Most tokens have none.
  @inline(__always)
  static func wire(_ modifiers: SemanticTokenModifiers) -> UInt32 {
    if modifiers.isEmpty { return 0 }
    var bits: UInt32 = 0
    for modifier in modifiers { bits |= 1 << wireIndex(modifier) }
    return bits
  }
}
