/// The inline grammar: every construct declared once, in the order they are tried at a
/// position. A new construct is an entry here (with its ``NodeKind``), its tests, token
/// type and editor colours; the bytes the scan stops at and which constructs a byte may
/// start follow from the list.
enum InlineGrammar {
  static let constructs: [InlineConstruct] = [
    InlineConstruct("backslash escape", .escape),
    InlineConstruct("code", .span(Span(mark: "`", count: 1, node: .code, contents: .raw))),
    InlineConstruct(
      "math",
      .span(Span(mark: "$", count: 1, node: .math, contents: .raw, closerAloneInItsRun: true, closerBeforeDigit: false))
    ),
    InlineConstruct("comment", .span(Span(mark: "%", count: 2, node: .comment, contents: .raw, flanking: false))),
    InlineConstruct("strong", .span(Span(mark: "*", count: 2, node: .strong))),
    InlineConstruct("highlight", .span(Span(mark: "=", count: 2, node: .highlight))),
    InlineConstruct("emphasis", .span(Span(mark: "*", count: 1, node: .emphasis, closerAloneInItsRun: true))),
    InlineConstruct(
      "emphasis with underscores",
      .span(Span(mark: "_", count: 1, node: .emphasis, closerAloneInItsRun: true, outsideWords: true))),
    InlineConstruct("footnote reference", .footnoteReference),
    InlineConstruct("cloze", .cloze),
    InlineConstruct("wiki link", .wikiLink),
    InlineConstruct("image", .link(.image)),
    InlineConstruct("link", .link(.link)),
    InlineConstruct("hashtag", .hashtag),
    InlineConstruct("emoji", .emoji),
    InlineConstruct("line break", .lineBreak),
  ]

  /// Whether a construct may start at a byte: the parser's scan of plain text stops at
  /// these and nowhere else.
  static let startsConstruct: [Bool] = {
    var table = [Bool](repeating: false, count: 256)
    for construct in constructs {
      for byte in construct.parse.firstBytes { table[Int(byte)] = true }
    }
    return table
  }()

  /// The printable ASCII bytes that start a construct (the scan stops at every control
  /// and non-ASCII byte anyway).
  static let asciiTriggers: [UInt8] = (0x20..<0x80).map(UInt8.init).filter { startsConstruct[Int($0)] }
}

extension InlineGrammar {
  /// The grammar as the parser reads it at every trigger byte: one object, so a parser
  /// holds one reference and the hot loop reads plain arrays.
  final class Tables: Sendable {
    static let shared = Tables()

    let startsConstruct = InlineGrammar.startsConstruct
    let triggers = InlineTriggers(InlineGrammar.asciiTriggers)
    let parses = InlineGrammar.constructs.map(\.parse)
    /// For each byte, the indices of the constructs it may start, in order of trial,
    /// one per byte from the lowest, `0xFF` after the last.
    let dispatch: [UInt32] = (0...255).map { byte in
      let indices = InlineGrammar.constructs.indices.filter {
        InlineGrammar.constructs[$0].parse.firstBytes.contains(UInt8(byte))
      }
      precondition(indices.count <= 3, "at most three constructs start with one byte")
      var packed: UInt32 = 0xFFFF_FFFF
      for index in indices.reversed() { packed = packed << 8 | UInt32(index) }
      return packed
    }
    /// For each construct, its place among the span constructs (`-1` for others).
    let spanOrdinals: [Int] = {
      var next = 0
      return InlineGrammar.constructs.map { construct in
        guard case .span = construct.parse else { return -1 }
        defer { next += 1 }
        return next
      }
    }()

    private init() {
      precondition(
        spanOrdinals.filter { $0 >= 0 }.count <= SpanSearches.capacity,
        "at most eight span constructs (SpanSearches has a field each)")
    }
  }
}

/// One forward search per span construct, for its closer, by the span's ordinal: fixed
/// fields, so that a parser (one per block) allocates nothing for them.
struct SpanSearches {
  static let capacity = 8
  private var s0 = ForwardSearch(), s1 = ForwardSearch(), s2 = ForwardSearch(), s3 = ForwardSearch()
  private var s4 = ForwardSearch(), s5 = ForwardSearch(), s6 = ForwardSearch(), s7 = ForwardSearch()

  /// `body` on the search of the span with `ordinal`.
  @inline(__always)
  mutating func with<R>(_ ordinal: Int, _ body: (inout ForwardSearch) -> R) -> R {
    switch ordinal {
    case 0: body(&s0)
    case 1: body(&s1)
    case 2: body(&s2)
    case 3: body(&s3)
    case 4: body(&s4)
    case 5: body(&s5)
    case 6: body(&s6)
    default: body(&s7)
    }
  }
}

/// One inline construct: its name (for tests and messages) and how it parses.
struct InlineConstruct: Sendable {
  let name: String
  let parse: InlineParse

  init(_ name: String, _ parse: InlineParse) {
    self.name = name
    self.parse = parse
  }
}

/// How a construct parses, from the byte that starts it.
enum InlineParse: Sendable {
  /// `\` before an ASCII punctuation character (CommonMark's backslash escape): the
  /// backslash is a delimiter and the character is text, never a construct's mark.
  case escape
  /// A span between two equal delimiters (``Span``).
  case span(Span)
  /// `[^label]`: a reference to a footnote.
  case footnoteReference
  /// `?[hint](answer)`, and the malformed ones the diagnostics name.
  case cloze
  /// `[[target#heading|shown text]]`, or the embed `![[target]]`.
  case wikiLink
  /// `[text](target)`, or `![alt](target)` for an image.
  case link(NodeKind)
  /// `#tag`, at the start of the text or after whitespace.
  case hashtag
  case emoji
  /// A line break (and the `Q:`/`A:` marker a paragraph's next line may start with).
  case lineBreak

  var firstBytes: [UInt8] {
    switch self {
    case .escape: [UInt8(ascii: "\\")]
    case .span(let span): [span.mark]
    case .footnoteReference: [UInt8(ascii: "[")]
    case .cloze: [UInt8(ascii: "?")]
    case .wikiLink: [UInt8(ascii: "["), UInt8(ascii: "!")]
    case .link(let kind): kind == .image ? [UInt8(ascii: "!")] : [UInt8(ascii: "[")]
    case .hashtag: [UInt8(ascii: "#")]
    case .emoji: Array(0x80...0xFF)
    case .lineBreak: [ByteClass.lf, ByteClass.cr]
    }
  }
}

/// A span between equal delimiters of `count` (one or two) `mark`s; unclosed, the
/// delimiter is text.
struct Span: Sendable {
  enum Contents: Sendable {
    /// Inline text: constructs nest inside.
    case inline
    /// Read as it is: nothing inside is recognised (code, math, comments).
    case raw
  }

  let mark: UInt8
  let count: Int
  let node: NodeKind
  let contents: Contents
  /// Whether the closing delimiter stands alone in its run of marks (`*a**` does not
  /// close at the `**`), and the opening one is not doubled where that is another
  /// construct's (for `_`).
  let closerAloneInItsRun: Bool
  /// Whether the span opens only where no letter or digit comes before it and closes
  /// only where none comes after (`snake_case_name` holds no emphasis).
  let outsideWords: Bool
  /// Whether the delimiters follow the flanking rules (a non-space after the opening
  /// one, before the closing one); a comment's do not (`%% note %%`).
  let flanking: Bool
  /// Whether the closing delimiter may come right before a digit (math's may not, so
  /// that `$5 and $6` stays prose, as in Pandoc).
  let closerBeforeDigit: Bool

  init(
    mark: Character, count: Int, node: NodeKind, contents: Contents = .inline, closerAloneInItsRun: Bool = false,
    outsideWords: Bool = false, flanking: Bool = true, closerBeforeDigit: Bool = true
  ) {
    precondition(count == 1 || count == 2, "a span's delimiter is one or two marks")
    self.mark = mark.asciiValue!
    self.count = count
    self.node = node
    self.contents = contents
    self.closerAloneInItsRun = closerAloneInItsRun
    self.outsideWords = outsideWords
    self.flanking = flanking
    self.closerBeforeDigit = closerBeforeDigit
  }
}
