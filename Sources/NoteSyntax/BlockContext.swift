/// What a block's parse depends on besides the text from its start: whether it lies
/// inside a fenced code block, and if so which fence can close it; or whether it
/// continues a large paragraph, quote or list cut into pieces (see ``Pieces``).
///
/// It is part of the block rule's memo key: after an edit, an old block is reused only
/// where the new parse arrives at its start in the same context (a fence opened or
/// closed by the edit changes the meaning of every line after it).
struct BlockContext: Sendable, Hashable {
  /// The fence character, a backtick or a tilde; 0 outside code.
  let fence: UInt8
  /// How many fence characters opened the block; a closing fence has at least as many.
  let fenceLength: Int
  /// Outside code: the large block this one continues, if any.
  let piece: Piece
  /// In a piece inside a large block's text: the kinds of closing delimiter
  /// (``InlineGrammar/Absence``) that an opener in a piece before searched for in vain to
  /// the text's end, so that none lies in this piece or after it
  /// (``InlineParser/KnownAbsence/assumed``).
  let absentClosers: ClosersAbsent

  /// The large blocks that are stored in pieces.
  enum Piece: UInt8, Sendable, Hashable {
    /// Whether the piece starts inside the text of a long quote line or list item (its
    /// nodes continue the line or item and its text, ``Block/merged(_:)``).
    var isInsideText: Bool { text == .quoteLine || text == .listItem }

    /// The text a piece inside a large block's text continues, each ending by its own
    /// rule.
    enum Text: Sendable { case paragraph, quoteLine, listItem }

    var text: Text? {
      switch self {
      case .paragraph, .paragraphAfterFarRead: .paragraph
      case .quoteText, .quoteTextAfterFarRead: .quoteLine
      case .unorderedListText, .unorderedListTextAfterFarRead, .orderedListText, .orderedListTextAfterFarRead: .listItem
      default: nil
      }
    }

    case none
    /// A paragraph's inline text, from a position where its parse was at rest.
    case paragraph
    /// The same, after a piece that was cut though it had read far past the cut (see
    /// ``InlineParser/parsePiece(from:pieceStart:minimum:regionStart:mayCutAfterFarRead:quoteLineFrom:into:)``).
    case paragraphAfterFarRead
    /// A blockquote, from the start of a line that has text after its `>`.
    case quote
    /// A blockquote, inside the text of a line longer than `Pieces.largeBlock`, from a
    /// position where its parse was at rest (and after a far read, as for paragraphs).
    case quoteText
    case quoteTextAfterFarRead
    /// A list, from the start of one of its items.
    case unorderedList
    case orderedList
    /// A list, inside the text of an item whose line is longer than `Pieces.largeBlock`,
    /// from a position where its parse was at rest (and after a far read).
    case unorderedListText
    case unorderedListTextAfterFarRead
    case orderedListText
    case orderedListTextAfterFarRead
  }

  private init(fence: UInt8, fenceLength: Int, piece: Piece, absentClosers: ClosersAbsent = 0) {
    self.fence = fence
    self.fenceLength = fenceLength
    self.piece = piece
    self.absentClosers = absentClosers
  }

  /// Outside any code block.
  static let text = BlockContext(fence: 0, fenceLength: 0, piece: .none)

  /// Inside a code block opened by `length` `fence` characters.
  static func code(fence: UInt8, length: Int) -> BlockContext {
    BlockContext(fence: fence, fenceLength: length, piece: .none)
  }

  /// Continuing a large block cut into pieces; inside its text, with the closers the
  /// pieces before found absent.
  static func continuing(_ piece: Piece, absentClosers: ClosersAbsent = 0) -> BlockContext {
    BlockContext(fence: 0, fenceLength: 0, piece: piece, absentClosers: absentClosers)
  }

  /// Inside an HTML block of CommonMark's `kind` (1 to 7), after a run of its lines.
  static func html(kind: Int) -> BlockContext {
    BlockContext(fence: UInt8(ascii: "<"), fenceLength: kind, piece: .none)
  }

  /// Inside indented code, at a line of it, after a run of its lines.
  static let indentedCode = BlockContext(fence: UInt8(ascii: " "), fenceLength: 4, piece: .none)

  /// Inside a fenced code block, an HTML block or indented code.
  var isCode: Bool { fence != 0 }

  /// Whether a block parsed in this context continues the block before it.
  var continues: Bool { piece != .none }
}
