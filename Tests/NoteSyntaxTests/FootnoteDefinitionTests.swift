import Testing

@testable import NoteSyntax

/// Footnote definitions are blocks of their own, as in GFM: a definition's line ends
/// the paragraph or definition before it.
@Suite struct FootnoteDefinitionTests {
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
}
