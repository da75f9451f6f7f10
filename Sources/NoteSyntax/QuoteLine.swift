/// What ``BlockParser/readQuoteLines(from:itemColumn:)`` gives: each line of a quote with its
/// role, and the containers and markers the lines open.
extension BlockParser {
  /// What a quote's line holds.
  enum QuoteRole: UInt8 {
    /// A line of a paragraph: inline text.
    case text
    /// A line of a paragraph that a setext underline below makes a heading.
    case headingText
    case blank
    /// An ATX heading whose `#` run starts at `first`.
    case heading
    /// A thematic break starting at `first`.
    case thematicBreak
    /// The opening line of a fenced code block, its fence at `first`.
    case fenceStart
    /// A line inside a fenced code block.
    case code
    /// The closing fence of a fenced code block, at `first`.
    case fenceEnd
    /// The first line of an HTML block, and the lines after it.
    case html, htmlContinuing
    /// The first line of indented code, and the lines after it.
    case indentedCode, indentedCodeContinuing
    /// A table's header row (the paragraph line above its delimiter row), and a link
    /// reference definition's first line.
    case tableHeader, linkDefinition
    /// A line of a `Q:`/`A:` pair's question (its `Q:` line, the lines going on with it, a
    /// blank line before the `A:`) and of its answer (its `A:` line and the lines after).
    case question, answer
    /// A later line of the leaf block above, which that block's writer reads: a setext
    /// underline (`===` or `---`, from `first`), a table's delimiter row or row, a line
    /// continuing a link reference definition
    /// (``BlockParser/readQuoteDefinitions(_:)``).
    case leafLine
  }

  /// One line of a quote: where it starts, the containers it closes and opens, its
  /// markers, its text, and the next line's start. Small, as a quote may have many.
  struct QuoteLine {
    var start: Int
    /// The text after the line's markers (on a lazy line, after the indentation).
    var content: Int
    /// The end of the text, trailing spaces left out.
    var end: Int
    /// The end of the line (its line break or the end of the text).
    var lineEnd: Int
    var next: Int
    /// The first byte of the text that is no space or tab.
    var first: Int
    var role: QuoteRole
    /// A heading's or underline's level.
    var level: UInt8 = 0
    /// How many containers stay open from the line before, the quote itself counted.
    var kept: UInt8
    /// How many containers the line opens (the next ones of ``QuoteLines/opened``).
    var opened: UInt8
    /// How many markers the line has (the next ones of ``QuoteLines/marks``).
    var marks: UInt8
    /// How many containers hold the line, the quote itself counted.
    var depth: UInt8
    /// Whether the line's text goes on with the paragraph of the line above (a lazy line too).
    var continues = false

    var hasText: Bool { end > content }
  }

  /// A quote's lines, and the containers and markers they refer to, in order.
  struct QuoteLines {
    var lines: [QuoteLine] = []
    /// Quotes, lists and list items opened inside the quote, as node kinds.
    var opened: [NodeKind] = []
    /// `quoteMarker` and `listMarker` leaves.
    var marks: [(kind: NodeKind, range: Range<Int>)] = []
    /// The indices of the lines that start paragraphs with `[`, which may open a link
    /// reference definition (``BlockParser/readQuoteDefinitions(_:)``): most quotes have none.
    var bracketParagraphs: [Int] = []
    /// The first lines of paragraphs that open with `Q:` (not an item's first line): the
    /// pairs' questions, if an answer follows (``BlockParser/readQuotePairs(_:)``).
    var questions: [Int] = []
    /// Each pair's bare `A:` line that a code block answers, and that block's closing
    /// fence's line, in order.
    var codeAnswers: [(answer: Int, closing: Int)] = []
    /// The link reference definitions that open paragraphs, in order
    /// (``BlockParser/readQuoteDefinitions(_:)``).
    var definitions: [LinkDefinition] = []
  }
}
