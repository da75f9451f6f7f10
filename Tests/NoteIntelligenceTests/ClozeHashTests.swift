import BookNotesTestSupport
import NoteSyntax
import Testing

@testable import NoteIntelligence

/// A region of many clozes has its ids hashed, and its cards spliced, from one rendering
/// (``ClozeHashes``, ``ClozeCards``): the same ids and texts as each cloze's front
/// rendered on its own, whatever whitespace and markup surround the clozes.
@Suite(.onThreadsOfItsOwn) struct ClozeHashTests {
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

  /// Each suffix's hash from its state, as FNV-1a hashes it a byte at a time, over texts
  /// of words that come back (a word's map carries the lanes) and words that do not,
  /// long words, bytes of every value, suffixes starting together, at the end, in any
  /// order, and states that share their low seven bits.
  @Test(arguments: 1...12)
  func suffixHashesAreEachSuffixHashedByteByByte(seed: UInt64) {
    var random = SplitMix(seed: seed)
    let vocabulary = (0..<(2 + Int(random.next() % 40))).map { _ in
      (0..<(1 + Int(random.next() % 12))).map { _ in UInt8(random.next() % 256) } + [0x20]
    }
    var text: [UInt8] = []
    let length = Int(random.next() % 6_000)
    while text.count < length {
      switch random.next() % 10 {
      case 0: text += (0..<(30 + Int(random.next() % 50))).map { _ in UInt8(0x41 + random.next() % 26) }
      case 1: text.append(UInt8(random.next() % 256))
      default: text += vocabulary[Int(random.next() % UInt64(vocabulary.count))]
      }
    }
    var suffixes: [(start: Int, state: UInt64)] = []
    for _ in 0..<Int(random.next() % 700) {
      let start = random.next() % 8 == 0 ? text.count : Int(random.next() % UInt64(text.count + 1))
      let state = random.next() % 4 == 0 ? (suffixes.last?.state ?? 0) ^ (random.next() << 7) : random.next()
      suffixes.append((start, state))
    }
    let hashes = SuffixHashes.hashes(of: text, suffixes: suffixes)
    #expect(hashes.count == suffixes.count)
    for (suffix, hash) in zip(suffixes, hashes) {
      var plain = FNV1a(value: suffix.state)
      for byte in text[suffix.start...] { plain.add(byte) }
      #expect(hash == plain.value, "seed \(seed), suffix at \(suffix.start) of \(text.count)")
    }
  }

  /// In paragraphs of hundreds of clozes among words that come back, each id as its
  /// front rendered on its own hashes it.
  @Test(arguments: [21, 22, 23])
  func manyClozesAmongRepeatedWordsKeepTheirIDs(seed: UInt64) throws {
    var random = SplitMix(seed: seed)
    let words = ["the", "mind", "habit", "of", "reading", "Kahneman", "système", "😀", "and", "a"]
    var text = ""
    for index in 0..<(300 + Int(random.next() % 300)) {
      for _ in 0..<Int(random.next() % 12) { text += words[Int(random.next() % UInt64(words.count))] + " " }
      text += random.next() % 3 == 0 ? "?[](\(words[index % words.count]))" : "?[h\(index % 5)](answer \(index)) "
    }
    let doc = NoteDocument(text + "\n")
    let region = try #require(InlineRegion.regions(of: doc.tree.block(at: 0)).first)
    var renderer = InlineText(doc: doc)
    let hashes = try #require(ClozeHashes.hashes(of: region.clozes, in: region, doc, renderer: &renderer))
    let plain = region.clozes.map { cloze in
      let card = Prompts.clozeCard(cloze, in: region, doc)
      return Prompts.idHash(kind: .cloze, front: card.front, back: card.back)
    }
    #expect(hashes == plain)
  }
}
