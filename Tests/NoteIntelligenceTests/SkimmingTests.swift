import NoteSyntax
import Testing

@testable import NoteIntelligence

/// A first indexing summarises each note from a skimmed parse
/// (`NoteDocument.skimming(checkedUTF8:)`): inline content without `#` or `[` is one
/// text leaf. Its summary must be the full parse's, words included, for any note.
@Suite struct SkimmingTests {
  static func summaries(_ text: String) -> (full: NoteSummary, skimmed: NoteSummary) {
    let bytes = Array(text.utf8)
    return (
      NoteSummary(path: "/notes/n.md", doc: NoteDocument(text)),
      NoteSummary(path: "/notes/n.md", doc: NoteDocument.skimming(checkedUTF8: bytes))
    )
  }

  /// Notes where skimming leaves content as text next to content it must parse.
  static let notes: [String] = [
    "# A **bold** `code` heading #tag\n\nPlain *emphasis* and ?[hint](answer) with `code`.\n",
    "Q: What is **this** #q?\nA: An *answer* with `code` and no tag\n",
    "Q: plain question\nA: answer with #tag and [a link](other.md)\n",
    "> a quote with *emphasis*\n> and a #tag on its second line\n> — p. 42\n",
    "- item *one*\n- item with [link](b.md)\n- item `#not-a-tag`\n- item ![img](c.png)\n",
    "1. first\n2. second #two\n\nTL;DR: a summary with **bold**\n",
    "Summary: short *one*\n\nA paragraph `with # in code` only\n",
    "---\ntitle: Book\ntags: a, #b\n---\n# Heading *x*\n\ntext *y*\n",
    "```\n# not a heading #code\n```\nAfter `the` fence *here*\n",
    "Line one *open\nline two* closed\n\nthird `span\nacross` lines\n",
    "A\r\nparagraph\r\nwith CRLF *and* emphasis #crlf\r\n",
    "Text with <https://example.com> and a bare # sign and [brackets]\n",
    "## Chapter 1: *The* Beginning\n\nQ: Why `this`?\nA: Because.\n\n## Chapter 2 #part\n",
    "Emoji 😀 *text* 東京 café\n\n#mood/😀 tagged\n",
    "",
    "\n\n\n",
    "*",
  ]

  @Test(arguments: notes)
  func aSkimmedSummaryIsTheFullParsesSummary(text: String) {
    let (full, skimmed) = Self.summaries(text)
    #expect(full == skimmed)
  }

  @Test func randomNotesSummariseAlike() {
    let pieces = [
      "# ", "## ", "Q: ", "A: ", "> ", "- ", "1. ", "TL;DR: ", "?[hint](answer)", "?[", "](", ")", "(", "[", "]",
      "#books/2021", " #idea", "#", "**", "*", "_", "`", "```\n", "---\n", "title: T\n", "[link](x.md)",
      "![cover](c.png)", "<https://e.com>", "😀", "é", "東京", "\r\n", "\n", "\n\n", " ", "word", "the", "(p. 4)",
      "— p. 3",
    ]
    var state: UInt64 = 0x5EED
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
    for round in 0..<400 {
      let text = (0..<(5 + next(60))).map { _ in pieces[next(pieces.count)] }.joined()
      let (full, skimmed) = Self.summaries(text)
      #expect(full == skimmed, "note \(round): \(text.debugDescription)")
    }
  }

  @Test func plainContentIsOneTextLeafWhenSkimmed() {
    // No `#` and no `[`: no hashtag, link or image (nor cloze) can be there.
    let text = "A paragraph with *emphasis* and `code`,\non two lines.\n\n- an item with **bold**\n"
    let skimmed = NoteDocument.skimming(checkedUTF8: Array(text.utf8))
    let full = NoteDocument(text)
    func kinds(_ doc: NoteDocument) -> [NodeKind] {
      var kinds: [NodeKind] = []
      doc.tree.forEachBlock { block in
        block.withFlatSubtree { flat in
          for index in flat.root..<flat.end { kinds.append(flat.kind(index)) }
        }
      }
      return kinds
    }
    #expect(kinds(full).contains(.emphasis) && kinds(full).contains(.code) && kinds(full).contains(.strong))
    #expect(!kinds(skimmed).contains(.emphasis) && !kinds(skimmed).contains(.code) && !kinds(skimmed).contains(.strong))
    #expect(kinds(skimmed).filter { $0 == .text }.count == 2)
  }
}
