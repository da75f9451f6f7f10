import NoteSyntax
import Testing

@testable import NoteIntelligence

@Suite struct QuickFixTests {
  /// A finding elsewhere in each note, which a fix must leave alone.
  static let bystander = "\n\nSummary:\n"

  /// Applies the fix of the one `code` finding in `text`, re-parses, and returns the new
  /// text and the findings left (as `code@"text"`).
  func applyFix(_ code: FindingCode, in text: String) -> (text: String, findings: [String], fix: QuickFix?) {
    let doc = NoteDocument(text)
    guard let finding = doc.tree.findings.first(where: { $0.code == code }),
      let fix = QuickFixes.fix(for: finding, in: doc)
    else { return (text, Dump.findings(doc), nil) }
    let fixed = fix.applied(to: text)
    return (fixed, Dump.findings(NoteDocument(fixed)), fix)
  }

  @Test func clozeMissingAnswerInsertsParenthesesAndPlacesTheCursor() {
    let result = applyFix(.clozeMissingAnswer, in: "By ?[who] alone." + Self.bystander)
    #expect(result.text == "By ?[who]() alone." + Self.bystander)
    #expect(result.fix?.cursor == 10)
    #expect(result.fix?.title == "Insert '()' for the answer")
    // The cloze now has an empty answer until the user types it.
    #expect(result.findings == ["cloze-empty-answer@\"()\"", "summary-empty@\"Summary:\""])
  }

  @Test func clozeUnclosedAnswerClosesAtTheEndOfTheLine() {
    let result = applyFix(.clozeUnclosedAnswer, in: "?[researcher](Kathleen Vohs  \nnext line" + Self.bystander)
    #expect(result.text == "?[researcher](Kathleen Vohs)  \nnext line" + Self.bystander)
    #expect(result.findings == ["summary-empty@\"Summary:\""])
  }

  @Test func clozeUnclosedAnswerInAQuoteClosesBeforeTheCitation() {
    let result = applyFix(.clozeUnclosedAnswer, in: "> By ?[who](Vohs (p. 42)\n" + Self.bystander)
    #expect(result.text == "> By ?[who](Vohs) (p. 42)\n" + Self.bystander)
    #expect(result.findings == ["summary-empty@\"Summary:\""])
  }

  @Test func clozeSpaceBeforeAnswerRemovesTheSpace() {
    let result = applyFix(.clozeSpaceBeforeAnswer, in: "By ?[who]  (Vohs)." + Self.bystander)
    #expect(result.text == "By ?[who](Vohs)." + Self.bystander)
    #expect(result.findings == ["summary-empty@\"Summary:\""])
  }

  @Test func qaMissingAnswerAddsAnAnswerLine() {
    let result = applyFix(.qaMissingAnswer, in: "Q: What?\nmore text" + Self.bystander)
    #expect(result.text == "Q: What?\nA: \nmore text" + Self.bystander)
    #expect(result.fix?.cursor == 12)
    // The new answer is empty until the user types it.
    #expect(result.findings == ["qa-empty-answer@\"A:\"", "summary-empty@\"Summary:\""])
  }

  @Test func qaMissingAnswerKeepsCRLFAndHandlesTheLastLine() {
    let crlf = applyFix(.qaMissingAnswer, in: "Q: x\r\nSummary: s\r\n")
    #expect(crlf.text == "Q: x\r\nA: \r\nSummary: s\r\n")
    let last = applyFix(.qaMissingAnswer, in: "Intro\n\nQ: x")
    #expect(last.text == "Intro\n\nQ: x\nA: ")
    #expect(last.fix?.cursor == last.text.utf8.count)
  }

  @Test func qaBlankLineBetweenRemovesTheBlankLine() {
    let result = applyFix(.qaBlankLineBetween, in: "Q: x\r\n  \r\nA: y\r\n" + Self.bystander)
    #expect(result.text == "Q: x\r\nA: y\r\n" + Self.bystander)
    #expect(result.findings == ["summary-empty@\"Summary:\""])
  }

  @Test func qaMissingSpaceInsertsTheSpaceOrCapitalises() {
    let spaced = applyFix(.qaMissingSpace, in: "Q:What?\nA: This." + Self.bystander)
    #expect(spaced.text == "Q: What?\nA: This." + Self.bystander)
    #expect(spaced.fix?.title == "Insert a space after 'Q:'")
    #expect(spaced.findings == ["summary-empty@\"Summary:\""])
    let lower = applyFix(.qaMissingSpace, in: "q: What?\nA: This." + Self.bystander)
    #expect(lower.text == "Q: What?\nA: This." + Self.bystander)
    #expect(lower.fix?.title == "Write 'Q:'")
    #expect(lower.findings == ["summary-empty@\"Summary:\""])
    let both = applyFix(.qaMissingSpace, in: "Q: What?\na:This." + Self.bystander)
    #expect(both.text == "Q: What?\nA: This." + Self.bystander)
    #expect(both.findings == ["summary-empty@\"Summary:\""])
  }

  @Test func codesWithoutAFixHaveNone() {
    let doc = NoteDocument("?[a\n\n?[h]()\n\nA: orphan\n")
    #expect(doc.tree.findings.count == 3)
    #expect(doc.tree.findings.compactMap { QuickFixes.fix(for: $0, in: doc) }.isEmpty)
  }

  @Test func fixesAtACursorOrRange() {
    let (text, cursor) = "One ?[a] two.\nQ$0:x\nA: y\n".withCursor
    let doc = NoteDocument(text)
    #expect(QuickFixes.fixes(at: cursor, in: doc).map(\.code) == ["qa-missing-space"])
    #expect(
      QuickFixes.fixes(at: 0..<doc.utf8Count, in: doc).map(\.code) == ["cloze-missing-answer", "qa-missing-space"])
    #expect(QuickFixes.fixes(at: 0, in: doc).isEmpty)
    let diagnostic = Diagnostics.compute(doc)[0]
    #expect(
      QuickFixes.fixes(for: diagnostic, in: doc).map(\.description) == [
        "cloze-missing-answer: Insert '()' for the answer 8..<8 -> \"()\" cursor 9"
      ])
  }
}
