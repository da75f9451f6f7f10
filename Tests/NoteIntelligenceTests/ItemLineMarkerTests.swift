import BookNotesTestSupport
import NoteSyntax
import Testing

@testable import NoteIntelligence

/// `Q:` and `A:` markers at the start of a list item's lines: an item that opens with
/// one is a marker the next item or a later line answers; a marker that starts a later
/// line of an item's paragraph is read as in a paragraph at the top level, whether the
/// line is indented to the item's text or lazy. And the definitions a quote holds are
/// no quote card's text, and coloured as definitions.
@Suite(.onThreadsOfItsOwn) struct ItemLineMarkerTests {
  static func flagged(_ text: String, options: DiagnosticSettings = .default) -> [String] {
    let doc = NoteDocument(text)
    return Diagnostics.compute(doc, options: options).map { diagnostic in
      let position = doc.lineColumn(of: diagnostic.range.lowerBound, in: .utf8)
      return "\(diagnostic.code) \(position.line):\(position.column)"
    }
  }

  static func cards(_ text: String) -> [String] {
    Prompts.prompts(for: NoteDocument(text)).map { "\($0.kind) L\($0.line) \($0.front) -> \($0.back)" }
  }

  /// An answer on an item's continuation line, indented or lazy, answers the item's
  /// question; an `A:` starting a later line of an item that asks nothing is an orphan
  /// (where prompts are expected), indented or lazy alike, as in a paragraph.
  @Test func continuationLinesReadAlikeIndentedOrLazy() {
    let pair = "Q: Who?\nA: Me.\n\n"
    for indentation in ["  ", ""] {
      #expect(Self.cards("- Q: What?\n\(indentation)A: This.\n") == ["qa L0 What? -> This."])
      #expect(Self.flagged(pair + "- Q: What?\n\(indentation)A: This.\n") == [])
      #expect(
        Self.flagged(pair + "- Some text\n\(indentation)A: An answer\n") == ["qa-orphan-answer 4:\(indentation.count)"])
      #expect(
        Self.flagged(pair + "- Item\n\n  A paragraph\n\(indentation)A: An answer\n") == [
          "qa-orphan-answer 6:\(indentation.count)"
        ])
      #expect(
        Self.flagged(pair + "- Some text\n\(indentation)Q: Asked\n") == ["qa-missing-answer 4:\(indentation.count)"])
      // Where prompts are not expected, nothing.
      #expect(
        Self.flagged("- Some text\n\(indentation)A: x\n", options: DiagnosticSettings(promptsExpected: false)) == [])
    }
    // Deeper than the item's text, a line is no marker's; an item opening with `A:`
    // (a mnemonic's) says nothing of its lines either.
    #expect(Self.flagged(pair + "- Some text\n      A: indented code would be here\n- A: Act\n  A: again\n") == [])
  }

  /// An unanswered `- Q:` item's message says what its quick fix does: add an item.
  @Test func anUnansweredItemSaysToAddAnItem() throws {
    let doc = NoteDocument("- Q: Lonely?\n- Other\n\n3) Q: Numbered?\n\nQ: Paragraph?\nNo.\n")
    #expect(
      Diagnostics.compute(doc).map(\.message) == [
        "Question has no answer: add an item '- A: ' right after it.",
        "Question has no answer: add an item '4) A: ' right after it.",
        "Question has no answer: add a line starting 'A: ' right after it.",
      ])
    let fixes = Diagnostics.findings(of: doc).compactMap { QuickFixes.fix(for: $0, in: doc) }.map(\.title)
    #expect(fixes == ["Add an '- A: ' item", "Add an '4) A: ' item", "Add an 'A: ' line"])
    // A `Q:` starting an item's later line is answered by a line at the item's text.
    let inItem = NoteDocument("- Some text\n  Q: Asked\n")
    let fix = try #require(Diagnostics.findings(of: inItem).first.flatMap { QuickFixes.fix(for: $0, in: inItem) })
    #expect(fix.title == "Add an 'A: ' line")
    #expect(fix.edits.map(\.newText) == ["\n  A: "])
  }

  /// The parser marks an item that opens with a marker, which the pairing reads; the
  /// marker is coloured as a pair's is, and renders as its text does.
  @Test func anItemsOpeningMarkerIsAMarker() {
    #expect(
      Dump.tokens("- **Q:** Its planet?\n- A: Arrakis.\n") == """
        0:0 1 marker "-"
        0:2 6 marker "**Q:**"
        1:0 1 marker "-"
        1:2 2 marker "A:"
        """)
    #expect(Self.cards("- **Q:** Its planet?\n- A: Arrakis.\n") == ["qa L0 Its planet? -> Arrakis."])
    // An answer on the item's later line is a marker too, the question's text apart.
    let onItsLine = "- Q: Who *wrote\n  **A:** Frank* Herbert.\n"
    #expect(
      Dump.tokens(onItsLine) == """
        0:0 1 marker "-"
        0:2 2 marker "Q:"
        1:2 6 marker "**A:**"
        """)
    #expect(Self.cards(onItsLine) == ["qa L0 Who *wrote -> Frank* Herbert."])
  }

  /// The pairing reads an item's answer line where the parser marks one: an `A:`
  /// indented past the item's text is the question's text, neither a marker nor an
  /// answer, as its colours show.
  @Test func anItemsAnswerLineIsTheOneTheParserMarks() {
    let deeper = "- Q: What?\n    A: Deeper.\n"
    #expect(
      Dump.tokens(deeper) == """
        0:0 1 marker "-"
        0:2 2 marker "Q:"
        """)
    #expect(Self.cards(deeper) == [])
    #expect(Self.flagged("Q: Who?\nA: Me.\n\n" + deeper) == ["qa-missing-answer 3:2"])
    // At the item's text, or on a lazy line, the line answers.
    for indentation in ["  ", ""] {
      #expect(Self.cards("- Q: What?\n\(indentation)**A:** Level.\n") == ["qa L0 What? -> Level."])
    }
  }

  /// A quote of definitions only is no card; a quote's definition lines are no part of
  /// its card; a definition's label and destination are coloured inside a quote too.
  @Test func aQuotesDefinitionsAreNoCardText() {
    #expect(Self.cards("# B\n\n> [foo]:\n> /url\n> \"title\"\n") == [])
    #expect(Self.cards("# B\n\n> [foo]: /url\n> 'title'\n> Quoted words.\n") == ["quote L2 Quoted words. -> B"])
    #expect(
      Dump.tokens("> [foo]:\n> /url\n") == """
        0:0 1 marker ">"
        0:3 3 link "foo"
        1:0 1 marker ">"
        1:2 4 url "/url"
        """)
  }
}
