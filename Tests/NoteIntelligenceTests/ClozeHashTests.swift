import BookNotesTestSupport
import NoteSyntax
import Testing

@testable import NoteIntelligence

/// A region of many clozes has its ids hashed, and its cards spliced, from one rendering
/// (``ClozeHashes``, ``ClozeCards``): the same ids and texts as each cloze's front
/// rendered on its own, whatever whitespace and markup surround the clozes.
@Suite struct ClozeHashTests {
  /// Pieces of a paragraph: clozes with spaces in and around their hints and answers,
  /// empty hints, adjacent clozes, line breaks, markup.
  static let pieces = [
    "word ", "?[hint](answer) ", "?[](bare)", "?[ spaced  hint ](answer)", "?[h]( padded answer )", "?[h](x)?[i](y)",
    "\n", "  ", "*em ?[a](b)* ", "**?[s](t)** ", "`code ?[no](cloze)` ", "#tag ", "😀 ", "?[h](tail)\n", "end.",
  ]

  static func paragraph(_ random: inout SplitMix, clozes: Int) -> String {
    var text = ""
    var count = 0
    while count < clozes {
      let piece = pieces[Int(random.next() % UInt64(pieces.count))]
      text += piece
      count += piece.components(separatedBy: "?[").count - 1
    }
    return text
  }

  @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8])
  func oneRenderingGivesEachClozesID(seed: UInt64) throws {
    var random = SplitMix(seed: seed)
    let count = ClozeHashes.linearFrom + Int(random.next() % 40)
    for text in [
      "# Note\n\n" + Self.paragraph(&random, clozes: count) + "\n",
      "# Note\n\n> " + Self.paragraph(&random, clozes: count).replacingOccurrences(of: "\n", with: "\n> ") + "\n",
      "# Note\n\n- " + Self.paragraph(&random, clozes: count).replacingOccurrences(of: "\n", with: " ") + "\n",
      "# Note\n\n" + Self.paragraph(&random, clozes: count) + "\n\n" + Self.paragraph(&random, clozes: 3) + "\n",
      // A cloze in a link's text is text: such a region is hashed a cloze at a time.
      "# Note\n\n[?[in](link)](x.md) " + Self.paragraph(&random, clozes: count) + "\n",
    ] {
      let doc = NoteDocument(text)
      let prompts = Prompts.prompts(for: doc, path: "/notes/n.md")
      let marks = Prompts.marks(for: doc, path: "/notes/n.md")
      #expect(prompts.filter { $0.kind == .cloze }.count >= ClozeHashes.linearFrom, "\(text.debugDescription)")
      #expect(marks.map(\.id.description) == prompts.map(\.id), "\(text.debugDescription)")
      // Each card as rendered on its own.
      var expected: [String] = []
      for block in doc.tree.blockSequence {
        for region in InlineRegion.regions(of: block) {
          for cloze in region.clozes {
            let card = Prompts.clozeCard(cloze, in: region, doc)
            expected.append("\(card.front) | \(card.back) | \(card.markup ?? "")")
          }
        }
      }
      let clozes = prompts.filter { $0.kind == .cloze }.map { "\($0.front) | \($0.back) | \($0.clozeMarkup ?? "")" }
      #expect(clozes == expected, "\(text.debugDescription)")
    }
    // The paragraph's ids come from one rendering.
    let doc = NoteDocument(Self.paragraph(&random, clozes: count))
    let region = try #require(InlineRegion.regions(of: doc.tree.block(at: 0)).first)
    var renderer = InlineText(doc: doc)
    #expect(ClozeHashes.hashes(of: region.clozes, in: region, doc, renderer: &renderer)?.count == region.clozes.count)
  }

  /// The map of a text from any state is the text hashed from that state.
  @Test func suffixMapsHashFromAnyState() {
    let text = Array("Some text ?[ with ] bytes 😀 of every kind \u{7F}\u{FF}".utf8)
    var random = SplitMix(seed: 9)
    for split in [0, 1, 7, text.count / 2, text.count] {
      let map = ClozeHashes.SuffixMap(text[..<split]).followed(by: ClozeHashes.SuffixMap(text[split...]))
      for _ in 0..<50 {
        let state = random.next()
        var hash = FNV1a(value: state)
        for byte in text { hash.add(byte) }
        #expect(map.apply(to: state) == hash.value)
      }
    }
  }
}
