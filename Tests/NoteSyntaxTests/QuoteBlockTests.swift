import BookNotesTestSupport
import Testing

@testable import NoteSyntax

/// Blocks inside `>` quotes as CommonMark reads them (headings, thematic breaks, fenced
/// and indented code, HTML blocks), and lazy continuation lines: a line without `>` that
/// goes on with the quote's paragraph.
@Suite(.onThreadsOfItsOwn) struct QuoteBlockTests {
  /// Each quote line's kinds (its `>` as `>`), with the text of the nodes named in `shown`.
  static func lines(_ text: String, shown: Set<NodeKind> = []) -> [String] {
    let doc = NoteDocument(text)
    var out: [String] = []
    doc.tree.forEachBlock { block in
      guard block.kind == .blockquote else {
        out.append("\(block.kind)")
        return
      }
      for line in block.children {
        var described: [String] = []
        line.forEachDescendant { node in
          guard node.range != line.range || node.kind != .quoteLine else { return }
          var name = node.kind == .quoteMarker ? ">" : "\(node.kind)"
          if shown.contains(node.kind) { name += "(\(doc.text.string(in: node.range)))" }
          described.append(name)
        }
        out.append(described.joined(separator: " "))
      }
    }
    return out
  }

  @Test func aHeadingAndABreakInsideAQuote() {
    #expect(
      Self.lines("> # Foo\n> bar\n> ***\n", shown: [.text]) == [
        "> heading headingMarker inlineContent text(Foo)", "> inlineContent text(bar)", "> thematicBreak",
      ])
    // A setext heading: its lines and the underline's `>` are the heading's.
    #expect(
      Self.lines("> Foo\n> bar\n> ---\n> baz\n", shown: [.text]) == [
        "> heading inlineContent text(Foo) > inlineContent text(bar) > headingMarker", "> inlineContent text(baz)",
      ])
  }

  @Test func aFenceInsideAQuoteIsCodeToItsClosingFenceOrTheQuotesEnd() {
    #expect(
      Self.lines("> ```swift\n> let tag = \"#x\" // ?[a\n>\n> ```\n> after #tag\n", shown: [.codeLines, .hashtag]) == [
        "> codeBlockStart codeFence codeInfo", "> codeLines(let tag = \"#x\" // ?[a\n)", "> codeLines(\n)",
        "> codeBlockEnd codeFence", "> inlineContent text hashtag(#tag)",
      ])
    // A line without `>` ends the quote and its code: a fence is no lazy line.
    #expect(Self.lines("> ```\nfoo\n```\n") == ["> codeBlockStart codeFence", "paragraph", "codeBlockStart"])
    #expect(NoteDocument("> ```\n> Q: x\n> ?[a\n").tree.findings.isEmpty)
  }

  @Test func indentedCodeAndHTMLInsideAQuote() {
    // After `>` and its space, four columns more are code; a tab after `>` counts from its column.
    #expect(
      Self.lines(">     code #a\n>\n>     more\n>    not code\n") == [
        "> indentedCode", ">", "> indentedCode", "> inlineContent text",
      ])
    let lines = Array(NoteDocument(">     code\n>\n>     more\n").tree.block(at: 0).children)
    #expect(lines.map { Array($0.children).last?.continuesBlock } == [false, false, true])
    #expect(Self.lines(">\t\tfoo\n") == ["> indentedCode"])
    #expect(
      Self.lines("> <div>\n> # no heading #tag\n>\n> text\n") == [
        "> htmlBlock", "> htmlBlock", ">", "> inlineContent text",
      ])
    #expect(Self.lines("> <!-- Q: x\n> A: y -->\n> z\n") == ["> htmlBlock", "> htmlBlock", "> inlineContent text"])
  }

  @Test func lazyContinuationLinesGoOnWithTheQuotesParagraph() {
    #expect(Self.lines("> foo\nbar\n===\n") == ["> inlineContent text", "inlineContent text", "inlineContent text"])
    #expect(Self.lines("> foo\n    - bar\n") == ["> inlineContent text", "inlineContent text"])
    // What starts a block, or a blank line, ends the quote; so does a line after one that is no paragraph.
    #expect(Self.lines("> foo\n---\n") == ["> inlineContent text", "thematicBreak"])
    #expect(Self.lines("> foo\n\nbar\n") == ["> inlineContent text", "blankLine", "paragraph"])
    #expect(Self.lines("> # Foo\nbar\n") == ["> heading headingMarker inlineContent text", "paragraph"])
    #expect(Self.lines(">\nbar\n") == [">", "paragraph"])
    #expect(Self.lines(">     code\n    more\n") == ["> indentedCode", "indentedCode"])
  }

  /// The kinds of a quote's subtree, lines as `[…]`, and the text of the nodes in `shown`.
  static func tree(_ text: String, shown: Set<NodeKind> = [.text]) -> String {
    let doc = NoteDocument(text)
    func describe(_ node: SyntaxNode) -> String {
      let inner = node.children.map(describe).joined(separator: " ")
      var name = node.kind == .quoteMarker ? ">" : "\(node.kind)"
      if shown.contains(node.kind) { name += "(\(doc.text.string(in: node.range)))" }
      if node.kind == .quoteLine { return "[\(inner)]" }
      return inner.isEmpty ? name : "\(name)(\(inner))"
    }
    return describe(doc.tree.block(at: 0))
  }

  @Test func quotesAndListsNestInsideAQuote() {
    // Each line lies in the innermost container open on it, with all its markers.
    #expect(
      Self.tree("> > foo\n> bar\n>\n> baz\n")
        == "blockquote(blockquote([> > inlineContent(text(foo))] [> inlineContent(text(bar))]) [>] "
        + "[> inlineContent(text(baz))])")
    #expect(
      Self.tree("> - one\n>   more\n> - # Two\n>\n>   ```\n>   #x\n>   ```\n> after\n", shown: [])
        == "blockquote(unorderedList(listItem([> listMarker inlineContent(text)] [> inlineContent(text)]) "
        + "listItem([> listMarker heading(headingMarker inlineContent(text))] [>] [> codeBlockStart(codeFence)] "
        + "[> codeLines] [> codeBlockEnd(codeFence)])) [> inlineContent(text)])")
    // A list item's text goes on lazily; a line of the quote indented less ends the list.
    #expect(
      Self.tree("> 1. a\nb\n> 2. c\n", shown: [])
        == "blockquote(orderedList(listItem([> listMarker inlineContent(text)] [inlineContent(text)]) "
        + "listItem([> listMarker inlineContent(text)])))")
    // An empty item interrupts no paragraph, and a thematic break is no item.
    #expect(Self.tree("> a\n> -\n", shown: []) == "blockquote([> heading(inlineContent(text) > headingMarker)])")
    #expect(Self.tree("> * * *\n", shown: []) == "blockquote([> thematicBreak])")
  }

  @Test func aLazyLineEndsTheQuoteWithItsCitation() {
    let doc = NoteDocument("> We are what we repeatedly do.\nExcellence is a habit. (p. 42)\n")
    let quote = doc.tree.block(at: 0)
    #expect(quote.kind == .blockquote)
    #expect(quote.range == 0..<doc.utf8Count)
    let citation = quote.children.compactMap { $0.child(.citation) }.map { doc.text.string(in: $0.range) }
    #expect(citation == ["(p. 42)"])
  }

  @Test func aCalloutKeepsItsMarkerAndHoldsBlocks() {
    #expect(
      Self.lines("> [!note] Title\n> ## Part\n> ```\n> #x\n> ```\n") == [
        "> calloutMarker inlineContent text", "> heading headingMarker inlineContent text",
        "> codeBlockStart codeFence", "> codeLines", "> codeBlockEnd codeFence",
      ])
  }

  @Test(arguments: [
    "> ```\n> #tag ?[x [[Link]]\n> # no heading\n> ```\n", ">     Q: no #tag\n", "> <!-- Q: hidden\n> A: no -->\n",
    "> [!note]\n> ~~~\n> [x](gone.md) Q: y\n",
  ])
  func nothingInsideAQuotesCodeOrHTMLIsOurs(text: String) {
    let doc = NoteDocument(text)
    #expect(!OpaqueBlockTests.parts(doc).opaque.isEmpty, "\(doc.dump())")
    #expect(OpaqueBlockTests.violations(doc).isEmpty, "\(doc.dump())")
    #expect(doc.tree.findings.isEmpty)
  }

  @Test(arguments: [
    "> ```\n> Q: x\n> ```\n", "> # H\n> text\nlazy\n\n> a\n", "> a\n> ===\n", ">     code\n>\n>     more\n",
    "> <div>\n> x\n\n> y\n", "> foo\nbar\n> baz\n",
  ])
  func editsInsideQuotesEqualAFreshParse(text: String) {
    var rng = SplitMix(seed: 20_261_127)
    for _ in 0..<200 {
      var document = NoteDocument(text)
      for _ in 0..<4 {
        let (range, insert) = IncrementalParsingTests.randomEdit(document, &rng)
        document.replace(range, with: insert)
        let fresh = NoteDocument(document.text.string(in: 0..<document.utf8Count))
        #expect(document.dump() == fresh.dump())
      }
    }
  }
}
