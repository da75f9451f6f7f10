import BookNotesTestSupport
import Testing

@testable import NoteSyntax

/// Link reference definitions inside quotes and list items, over several lines as at the
/// top level (CommonMark reads them from a paragraph's lines, after the container's
/// markers): each is a definition, not text, and defines its label for the whole note.
@Suite(.onThreadsOfItsOwn) struct ContainerDefinitionTests {
  /// What `text` reads as: each definition (`label → destination`), the quotes' text
  /// lines, and each reference link with what it resolves to.
  static func read(_ text: String) -> (definitions: [String], quoteText: [String], links: [String]) {
    let doc = NoteDocument(text)
    var definitions: [String] = []
    var quoteText: [String] = []
    doc.tree.forEachBlock { block in
      block.forEachDescendant { node in
        switch node.kind {
        case .linkReferenceDefinition:
          // A label over a quote's lines is a `linkText` a line.
          let parts = node.children.filter { $0.kind == .linkText }.map { doc.text.string(in: $0.range) }
          let label = parts.isEmpty ? "?" : parts.joined(separator: "\n")
          definitions.append("\(label) → \(node.child(.linkTarget).map { doc.text.string(in: $0.range) } ?? "")")
        case .quoteLine:
          if let content = node.child(.inlineContent) { quoteText.append(doc.text.string(in: content.range)) }
        default: break
        }
      }
    }
    return (definitions, quoteText, LinkReferencesTests.resolved(doc))
  }

  @Test func aDefinitionOverAQuotesLinesIsOneDefinition() {
    // Destination and title each on a line of their own.
    var read = Self.read("> [foo]:\n> /url\n> \"title\"\n\nSee [foo].\n")
    #expect(read.definitions == ["foo → /url"])
    #expect(read.quoteText == [])
    #expect(read.links == ["foo → /url"])
    // A title on the next line, then the quote's own text.
    read = Self.read("> [Foo]: /url\n> \"title\"\n> more text\n\n[foo]\n")
    #expect(read.definitions == ["Foo → /url"])
    #expect(read.quoteText == ["more text"])
    #expect(read.links == ["foo → /url"])
    // A destination on a lazy line (no `>`), and a definition in an item in a quote.
    read = Self.read("> [foo]:\n/url\n\n> - [bar]:\n>   <b r> 'B'\n\n[foo] [bar]\n")
    #expect(read.definitions == ["foo → /url", "bar → b r"])
    #expect(read.links == ["foo → /url", "bar → b r"])
    // Definitions one after another, the next starting on the line after a title.
    read = Self.read("> [a]: /a\n> [b]:\n> /b\n> 'B'\n> [c]: /c\n\n[a] [b] [c]\n")
    #expect(read.definitions == ["a → /a", "b → /b", "c → /c"])
    #expect(read.quoteText == [])
    // A reference link inside the quote uses a definition from anywhere in the note.
    read = Self.read("> Read [foo] here.\n\n[foo]:\n/there\n")
    #expect(read.links == ["foo → /there"])
  }

  /// A label that runs over a quote's lines is read after each line's markers, as
  /// cmark-gfm reads it: `[foo bar]` uses it. The label's node is a `linkText` a line,
  /// with the next line's `>` between them, so the tree stays one preorder run.
  @Test func aLabelOverAQuotesLinesIsADefinition() {
    var read = Self.read("> [foo\n> bar]: /url\n\n[foo bar]\n")
    #expect(read.definitions == ["foo\nbar → /url"])
    #expect(read.quoteText == [])
    #expect(read.links == ["foo bar → /url"])
    let doc = NoteDocument("> [foo\n> bar]: /url\n")
    #expect(
      doc.dump().contains(
        "(linkText 3..6 \"foo\")\n        (quoteMarker 7..8 \">\")\n        (linkText 9..12 \"bar\")\n"))
    // Over three lines, one of them lazy, the destination on the last; then the quote's text.
    read = Self.read("> [a\n> b\nc]:\n> /abc\n> text\n\n[A B C]\n")
    #expect(read.definitions == ["a\nb\nc → /abc"])
    #expect(read.quoteText == ["text"])
    #expect(read.links == ["A B C → /abc"])
    // In an item in a quote.
    read = Self.read("> - [it\n>   em]: /item\n\n[it em]\n")
    #expect(read.definitions == ["it\nem → /item"])
    #expect(read.links == ["it em → /item"])
  }

  @Test func whatIsNoDefinitionInAQuote() {
    // A label over lines with no `:` after it is text.
    var read = Self.read("> [foo\n> bar] /url\n")
    #expect(read.definitions == [])
    #expect(read.quoteText == ["[foo", "bar] /url"])
    // A callout and a label without a destination are text.
    read = Self.read("> [!note] Title\n> body\n>\n> [foo]:\n> \n")
    #expect(read.definitions == [])
    #expect(read.quoteText == ["Title", "body", "[foo]:"])
    // A title that does not close leaves the definition at its destination's line.
    read = Self.read("> [foo]: /url\n> \"title\n> more\n")
    #expect(read.definitions == ["foo → /url"])
    #expect(read.quoteText == ["\"title", "more"])
  }

  /// A setext underline under a paragraph that is only definitions is text (`---` too);
  /// under text after a definition, it makes that text a heading (cmark-gfm).
  @Test func anUnderlineBelowDefinitionsInAQuote() {
    var read = Self.read("> [foo]:\n> /url\n> ===\n")
    #expect(read.definitions == ["foo → /url"])
    #expect(read.quoteText == ["==="])
    let broken = NoteDocument("> [foo]:\n> /url\n> ---\n")
    var kinds: [NodeKind] = []
    broken.tree.forEachBlock { $0.forEachDescendant { kinds.append($0.kind) } }
    #expect(!kinds.contains(.thematicBreak) && !kinds.contains(.heading))
    read = Self.read("> [foo]: /url\n> bar\n> ===\n")
    #expect(read.definitions == ["foo → /url"])
    let heading = NoteDocument("> [foo]: /url\n> bar\n> ===\n")
    var headings: [String] = []
    heading.tree.forEachBlock {
      $0.forEachDescendant { node in
        if node.kind == .heading, let text = node.child(.inlineContent) {
          headings.append(heading.text.string(in: text.range))
        }
      }
    }
    #expect(headings == ["bar"])
  }

  @Test func aDefinitionOverAListItemsLines() {
    var read = Self.read("- [foo]:\n  /url\n  \"title\"\n- [bar]: /bar\n\"lazy title\"\n\n[foo] [bar]\n")
    #expect(read.definitions == ["foo → /url", "bar → /bar"])
    #expect(read.links == ["foo → /url", "bar → /bar"])
    // A line that starts another block is no part of it (a quote, an item).
    read = Self.read("[foo]:\n> \"t\"\n\n- [bar]: /bar\n- \"t\"\n\n[foo] [bar]\n")
    #expect(read.definitions == ["bar → /bar"])
    #expect(read.quoteText == ["\"t\""])
    #expect(read.links == ["foo → -", "foo → -", "bar → /bar"])
  }

  /// The definition's node holds its later lines' markers, in order, so the tree stays
  /// one preorder run; an edit that makes a quote's line part of one reparses to the
  /// same tree as a fresh parse.
  @Test func editsInAndAroundAQuotesDefinition() {
    var doc = NoteDocument("> [foo]:\n> /url\n> more\n\n[foo]\n")
    #expect(
      doc.dump().contains("(linkText 3..6 \"foo\")\n        (quoteMarker 9..10 \">\")\n        (linkTarget 11..15"))
    doc.replace(18..<18, with: "\"title\"\n> ")
    #expect(doc.dump() == NoteDocument(doc.string).dump())
    #expect(Self.read(doc.string).quoteText == ["more"])
    doc.replace(11..<15, with: "")
    #expect(doc.dump() == NoteDocument(doc.string).dump())
    #expect(doc.linkReferences.isEmpty)
    #expect(LinkReferencesTests.resolved(doc) == ["foo → -", "foo → -"])
  }
}

/// A definition on an item's later line after a tab that straddles the item's column,
/// as cmark-gfm reads it: under an item at column 2, `  →[k]: /url` is indented two
/// columns past the item's content, so it is a definition, not text.
@Suite(.onThreadsOfItsOwn) struct StraddlingTabDefinitionTests {
  @Test func aDefinitionAfterATabThatStraddlesTheItemsColumnIsADefinition() {
    var read = ContainerDefinitionTests.read("- # T\n  \t[k]: /url\n\n[k]\n")
    #expect(read.definitions == ["k → /url"])
    #expect(read.links == ["k → /url"])
    read = ContainerDefinitionTests.read("- # T\n  \t[k]:\n  \t/url\n\n[k]\n")
    #expect(read.definitions == ["k → /url"])
  }
}
