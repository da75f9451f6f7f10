public import NoteSyntax

/// A review prompt as the library index keeps it: its id, kind and where it is written,
/// without its texts. Review picks the prompts due from these alone and reads the few
/// it shows from their notes (``Prompts/prompts(for:path:)``).
public struct PromptMark: Sendable, Hashable {
  public var id: PromptID
  public var kind: PromptKind
  /// The quote, cloze or question-and-answer pair; its start's line is the prompt's line.
  public var span: NoteSpan

  public init(id: PromptID, kind: PromptKind, span: NoteSpan) {
    self.id = id
    self.kind = kind
    self.span = span
  }

  /// The 0-based line where the prompt starts.
  public var line: Int { Int(span.start.line) }
}

extension Prompts {
  /// The marks of `doc`'s prompts (``prompts(for:path:)``), in document order.
  public static func marks(for doc: NoteDocument, path: String? = nil) -> [PromptMark] {
    marks(for: doc, path: path, book: BookInfo(doc))
  }

  /// ``marks(for:path:)`` with the note's front matter read already: the ids hashed
  /// from the note's bytes as they are rendered, no text made into a string.
  static func marks(for doc: NoteDocument, path: String?, book: BookInfo) -> [PromptMark] {
    var marks = PromptMarks(doc: doc)
    walk(doc, book: noteTitle(of: doc, path: path, book: book), into: &marks)
    return marks.marks
  }

  /// ``marks(for:path:book:)`` and each `Q:`/`A:` prompt's question (top-level, in a
  /// list item, in a quote) as plain text with where it is written.
  static func marksAndQuestions(for doc: NoteDocument, path: String?, book: BookInfo) -> (
    marks: [PromptMark], questions: [(text: String, range: Range<Int>)]
  ) {
    var marks = PromptMarks(doc: doc)
    marks.questions = []
    walk(doc, book: noteTitle(of: doc, path: path, book: book), into: &marks)
    return (marks.marks, marks.questions ?? [])
  }
}

/// A text of a prompt, as the walk over a note's prompts finds it.
enum PromptText {
  /// Inline nodes rendered as plain text (``NoteDocument/plainText(_:)``).
  case plain([SyntaxNode])
  /// A quote's citation (``NoteDocument/citationText(_:)``).
  case citation(SyntaxNode)
  case string(String)
}

/// What ``Prompts/walk(_:book:into:)`` hands each prompt to.
protocol PromptSink {
  /// A quote or a question and answer at `range`.
  mutating func add(_ kind: PromptKind, _ range: Range<Int>, front: PromptText, back: PromptText)
  /// A cloze of `region`: its front is the region with the cloze hidden, its back the answer.
  mutating func addCloze(_ cloze: SyntaxNode, in region: InlineRegion)
  /// The clozes at `indices` of `clozes`, every well-formed cloze of `region` in order,
  /// as ``addCloze(_:in:)`` adds each.
  mutating func addClozes(_ clozes: [SyntaxNode], _ indices: Range<Int>, in region: InlineRegion)
}

extension PromptSink {
  /// A quote or a question and answer card.
  mutating func add(_ card: Prompts.Card) { add(card.kind, card.range, front: card.front, back: card.back) }

  mutating func addClozes(_ clozes: [SyntaxNode], _ indices: Range<Int>, in region: InlineRegion) {
    for cloze in clozes[indices] { addCloze(cloze, in: region) }
  }
}

/// Which of its note's identical cards each prompt is: the second card with an id's
/// text is `-2`, the third `-3`, …
struct PromptOccurrences {
  private var seen: [UInt64: UInt32] = [:]

  mutating func id(_ hash: UInt64) -> PromptID {
    let occurrence = (seen[hash] ?? 0) + 1
    seen[hash] = occurrence
    return PromptID(hash: hash, occurrence: occurrence)
  }
}

/// The prompts with their texts; with `chosen`, only the prompts at those positions (in
/// the walk's order), under the ids given (``Prompts/prompts(for:path:ids:)``).
struct PromptTexts: PromptSink {
  let doc: NoteDocument
  let book: String?
  let clozeMarkup: Bool
  let chosen: [Int: PromptID]?
  private(set) var prompts: [Prompt] = []
  private var occurrences = PromptOccurrences()
  /// The position of the next prompt the walk hands over.
  private var position = 0

  init(doc: NoteDocument, book: String?, clozeMarkup: Bool, chosen: [Int: PromptID]? = nil) {
    self.doc = doc
    self.book = book
    self.clozeMarkup = clozeMarkup
    self.chosen = chosen
  }

  private func isChosen(_ position: Int) -> Bool { chosen == nil || chosen?[position] != nil }

  mutating func add(_ kind: PromptKind, _ range: Range<Int>, front: PromptText, back: PromptText) {
    defer { position += 1 }
    guard isChosen(position) else { return }
    append(kind, range, text(front), text(back), cloze: nil, at: position)
  }

  mutating func addClozes(_ clozes: [SyntaxNode], _ indices: Range<Int>, in region: InlineRegion) {
    // The position of the cloze at index 0.
    let first = position - indices.lowerBound
    position += indices.count
    let picked = indices.filter { isChosen(first + $0) }
    if picked.count >= ClozeHashes.linearFrom,
      let cards = ClozeCards.cards(of: clozes, picking: picked, in: region, doc, markup: clozeMarkup)
    {
      for (index, card) in zip(picked, cards) {
        append(.cloze, clozes[index].range, card.front, card.back, cloze: card.markup, at: first + index)
      }
      return
    }
    for index in picked { addCloze(clozes[index], in: region, at: first + index) }
  }

  mutating func addCloze(_ cloze: SyntaxNode, in region: InlineRegion) {
    defer { position += 1 }
    guard isChosen(position) else { return }
    addCloze(cloze, in: region, at: position)
  }

  private mutating func addCloze(_ cloze: SyntaxNode, in region: InlineRegion, at position: Int) {
    let card = Prompts.clozeCard(cloze, in: region, doc, markup: clozeMarkup)
    append(.cloze, cloze.range, card.front, card.back, cloze: card.markup, at: position)
  }

  private func text(_ part: PromptText) -> String {
    switch part {
    case .plain(let nodes): doc.plainText(nodes)
    case .citation(let citation): doc.citationText(citation)
    case .string(let text): text
    }
  }

  private mutating func append(
    _ kind: PromptKind, _ range: Range<Int>, _ front: String, _ back: String, cloze: String?, at position: Int
  ) {
    let id = chosen?[position] ?? occurrences.id(Prompts.idHash(kind: kind, front: front, back: back))
    prompts.append(
      Prompt(
        id: id.description, kind: kind, line: doc.lines.lineContaining(range.lowerBound), range: range, book: book,
        front: front, back: back, clozeMarkup: cloze))
  }
}

/// The prompts' marks: each id hashed from a text's bytes as it is rendered, no text
/// made, as ``Prompts/idHash(kind:front:back:)`` hashes the text.
struct PromptMarks: PromptSink {
  let doc: NoteDocument
  private(set) var marks: [PromptMark] = []
  /// When not `nil`, each question-and-answer prompt's question text and range.
  var questions: [(text: String, range: Range<Int>)]?
  private var occurrences = PromptOccurrences()
  private var renderer: InlineText

  init(doc: NoteDocument) {
    self.doc = doc
    renderer = InlineText(doc: doc)
  }

  mutating func add(_ kind: PromptKind, _ range: Range<Int>, front: PromptText, back: PromptText) {
    var hash = FNV1a()
    hash.add(kind.rawValue)
    hash.add(0x1F)
    add(front, to: &hash)
    hash.add(0x1F)
    add(back, to: &hash)
    append(kind, range, hash.value)
    if kind == .qa && questions != nil {
      let asked = question(front, range)
      questions?.append(asked)
    }
  }

  /// A question's plain text and where it is written: its nodes, or (an item's question,
  /// given as text) its pair.
  private func question(_ front: PromptText, _ pair: Range<Int>) -> (text: String, range: Range<Int>) {
    switch front {
    case .plain(let nodes):
      let range = nodes.first.map { $0.range.lowerBound..<nodes[nodes.count - 1].range.upperBound } ?? pair
      return (doc.plainText(nodes), range)
    case .citation(let citation): return (doc.citationText(citation), pair)
    case .string(let text): return (text, pair)
    }
  }

  mutating func addClozes(_ clozes: [SyntaxNode], _ indices: Range<Int>, in region: InlineRegion) {
    if indices.count >= ClozeHashes.linearFrom,
      let hashes = ClozeHashes.hashes(of: clozes, in: region, doc, renderer: &renderer)
    {
      for index in indices { append(.cloze, clozes[index].range, hashes[index]) }
      return
    }
    for cloze in clozes[indices] { addCloze(cloze, in: region) }
  }

  mutating func addCloze(_ cloze: SyntaxNode, in region: InlineRegion) {
    var hash = FNV1a()
    hash.add(PromptKind.cloze.rawValue)
    hash.add(0x1F)
    renderer.hiddenCloze = cloze.range
    hash = rendered(region.nodes, into: hash)
    hash.add(0x1F)
    var collapsing = FNV1a.Collapsing()
    if let answer = cloze.child(.clozeAnswer) { doc.text.forEachPiece(of: answer.range) { hash.add($0, &collapsing) } }
    append(.cloze, cloze.range, hash.value)
  }

  private mutating func add(_ part: PromptText, to hash: inout FNV1a) {
    switch part {
    case .plain(let nodes):
      renderer.hiddenCloze = nil
      hash = rendered(nodes, into: hash)
    case .citation(let citation): hash.addCollapsingWhitespace(doc.citationText(citation))
    case .string(let text): hash.addCollapsingWhitespace(text)
    }
  }

  /// `hash` after the plain text of `nodes`, hashed as it is rendered.
  private mutating func rendered(_ nodes: [SyntaxNode], into hash: FNV1a) -> FNV1a {
    renderer.hashing = FNV1a.Stream(hash)
    renderer.renderBytes(nodes)
    return renderer.hashing!.hash
  }

  private mutating func append(_ kind: PromptKind, _ range: Range<Int>, _ hash: UInt64) {
    marks.append(PromptMark(id: occurrences.id(hash), kind: kind, span: doc.span(of: range)))
  }
}
