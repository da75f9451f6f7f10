import BookNotesTestSupport
import NoteSyntax
import Testing

@testable import NoteIntelligence

@Suite(.onThreadsOfItsOwn) struct DiagnosticTests {
  /// Each code: a note that has it (with the flagged text) and a near miss that does not.
  /// The switch is exhaustive, so a new code does not compile without its example.
  static func example(_ code: FindingCode) -> (positive: String, flagged: String, negative: String) {
    switch code {
    case .clozeUnclosedHint: ("A ?[hint without end\n", "?[hint without end", "A ?[hint](end)\n")
    case .clozeMissingAnswer: ("A ?[hint] text\n", "?[hint]", "A ?[hint](text)\n")
    case .clozeUnclosedAnswer:
      ("?[researcher](Kathleen Vohs\n", "?[researcher](Kathleen Vohs", "?[researcher](Kathleen Vohs)\n")
    case .clozeEmptyAnswer: ("?[researcher]()\n", "()", "?[researcher](x)\n")
    case .clozeSpaceBeforeAnswer: ("?[h] (a)\n", " ", "?[h](a)\n")
    case .clozeNestedParenthesis: ("?[h](a (b) c)\n", "(b)", "?[h](a b) (c)\n")
    case .qaMissingAnswer: ("Q: What?\nNo answer\n", "Q:", "Q: What?\nA: This\n")
    case .qaOrphanAnswer: ("Text\n\nA: Nobody asked.\n", "A:", "Q: Who?\nA: Nobody asked.\n")
    case .qaBlankLineBetween: ("Q: x\n\nA: y\n", "\n", "Q: x\nA: y\n")
    case .qaEmptyQuestion: ("Q:\nA: y\n", "Q:", "Q: x\nA: y\n")
    case .qaEmptyAnswer: ("Q: x\nA: \n", "A:", "Q: x\nA: y\n")
    case .qaMissingSpace: ("Q:x\nA: y\n", "Q:", "Q: x\nA: y\n")
    case .summaryEmpty: ("Summary: \n", "Summary:", "Summary: short\n")
    case .frontMatterUnclosed: ("---\ntitle: x\n", "---", "---\ntitle: x\n---\n")
    case .frontMatterBadValue:
      ("---\nrating: 6\n---\n", "6", "---\nrating: 5\nisbn: 978-0-306-40615-7\nstatus: Reading\n---\n")
    }
  }

  @Test(arguments: FindingCode.allCases) func positiveAndNearMiss(code: FindingCode) {
    let c = Self.example(code)
    let doc = NoteDocument(c.positive)
    // Exactly one diagnostic, of this code, on the flagged text: one mistake, one diagnostic.
    #expect(Diagnostics.compute(doc).map(\.code) == [code.rawValue])
    #expect(Diagnostics.compute(doc).map { doc.text.string(in: $0.range) } == [c.flagged])
    #expect(Diagnostics.compute(NoteDocument(c.negative)).isEmpty)
  }

  @Test func severitiesFollowTheSpec() {
    let warnings: Set<String> = [
      "cloze-space-before-answer", "cloze-nested-parenthesis", "qa-missing-space", "summary-empty",
      "front-matter-bad-value",
    ]
    for code in FindingCode.allCases {
      let diagnostic = Diagnostics.compute(NoteDocument(Self.example(code).positive)).first {
        $0.code == code.rawValue
      }
      #expect(diagnostic?.severity == (warnings.contains(code.rawValue) ? .warning : .error), "\(code)")
    }
  }

  @Test func messagesSayWhatToType() {
    let doc = NoteDocument("?[researcher](Kathleen Vohs\n\nQ: What is ego depletion?\nSee above.\n")
    #expect(
      Diagnostics.compute(doc).map(\.description) == [
        "0..<27 error cloze-unclosed-answer: Cloze answer is not closed: type ')' at the end of the answer.",
        "29..<31 error qa-missing-answer: Question has no answer: add a line starting 'A: ' right after it.",
      ])
    let values = NoteDocument("---\nstatus: skimmed\nrating: 9\nisbn: 123\nISBN: 'B00555X8OA'\n---\n")
    #expect(
      Diagnostics.compute(values).map(\.message) == [
        "Unknown status 'skimmed': type one of reading, wishlist, finished, abandoned, archived (or to-read, currently-reading, read, dnf).",
        "Rating '9' is not 1 to 5: type a number from 1 to 5 (halves allowed), stars, or 0 for none.",
        "ISBN '123' has a wrong check digit: type the 10 or 13 digits exactly as printed.",
        "'B00555X8OA' is an Amazon ASIN, not an ISBN: type the book's ISBN, or move this to another key.",
      ])
  }

  @Test func optionsOverrideTurnOffAndDisable() {
    let doc = NoteDocument("?[h] (a)\n\nSummary:\n\nA: orphan\n")
    #expect(Diagnostics.compute(doc).map(\.code) == ["cloze-space-before-answer", "summary-empty", "qa-orphan-answer"])
    let options = DiagnosticSettings(severityOverrides: [
      "summary-empty": .error, "cloze-space-before-answer": NoteDiagnostic.Severity?.none,
    ])
    #expect(
      Diagnostics.compute(doc, options: options).map { "\($0.code) \($0.severity)" } == [
        "summary-empty error", "qa-orphan-answer error",
      ])
    #expect(Diagnostics.compute(doc, options: DiagnosticSettings(enabled: false)).isEmpty)
  }

  /// Outside a notes folder, text that may not be meant as a prompt is flagged only in
  /// a note with a well-formed prompt of its kind; other codes everywhere.
  @Test func possiblePromptsAreFlaggedOnlyWherePromptsAreExpected() {
    let elsewhere = DiagnosticSettings(promptsExpected: false)
    let readme = NoteDocument("Really?[citation needed] ?[so\n\nC: Capture\nA: Act\n\nQ: Why?\nNo.\n\n?[h]()\n")
    #expect(
      Diagnostics.compute(readme).map(\.code) == [
        "cloze-missing-answer", "cloze-unclosed-hint", "qa-orphan-answer", "qa-missing-answer", "cloze-empty-answer",
      ])
    #expect(Diagnostics.compute(readme, options: elsewhere).map(\.code) == ["cloze-empty-answer"])
    let withCloze = NoteDocument("A ?[hint](answer).\n\nReally?[citation needed]\n\nA: orphan\n")
    #expect(Diagnostics.compute(withCloze, options: elsewhere).map(\.code) == ["cloze-missing-answer"])
    let withPair = NoteDocument("Q: Who?\nA: Me.\n\nQ: Alone?\nNo.\n\nA: orphan\n?[x\n")
    #expect(Diagnostics.compute(withPair, options: elsewhere).map(\.code) == ["qa-missing-answer", "qa-orphan-answer"])
    #expect(PromptPresence(withPair) == PromptPresence(NoteDocument("Q: a\nA: b\n")))
  }

  /// A mnemonic list's `A:` item is no orphan answer, even where prompts are expected.
  @Test func anAnswerItemInAMnemonicListIsNotFlagged() {
    let doc = NoteDocument("Q: Who?\nA: Me.\n\n- C: Capture\n- A: Act\n- S: Share\n\n1. A: First\n")
    #expect(Diagnostics.compute(doc).isEmpty)
    #expect(Diagnostics.compute(doc, options: DiagnosticSettings(promptsExpected: false)).isEmpty)
  }

  @Test func emojiAndCRLFRanges() {
    let doc = NoteDocument("😀 ?[h](a\r\nQ: x\r\n\r\nA: y\r\n")
    #expect(
      Diagnostics.compute(doc).map { "\($0.code) \(doc.text.string(in: $0.range).debugDescription)" } == [
        "cloze-unclosed-answer \"?[h](a\"", "qa-blank-line-between \"\\r\\n\"",
      ])
  }
}
