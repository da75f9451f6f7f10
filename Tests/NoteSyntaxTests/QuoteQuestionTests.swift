import BookNotesTestSupport
import Testing

@testable import NoteSyntax

/// `Q:`/`A:` pairs inside quotes and callouts, read as at the top level: a paragraph's
/// `Q:` line and its `A:` line are a `questionAnswer` holding their `quoteLine`s, and an
/// item's `A:` on its continuation line answers the item's `Q:`.
@Suite(.onThreadsOfItsOwn) struct QuoteQuestionTests {
  /// Each child of the first block, its lines' kinds (a pair's lines in brackets).
  static func lines(_ text: String) -> [String] {
    NoteDocument(text).tree.block(at: 0).children.map { child in
      guard child.kind == .questionAnswer else { return line(child) }
      return "[" + child.children.map(line).joined(separator: " | ") + "]"
    }
  }

  static func line(_ node: SyntaxNode) -> String {
    var described: [String] = []
    node.forEachDescendant { descendant in
      guard descendant.range != node.range else { return }
      described.append(descendant.kind == .quoteMarker ? ">" : "\(descendant.kind)")
    }
    return described.joined(separator: " ")
  }

  static func findings(_ text: String) -> [String] {
    let doc = NoteDocument(text)
    return doc.tree.findings.map { "\($0.code.rawValue)@\(doc.text.string(in: $0.range).debugDescription)" }
  }

  @Test func aPairInAQuoteOrACalloutIsAQuestionAndAnAnswer() {
    #expect(
      Self.lines("> Q: Who?\n> A: Me.\n") == [
        "[> questionMarker question text | > answerMarker answer text]"
      ])
    // In a callout, after its title; bold markers; a question and an answer of two lines.
    #expect(
      Self.lines("> [!question] Chapter 3\n> **Q:** What is\n> *X*?\n> **A:** Y,\n> and Z.\n") == [
        "> calloutMarker inlineContent text",
        "[> questionMarker question text | > question emphasis delimiter text delimiter text | > answerMarker answer text"
          + " | > answer text]",
      ])
    // A quotation, then a pair that interrupts its paragraph: the citation ends the quotation.
    #expect(
      Self.lines("> Truth. (p. 1)\n> Q: Who?\n> A: Me.\n") == [
        "> inlineContent text citation", "[> questionMarker question text | > answerMarker answer text]",
      ])
    // A blank line after a question of one line; a pair in a nested quote.
    #expect(
      Self.lines("> Q: Who?\n>\n> A: Me.\n") == ["[> questionMarker question text | > | > answerMarker answer text]"])
    #expect(NoteDocument("> > Q: a\n> > A: b\n").tree.block(at: 0).mayHold(.questionAnswer))
    #expect(Self.findings("> Q: Who?\n>\n> A: Me.\n") == ["qa-blank-line-between@\">\\n\""])
  }

  @Test func aQuestionWithoutItsAnswerIsAFlaggedMarkerAsInAParagraph() {
    #expect(Self.lines("> Q: Who?\n> more\n") == ["> inlineContent questionMarker text", "> inlineContent text"])
    #expect(Self.findings("> Q: Who?\n> more\n") == ["qa-missing-answer@\"Q:\""])
    #expect(Self.findings("> Some text\n> A: orphan\n") == ["qa-orphan-answer@\"A:\""])
    // After a blank line only the answer; a question of two lines takes no blank line.
    #expect(Self.findings("> Q: a\n> b\n>\n> A: c\n") == ["qa-missing-answer@\"Q:\"", "qa-orphan-answer@\"A:\""])
    // Another container is no answer; nor is code.
    #expect(Self.findings("> Q: a\n> > A: b\n") == ["qa-missing-answer@\"Q:\"", "qa-orphan-answer@\"A:\""])
    #expect(Self.findings("> ```\n> Q: a\n> A: b\n> ```\n").isEmpty)
    #expect(Self.findings("> Q: a\n> A:\n> ```\n> b\n> ```\n").isEmpty)
    #expect(
      Self.lines("> Q: a\n> A:\n> ```\n> b\n> ```\n> c\n") == [
        "[> questionMarker question text | > answerMarker | > answer codeBlockStart codeFence | > answer codeLines"
          + " | > answer codeBlockEnd codeFence]", "> inlineContent text",
      ])
    // An unclosed fence answers nothing: the answer is empty, as at the top level.
    #expect(Self.findings("> Q: a\n> A:\n> ```\n> b\n") == ["qa-empty-answer@\"A:\""])
    #expect(
      Self.findings("> Q:\n> A:\n> Q:x\n> a: y\n") == [
        "qa-empty-question@\"Q:\"", "qa-empty-answer@\"A:\"", "qa-missing-space@\"Q:\"", "qa-missing-space@\"a:\"",
      ])
  }

  @Test func anItemInAQuoteAnswersOnItsContinuationLine() {
    #expect(
      Self.lines("> - Q: x\n>   more\n>   A: y\n>   A: z\n") == [
        "quoteLine > listMarker inlineContent questionMarker text quoteLine > inlineContent text"
          + " quoteLine > inlineContent answerMarker text quoteLine > inlineContent text"
      ])
    // The item's own markers are no finding; one that opens with no marker flags them.
    #expect(Self.findings("> - Q: x\n>   A: y\n>   A: z\n").isEmpty)
    #expect(Self.findings("> - A: x\n>   A: y\n").isEmpty)
    #expect(Self.findings("> - plain\n>   A: y\n") == ["qa-orphan-answer@\"A:\""])
    // A lazy line answers too; a later paragraph of the item is a pair of its own.
    #expect(
      Self.lines("> - Q: x\n> A: y\n") == [
        "quoteLine > listMarker inlineContent questionMarker text quoteLine > inlineContent answerMarker text"
      ])
    #expect(NoteDocument("> - x\n>\n>   Q: a\n>   A: b\n").tree.block(at: 0).mayHold(.questionAnswer))
  }

  /// The kinds of the first block's nodes, in order, a node's depth as its indentation.
  static func shape(_ text: String) -> [String] { ContainerBlockTests.shape(text, shown: []) }

  @Test func anItemsTextEndsWhereAParagraphDoesInAQuoteAndAtTheTopLevel() {
    // A line opening with `#` at the item's column is a paragraph of its own, as at the top level.
    #expect(
      Self.shape("- Q: x\n  A: y\n  #tag\n") == [
        "unorderedList", " listItem", "  listMarker", "  inlineContent", "  paragraph",
      ])
    #expect(
      Self.shape("- Q: x\n  A: y\n   #tag\n") == ["unorderedList", " listItem", "  listMarker", "  inlineContent"])
    // In a quote, only the lines going on with the item's text say so: not `#tag`, nor a `Q:`.
    for text in ["> - Q: x\n>   A: y\n>   more\n>   #tag\n", "> - Q: x\n>   A: y\n>   more\n>   Q: z\n"] {
      let item = NoteDocument(text).tree.block(at: 0).children.first { _ in true }?.children.first { _ in true }
      let lines = item?.children.compactMap { $0.kind == .quoteLine ? $0.child(.inlineContent) : nil } ?? []
      #expect(lines.map(\.continuesBlock) == [false, true, true, false], "\(text)")
    }
  }

  @Test func aPairInAnItemEndsItsAnswerAsAQuotesPairDoes() {
    // The answer ends before a line opening with `#`, in a list item as in a quote.
    #expect(
      ContainerBlockTests.shape("- x\n\n  Q: a\n  A: b\n  #tag\n", shown: [.answer]) == [
        "unorderedList", " listItem", "  listMarker", "  inlineContent", "  questionAnswer", "   questionMarker",
        "   question", "    text", "   answerMarker", "   answer=b", "    text", "  paragraph",
      ])
    #expect(
      Self.lines("> Q: a\n> A: b\n> #tag\n") == [
        "[> questionMarker question text | > answerMarker answer text]", "> inlineContent hashtag",
      ])
  }

  @Test func anUnderlineBelowAnAnswerMakesAHeadingAtTheTopLevelInAnItemAndInAQuote() {
    // cmark-gfm: the paragraph `Q: a` / `A: b` under `===` or `---` is a setext heading.
    for underline in ["===", "---"] {
      let level = underline == "===" ? 1 : 2
      for text in ["Q: a\nA: b\n\(underline)\n", "> Q: a\n> A: b\n> \(underline)\n"] {
        let block = NoteDocument(text).tree.block(at: 0)
        #expect(!block.mayHold(.questionAnswer), "\(text)")
        let heading = block.kind == .heading ? block : block.children.first { _ in true }?.child(.heading)
        #expect(heading?.headingLevel == level, "\(text)")
        #expect(Self.findings(text).isEmpty, "\(text)")
      }
      #expect(
        Self.shape("- x\n\n  Q: a\n  A: b\n  \(underline)\n") == [
          "unorderedList", " listItem", "  listMarker", "  inlineContent", "  heading", "   inlineContent",
          "   headingMarker",
        ])
    }
    // After a blank line, the answer's paragraph alone is the heading.
    #expect(Self.findings("Q: a\n\nA: b\n===\n") == ["qa-missing-answer@\"Q:\""])
  }

  @Test func aMarkerIndentedPastItsContainersTextIsTextAtTheTopLevelInAnItemAndInAQuote() {
    for text in [
      "x\n\n  A: z\n", "- x\n\n    A: z\n", "> x\n>\n>   A: z\n", "  Q: a\n  A: b\n", "- x\n\n    Q: a\n    A: b\n",
    ] {
      let doc = NoteDocument(text)
      var markers = 0
      doc.tree.forEachBlock {
        $0.forEachDescendant { if $0.kind == .answerMarker || $0.kind == .questionMarker { markers += 1 } }
      }
      #expect(markers == 0, "\(text.debugDescription)")
      #expect(Self.findings(text).isEmpty, "\(text.debugDescription)")
    }
  }
}
