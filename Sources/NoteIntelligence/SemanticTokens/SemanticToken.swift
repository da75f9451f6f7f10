/// The kinds of semantic token, in legend order: `rawValue` is the index in the legend.
public enum SemanticTokenType: UInt32, Sendable, CaseIterable, CustomStringConvertible {
  /// A heading's text (with a `level1` … `level6` modifier).
  case heading
  /// Syntax characters: heading `#`s, list markers, `>`, `Q:`, `A:`, delimiters, front
  /// matter fences, code fence lines (a code block's content gets no token).
  case marker
  /// A whole hashtag, `#` included.
  case hashtag
  /// The hint of a cloze.
  case clozeHint
  /// The answer of a cloze.
  case clozeAnswer
  /// The text of a `Q:` line.
  case question
  /// The text of an `A:` line.
  case answer
  /// The text of a summary line.
  case summary
  /// The text of a blockquote.
  case quote
  /// The chapter-and-verse annotation ending a quote.
  case citation
  /// `*text*` or `_text_`.
  case emphasis
  /// `**text**`.
  case strong
  /// The content of `` `code` ``.
  case code
  /// A link's text or an image's alt text.
  case link
  /// A link's or image's target.
  case url
  /// A front matter key.
  case property
  /// A front matter value.
  case string

  /// The name in the legend.
  public var legendName: String { description }

  /// Every type's legend name, in legend order.
  public static var legend: [String] { allCases.map(\.legendName) }

  public var description: String {
    switch self {
    case .heading: "heading"
    case .marker: "marker"
    case .hashtag: "hashtag"
    case .clozeHint: "clozeHint"
    case .clozeAnswer: "clozeAnswer"
    case .question: "question"
    case .answer: "answer"
    case .summary: "summary"
    case .quote: "quote"
    case .citation: "citation"
    case .emphasis: "emphasis"
    case .strong: "strong"
    case .code: "code"
    case .link: "link"
    case .url: "url"
    case .property: "property"
    case .string: "string"
    }
  }
}

/// Semantic token modifiers, in legend order: bit `rawValue` of a token's modifier set.
public enum SemanticTokenModifier: UInt32, Sendable, CaseIterable, CustomStringConvertible {
  case level1
  case level2
  case level3
  case level4
  case level5
  case level6
  /// The part of a construct that a diagnostic flags.
  case invalid

  /// This modifier's bit in a modifier set.
  public var bit: UInt32 { 1 << rawValue }

  /// The name in the legend.
  public var legendName: String { description }

  /// Every modifier's legend name, in legend order.
  public static var legend: [String] { allCases.map(\.legendName) }

  /// The modifier for heading level `level` (1–6).
  public static func level(_ level: Int) -> SemanticTokenModifier {
    SemanticTokenModifier(rawValue: UInt32(min(max(level, 1), 6) - 1))!
  }

  public var description: String {
    switch self {
    case .level1: "level1"
    case .level2: "level2"
    case .level3: "level3"
    case .level4: "level4"
    case .level5: "level5"
    case .level6: "level6"
    case .invalid: "invalid"
    }
  }
}

/// One highlighted span: a byte range on a single line, its type and modifiers.
///
/// Sixteen bytes: a token lies on one line, so its length fits 32 bits, and there are
/// seven modifiers.
public struct SemanticToken: Sendable, Hashable, CustomStringConvertible {
  /// Start in UTF-8 bytes (absolute, or relative to a block's start where documented).
  public var start: Int
  private var storedLength: UInt32
  public var type: SemanticTokenType
  private var storedModifiers: UInt8

  /// Length in UTF-8 bytes; never includes a line break.
  public var length: Int {
    get { Int(storedLength) }
    set { storedLength = UInt32(newValue) }
  }

  /// A bit set of `SemanticTokenModifier` bits.
  public var modifiers: UInt32 {
    get { UInt32(storedModifiers) }
    set { storedModifiers = UInt8(newValue) }
  }

  public init(start: Int, length: Int, type: SemanticTokenType, modifiers: UInt32 = 0) {
    self.start = start
    self.storedLength = UInt32(length)
    self.type = type
    self.storedModifiers = UInt8(modifiers)
  }

  /// One past the last byte.
  public var end: Int { start + length }

  /// The byte range.
  public var range: Range<Int> { start..<(start + length) }

  /// Whether the set holds `modifier`.
  public func has(_ modifier: SemanticTokenModifier) -> Bool { modifiers & modifier.bit != 0 }

  /// The modifier names in legend order.
  public var modifierNames: [String] {
    SemanticTokenModifier.allCases.filter { has($0) }.map(\.legendName)
  }

  /// The same token moved by `delta` bytes.
  public func shifted(by delta: Int) -> SemanticToken {
    SemanticToken(start: start + delta, length: length, type: type, modifiers: modifiers)
  }

  public var description: String {
    let mods = modifierNames
    return "\(start)+\(length) \(type)" + (mods.isEmpty ? "" : "[\(mods.joined(separator: ","))]")
  }
}
