import BookNotesTestSupport
import Testing

@testable import NoteSyntax

/// Blocks inside containers by the one list of block starts (`BlockRule`): a quote, a
/// thematic break, a list and a link reference definition inside a list item; a table,
/// a `$$` block, a footnote definition and a link reference definition inside a quote;
/// and the definitions a note's links resolve through, wherever they are.
@Suite(.onThreadsOfItsOwn) struct ContainerBlockTests {
  /// The kinds of `text`'s nodes in preorder, indented by depth, leaves' text after `=`
  /// for the kinds in `shown`.
  static func shape(_ text: String, shown: Set<NodeKind> = []) -> [String] {
    let doc = NoteDocument(text)
    var out: [String] = []
    func walk(_ node: SyntaxNode, _ depth: Int) {
      let name = String(repeating: " ", count: depth) + "\(node.kind)"
      out.append(shown.contains(node.kind) ? name + "=" + doc.text.string(in: node.range) : name)
      guard ![.inlineContent, .tableCell, .paragraph].contains(node.kind) else { return }
      for child in node.children { walk(child, depth + 1) }
    }
    doc.tree.forEachBlock { walk($0, 0) }
    return out
  }

  @Test func aListItemHoldsAQuoteABreakAndAListOnItsLine() {
    #expect(
      Self.shape("- a\n  > b\n  >\n- > c\nlazy\n", shown: [.quoteMarker]) == [
        "unorderedList",
        " listItem", "  listMarker", "  inlineContent",
        "  blockquote", "   quoteLine", "    quoteMarker=>", "    inlineContent", "   quoteLine", "    quoteMarker=>",
        " listItem", "  listMarker",
        "  blockquote", "   quoteLine", "    quoteMarker=>", "    inlineContent", "   quoteLine", "    inlineContent",
      ])
    #expect(
      Self.shape("- Foo\n- * * *\n") == [
        "unorderedList", " listItem", "  listMarker", "  inlineContent", " listItem", "  listMarker", "  thematicBreak",
      ])
    // A thematic break ends the list; it is no item.
    #expect(
      Self.shape("* Foo\n* * *\n* Bar\n").filter { !$0.hasPrefix(" ") } == [
        "unorderedList", "thematicBreak", "unorderedList",
      ])
    #expect(
      Self.shape("1. - 2. foo\n   - bar\n", shown: [.listMarker]) == [
        "orderedList", " listItem", "  listMarker=1.",
        "  unorderedList",
        "   listItem", "    listMarker=-", "    orderedList", "     listItem", "      listMarker=2.",
        "      inlineContent",
        "   listItem", "    listMarker=-", "    inlineContent",
      ])
  }

  @Test func aQuoteHoldsATableMathAndDefinitions() {
    let text =
      "> [!note] Plan\n> | a | b |\n> |---|---|\n> | 1 #x | 2 |\n>\n> $$\n> #no\n> $$\n> [^1]: foot\n>\n> [k]: /x\n"
    #expect(
      Self.shape(text) == [
        "blockquote",
        " quoteLine", "  quoteMarker", "  calloutMarker", "  inlineContent",
        " quoteLine", "  quoteMarker",
        "  table", "   tableRow", "    tableCell", "    tableCell", "   quoteMarker", "   tableRow", "   quoteMarker",
        "   tableRow", "    tableCell", "    tableCell",
        " quoteLine", "  quoteMarker",
        " quoteLine", "  quoteMarker", "  codeBlockStart", "   codeFence",
        " quoteLine", "  quoteMarker", "  codeLines",
        " quoteLine", "  quoteMarker", "  codeBlockEnd", "   codeFence",
        " footnoteDefinition", "  quoteLine", "   quoteMarker", "   footnoteLabel", "   inlineContent",
        "  quoteLine", "   quoteMarker",
        " quoteLine", "  quoteMarker", "  linkReferenceDefinition", "   linkText", "   linkTarget",
      ])
    let doc = NoteDocument(text)
    var tags: [String] = []
    doc.tree.forEachBlock {
      $0.forEachDescendant { if $0.kind == .hashtag { tags.append(doc.text.string(in: $0.range)) } }
    }
    #expect(tags == ["#x"], "the cell's tag, none in the math")
  }

  @Test func aTablesRowsEndAtAnyOtherBlockAtTheTopLevelInAnItemAndInAQuote() {
    // As cmark-gfm reads rows: a tag alone on its line (an HTML block that cannot interrupt
    // a paragraph), indented code, an item of any number; a definition's text is a row.
    let ends = ["<span>", "    code", "2. x", "-"]
    for (line, after) in zip(ends, [NodeKind.htmlBlock, .indentedCode, .orderedList, .unorderedList]) {
      for prefix in ["", "> ", "- x\n\n  "] {
        let lines = ["| a |", "| - |", "| 1 |", line].map { prefix == "- x\n\n  " ? $0 : prefix + $0 }
        let text = (prefix == "- x\n\n  " ? prefix + lines.joined(separator: "\n  ") : lines.joined(separator: "\n"))
        var kinds: [NodeKind] = []
        NoteDocument(text + "\n").tree.forEachBlock { $0.forEachDescendant { kinds.append($0.kind) } }
        #expect(kinds.filter { $0 == .tableRow }.count == 3, "\(text.debugDescription)")
        #expect(kinds.contains(after), "\(text.debugDescription)")
      }
    }
    let rows = Self.shape("| a |\n| - |\n[k]: /x\n").filter { $0.hasSuffix("tableRow") }
    #expect(rows.count == 3)
  }

  @Test func aClosingDelimiterAfterTextIsTheFenceAtTheTopLevelInAnItemAndInAQuote() {
    // `$$` ending a line of text closes the block: the fence is the `$$`, never the text.
    for text in ["$$\na $$\n", "- $$\n  a $$\n", "> $$\n> a $$\n"] {
      let doc = NoteDocument(text)
      var fences: [String] = []
      doc.tree.forEachBlock {
        $0.forEachDescendant { if $0.kind == .codeFence { fences.append(doc.text.string(in: $0.range)) } }
      }
      #expect(fences == ["$$", "$$"], "\(text.debugDescription)")
    }
  }

  @Test func aFootnoteDefinitionInAQuoteRunsOverItsContinuationLines() {
    // A container in the quote, its label among its first line's markers: its text goes
    // on over lazy lines (an underline there is text, as at the top level), and lines
    // indented four columns are its blocks.
    #expect(
      Self.shape("> [^1]: A footnote\n> that goes on\nlazily.\n> ===\n>\n> Quoted.\n") == [
        "blockquote",
        " footnoteDefinition",
        "  quoteLine", "   quoteMarker", "   footnoteLabel", "   inlineContent",
        "  quoteLine", "   quoteMarker", "   inlineContent", "  quoteLine", "   inlineContent",
        "  quoteLine", "   quoteMarker", "   inlineContent", "  quoteLine", "   quoteMarker",
        " quoteLine", "  quoteMarker", "  inlineContent",
      ])
    #expect(
      Self.shape("> [^1]: A footnote\n>     - item\n> ---\n") == [
        "blockquote",
        " footnoteDefinition",
        "  quoteLine", "   quoteMarker", "   footnoteLabel", "   inlineContent",
        "  unorderedList", "   listItem", "    quoteLine", "     quoteMarker", "     listMarker", "     inlineContent",
        " quoteLine", "  quoteMarker", "  thematicBreak",
      ])
  }

  @Test func definitionsInsideContainersResolveLinks() {
    let text = "See [k] and [m].\n\n> [k]: /quoted\n\n- [m]: /listed\n"
    var doc = NoteDocument(text)
    #expect(doc.linkReferences.definition(forLabel: "k")?.destination == "/quoted")
    #expect(doc.linkReferences.definition(forLabel: "M")?.destination == "/listed")
    // An edit to the quote's definition changes the table, as one at the top level does.
    let at = Array(text.utf8).firstIndex(of: UInt8(ascii: "q"))!
    _ = doc.replace(at..<(at + 6), with: "moved")
    #expect(doc.linkReferences.definition(forLabel: "k")?.destination == "/moved")
    #expect(doc.dump() == NoteDocument(doc.text.string(in: 0..<doc.text.count)).dump())
  }

  @Test func anOrderedListInterruptsAParagraphOnlyFromOne() {
    #expect(Self.shape("The number of windows is\n14.  The number of doors is 6.\n") == ["paragraph"])
    #expect(
      Self.shape("Steps:\n1. one\n2. two\n3.\n").filter { !$0.hasPrefix("  ") } == [
        "paragraph", "orderedList", " listItem", " listItem", " listItem",
      ])
  }
}
