import BookNotesTestSupport
import Testing

@testable import NoteSyntax

/// The table of link reference definitions: labels matched as CommonMark matches them,
/// the first definition winning, and kept in step with edits without reparsing the
/// blocks whose links use it.
@Suite(.onThreadsOfItsOwn) struct LinkReferencesTests {
  /// The reference link nodes of `doc`, as `text → destination` (`-` when undefined).
  static func resolved(_ doc: NoteDocument) -> [String] {
    var found: [String] = []
    doc.tree.forEachBlock { block in
      block.forEachDescendant { node in
        guard node.kind == .referenceLink || node.kind == .referenceImage else { return }
        let text = doc.text.string(in: doc.referenceParts(of: node).text)
        found.append("\(text) → \(doc.linkDefinition(of: node)?.destination ?? "-")")
      }
    }
    return found
  }

  @Test func labelsMatchWithoutCaseAndWithWhitespaceCollapsed() {
    let doc = NoteDocument(
      """
      [A  Book][the\tbook], [THE BOOK][], [The Book], ![cover][img], [sic], [1], [x][nope].

      [The   Book]: one.md
      [the book]: two.md
      [IMG]: <cover image.png>
      [Straße]: three.md

      [STRASSE] and [strasse]

      """)
    #expect(
      Self.resolved(doc) == [
        "A  Book → one.md", "THE BOOK → one.md", "The Book → one.md", "cover → cover image.png", "sic → -",
        "1 → -", "x → -", "STRASSE → three.md", "strasse → three.md",
      ])
    #expect(doc.linkReferences.count == 3)
  }

  @Test func whatIsNoReferenceLink() {
    for text in ["[ ]", "[]", "[^1]", "[a [b", "[a\nb]", "`[code]`", "[a](b)", "\\[a]"] {
      var kinds: [NodeKind] = []
      NoteDocument(text).tree.forEachBlock { $0.forEachDescendant { kinds.append($0.kind) } }
      #expect(!kinds.contains(.referenceLink), "\(text.debugDescription)")
    }
  }

  @Test func notesWithoutDefinitionsShareAStampThatALabelReplaces() {
    var doc = NoteDocument("Use [it] here.\n")
    let none = doc.linkReferences.stamp
    #expect(NoteDocument("Other words.\n").linkReferences.stamp === none)
    let end = doc.utf8Count
    doc.replace(end..<end, with: "\n[it]: a.md\n")
    #expect(doc.linkReferences.count == 1)
    #expect(doc.linkReferences.stamp !== none)
    #expect(NoteDocument(doc.string).linkReferences.stamp !== none)
    // The label's destination changes: a new stamp again.
    let defined = doc.linkReferences.stamp
    doc.replace((doc.utf8Count - 5)..<(doc.utf8Count - 4), with: "b")
    #expect(doc.linkReferences.stamp !== defined)
    #expect(doc.linkReferences.stamp !== none)
    doc.replace(end..<doc.utf8Count, with: "")
    #expect(doc.linkReferences.isEmpty)
    #expect(doc.linkReferences.stamp === none)
  }

  @Test func anEditToADefinitionReparsesTheDefinitionOnly() {
    var text = "Use [it][label] here.\n\n"
    for index in 0..<200 { text += "Paragraph \(index) with [it][label].\n\n" }
    text += "[label]: first.md\n"
    var doc = NoteDocument(text)
    let stamp = doc.linkReferences.stamp
    #expect(Self.resolved(doc).allSatisfy { $0 == "it → first.md" })
    let before = doc.tree
    let destination = doc.string.utf8.count - "first.md\n".utf8.count
    let edit = doc.replace(destination..<(destination + 5), with: "second")
    #expect(edit.reparsedBlocks == 1)
    #expect(doc.tree.sharedBlockCount(with: before) == doc.tree.blockCount - 1)
    #expect(doc.linkReferences.stamp !== stamp)
    #expect(Self.resolved(doc).allSatisfy { $0 == "it → second.md" })
    // Typing before the definition moves it, and keeps the stamp.
    let moved = doc.linkReferences.stamp
    doc.replace(0..<0, with: "More text. ")
    #expect(doc.linkReferences.stamp === moved)
    #expect(doc.linkReferences.hasSameDefinitions(as: NoteDocument(doc.string).linkReferences))
    // Without the definition, every use is text again.
    let start = doc.string.utf8.count - "[label]: second.md\n".utf8.count
    doc.replace(start..<doc.utf8Count, with: "")
    #expect(doc.linkReferences.isEmpty)
    #expect(Self.resolved(doc).allSatisfy { $0 == "it → -" })
  }
}
