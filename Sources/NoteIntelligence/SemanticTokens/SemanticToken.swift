/// The kinds of semantic token. They say what a span is, not how a client names or
/// numbers it: the server owns the legend and maps each kind to it.
public enum SemanticTokenType: Sendable, Hashable, CaseIterable {
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
  /// The content of `` `code` `` and of inline math (`$…$`).
  case code
  /// A link's text, an image's alt text, a wiki link's shown text (its target when it
  /// shows none) or a footnote reference's label.
  case link
  /// A link's or image's target, or a wiki link's when it shows other text.
  case url
  /// A front matter key.
  case property
  /// A front matter value.
  case string
  /// The text of `==text==`.
  case highlight
  /// The text of an Obsidian comment, `%%…%%`.
  case comment
}

/// What a semantic token's span is besides its kind: a heading's level, or the part of
/// a construct that a diagnostic flags.
public enum SemanticTokenModifier: Sendable, Hashable, CaseIterable {
  case level1
  case level2
  case level3
  case level4
  case level5
  case level6
  /// The part of a construct that a diagnostic flags.
  case invalid

  /// The modifier for heading level `level` (1–6).
  public static func level(_ level: Int) -> SemanticTokenModifier {
    switch level {
    case ...1: .level1
    case 2: .level2
    case 3: .level3
    case 4: .level4
    case 5: .level5
    default: .level6
    }
  }

  /// The modifier whose ``mask`` is `mask` (one bit).
  init?(mask: UInt8) {
    switch mask {
    case 1: self = .level1
    case 2: self = .level2
    case 4: self = .level3
    case 8: self = .level4
    case 16: self = .level5
    case 32: self = .level6
    case 64: self = .invalid
    default: return nil
    }
  }

  /// This modifier's place in a ``SemanticTokenModifiers`` set.
  @inline(__always)
  var mask: UInt8 {
    switch self {
    case .level1: 1
    case .level2: 2
    case .level3: 4
    case .level4: 8
    case .level5: 16
    case .level6: 32
    case .invalid: 64
    }
  }
}

/// A set of ``SemanticTokenModifier``s, one byte.
public struct SemanticTokenModifiers: Sendable, Hashable, Sequence, ExpressibleByArrayLiteral {
  private(set) var mask: UInt8

  /// The empty set.
  public init() { mask = 0 }

  /// The empty set.
  public static var empty: SemanticTokenModifiers { SemanticTokenModifiers() }

  /// The set of one modifier.
  @inline(__always)
  public init(_ modifier: SemanticTokenModifier) { mask = modifier.mask }

  public init(arrayLiteral modifiers: SemanticTokenModifier...) {
    mask = 0
    for modifier in modifiers { mask |= modifier.mask }
  }

  init(mask: UInt8) { self.mask = mask }

  public var isEmpty: Bool { mask == 0 }

  public func contains(_ modifier: SemanticTokenModifier) -> Bool { mask & modifier.mask != 0 }

  public mutating func insert(_ modifier: SemanticTokenModifier) { mask |= modifier.mask }

  /// The modifiers in the set, in declaration order.
  public func makeIterator() -> Iterator { Iterator(rest: mask) }

  /// Steps through a set's modifiers, lowest bit first, without allocating.
  public struct Iterator: IteratorProtocol {
    var rest: UInt8

    public mutating func next() -> SemanticTokenModifier? {
      guard rest != 0 else { return nil }
      let lowest = rest & (0 &- rest)
      rest &= rest &- 1
      return SemanticTokenModifier(mask: lowest)
    }
  }
}

/// One highlighted span: a byte range on a single line, its type and modifiers.
///
/// Sixteen bytes: a token lies on one line, so its length fits 32 bits, and its
/// modifiers are a one-byte set.
public struct SemanticToken: Sendable, Hashable, CustomStringConvertible {
  /// Start in UTF-8 bytes (absolute, or relative to a block's start where documented).
  public var start: Int
  private var storedLength: UInt32
  public var type: SemanticTokenType
  public var modifiers: SemanticTokenModifiers

  /// Length in UTF-8 bytes; never includes a line break.
  public var length: Int {
    get { Int(storedLength) }
    set { storedLength = UInt32(newValue) }
  }

  public init(start: Int, length: Int, type: SemanticTokenType, modifiers: SemanticTokenModifiers = .empty) {
    self.start = start
    self.storedLength = UInt32(length)
    self.type = type
    self.modifiers = modifiers
  }

  /// One past the last byte.
  public var end: Int { start + length }

  /// The byte range.
  public var range: Range<Int> { start..<(start + length) }

  /// Whether the set holds `modifier`.
  public func has(_ modifier: SemanticTokenModifier) -> Bool { modifiers.contains(modifier) }

  /// The same token moved by `delta` bytes.
  public func shifted(by delta: Int) -> SemanticToken {
    SemanticToken(start: start + delta, length: length, type: type, modifiers: modifiers)
  }

  public var description: String {
    let mods = modifiers.map { "\($0)" }
    return "\(start)+\(length) \(type)" + (mods.isEmpty ? "" : "[\(mods.joined(separator: ","))]")
  }
}
