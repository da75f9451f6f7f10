import BookNotesTestSupport
import Testing

@testable import NoteSyntax

/// Each finding code: one input that has it (with its exact range) and a near miss that does not.
@Suite(.onThreadsOfItsOwn) struct FindingTests {
  func findings(_ text: String) -> [String] {
    let document = NoteDocument(text)
    return document.tree.findings.map { finding in
      "\(finding.code.rawValue) \(document.text.string(in: finding.range).debugDescription)"
    }
  }

  @Test func clozeUnclosedHint() {
    #expect(findings("See ?[hint and more\nnext") == ["cloze-unclosed-hint \"?[hint and more\""])
    #expect(findings("See ?[hint](answer) ok").isEmpty)
  }

  /// A question mark before a footnote reference or a link is no cloze, and no finding;
  /// an answer that only looks like a target (`Paris: France`, spaces) keeps the cloze.
  @Test(arguments: [
    ("Really?[^1]\n\n[^1]: A source.", 0), ("Why?[^note] more", 0), ("See?[the docs](https://example.org/a)", 1),
    ("Write?[me](mailto:a@b.org)", 1), ("Read?[this](notes/other.md#part)", 1), ("?[t](a.md \"Title\")", 0),
    ("?[figure](img/Fig.PNG)", 1),
    ("?[vault](obsidian://open?vault=x)", 1),
  ])
  func questionMarkBeforeAFootnoteOrALink(_ text: String, links: Int) {
    let doc = NoteDocument(text)
    #expect(findings(text).isEmpty, "\(text)")
    #expect(!kinds(doc).contains(.cloze) && !kinds(doc).contains(.malformedCloze))
    #expect(kinds(doc).filter { $0 == .link }.count == links, "\(text)")
  }

  @Test func answersThatOnlyLookLikeTargetsAreClozes() {
    for text in ["?[capital](Paris: France)", "?[file](the notes.md file)", "?[x](README)", "?[v](2.5)"] {
      let doc = NoteDocument(text)
      #expect(kinds(doc).contains(.cloze), "\(text)")
    }
  }

  /// The kinds of every node of `doc`, in preorder.
  func kinds(_ doc: NoteDocument) -> [NodeKind] {
    var result: [NodeKind] = []
    doc.tree.forEachBlock { block in
      result.append(block.kind)
      block.forEachDescendant { result.append($0.kind) }
    }
    return result
  }

  @Test func clozeMissingAnswer() {
    #expect(findings("See ?[hint] then") == ["cloze-missing-answer \"?[hint]\""])
    #expect(findings("See [hint] then").isEmpty)
  }

  @Test func clozeUnclosedAnswer() {
    #expect(findings("?[researcher](Kathleen Vohs\nnext") == ["cloze-unclosed-answer \"?[researcher](Kathleen Vohs\""])
    #expect(findings("?[researcher](Kathleen Vohs)\nnext").isEmpty)
  }

  @Test func clozeEmptyAnswer() {
    #expect(findings("?[researcher]()") == ["cloze-empty-answer \"()\""])
    #expect(findings("?[researcher](x)").isEmpty)
  }

  @Test func clozeSpaceBeforeAnswer() {
    #expect(findings("?[hint] (answer)") == ["cloze-space-before-answer \" \""])
    #expect(findings("?[hint] answer").map { $0.hasPrefix("cloze-missing-answer") } == [true])
  }

  @Test func clozeNestedParenthesis() {
    #expect(findings("?[f](g(x) = y)") == ["cloze-nested-parenthesis \"(x)\""])
    #expect(findings("?[f](g x) = (y)").isEmpty)
  }

  @Test func qaMissingAnswer() {
    #expect(findings("Q: What is ego depletion?\nSomething else") == ["qa-missing-answer \"Q:\""])
    #expect(findings("Q: What is ego depletion?\nA: Tiredness.").isEmpty)
  }

  @Test func qaOrphanAnswer() {
    #expect(findings("A: Nobody asked.") == ["qa-orphan-answer \"A:\""])
    #expect(findings("Text\nA: also orphaned") == ["qa-orphan-answer \"A:\""])
    #expect(findings("Q: Asked?\nA: Yes.").isEmpty)
  }

  @Test func qaBlankLineBetween() {
    #expect(findings("Q: Asked?\n\nA: Yes.") == ["qa-blank-line-between \"\\n\""])
    #expect(findings("Q: Asked?\n\n\nA: Yes.").contains("qa-missing-answer \"Q:\""))
  }

  @Test func qaEmpty() {
    #expect(findings("Q:\nA: answer") == ["qa-empty-question \"Q:\""])
    #expect(findings("Q: question\nA:   ") == ["qa-empty-answer \"A:\""])
    #expect(findings("Q: question\nA: answer").isEmpty)
  }

  @Test func qaMissingSpace() {
    #expect(findings("Q:text") == ["qa-missing-space \"Q:\""])
    #expect(findings("q: lower") == ["qa-missing-space \"q:\""])
    #expect(findings("Text\nA:x") == ["qa-missing-space \"A:\""])
    #expect(findings("Qs: not a marker\nquestion: neither").isEmpty)
    // A malformed marker still pairs: the missing space is the one mistake.
    #expect(findings("Q:Who wrote it?\nA: Kahneman.") == ["qa-missing-space \"Q:\""])
    #expect(findings("Q: Who wrote it?\nA:Kahneman.") == ["qa-missing-space \"A:\""])
    #expect(findings("Intro text\nQ:Who wrote it?\nA: Kahneman.") == ["qa-missing-space \"Q:\""])
  }

  @Test func summaryEmpty() {
    #expect(findings("Summary: ") == ["summary-empty \"Summary:\""])
    #expect(findings("tl;dr:\nnext") == ["summary-empty \"tl;dr:\""])
    #expect(findings("Summary: said").isEmpty)
  }

  @Test func frontMatterUnclosed() {
    #expect(findings("---\ntitle: x\n") == ["front-matter-unclosed \"---\""])
    #expect(findings("\u{FEFF}---\nauthor: y") == ["front-matter-unclosed \"---\""])
    // A rule that opens a note, before nothing, a blank line or prose, is a thematic break.
    #expect(findings("---").isEmpty)
    #expect(findings("---\n\nA note after a rule.\n").isEmpty)
    #expect(findings("---\nProse: as it comes, after a rule\n").isEmpty == false)
    #expect(findings("---\nJust prose.\n").isEmpty)
    #expect(findings("---\ntitle: x\n---\n").isEmpty)
    #expect(findings("text\n---\n").isEmpty)
  }

  /// One input per code with its flagged text. The switch is exhaustive, so a new code
  /// does not compile until it has an example here.
  static func example(_ code: FindingCode) -> (input: String, flagged: String) {
    switch code {
    case .clozeUnclosedHint: ("See ?[hint and more\nnext", "?[hint and more")
    case .clozeMissingAnswer: ("See ?[hint] then", "?[hint]")
    case .clozeUnclosedAnswer: ("?[researcher](Kathleen Vohs\nnext", "?[researcher](Kathleen Vohs")
    case .clozeEmptyAnswer: ("?[researcher]()", "()")
    case .clozeSpaceBeforeAnswer: ("?[hint] (answer)", " ")
    case .clozeNestedParenthesis: ("?[f](g(x) = y)", "(x)")
    case .qaMissingAnswer: ("Q: What is ego depletion?\nSomething else", "Q:")
    case .qaOrphanAnswer: ("A: Nobody asked.", "A:")
    case .qaBlankLineBetween: ("Q: Asked?\n\nA: Yes.", "\n")
    case .qaEmptyQuestion: ("Q:\nA: answer", "Q:")
    case .qaEmptyAnswer: ("Q: question\nA:   ", "A:")
    case .qaMissingSpace: ("Q:Who wrote it?\nA: Kahneman.", "Q:")
    case .summaryEmpty: ("Summary: ", "Summary:")
    case .frontMatterUnclosed: ("---\ntitle: x\n", "---")
    // Found by `FrontMatterValues` (NoteIntelligence), which `FrontMatterValueTests` checks.
    case .frontMatterBadValue: ("", "")
    }
  }

  /// A front matter value the key does not accept is the analysis layer's finding
  /// (`FrontMatterValues`), not the parser's.
  @Test(arguments: FindingCode.allCases.filter { $0 != .frontMatterBadValue })
  func everyCodeHasAnExample(code: FindingCode) {
    let (input, flagged) = Self.example(code)
    #expect(findings(input) == ["\(code.rawValue) \(flagged.debugDescription)"])
  }
}
