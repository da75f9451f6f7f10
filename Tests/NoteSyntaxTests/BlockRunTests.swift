import BookNotesTestSupport
import Testing

@testable import NoteSyntax

/// HTML blocks and indented code are stored in runs of lines, as fenced code is: inside
/// a long one (an unclosed `<!--` typed at the top of a note, a long listing), an edit
/// reparses a few lines around it, not the rest of the note.
@Suite(.onThreadsOfItsOwn) struct BlockRunTests {
  static func lines(_ count: Int, prefix: String) -> String {
    var rng = SplitMix(seed: 5)
    return (0..<count).map { i in
      "\(prefix)line \(i) ?[hint](answer) #\(NoteGenerator.words.randomElement(using: &rng)!) Q: x\n"
    }.joined()
  }

  /// Opens the block with `opening` at the top of a 4,000-line note, then edits inside
  /// it at lines' ends: each edit reparses a few runs, and the tree equals a fresh parse
  /// throughout.
  func checkEditsReparseAFewLines(_ text: String, opening: String, kind: NodeKind) {
    var document = NoteDocument(text)
    let opened = document.replace(0..<0, with: opening)
    #expect(opened.totalBlocks < 4000 / 4)
    #expect(document.tree.isStructurallyEqual(to: NoteDocument(document.string).tree))
    var runs = 0
    document.tree.forEachBlock { block in
      if block.kind == kind { runs += 1 }
    }
    #expect(runs > 4000 / 64, "the block is cut into runs")
    var rng = SplitMix(seed: 9)
    for _ in 0..<50 {
      // At a line's end, so that each line stays indented.
      let bytes = document.text.bytes(in: 0..<document.text.count)
      var offset = Int.random(in: opening.utf8.count..<document.utf8Count, using: &rng)
      while offset < bytes.count && bytes[offset] != 0x0A { offset += 1 }
      let summary = document.replace(offset..<offset, with: Bool.random(using: &rng) ? " x" : "\n    y")
      #expect(summary.reparsed.count < 64 * 80)
      guard document.tree.isStructurallyEqual(to: NoteDocument(document.string).tree) else {
        Issue.record("differs from a fresh parse after an edit at \(offset)")
        return
      }
    }
  }

  @Test func editsInsideAnUnclosedHTMLCommentReparseAFewLines() {
    checkEditsReparseAFewLines(Self.lines(4000, prefix: ""), opening: "<!--\n", kind: .htmlBlock)
  }

  @Test func editsInsideLongIndentedCodeReparseAFewLines() {
    checkEditsReparseAFewLines(Self.lines(4000, prefix: "    "), opening: "    code\n", kind: .indentedCode)
  }

  /// The runs of one block say so; the first does not.
  @Test func runsAfterTheFirstContinueTheBlock() {
    let doc = NoteDocument("<!--\n" + Self.lines(500, prefix: "") + "-->\nText #tag\n")
    var html: [Bool] = []
    doc.tree.forEachBlock { block in
      if block.kind == .htmlBlock { html.append(block.continuesBlock) }
    }
    #expect(html.count > 1)
    #expect(html.first == false)
    #expect(html.dropFirst().allSatisfy { $0 })
    // Nothing inside is ours; the text after the comment is.
    #expect(doc.tree.findings.isEmpty)
    #expect(doc.tree.block(at: doc.tree.blockCount - 1).kind == .paragraph)
  }
}
