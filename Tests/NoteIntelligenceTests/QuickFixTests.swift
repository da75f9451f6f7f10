import BookNotesTestSupport
import NoteSyntax
import Testing

@testable import NoteIntelligence

@Suite(.onThreadsOfItsOwn) struct QuickFixTests {
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
    let result = applyFix(.qaMissingAnswer, in: "Q: What?" + Self.bystander)
    #expect(result.text == "Q: What?\nA: " + Self.bystander)
    #expect(result.fix?.cursor == 12)
    // The new answer is empty until the user types it.
    #expect(result.findings == ["qa-empty-answer@\"A:\"", "summary-empty@\"Summary:\""])
  }

  /// A question runs on over the lines after its `Q:` line: the answer goes after its
  /// last line, not between its lines.
  @Test func qaMissingAnswerGoesAfterTheQuestionsLastLine() {
    let result = applyFix(
      .qaMissingAnswer, in: "Q: What does System 1 do\nwhen nobody asks it\nto do anything?" + Self.bystander)
    #expect(result.text == "Q: What does System 1 do\nwhen nobody asks it\nto do anything?\nA: " + Self.bystander)
    #expect(result.fix?.cursor == "Q: What does System 1 do\nwhen nobody asks it\nto do anything?\nA: ".utf8.count)
    #expect(result.findings == ["qa-empty-answer@\"A:\"", "summary-empty@\"Summary:\""])
    let doc = NoteDocument(result.text.replacingOccurrences(of: "A: ", with: "A: It runs."))
    #expect(
      Prompts.prompts(for: doc, path: "n.md").map(\.front) == [
        "What does System 1 do when nobody asks it to do anything?"
      ])

    // Before the next question: the question's own lines only.
    let before = applyFix(.qaMissingAnswer, in: "Q: First\nline two\nQ: Second?\nA: Yes.\n")
    #expect(before.text == "Q: First\nline two\nA: \nQ: Second?\nA: Yes.\n")
    #expect(!before.findings.contains { $0.hasPrefix("qa-missing-answer") })
  }

  /// A paragraph longer than the parser reads a question over gets its answer after the
  /// question's last line the parser still pairs with an answer.
  @Test func qaMissingAnswerInALongParagraphStaysWithinTheQuestionsLines() {
    let lines = (2...40).map { "line \($0)" }
    let result = applyFix(.qaMissingAnswer, in: "Q: line 1\n" + lines.joined(separator: "\n") + "\n")
    #expect(result.text.contains("line 32\nA: \nline 33\n"))
    #expect(!result.findings.contains { $0.hasPrefix("qa-missing-answer") })
  }

  @Test func qaMissingAnswerKeepsCRLFAndHandlesTheLastLine() {
    let crlf = applyFix(.qaMissingAnswer, in: "Q: x\r\ny\r\n\r\nSummary: s\r\n")
    #expect(crlf.text == "Q: x\r\ny\r\nA: \r\n\r\nSummary: s\r\n")
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

  @Test func fixesAtACursorOrRange() throws {
    let (text, cursor) = try "One ?[a] two.\nQ$0:x\nA: y\n".withCursor()
    let doc = NoteDocument(text)
    #expect(QuickFixes.fixes(at: cursor, in: doc).map(\.code) == ["qa-missing-space"])
    #expect(
      QuickFixes.fixes(at: 0..<doc.utf8Count, in: doc).map(\.code) == ["cloze-missing-answer", "qa-missing-space"])
    // The start of the first line is on the cloze's line, so its fix is in reach there too.
    #expect(QuickFixes.fixes(at: 0, in: doc).map(\.code) == ["cloze-missing-answer"])
    let diagnostic = Diagnostics.compute(doc)[0]
    #expect(
      QuickFixes.fixes(for: diagnostic, in: doc).map(\.description) == [
        "cloze-missing-answer: Insert '()' for the answer 8..<8 -> \"()\" cursor 9"
      ])
  }

  /// For each code: a note with one such finding, the fix's title and what the fix
  /// makes of the note; `nil` for the codes that have no unambiguous fix. The switch is
  /// exhaustive, so a new code does not compile until it says what its fix does.
  static func fixExample(_ code: FindingCode) -> (text: String, title: String, fixed: String)? {
    switch code {
    case .clozeMissingAnswer: ("By ?[who] alone.\n", "Insert '()' for the answer", "By ?[who]() alone.\n")
    case .clozeUnclosedAnswer: ("By ?[who](Vohs\n", "Insert ')' to close the answer", "By ?[who](Vohs)\n")
    case .clozeSpaceBeforeAnswer: ("By ?[who] (Vohs).\n", "Remove the space before '('", "By ?[who](Vohs).\n")
    case .qaMissingAnswer: ("Q: What?\nmore\n", "Add an 'A: ' line", "Q: What?\nmore\nA: \n")
    case .qaBlankLineBetween: ("Q: x\n\nA: y\n", "Remove the blank line", "Q: x\nA: y\n")
    case .qaMissingSpace: ("Q:What?\nA: This.\n", "Insert a space after 'Q:'", "Q: What?\nA: This.\n")
    case .clozeUnclosedHint, .clozeEmptyAnswer, .clozeNestedParenthesis, .qaOrphanAnswer, .qaEmptyQuestion,
      .qaEmptyAnswer, .summaryEmpty, .frontMatterUnclosed, .frontMatterBadValue:
      nil
    }
  }

  /// Every fix of every code, applied to its example: the diagnostic it fixes is gone and
  /// the note is what the fix's title promised. Codes without a fix offer none.
  @Test(arguments: FindingCode.allCases) func everyFixDoesWhatItsTitleSays(code: FindingCode) throws {
    let example = DiagnosticTests.example(code)
    guard let fixExample = Self.fixExample(code) else {
      let doc = NoteDocument(example.positive)
      let findings = Diagnostics.findings(of: doc).filter { $0.code == code }
      #expect(findings.count == 1)
      #expect(findings.compactMap { QuickFixes.fix(for: $0, in: doc) }.isEmpty)
      return
    }
    let doc = NoteDocument(fixExample.text)
    let finding = try #require(Diagnostics.findings(of: doc).first { $0.code == code })
    let fix = try #require(QuickFixes.fix(for: finding, in: doc))
    #expect(fix.title == fixExample.title)
    let fixed = fix.applied(to: fixExample.text)
    #expect(fixed == fixExample.fixed)
    #expect(!Diagnostics.findings(of: NoteDocument(fixed)).contains { $0.code == code })
  }

  /// A fix is offered anywhere on the lines of what it mends: with the cursor on the text
  /// of a question (not on its `Q:`), on any line of a question or of a pair, but not
  /// on other lines.
  @Test func fixesAreOfferedOnTheLinesOfTheirConstruct() throws {
    let (text, cursor) = try "Intro.\n\nQ: What is ego$0 depletion?\nSee above.\n\nNext.\n".withCursor()
    let doc = NoteDocument(text)
    #expect(QuickFixes.fixes(at: cursor, in: doc).map(\.title) == ["Add an 'A: ' line"])
    #expect(QuickFixes.fixes(at: text.utf8.count - 10, in: doc).map(\.title) == ["Add an 'A: ' line"])
    #expect(QuickFixes.fixes(at: text.utf8.count - 3, in: doc).isEmpty)
    #expect(QuickFixes.fixes(at: 2, in: doc).isEmpty)

    let pair = NoteDocument("Q: x\n\nA: the answer\n\nNext.\n")
    #expect(QuickFixes.fixes(at: 12, in: pair).map(\.title) == ["Remove the blank line"])
    #expect(QuickFixes.fixes(at: 1, in: pair).map(\.title) == ["Remove the blank line"])
    #expect(QuickFixes.fixes(at: 22, in: pair).isEmpty)

    let cloze = NoteDocument("A line with ?[who] in it,\nand a second line.\n")
    #expect(QuickFixes.fixes(at: 2, in: cloze).map(\.code) == ["cloze-missing-answer"])
    #expect(QuickFixes.fixes(at: 30, in: cloze).isEmpty)
  }
}
