import BookNotesTestSupport
import NoteSyntax
import Testing

@testable import NoteIntelligence

@Suite(.onThreadsOfItsOwn) struct PromptTests {
  func dump(_ prompts: [Prompt]) -> String {
    prompts.map { "\($0.kind) L\($0.line) \($0.front.debugDescription) -> \($0.back.debugDescription)" }
      .joined(separator: "\n")
  }

  @Test func specExampleNote() {
    let prompts = Prompts.prompts(for: NoteDocument(ExampleNote.text))
    #expect(
      dump(prompts) == """
        quote L10 "People who are cognitively busy are also more likely to make selfish choices, use sexist language, and make superficial judgments." -> "ch. 3"
        quote L13 "Ego depletion was shown in experiments by Kathleen Vohs." -> "p. 42"
        cloze L13 "Ego depletion was shown in experiments by [researcher]." -> "Kathleen Vohs"
        qa L15 "What is ego depletion?" -> "The idea that self-control draws on a limited pool of mental energy."
        """)
    #expect(prompts.allSatisfy { $0.book == "Thinking, Fast and Slow" })
    #expect(prompts.allSatisfy { $0.id.utf8.count == 16 })
    #expect(Set(prompts.map(\.id)).count == prompts.count)
  }

  @Test func aParagraphThatIsOneHighlightIsAQuote() {
    let text = "# Dune\n\n==Fear is the mind-killer.==\n\nA ==highlight== inside prose is not.\n"
    #expect(
      dump(Prompts.prompts(for: NoteDocument(text))) == """
        quote L2 "Fear is the mind-killer." -> "Dune"
        """)
  }

  @Test func oneClozePromptPerClozeOthersShowAnswers() {
    let text = "The ?[](first) and ?[h](*second*)\nline; broken ?[x]() stays.\n"
    let prompts = Prompts.prompts(for: NoteDocument(text))
    #expect(
      dump(prompts) == """
        cloze L0 "The [...] and *second* line; broken ?[x]() stays." -> "first"
        cloze L0 "The first and [h] line; broken ?[x]() stays." -> "*second*"
        """)
  }

  @Test(arguments: [
    (
      "> Nothing in life is as important as you think it is — p. 6\n",
      "Nothing in life is as important as you think it is", "p. 6"
    ),
    ("> Ego depletion -- Kahneman, p. 42\n", "Ego depletion", "Kahneman, p. 42"),
    ("> First line\n> and the last – loc. 1234\n", "First line and the last", "loc. 1234"),
    ("> Busy people ––– ch. 3.\n", "Busy people", "ch. 3."),
    (
      "> Two pages — Kahneman, Thinking, Fast and Slow, pp. 6 - 7\n", "Two pages",
      "Kahneman, Thinking, Fast and Slow, pp. 6 - 7"
    ),
    ("> Section — § 3\n", "Section", "§ 3"),
    // Not a citation: a dash inside the quote, or not followed by a reference.
    ("> A dash — p. 6 in the middle\n", "A dash — p. 6 in the middle", "Dune"),
    ("> Ends with a name — Kahneman\n", "Ends with a name — Kahneman", "Dune"),
    ("> Years 1990 – 2000\n", "Years 1990 – 2000", "Dune"),
    ("> A hyphen - p. 6\n", "A hyphen - p. 6", "Dune"),
    ("> Unspaced—p. 6\n", "Unspaced—p. 6", "Dune"),
    ("> Cut — p. 6\n> then more\n", "Cut — p. 6 then more", "Dune"),
  ])
  func dashCitationEndsAOneLineQuote(quote: String, front: String, back: String) {
    let prompts = Prompts.prompts(for: NoteDocument("# Dune\n" + quote))
    #expect(prompts.map(\.front) == [front])
    #expect(prompts.map(\.back) == [back])
  }

  @Test func quoteWithoutCitationBacksWithTheBookTitle() {
    let prompts = Prompts.prompts(for: NoteDocument("# Dune\n> Fear is the mind-killer.\n\n> Also 😀 here\n"))
    #expect(
      dump(prompts) == """
        quote L1 "Fear is the mind-killer." -> "Dune"
        quote L3 "Also 😀 here" -> "Dune"
        """)
  }

  @Test func idsAreStableAcrossUnrelatedEdits() {
    var doc = NoteDocument("Intro.\n\nQ: Who?\nA: Paul\n\n> Fear (p. 1)\n\nA ?[h](x) b.\n")
    let before = Prompts.prompts(for: doc)
    #expect(
      before.map(\.id) == [
        Prompts.id(kind: .qa, front: "Who?", back: "Paul"),
        Prompts.id(kind: .quote, front: "Fear", back: "p. 1"),
        Prompts.id(kind: .cloze, front: "A [h] b.", back: "x"),
      ])
    doc.replace(0..<6, with: "A much longer introduction\nover two lines.")
    let after = Prompts.prompts(for: doc)
    #expect(after.map(\.id) == before.map(\.id))
    #expect(after.map(\.line) == before.map { $0.line + 1 })
  }

  @Test func knownIdValue() {
    // FNV-1a 64 of "qa\u{1F}Who?\u{1F}Paul".
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in "qa\u{1F}Who?\u{1F}Paul".utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x100_0000_01b3
    }
    #expect(Prompts.id(kind: .qa, front: "Who?", back: "Paul") == String(hash, radix: 16).leftPadded(to: 16))
    #expect(FNV1a.hex("".utf8) == "cbf29ce484222325")
    #expect(FNV1a.hex("a".utf8) == "af63dc4c8601ec8c")
    #expect(Prompts.id(kind: .qa, front: " Who?\n", back: "Paul") == Prompts.id(kind: .qa, front: "Who?", back: "Paul"))
  }

  @Test func onlyQuoteAndCiteCalloutsAreQuotesWithTheTitleAsTheirBack() {
    let text = """
      # Dune

      > [!note] Not a quote
      > A reminder ?[to](myself) (p. 3)

      > [!quote] Paul, Dune, p. 8
      > Fear is the mind-killer.

      > [!CITE]-
      > The spice must flow. (p. 12)

      > [!WARNING]
      > Sand worms.

      """
    #expect(
      dump(Prompts.prompts(for: NoteDocument(text))) == """
        cloze L3 "A reminder [to]" -> "myself"
        quote L5 "Fear is the mind-killer." -> "Paul, Dune, p. 8"
        quote L8 "The spice must flow." -> "p. 12"
        """)
  }

  @Test func boldAndMultiLineQuestionsAndAnswers() {
    let text = """
      **Q:** What is *ego depletion*?
      **A:** Self-control draws on
      a limited pool.
      Q: Next?
      A:
      On the line after.

      """
    #expect(
      dump(Prompts.prompts(for: NoteDocument(text))) == """
        qa L0 "What is ego depletion?" -> "Self-control draws on a limited pool."
        qa L3 "Next?" -> "On the line after."
        """)
  }

  @Test func listItemsPairQuestionsAndAnswers() {
    let text = """
      - Q: Who wrote *Dune*?
      - A: Frank Herbert,
        in 1965.
      - **Q:** Its planet?
        A: Arrakis.
      - Q: Unanswered?
      - Not an answer.

      Mnemonic:
      - C: Context
      - A: Action
      - S: Summary

      """
    #expect(
      dump(Prompts.prompts(for: NoteDocument(text))) == """
        qa L0 "Who wrote Dune?" -> "Frank Herbert, in 1965."
        qa L3 "Its planet?" -> "Arrakis."
        """)
  }

  /// A list nested in an item pairs its own items: its `A:` answers only its own `Q:`,
  /// and the outer list's pair spans it. An answer line is one that opens with `A:`.
  @Test func nestedListsPairWithinTheirOwnList() {
    let text = """
      - Q: Outer?
        - Q: Inner?
        - A: Inner answer.
      - A: Outer answer.
      - Q: Asked
        - A: not the outer one's
      - Q: Two lines A: still the question
        A: The answer.
      1. Q: Numbered?
         - A: nested, no answer
      2. A: Numbered answer.

      """
    #expect(
      dump(Prompts.prompts(for: NoteDocument(text))) == """
        qa L0 "Outer?" -> "Outer answer."
        qa L1 "Inner?" -> "Inner answer."
        qa L6 "Two lines A: still the question" -> "The answer."
        qa L8 "Numbered?" -> "Numbered answer."
        """)
  }

  @Test func identicalPromptsGetSuffixesInDocumentOrder() {
    let doc = NoteDocument("Q: Who?\nA: Paul\n\nQ: Who?\nA: Paul\n\nQ: Who?\nA: Paul\n")
    let ids = Prompts.prompts(for: doc).map(\.id)
    let base = Prompts.id(kind: .qa, front: "Who?", back: "Paul")
    #expect(ids == [base, base + "-2", base + "-3"])
  }
}

extension String {
  func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
