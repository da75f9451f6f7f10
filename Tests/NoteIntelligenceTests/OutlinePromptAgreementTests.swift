import BookNotesTestSupport
import Foundation
import NoteSyntax
import Testing

@testable import NoteIntelligence

/// Every prompt card of a note has exactly one outline entry whose range is the card's
/// range (a quote a `quote` entry, a `Q:`/`A:` pair a `question`, a cloze a `cloze`), and
/// every such entry is a card; a cloze's entry is a child of the entry of the innermost
/// card that holds it. Checked on shapes of quotes, pairs and clozes inside lists, quotes,
/// callouts, definitions and tables, and on the real-style notes of the tests' fixtures.
/// On each, the outline nests and the cards come in document order too.
@Suite(.onThreadsOfItsOwn) struct OutlinePromptAgreementTests {
  /// A card or an entry, by what both say of it: its kind and range.
  struct Mark: Hashable, CustomStringConvertible {
    var kind: String
    var range: Range<Int>
    var description: String { "\(kind) \(range.lowerBound)..<\(range.upperBound)" }
  }

  static func cardMarks(_ doc: NoteDocument) -> [Mark] {
    Prompts.prompts(for: doc).map { prompt in
      let kind =
        switch prompt.kind {
        case .quote: "quote"
        case .qa: "question"
        case .cloze: "cloze"
        }
      return Mark(kind: kind, range: prompt.range)
    }
  }

  /// The outline's entries of prompt kinds, each with the entry of a prompt kind it is
  /// a child of.
  static func entryMarks(_ doc: NoteDocument) -> [(mark: Mark, parent: Mark?)] {
    var found: [(Mark, Mark?)] = []
    func visit(_ symbols: [OutlineSymbol], parent: Mark?) {
      for symbol in symbols {
        let kind: String? =
          switch symbol.kind {
          case .quote: "quote"
          case .question: "question"
          case .cloze: "cloze"
          default: nil
          }
        let mark = kind.map { Mark(kind: $0, range: symbol.range) }
        if let mark { found.append((mark, parent)) }
        visit(symbol.children, parent: mark ?? parent)
      }
    }
    visit(Outline.symbols(for: doc), parent: nil)
    return found
  }

  /// What differs between the cards of `text` and its outline's entries, in words;
  /// empty when they agree.
  static func disagreements(_ text: String, cardCount: inout Int) -> [String] {
    let doc = NoteDocument(text)
    let cards = cardMarks(doc)
    cardCount += cards.count
    let entries = entryMarks(doc)
    var problems: [String] = []
    var unmatched = entries.map(\.mark)
    for card in cards {
      if let index = unmatched.firstIndex(of: card) {
        unmatched.remove(at: index)
      } else {
        problems.append("no entry for \(card): \(doc.text.string(in: card.range).debugDescription)")
      }
    }
    for entry in unmatched {
      problems.append("no card for \(entry): \(doc.text.string(in: entry.range).debugDescription)")
    }
    // A cloze's parent: the innermost quote or pair card holding it.
    for (mark, parent) in entries where mark.kind == "cloze" {
      let holders = cards.filter {
        $0.kind != "cloze" && $0.range.lowerBound <= mark.range.lowerBound
          && mark.range.upperBound <= $0.range.upperBound
      }
      let innermost = holders.min { $0.range.count < $1.range.count }
      if innermost != parent {
        problems.append(
          "\(mark) \(doc.text.string(in: mark.range).debugDescription) is a child of \(parent?.description ?? "no card"), not of \(innermost?.description ?? "no card")"
        )
      }
    }
    return problems + nestingProblems(doc) + orderProblems(doc)
  }

  /// The notes of the pairs' outline, then more shapes.
  static let shapes: [String] = OutlineNestedPairTests.pairNotes + moreShapes

  static let moreShapes: [String] = [
    // Quotes in items.
    "- x\n  > a quoted line\n",
    "- x\n\n  > a quoted line\n  > — p. 4\n- y\n",
    "1. x\n   > a ?[quoted](cloze) line\n",
    "- x\n  - y\n    > deep in a list\n",
    "- x\n  > [!quote] A title\n  > quoted words\n",
    "- x\n  > [!note] A note\n  > not a quote\n",
    "- x\n  > Q: a pair in a quote in an item\n  > A: yes\n",
    "- x\n  > words\n  > Q: a pair after words\n  > A: yes\n",
    "- x\n  > - Q: a list pair in a quote in an item\n  > - A: yes\n",
    "- Q: a question with a quote\n  > quoted under it\n- A: its answer\n",
    "- Q: asked\n  > quoted ?[here](there)\n* A: answered in the next list\n",
    // Clozes in pairs across lists.
    "- Q: x ?[h](a)\n* A: y\n",
    "- item ?[one](1)\n- Q: x ?[h](a)\n* A: y ?[b](c)\n",
    "- Q: x ?[h](a)\n  - nested ?[n](m)\n* A: y\n",
    "- Q: x ?[h](a)\n\nnot an answer\n",
    "- Q: x ?[h](a)\n- A: y\n",
    // Callouts and nested quotes.
    "> [!quote] Title\n> words ?[a](b)\n",
    "> [!cite]\n> words\n",
    "> [!tip] Tip\n> ?[a](b) in a tip\n",
    "> [!quote]\n> Q: a pair in a callout\n> A: yes\n",
    "> outer\n> > inner ?[a](b)\n",
    "> > only inner\n",
    "> - a list in a quote ?[a](b)\n> - another\n",
    "> words\n> - Q: asked in a quote's list\n> - A: yes ?[c](d)\n",
    "> Q: ?[a](b) in a pair\n> A: c\n",
    "> words ?[a](b)\n> Q: x ?[c](d)\n> A: y\n",
    // Pairs in items, definitions and tables around prompts.
    "- item\n  Q: x ?[a](b)\n  A: y\n",
    "Q: x ?[a](b)\nA: y ?[c](d)\n",
    "[ref]: https://example.org\n> quoted [ref]\n\nQ: x\nA: y\n",
    "> [ref]: https://example.org\n> quoted\n",
    "| a | b |\n|---|---|\n| ?[x](y) | z |\n\n> quote after a table\n",
    "> | a | b |\n> |---|---|\n> | c | d |\n",
    "Term\n: ?[a](b) in a definition\n",
    "==a highlight alone==\n",
    "- ==a highlight in an item==\n",
    "> ==a highlight in a quote==\n",
    "## Heading ?[a](b)\n\n> quote\n",
    "- ## Item heading\n  > quote under it\n",
    // More quotes, pairs and clozes held by one another.
    "> - x\n>   > nested in an item in a quote\n",
    "- Q: a ?[x](y)\n  - Q: b ?[z](w)\n  - A: c\n- A: d ?[p](q)\n",
    "- Q: a ?[x](y)\n  - Q: b ?[z](w)\n  - A: c\n* A: d ?[p](q)\n",
    "- Q: a\n  > quoted ?[x](y)\n* A: b\n",
    "- x\n  > quote\n\n  > another quote\n",
    "- x\n  > quote ?[a](b)\n  >\n  > Q: pair ?[c](d)\n  > A: e\n",
    "==?[a](b) in a highlight==\n",
    "Q: x\nA: y\n\n- Q: open\n\n* A: not after a blank\n",
    "[^1]: ?[a](b) in a footnote\n",
    "- [ ] task ?[a](b)\n",
    "1. Q: x\n2. A: y\n   > quote in the answer\n",
    "- x\r\n  > a quote after CR LF\r\n",
    "- Q: x\n* A: y\n  > quoted in the answer ?[a](b)\n",
    "- Q: x\n* A: y\n- Q: z\n+ A: w ?[a](b)\n",
    "```\n> not a quote\nQ: not a pair\n```\n\n- x\n  ```\n  > code in an item\n  ```\n",
    "- x\n  > a lazy\ncontinuation ?[a](b)\n",
    "- a\n  - b\n    - c\n      - d\n        > four lists deep ?[a](b)\n",
    "- x\n  | a | b |\n  |---|---|\n  | > c | Q: d |\n",
    "<div>\n> in HTML\n</div>\n\n- <b>x</b>\n  > after HTML in an item\n",
    "---\ntitle: Front\n---\n\n- x\n  > quote in a titled note\n",
    "Summary: words ?[a](b)\n\n- x\n  > quote\n",
    "- Q: x\n  > quote in the question ?[a](b)\n\n* A: not after a blank line\n",
    "- Q: x\n* A: y\n\n  > a quote in the answer's item ?[a](b)\n",
    // Quotes in items whose lists ask, as a top-level quote's do.
    "- x\n\n  > quoted\n  > - Q: a\n  > - A: b ?[c](d)\n\n> quoted top\n> - Q: c\n> - A: d\n",
    "- x\n  - y\n\n    > quoted\n    > - Q: a\n    > - A: b\n    > - Q: open\n",
    "- x\n\n  > > quoted ?[a](b)\n  > > - Q: a\n  > > - A: b\n",
    "- x\n\n  > - y\n  >\n  >   > quoted\n  >   > - Q: a ?[a](b)\n  >   > - A: b\n",
    "- Q: a\n\n  > quoted\n  > - Q: b\n  > - A: c\n- A: d\n",
    "- x\n\n  > quoted ?[a](b)\n  > - Q: alone\n\n  > a quotation beside it\n",
  ]

  @Test func everyCardHasOneEntryOfItsRangeOnEachShape() {
    var cards = 0
    for shape in Self.shapes {
      let problems = Self.disagreements("# Book\n\n" + shape, cardCount: &cards)
      #expect(problems.isEmpty, "\(shape.debugDescription):\n\(problems.joined(separator: "\n"))")
    }
    #expect(cards > 100)
  }

  /// `shape` with each line after the first indented under a list item's `- `.
  static func inItem(_ shape: String) -> String {
    "- " + shape.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\n  ")
  }

  /// `shape` as a footnote's text: after `[^n]: `, each later line indented four columns.
  static func inFootnote(_ shape: String) -> String {
    "[^n]: " + shape.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\n    ")
  }

  /// `shape` with `> ` before each line.
  static func inQuote(_ shape: String) -> String {
    shape.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map { "> " + $0 }.joined(
      separator: "\n") + "\n"
  }

  @Test func everyCardHasOneEntryOfItsRangeOnEachShapeInAnItemInAQuoteAndBesideAnother() {
    var cards = 0
    var notes: [String] = []
    for shape in Self.shapes {
      notes += [
        Self.inItem(shape), Self.inQuote(shape), Self.inItem(Self.inQuote(shape)), Self.inQuote(Self.inItem(shape)),
        Self.inFootnote(shape), Self.inQuote(Self.inFootnote(shape)), Self.inItem(Self.inFootnote(shape)),
      ]
    }
    for (index, first) in Self.shapes.enumerated() {
      let second = Self.shapes[(index * 7 + 3) % Self.shapes.count]
      notes += [first + second, first + "\n" + second, Self.inItem(first) + second]
    }
    for note in notes {
      let problems = Self.disagreements("# Book\n\n" + note, cardCount: &cards)
      #expect(problems.isEmpty, "\(note.debugDescription):\n\(problems.joined(separator: "\n"))")
    }
    #expect(cards > 500)
  }

  @Test func everyCardHasOneEntryOfItsRangeInNotesOfShapesPickedAtRandom() {
    // A fixed seed: the same notes in every run.
    var state: UInt64 = 0x2026_1128
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
    var cards = 0
    for _ in 0..<400 {
      var note = ""
      for _ in 0..<(2 + next(3)) {
        var shape = Self.shapes[next(Self.shapes.count)]
        for _ in 0..<next(3) { shape = next(2) == 0 ? Self.inItem(shape) : Self.inQuote(shape) }
        note += shape + ["", "\n", "\n\n"][next(3)]
      }
      let problems = Self.disagreements("# Book\n\n" + note, cardCount: &cards)
      #expect(problems.isEmpty, "\(note.debugDescription):\n\(problems.joined(separator: "\n"))")
    }
    #expect(cards > 1_000)
  }

  /// The notes of the tests' fixtures written as readers write notes.
  static let fixtureFolders = [
    "editors/library", "editors/listed", "NoteSyntaxTests/Fixtures", "commonmark/notes", "Imports/fixtures",
    "../Fuzz/seeds/parser", "../Fuzz/regressions/parser",
  ]

  @Test func everyCardHasOneEntryOfItsRangeInTheFixtureNotes() throws {
    let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    var checked = 0
    var cards = 0
    for folder in Self.fixtureFolders {
      let directory = tests.appendingPathComponent(folder)
      for name in try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
      where !name.hasPrefix(".") {
        // A note of bytes that are not UTF-8 is read as the server reads it, repaired.
        let text = String(decoding: try Data(contentsOf: directory.appendingPathComponent(name)), as: UTF8.self)
        let problems = Self.disagreements(text, cardCount: &cards)
        #expect(problems.isEmpty, "\(folder)/\(name):\n\(problems.joined(separator: "\n"))")
        checked += 1
      }
    }
    #expect(checked > 90)
    #expect(cards > 100)
  }
}
