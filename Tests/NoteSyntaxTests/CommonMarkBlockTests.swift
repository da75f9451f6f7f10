import BookNotesTestSupport
import Testing

@testable import NoteSyntax

/// Block structure as CommonMark reads it, case by case: backslash escapes, link
/// reference definitions, tabs after list markers, blocks inside list items, items
/// indented too far, and the prompts built on top (multi-line questions, code answers).
@Suite(.onThreadsOfItsOwn) struct CommonMarkBlockTests {
  /// Each top-level block's kind and its descendants' kinds, with the text of the
  /// leaves named in `shown`.
  static func outline(_ text: String, shown: Set<NodeKind> = []) -> [String] {
    let doc = NoteDocument(text)
    var out: [String] = []
    doc.tree.forEachBlock { block in
      var line = "\(block.kind)"
      block.forEachDescendant { node in
        guard node.range != block.range || node.kind != block.kind else { return }
        line += " \(node.kind)"
        if shown.contains(node.kind) { line += "(\(doc.text.string(in: node.range)))" }
      }
      out.append(line)
    }
    return out
  }

  @Test func aBackslashEscapeIsADelimiterAndItsCharacterText() {
    let doc = NoteDocument("# foo \\*baz\\* \\#tag\n")
    var kinds: [String] = []
    doc.tree.block(at: 0).forEachDescendant { node in
      if node.kind == .delimiter || node.kind == .text || node.kind == .emphasis || node.kind == .hashtag {
        kinds.append("\(node.kind) \(doc.text.string(in: node.range))")
      }
    }
    #expect(
      kinds == ["text foo ", "delimiter \\", "text *baz", "delimiter \\", "text * ", "delimiter \\", "text #tag"])
    // A backslash before a letter or a space escapes nothing.
    #expect(Self.outline("a \\b \\ c *d*\n") == ["paragraph text emphasis delimiter text delimiter"])
  }

  @Test func linkReferenceDefinitionsAreBlocksOfTheirOwn() {
    let shown: Set<NodeKind> = [.linkText, .linkTarget]
    #expect(
      Self.outline("[foo]: /url \"title #tag\"\n[Bar]:\n  <my url>\n  'multi\n  line'\n", shown: shown) == [
        "linkReferenceDefinition linkText(foo) linkTarget(/url)",
        "linkReferenceDefinition linkText(Bar) linkTarget(my url)",
      ])
    // Definitions then a paragraph's line and an underline: a setext heading of that line.
    #expect(
      Self.outline("[foo]: /url\nbar\n===\n", shown: [.text]) == [
        "linkReferenceDefinition linkText linkTarget", "heading inlineContent text(bar) headingMarker",
      ])
    // A paragraph of definitions only is no heading's text: `===` is a paragraph (and
    // `[foo]` a link that uses the definition).
    #expect(
      Self.outline("[foo]: /url\n===\n[foo]\n") == [
        "linkReferenceDefinition linkText linkTarget", "paragraph text lineBreak referenceLink text",
      ])
    // Not definitions: no colon, a title with text after it, a space inside the
    // destination, inside a paragraph (a definition interrupts none), a footnote's.
    for text in [
      "[foo] /url\n", "[foo]: /url \"title\" more\n", "[foo]: /my url\n", "Text\n[foo]: /url\n", "[]: /url\n",
    ] {
      #expect(!Self.outline(text).contains { $0.hasPrefix("linkReferenceDefinition") }, "\(text.debugDescription)")
    }
    #expect(Self.outline("[^1]: A footnote.\n").first?.hasPrefix("footnoteDefinition") == true)
    // A title that does not close on the next line leaves the definition on its first.
    #expect(
      Self.outline("[foo]: /url\n\"title\" ok\n") == [
        "linkReferenceDefinition linkText linkTarget", "paragraph text",
      ])
    // Nothing inside is a tag, a prompt or a finding.
    let doc = NoteDocument("[q]: /Q:x 'Q: ?[broken #tag'\n")
    #expect(doc.tree.findings.isEmpty)
  }

  @Test func aTabAfterAListMarkerCountsToItsColumn() {
    // `-→→foo`: the content is indented code two columns in.
    #expect(Self.outline("-\t\tfoo\n") == ["unorderedList listItem listMarker indentedCode"])
    // `-→foo`: text at column 4, so a line indented four spaces continues it.
    #expect(
      Self.outline("-\tfoo\n\n    bar\n") == ["unorderedList listItem listMarker inlineContent text paragraph text"])
  }

  @Test func aListItemHoldsSetextHeadingsAndHTMLBlocks() {
    #expect(
      Self.outline("- # Foo\n- Bar\n  ---\n  baz\n", shown: [.text]) == [
        "unorderedList listItem listMarker heading headingMarker inlineContent text(Foo) listItem listMarker "
          + "heading inlineContent text(Bar) headingMarker paragraph text(baz)"
      ])
    // An underline indented less than the item's text is no part of it.
    #expect(Self.outline("- Bar\n---\n") == ["unorderedList listItem listMarker inlineContent text", "thematicBreak"])
    #expect(
      Self.outline("- <div>\n- foo\n") == [
        "unorderedList listItem listMarker htmlBlock listItem listMarker inlineContent text"
      ])
    #expect(
      Self.outline("- <!-- Q: hidden\n\n  #tag -->\n- after\n") == [
        "unorderedList listItem listMarker htmlBlock listItem listMarker inlineContent text"
      ])
  }

  @Test func aMarkerIndentedPastTheListIsCode() {
    #expect(
      Self.outline("1. a\n\n  2. b\n\n    3. c\n") == [
        "orderedList listItem listMarker inlineContent text listItem listMarker inlineContent text", "blankLine",
        "indentedCode",
      ])
    // Indented as far as the last item's text, it is still an item (nested lists of one
    // kind are read as one list).
    #expect(Self.outline("1. a\n\n     2. b\n").first?.hasPrefix("orderedList") == true)
    #expect(Self.outline("1. a\n\n     2. b\n").count == 1)
  }

  @Test func aQuestionRunsOverLinesUntilItsAnswer() {
    let doc = NoteDocument("Q: What does the\nlazy controller\ndo?\nA: It saves effort.\n")
    let block = doc.tree.block(at: 0)
    #expect(block.kind == .questionAnswer)
    #expect(block.child(.question).map { doc.text.string(in: $0.range) } == "What does the\nlazy controller\ndo?")
    #expect(doc.tree.findings.isEmpty)
    // `Q:` alone on its line, the question on the next.
    let alone = NoteDocument("Q:\nWho?\nA: Me.\n")
    #expect(alone.tree.block(at: 0).child(.question).map { alone.text.string(in: $0.range) } == "Who?")
    // Without an `A:` line the paragraph is no pair, and says so.
    let unanswered = NoteDocument("Q: Who\nasked?\n\nA: Nobody.\n")
    #expect(unanswered.tree.block(at: 0).kind == .paragraph)
    #expect(unanswered.tree.findings.map(\.code) == [.qaMissingAnswer, .qaOrphanAnswer])
    // A question of one line still pairs across one blank line, and says so.
    #expect(NoteDocument("Q: Who?\n\nA: I.\n").tree.findings.map(\.code) == [.qaBlankLineBetween])
    // Another block ends the question: a list, a heading.
    #expect(NoteDocument("Q: Who?\n- a\nA: Me.\n").tree.block(at: 0).kind == .paragraph)
  }

  @Test func findingsAreWalkedInTheNotesOrder() {
    let doc = NoteDocument("Q: Who\nasked?\n\nA: Nobody.\n\nQ: Who?\n\nA: I.\n")
    var walked: [SyntaxFinding] = []
    doc.tree.forEachFinding { walked.append($0) }
    #expect(walked.map(\.code) == [.qaMissingAnswer, .qaOrphanAnswer, .qaBlankLineBetween])
    #expect(walked.map(\.range) == doc.tree.findings.map(\.range))
    #expect(walked.allSatisfy { $0.range.upperBound <= doc.utf8Count })
  }

  @Test func anAnswerMayBeAFencedCodeBlock() throws {
    let text = "Q: Reverse a list?\nA:\n```python\nxs[::-1]  # Q: not a #tag\n```\nAfter.\n"
    let doc = NoteDocument(text)
    let block = doc.tree.block(at: 0)
    #expect(block.kind == .questionAnswer)
    let answer = try #require(block.child(.answer))
    #expect(Array(answer.children).map(\.kind) == [.codeBlockStart, .codeLines, .codeBlockEnd])
    #expect(answer.child(.codeLines).map { doc.text.string(in: $0.range) } == "xs[::-1]  # Q: not a #tag\n")
    #expect(doc.tree.findings.isEmpty)
    #expect(doc.tree.block(at: doc.tree.blockCount - 1).kind == .paragraph)
    // An unclosed fence is no answer: the answer is empty and the code runs on.
    let unclosed = NoteDocument("Q: Reverse?\nA:\n```\nxs\n")
    #expect(unclosed.tree.findings.map(\.code) == [.qaEmptyAnswer])
  }

  @Test func aTableHeaderOfOneCellNeedsNoPipe() {
    #expect(
      ContainerBlockTests.shape("plain words\n|:-:|\nrow\n") == [
        "table", " tableRow", "  tableCell", " tableRow", " tableRow", "  tableCell",
      ])
    // A `---` under text is a setext underline still.
    #expect(ContainerBlockTests.shape("Title\n---\n").first == "heading")
  }
}
