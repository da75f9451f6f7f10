import BookNotesTestSupport
import Testing

@testable import NoteSyntax

/// Footnote definitions are containers, as cmark-gfm reads them: a definition's line ends
/// the paragraph or definition before it; its first line's text and the lines going on
/// with it are its first block, and every later line indented four columns past its
/// container's (blank lines between) is a line of its blocks, read as an item's are.
@Suite(.onThreadsOfItsOwn) struct FootnoteDefinitionTests {
  /// The kinds of `text`'s nodes in preorder, indented by depth (``ContainerBlockTests/shape(_:shown:)``).
  static func shape(_ text: String, shown: Set<NodeKind> = []) -> [String] {
    ContainerBlockTests.shape(text, shown: shown)
  }

  /// Each top-level block's kind and text.
  static func blocks(_ text: String) -> [String] {
    let doc = NoteDocument(text)
    var found: [String] = []
    doc.tree.forEachBlock { block in
      guard block.kind != .blankLine else { return }
      found.append("\(block.kind) \(doc.text.string(in: block.range))")
    }
    return found
  }

  @Test func definitionsOnConsecutiveLinesAreTwoDefinitions() {
    #expect(
      Self.blocks("[^1]: One,\n    continued.\n[^two]: Two.\n") == [
        "footnoteDefinition [^1]: One,\n    continued.\n", "footnoteDefinition [^two]: Two.\n",
      ])
  }

  @Test func aDefinitionEndsTheParagraphBeforeIt() {
    #expect(
      Self.blocks("Text[^1]\n[^1]: One.\r\n") == ["paragraph Text[^1]\n", "footnoteDefinition [^1]: One.\r\n"])
    // Indented four spaces, or not a definition (`[^a b]:`), the line goes on the paragraph.
    #expect(Self.blocks("Text\n    [^1]: One.\n") == ["paragraph Text\n    [^1]: One.\n"])
    #expect(Self.blocks("Text\n[^a b]: One.\n") == ["paragraph Text\n[^a b]: One.\n"])
  }

  @Test func anUnderlineBelowADefinitionIsItsTextAtTheTopLevelInAnItemAndInAQuote() {
    // As cmark-gfm reads it: a footnote's text is no setext heading.
    for text in ["[^1]: a\n===\n", "- [^1]: a\n  ===\n", "> [^1]: a\n> ===\n"] {
      let doc = NoteDocument(text)
      var texts: [String] = []
      doc.tree.forEachBlock {
        $0.forEachDescendant { if $0.kind == .text { texts.append(doc.text.string(in: $0.range)) } }
      }
      #expect(texts.map { String($0.drop { $0 == " " }) } == ["a", "==="], "\(text.debugDescription)")
    }
  }

  @Test func linesIndentedFourColumnsAfterABlankLineAreItsBlocks() {
    #expect(
      Self.shape("Text[^1].\n\n[^1]: First\n\n    Second para\n\n    - item\n\nafter\n", shown: [.paragraph]) == [
        "paragraph=Text[^1].\n", "blankLine",
        "footnoteDefinition", " footnoteLabel", " inlineContent", " paragraph=Second para\n",
        " unorderedList", "  listItem", "   listMarker", "   inlineContent",
        "blankLine", "paragraph=after\n",
      ])
    // A tab is four columns; code is indented four more.
    #expect(
      Self.shape("[^1]: a\n\n\tb\n\n        code\n") == [
        "footnoteDefinition", " footnoteLabel", " inlineContent", " paragraph", " indentedCode",
      ])
  }

  @Test func aBlankLineThenTextIndentedLessEndsIt() {
    #expect(
      Self.shape("[^1]: a\n\n  two\n\n    code\n") == [
        "footnoteDefinition", " footnoteLabel", " inlineContent", "blankLine", "paragraph", "blankLine",
        "indentedCode",
      ])
    // Four columns past its container, not past its `[`.
    #expect(
      Self.shape("  [^1]: a\n\n    b\n") == [
        "footnoteDefinition", " footnoteLabel", " inlineContent", " paragraph",
      ])
  }

  @Test func aLazyLineGoesOnWithTheParagraphItEnds() {
    #expect(
      Self.shape("[^1]: a\nlazy\n", shown: [.inlineContent]) == [
        "footnoteDefinition", " footnoteLabel", " inlineContent=a\nlazy",
      ])
    #expect(
      Self.shape("[^1]: a\n\n    b\nlazy\n- item\n").filter { !$0.hasPrefix("  ") } == [
        "footnoteDefinition", " footnoteLabel", " inlineContent", " paragraph", "unorderedList", " listItem",
      ])
  }

  @Test func itsFirstLineOpensBlocksAsAnItemsDoes() {
    // The first line's text stands at the definition's content column: a list there
    // holds the lines indented two columns past it.
    #expect(
      Self.shape("[^1]: - item\n      more\n\n      para\n") == [
        "footnoteDefinition", " footnoteLabel",
        " unorderedList", "  listItem", "   listMarker", "   inlineContent", "   paragraph",
      ])
    // An underline indented as its lines is a setext heading's; one indented less is text.
    #expect(
      Self.shape("[^1]: a\n    ---\n") == [
        "footnoteDefinition", " footnoteLabel", " heading", "  inlineContent", "  headingMarker",
      ])
  }

  @Test func aDefinitionInAListItemIndentsPastTheItemsColumn() {
    #expect(
      Self.shape("- x\n  [^1]: a\n      b\n\n      c\n\n    d\n") == [
        "unorderedList", " listItem", "  listMarker", "  inlineContent",
        "  footnoteDefinition", "   footnoteLabel", "   inlineContent", "   paragraph",
        "  paragraph",
      ])
  }

  @Test func definitionsNestAndAPairInOneIsACard() {
    #expect(
      Self.shape("[^1]: [^2]: x\n    [^3]: y\n", shown: [.footnoteLabel]) == [
        "footnoteDefinition", " footnoteLabel=1",
        " footnoteDefinition", "  footnoteLabel=2", "  inlineContent",
        " footnoteDefinition", "  footnoteLabel=3", "  inlineContent",
      ])
    #expect(
      Self.shape("[^1]: note\n\n    Q: Why?\n    A: Because.\n").filter { !$0.hasPrefix("   ") } == [
        "footnoteDefinition", " footnoteLabel", " inlineContent",
        " questionAnswer", "  questionMarker", "  question", "  answerMarker", "  answer",
      ])
    // Nesting stops at a depth of 32: deeper, a definition is text.
    let deep = String(repeating: "[^a]: ", count: 100) + "x\n"
    #expect(Self.shape(deep).filter { $0.hasSuffix("footnoteDefinition") }.count == 32)
  }

  /// Typing a definition's `[^1]:` makes the indented lines after it its blocks, and
  /// unindenting one ends it there: after each keystroke the tree equals a fresh parse.
  @Test func anEditThatMakesOrIndentsADefinitionReparsesItsLines() {
    var document = NoteDocument("Text.\n\n note\n\n    more\n\n    - item\n\nafter\n")
    let start = "Text.\n\n".utf8.count
    for (offset, character) in "[^1]:".enumerated() {
      document.replace((start + offset)..<(start + offset), with: String(character))
      document.expectEqualsFreshParse("typing the marker, \(offset)")
    }
    #expect(Self.blocks(document.string).first { $0.hasPrefix("footnoteDefinition") }?.hasSuffix("- item\n") == true)
    let item = document.string.utf8.count - "- item\n\nafter\n".utf8.count
    document.replace((item - 4)..<item, with: "")
    document.expectEqualsFreshParse("unindenting the item")
    #expect(Self.blocks(document.string).contains("unorderedList - item\n"))
    document.replace((item - 4)..<(item - 4), with: "\t")
    document.expectEqualsFreshParse("indenting it by a tab")
    document.replace(start..<(start + 1), with: "")
    document.expectEqualsFreshParse("unmaking the definition")
    #expect(!Self.blocks(document.string).contains { $0.hasPrefix("footnoteDefinition") })
  }
}
