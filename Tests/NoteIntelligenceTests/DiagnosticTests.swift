import NoteSyntax
import Testing

@testable import NoteIntelligence

@Suite struct DiagnosticTests {
  /// Each code: a note that has it (with the flagged text) and a near miss that does not.
  static let cases: [(code: String, positive: String, flagged: String, negative: String)] = [
    ("cloze-unclosed-hint", "A ?[hint without end\n", "?[hint without end", "A ?[hint](end)\n"),
    ("cloze-missing-answer", "A ?[hint] text\n", "?[hint]", "A ?[hint](text)\n"),
    (
      "cloze-unclosed-answer", "?[researcher](Kathleen Vohs\n", "?[researcher](Kathleen Vohs",
      "?[researcher](Kathleen Vohs)\n"
    ),
    ("cloze-empty-answer", "?[researcher]()\n", "()", "?[researcher](x)\n"),
    ("cloze-space-before-answer", "?[h] (a)\n", " ", "?[h](a)\n"),
    ("cloze-nested-parenthesis", "?[h](a (b) c)\n", "(b)", "?[h](a b) (c)\n"),
    ("qa-missing-answer", "Q: What?\nNo answer\n", "Q:", "Q: What?\nA: This\n"),
    ("qa-orphan-answer", "Text\n\nA: Nobody asked.\n", "A:", "Q: Who?\nA: Nobody asked.\n"),
    ("qa-blank-line-between", "Q: x\n\nA: y\n", "\n", "Q: x\nA: y\n"),
    ("qa-empty-question", "Q:\nA: y\n", "Q:", "Q: x\nA: y\n"),
    ("qa-empty-answer", "Q: x\nA: \n", "A:", "Q: x\nA: y\n"),
    ("qa-missing-space", "Q:x\n", "Q:", "Q: x\nA: y\n"),
    ("summary-empty", "Summary: \n", "Summary:", "Summary: short\n"),
    ("front-matter-unclosed", "---\ntitle: x\n", "---", "---\ntitle: x\n---\n"),
    (
      "front-matter-bad-value", "---\nrating: 6\n---\n", "6",
      "---\nrating: 5\nisbn: 978-0-306-40615-7\nstatus: Reading\n---\n"
    ),
  ]

  @Test func everyCodeHasACase() {
    #expect(Set(Self.cases.map(\.code)) == Set(FindingCode.allCases.map(\.rawValue)))
  }

  @Test(arguments: 0..<15) func positiveAndNearMiss(index: Int) {
    let c = Self.cases[index]
    let doc = NoteDocument(c.positive)
    let hits = Diagnostics.compute(doc).filter { $0.code == c.code }
    #expect(hits.count == 1, "\(c.code)")
    #expect(hits.map { doc.text.string(in: $0.range) } == [c.flagged], "\(c.code)")
    #expect(Diagnostics.compute(NoteDocument(c.negative)).isEmpty, "\(c.code)")
  }

  @Test func severitiesFollowTheSpec() {
    let warnings: Set<String> = [
      "cloze-space-before-answer", "cloze-nested-parenthesis", "qa-missing-space", "summary-empty",
      "front-matter-bad-value",
    ]
    for c in Self.cases {
      let diagnostic = Diagnostics.compute(NoteDocument(c.positive)).first { $0.code == c.code }
      #expect(diagnostic?.severity == (warnings.contains(c.code) ? .warning : .error), "\(c.code)")
    }
  }

  @Test func messagesSayWhatToType() {
    let doc = NoteDocument("?[researcher](Kathleen Vohs\n\nQ: What is ego depletion?\nSee above.\n")
    #expect(
      Diagnostics.compute(doc).map(\.description) == [
        "0..<27 error cloze-unclosed-answer: Cloze answer is not closed: type ')' at the end of the answer.",
        "29..<31 error qa-missing-answer: Question has no answer: add a line starting 'A: ' right after it.",
      ])
    let values = NoteDocument("---\nstatus: done\nrating: 0\nisbn: 123\n---\n")
    #expect(
      Diagnostics.compute(values).map(\.message) == [
        "Unknown status 'done': type one of reading, wishlist, finished, archived.",
        "Rating '0' is not 1 to 5: type a whole number from 1 to 5.",
        "ISBN '123' has a wrong check digit: type the 10 or 13 digits exactly as printed.",
      ])
  }

  @Test func optionsOverrideTurnOffAndDisable() {
    let doc = NoteDocument("?[h] (a)\n\nSummary:\n\nA: orphan\n")
    #expect(Diagnostics.compute(doc).map(\.code) == ["cloze-space-before-answer", "summary-empty", "qa-orphan-answer"])
    let options = DiagnosticOptions(severityOverrides: [
      "summary-empty": .error, "cloze-space-before-answer": DiagnosticSeverity?.none,
    ])
    #expect(
      Diagnostics.compute(doc, options: options).map { "\($0.code) \($0.severity)" } == [
        "summary-empty error", "qa-orphan-answer error",
      ])
    #expect(Diagnostics.compute(doc, options: DiagnosticOptions(enabled: false)).isEmpty)
  }

  @Test func emojiAndCRLFRanges() {
    let doc = NoteDocument("😀 ?[h](a\r\nQ: x\r\n\r\nA: y\r\n")
    #expect(
      Diagnostics.compute(doc).map { "\($0.code) \(doc.text.string(in: $0.range).debugDescription)" } == [
        "cloze-unclosed-answer \"?[h](a\"", "qa-blank-line-between \"\\r\\n\"",
      ])
  }
}
