public import NoteSyntax

/// The card a hover is about, as its review line reads it.
public struct HoveredCard: Sendable, Hashable {
  public var kind: PromptKind
  public var range: Range<Int>
  /// The hash of its id (``PromptID/hash``), made from its text alone.
  public var hash: UInt64
  /// The last top-level block the hover reads: the cards before this one are in the
  /// blocks up to it.
  var lastBlock: Int
}

extension Prompts {
  /// The card a hover at byte `offset` is about, for its review line: the card at
  /// `shown` (the one ``HoverContent/markdown(at:in:)`` shows), else the last card
  /// around the offset or ending at it, with its id's hash as ``marks(for:path:)``
  /// hashes it. Only the blocks the hover reads are walked
  /// (``HoverContent/pairRun(around:_:)``), and only this card is hashed.
  public static func hoveredCard(at offset: Int, shown: Range<Int>?, in doc: NoteDocument, path: String?)
    -> HoveredCard?
  {
    // The end of a note is in no block: a card may end there.
    guard let index = doc.tree.blockIndex(containing: offset) ?? doc.tree.blockIndex(containing: offset - 1) else {
      return nil
    }
    let run = HoverContent.pairRun(around: index, doc)
    var finder = HoveredCardFinder(offset: offset, shown: shown)
    walk(doc, blocks: run, book: noteTitle(of: doc, path: path, book: BookInfo(doc)), into: &finder)
    var marks = PromptMarks(doc: doc)
    switch finder.found {
    case .card(let card): marks.add(card)
    case .cloze(let cloze, let region): marks.addCloze(cloze, in: region)
    case nil: return nil
    }
    guard let mark = marks.marks.first else { return nil }
    return HoveredCard(kind: mark.kind, range: mark.span.bytes, hash: mark.id.hash, lastBlock: run.upperBound)
  }

  /// The id of `card`, in `doc`: which of the note's identical cards it is, counted
  /// among the cards before it, of which only those of its kind are hashed.
  public static func id(of card: HoveredCard, in doc: NoteDocument, path: String?) -> PromptID {
    var before = CardsBefore(card: card.range, kind: card.kind, marks: PromptMarks(doc: doc))
    let title = noteTitle(of: doc, path: path, book: BookInfo(doc))
    walk(doc, blocks: 0...card.lastBlock, book: title, into: &before)
    let identical = before.marks.marks.count { $0.id.hash == card.hash }
    return PromptID(hash: card.hash, occurrence: UInt32(1 + identical))
  }
}

/// The card a hover is about among those a walk hands over: the first at `shown`, else
/// the last around `offset` or ending at it.
struct HoveredCardFinder: PromptSink {
  enum Found {
    case card(Prompts.Card)
    case cloze(SyntaxNode, InlineRegion)
  }

  let offset: Int
  let shown: Range<Int>?
  private(set) var found: Found?
  /// Whether `found` is the card at `shown`.
  private var foundShown = false

  init(offset: Int, shown: Range<Int>?) {
    self.offset = offset
    self.shown = shown
  }

  private mutating func consider(_ range: Range<Int>, _ card: Found) {
    guard !foundShown else { return }
    if range == shown {
      found = card
      foundShown = true
    } else if range.contains(offset) || range.upperBound == offset {
      found = card
    }
  }

  mutating func add(_ kind: PromptKind, _ range: Range<Int>, front: PromptText, back: PromptText) {
    consider(range, .card(Prompts.Card(kind: kind, range: range, front: front, back: back)))
  }

  mutating func addCloze(_ cloze: SyntaxNode, in region: InlineRegion) { consider(cloze.range, .cloze(cloze, region)) }
}

/// The marks of the cards of one kind a walk hands over before the first at `card`.
struct CardsBefore: PromptSink {
  let card: Range<Int>
  let kind: PromptKind
  var marks: PromptMarks
  /// Whether the walk reached the card.
  private var reached = false

  init(card: Range<Int>, kind: PromptKind, marks: PromptMarks) {
    self.card = card
    self.kind = kind
    self.marks = marks
  }

  mutating func add(_ kind: PromptKind, _ range: Range<Int>, front: PromptText, back: PromptText) {
    guard !reached else { return }
    if range == card { reached = true } else if kind == self.kind { marks.add(kind, range, front: front, back: back) }
  }

  mutating func addCloze(_ cloze: SyntaxNode, in region: InlineRegion) {
    addClozes([cloze], 0..<1, in: region)
  }

  mutating func addClozes(_ clozes: [SyntaxNode], _ indices: Range<Int>, in region: InlineRegion) {
    guard !reached else { return }
    let end = indices.first { clozes[$0].range == card } ?? indices.upperBound
    if kind == .cloze && indices.lowerBound < end { marks.addClozes(clozes, indices.lowerBound..<end, in: region) }
    if end < indices.upperBound { reached = true }
  }
}
