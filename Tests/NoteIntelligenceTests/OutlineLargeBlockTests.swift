import BookNotesTestSupport
import NoteSyntax
import Testing

@testable import NoteIntelligence

/// Outline names of very long blocks (a paragraph, a quote, a list, a question, a
/// summary) and of short paragraphs with clozes near their edges: each cloze's name is
/// the window of its sentence that the whole rendered region gives.
@Suite(.onThreadsOfItsOwn) struct OutlineLargeBlockTests {
  /// The cloze names of `block`, each cut from a rendering of its whole region.
  static func wholeRegionClozeNames(_ block: SyntaxNode, _ doc: NoteDocument) -> [String] {
    InlineRegion.regions(of: block).flatMap { region -> [String] in
      let clozes = region.clozes
      guard !clozes.isEmpty else { return [] }
      var renderer = InlineText(doc: doc)
      renderer.renderBytes(region.nodes)
      let outputs = renderer.clozeOutputs
      return clozes.enumerated().map { index, cloze in
        let hint = cloze.child(.clozeHint).map { OutlineText.bounded(doc.text.string(in: $0.range), maxBytes: 24) }
        let placeholder = "[\(hint.map { $0.isEmpty ? "..." : $0 } ?? "...")]"
        guard index < outputs.count else { return placeholder }
        return OutlineText.sentenceWindow(in: renderer.bytes, around: outputs[index], placeholder: placeholder)
      }
    }
  }

  /// The names of the outline's clozes, in document order.
  static func outlineClozeNames(_ doc: NoteDocument) -> [String] {
    var names: [String] = []
    func collect(_ symbols: [OutlineSymbol]) {
      for symbol in symbols {
        if symbol.kind == .cloze { names.append(symbol.name) }
        collect(symbol.children)
      }
    }
    collect(Outline.symbols(for: doc))
    return names
  }

  static func expectClozeNamesFromWholeRegions(_ text: String, _ comment: Comment? = nil) {
    let doc = NoteDocument(text)
    var expected: [String] = []
    doc.tree.forEachBlock { expected += wholeRegionClozeNames($0, doc) }
    // Each cloze named from a window around it, however short its region.
    var windowed: [String] = []
    var renderer = InlineText(doc: doc)
    doc.tree.forEachBlock { block in
      for region in InlineRegion.regions(of: block) {
        windowed += OutlineClozeNames(region: region, doc: doc, wholeRegionBytes: 0).names(with: &renderer)
      }
    }
    expectSame(windowed, expected, "windows, \(comment?.rawValue ?? "")")
    expectSame(outlineClozeNames(doc), expected, "outline, \(comment?.rawValue ?? "")")
  }

  static func expectSame(_ names: [String], _ expected: [String], _ label: String) {
    #expect(names.count == expected.count, "\(label)")
    for (index, (name, want)) in zip(names, expected).enumerated() where name != want {
      Issue.record("\(label): cloze \(index): \(name.debugDescription) != \(want.debugDescription)")
      return
    }
  }

  @Test(arguments: 0..<6)
  func clozesOfALargeBlockAreNamedAsFromTheWholeBlock(_ index: Int) {
    let text = LargeBlockAnalysisTests.notes[index]
    let doc = NoteDocument(text)
    #expect(Self.outlineClozeNames(doc).count > (index == 3 ? -1 : 100))
    Self.expectClozeNamesFromWholeRegions(text, "note \(index)")
  }

  /// A question, an answer, a summary and a heading of about 100 KB each.
  @Test func aLongQuestionSummaryAndHeadingKeepTheirNames() {
    var rng = NoteLinkCacheTests.Seeded(state: 5)
    let question = LargeBlockAnalysisTests.prose(&rng, count: 12_000)
    let answer = LargeBlockAnalysisTests.prose(&rng, count: 12_000)
    let summary = LargeBlockAnalysisTests.prose(&rng, count: 12_000)
    let heading = String(repeating: "very long heading ", count: 6_000)
    let text = "# Book\n\n## \(heading)\n\nQ: \(question)\nA: \(answer)\n\nSummary: \(summary)\n"
    Self.expectClozeNamesFromWholeRegions(text)
    let doc = NoteDocument(text)
    let section = Outline.symbols(for: doc)[0].children[0]
    #expect(section.name == "very long heading very long heading very long heading very long heading very …")
    let prompts = section.children.filter { $0.kind != .cloze }.map { $0.kind }
    #expect(prompts == [.question, .summary])
    for symbol in section.children {
      #expect(symbol.name.utf8.count <= OutlineText.maxNameBytes)
      for child in symbol.children { #expect(child.name.utf8.count <= OutlineText.maxNameBytes) }
    }
  }

  /// Pieces of prose around clozes: spaces and line breaks in runs, sentence ends,
  /// characters of several bytes, markup, links whose text shows and whose target does not.
  static let pieces = [
    "word", "the", "café", "😀", "中文", "  ", " \n", ". ", "! ", "?", ".", "**strong** ", "*em*", "`code`",
    "[shown](https://example.org/a/very/long/target/that/is/not/shown)", "[[Note|alias]]", "#tag", " — ",
    String(repeating: "x", count: 60), "end.", "\u{301}",
  ]

  static func randomProse(_ rng: inout NoteLinkCacheTests.Seeded, bytes: Int) -> String {
    var text = ""
    while text.utf8.count < bytes {
      text += pieces.randomElement(using: &rng)!
      if Bool.random(using: &rng) { text += " " }
    }
    return text
  }

  static func randomCloze(_ rng: inout NoteLinkCacheTests.Seeded) -> String {
    let hints = ["", "hint", "a longer hint than twenty-four bytes", "ça"]
    let answers = ["answer", "two words", "café au lait", String(repeating: "long ", count: 30)]
    return "?[\(hints.randomElement(using: &rng)!)](\(answers.randomElement(using: &rng)!))"
  }

  /// Paragraphs, quotes and list items with clozes at every distance from their edges
  /// and from each other.
  @Test(arguments: 0..<8)
  func clozesNearTheEdgesOfTheirText(_ seed: Int) {
    var rng = NoteLinkCacheTests.Seeded(state: UInt64(seed) &* 7919 &+ 3)
    var blocks: [String] = []
    for _ in 0..<120 {
      var paragraph = ""
      for _ in 0..<Int.random(in: 1...4, using: &rng) {
        paragraph += Self.randomProse(&rng, bytes: Int.random(in: 0..<160, using: &rng))
        paragraph += Self.randomCloze(&rng)
      }
      paragraph += Self.randomProse(&rng, bytes: Int.random(in: 0..<160, using: &rng))
      switch Int.random(in: 0..<3, using: &rng) {
      case 0: blocks.append(paragraph)
      case 1:
        let lines = paragraph.split(separator: "\n", omittingEmptySubsequences: false)
        blocks.append(lines.map { "> " + $0 }.joined(separator: "\n") + "\n> — p. 3")
      default: blocks.append("- " + paragraph.split(separator: "\n").joined(separator: " ") + "\n- item")
      }
    }
    Self.expectClozeNamesFromWholeRegions("# Book\n\n" + blocks.joined(separator: "\n\n") + "\n", "seed \(seed)")
  }
}

extension OutlineClozeNames {
  /// The name of each cloze, in order.
  func names(with renderer: inout InlineText) -> [String] {
    var bytes: [UInt8] = []
    return appendNames(with: &renderer, to: &bytes).map { String(decoding: bytes[$0], as: UTF8.self) }
  }
}

extension OutlineText {
  /// ``appendSentenceWindow(in:around:placeholder:to:)`` as a string.
  static func sentenceWindow(in text: [UInt8], around shown: Range<Int>, placeholder: String) -> String {
    var name: [UInt8] = []
    appendSentenceWindow(in: text, around: shown, placeholder: Array(placeholder.utf8), to: &name)
    return String(decoding: name, as: UTF8.self)
  }
}
