import BookNotesTestSupport
import NoteSyntax
import Testing

@testable import NoteIntelligence

/// `Q:`/`A:` pairs inside quotes and callouts are cards, tokens, outline entries and
/// diagnostics as at the top level. A quote whose text is only pairs is no quote card; a
/// quote with a quotation and a pair keeps its card for the quotation (its citation too),
/// and the pair is a card of its own. An unanswered `Q:` in a quote is flagged only where
/// prompts are expected, as at the top level: a quoted FAQ in a note without pairs says nothing.
@Suite(.onThreadsOfItsOwn) struct QuoteQuestionPromptTests {
  static let note = """
    > [!question] Chapter 3
    > Q: What is X?
    > A: Y

    > Q: Who?
    > A: Me.

    > - Q: x
    >   A: y

    - Q: top
      A: level

    """

  func cards(_ text: String) -> [String] {
    Prompts.prompts(for: NoteDocument(text)).map { "\($0.kind) L\($0.line) \($0.front) -> \($0.back)" }
  }

  func flagged(_ text: String, options: DiagnosticSettings = .default) -> [String] {
    let doc = NoteDocument(text)
    return Diagnostics.compute(doc, options: options).map { diagnostic in
      let position = doc.lineColumn(of: diagnostic.range.lowerBound, in: .utf8)
      return "\(diagnostic.code) \(position.line):\(position.column)"
    }
  }

  @Test func pairsInQuotesAndCalloutsAreCardsAsAtTheTopLevel() {
    #expect(
      cards(Self.note) == ["qa L1 What is X? -> Y", "qa L4 Who? -> Me.", "qa L7 x -> y", "qa L10 top -> level"])
    #expect(flagged(Self.note).isEmpty)
    // A code block after a bare `A:` is the answer.
    #expect(cards("> Q: Which command?\n> A:\n> ```sh\n> ls -l\n> ```\n") == ["qa L0 Which command? -> ls -l"])
    #expect(cards("Q: Which command?\nA:\n```sh\nls -l\n```\n") == ["qa L0 Which command? -> ls -l"])
    // The same pair has the same id in a quote and at the top level.
    let quoted = Prompts.prompts(for: NoteDocument("> Q: Who?\n> A: Me.\n"))
    let top = Prompts.prompts(for: NoteDocument("Q: Who?\nA: Me.\n"))
    #expect(quoted.map(\.id) == top.map(\.id))
  }

  @Test func aQuotationKeepsItsCardBesideItsPairs() {
    #expect(
      cards("# B\n\n> It is a truth. (p. 1)\n> Q: Who wrote it?\n> A: Austen,\n> in 1813.\n") == [
        "quote L2 It is a truth. -> p. 1", "qa L3 Who wrote it? -> Austen, in 1813.",
      ])
    // Pairs and question items together, with a cloze in an answer, in document order.
    #expect(
      cards("# B\n\n> - Q: one\n> - A: 1\n>\n> Q: two\n> A: ?[hint](2)\n") == [
        "qa L2 one -> 1", "qa L5 two -> 2", "cloze L6 [hint] -> 2",
      ])
    // A `quote` callout's pair is no part of its body.
    #expect(
      cards("> [!quote] Seneca\n> We suffer more in imagination.\n> Q: Who?\n> A: Seneca\n") == [
        "quote L0 We suffer more in imagination. -> Seneca", "qa L2 Who? -> Seneca",
      ])
  }

  @Test func anUnansweredQuestionInAQuoteIsFlaggedWherePromptsAreExpected() {
    let faq = "# FAQ\n\n> Q: Can I return it?\n> Within thirty days.\n"
    let elsewhere = DiagnosticSettings(promptsExpected: false)
    #expect(flagged(faq, options: elsewhere).isEmpty)
    #expect(flagged(faq) == ["qa-missing-answer 2:2"])
    #expect(flagged(faq + "\nQ: Mine\nA: Yes\n", options: elsewhere) == ["qa-missing-answer 2:2"])
    #expect(flagged(faq + "\n> Q: Theirs\n> A: Yes\n", options: elsewhere) == ["qa-missing-answer 2:2"])
    // The item's own answer line is no orphan; its question no unanswered one.
    #expect(flagged("> - Q: x\n>   A: y\n>   A: z\n> - A: w\n>   A: v\n").isEmpty)
    // So no fix offers a second answer.
    #expect(QuickFixes.fixes(at: 6, in: NoteDocument("> - Q: x\n>   A: y\n")).isEmpty)
  }

  @Test func theFixAddsAnAnswerLineInTheQuoteAfterTheQuestion() throws {
    let text = "> Q: What does System 1 do\n> when nobody asks?\n>\n> Q: Next\n> A: Yes\n"
    let doc = NoteDocument(text)
    let finding = try #require(Diagnostics.findings(of: doc).first { $0.code == .qaMissingAnswer })
    let fix = try #require(QuickFixes.fix(for: finding, in: doc))
    let fixed = fix.applied(to: text)
    #expect(fixed == "> Q: What does System 1 do\n> when nobody asks?\n> A: \n>\n> Q: Next\n> A: Yes\n")
    #expect(Dump.findings(NoteDocument(fixed)) == ["qa-empty-answer@\"A:\""])
  }

  @Test func pairsInQuotesAreTokensAndOutlineEntriesAsAtTheTopLevel() {
    let tokens = Dump.tokens("> Q: Who?\n> A: Me.\n").split(separator: "\n").map(String.init)
    let top = Dump.tokens("Q: Who?\nA: Me.\n").split(separator: "\n").map(String.init)
    #expect(
      tokens.filter { !$0.hasSuffix("\">\"") }.map { $0.dropFirst(2).description } == [
        "2 2 marker \"Q:\"", "5 4 question \"Who?\"", "2 2 marker \"A:\"", "5 3 answer \"Me.\"",
      ])
    #expect(
      top.map { $0.dropFirst(2).description } == [
        "0 2 marker \"Q:\"", "3 4 question \"Who?\"", "0 2 marker \"A:\"", "3 3 answer \"Me.\"",
      ])
    let hovered = HoverContent.markdown(at: 15, in: NoteDocument("> Truth.\n> Q: Who?\n> A: *Me*.\n"))
    #expect(hovered?.markdown == "**Q:** Who?\n\n**A:** *Me*.")
    #expect(hovered?.range == 9..<29)
    let symbols = Outline.symbols(for: NoteDocument("# B\n\n> Truth.\n> Q: Who?\n> A: Me.\n\n> Q: Why?\n> A: So.\n"))
    let entries = symbols.flatMap(\.children).map { "\($0.kind) \($0.name) \($0.detail ?? "")" }
    #expect(entries == ["quote Truth. ", "question Why? So."])
    // A pair in a quote card is the quote's child, as the quote's range holds it.
    let inQuote = symbols.first?.children.first?.children.map { "\($0.kind) \($0.name) \($0.detail ?? "")" }
    #expect(inQuote == ["question Who? Me."])
  }

  /// The cards of `text` and of the same lines each after `> `, which are the same.
  func quotedAndTop(_ text: String) -> (quoted: [Prompt], top: [Prompt]) {
    let quoted = text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? ">" : "> " + $0 }
    return (
      Prompts.prompts(for: NoteDocument(quoted.joined(separator: "\n"))), Prompts.prompts(for: NoteDocument(text))
    )
  }

  @Test func anItemInAQuoteIsAnsweredOnlyByItsTextAsAtTheTopLevel() {
    for text in ["- Q: x\n  A: y\n  more\n  #tag\n  after\n", "- Q: x\n  A: y\n  Q: z\n", "- Q: x\n  A: y\nlazy\n"] {
      let (quoted, top) = quotedAndTop(text)
      #expect(quoted.map { "\($0.front) -> \($0.back)" } == top.map { "\($0.front) -> \($0.back)" }, "\(text)")
      #expect(quoted.map(\.id) == top.map(\.id), "\(text)")
    }
    #expect(cards("> - Q: x\n>   A: y\n>   more\n>   #tag\n") == ["qa L0 x -> y more"])
    #expect(cards("> - Q: x\n>   A: y\n>   Q: z\n") == ["qa L0 x -> y"])
  }

  @Test func aCodeAnswerOfManyLinesInAQuoteIsTheTopLevelsCard() {
    let (quoted, top) = quotedAndTop("Q: x\nA:\n```\na\nb\n\n  c\n```\n")
    #expect(quoted.map(\.back) == ["a b c"])
    #expect(quoted.map(\.back) == top.map(\.back))
    #expect(quoted.map(\.id) == top.map(\.id))
  }

  @Test func aQuotedItemHoldingAPairIsNoQuotationAsTheSameListIsNone() {
    let top = "- x\n\n  Q: a\n  A: b\n"
    let quoted = "> - x\n>\n>   Q: a\n>   A: b\n"
    #expect(cards(top) == ["qa L2 a -> b"])
    #expect(cards(quoted) == cards(top))
    // The outline agrees: the pair's question, and no quote entry.
    let entries = Outline.symbols(for: NoteDocument("# Book\n\n" + quoted)).first?.children ?? []
    #expect(entries.map(\.kind) == [.question])
    // A quotation beside the list keeps no card either, as a quote whose items ask does not.
    #expect(cards("> x\n>\n> - y\n>\n>   Q: a\n>   A: b\n") == ["qa L4 a -> b"])
  }
}
