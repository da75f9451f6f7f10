import BookNotesTestSupport
import NoteSyntax
import Testing

@testable import NoteIntelligence

/// Inline text rendered from a node's flat subtree is the rendering made node by node:
/// the same bytes, clozes and truncation, with limits, windows, markup kept and a hidden cloze.
@Suite(.onThreadsOfItsOwn) struct InlineTextFlatTests {
  static let pieces = [
    "plain words", "**strong *and em***", "`code span`", "?[hint](answer)", "?[](bare)", "[a link](https://x.org)",
    "![an image](pic.png)", "[[Wiki Note|alias]]", "[[Wiki#Part]]", "[ref][label]", "[undefined][nope]", "#tag",
    ":smile:", "==highlight==", "<!-- comment -->", "café 中文", "line  \nbreak", "?[unclosed", "$x^2$", "[^1]",
  ]

  /// The renderings of every block's regions, each made with and without flat subtrees.
  static func renderings(_ text: String, _ configure: (inout InlineText, InlineRegion) -> Void) -> [String] {
    let doc = NoteDocument(text + "\n\n[label]: https://example.org\n")
    var results: [String] = []
    doc.tree.forEachBlock { block in
      for region in InlineRegion.regions(of: block) {
        var pair: [String] = []
        for flat in [true, false] {
          var renderer = InlineText(doc: doc)
          renderer.readsFlatSubtrees = flat
          configure(&renderer, region)
          renderer.renderBytes(region.nodes)
          pair.append(
            "\(String(decoding: renderer.bytes, as: UTF8.self)) \(renderer.truncated) \(renderer.clozeOutputs) "
              + "\(renderer.clozeStarts) \(String(describing: renderer.placeholderRange))")
        }
        results += pair
      }
    }
    return results
  }

  @Test func aFlatRenderingEqualsOneMadeNodeByNode() {
    var state: UInt64 = 0x2545_F491_4F6C_DD1D
    var compared = 0
    for _ in 0..<300 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      let words = (0..<(3 + Int(state >> 61))).map {
        Self.pieces[Int((state >> UInt64(5 * $0)) & 0x1F) % Self.pieces.count]
      }
      let line = words.joined(separator: " ")
      for text in [line, "# " + line, "> " + line + "\n> " + line, "Q: " + line + "\nA: " + line, "- " + line] {
        let configurations: [(inout InlineText, InlineRegion) -> Void] = [
          { _, _ in },
          { renderer, _ in renderer.limit = 17 },
          { renderer, _ in renderer.keepsMarkup = true },
          { renderer, region in renderer.hiddenCloze = region.clozes.first?.range },
          { renderer, region in
            let start = region.nodes[0].startOffset
            renderer.window = (start + 9)..<(start + 40)
          },
        ]
        for configure in configurations {
          let results = Self.renderings(text, configure)
          for pair in stride(from: 0, to: results.count, by: 2) {
            #expect(results[pair] == results[pair + 1], "\(text.debugDescription)")
            compared += 1
          }
        }
      }
    }
    #expect(compared > 5_000)
  }

  /// Runs of spaces and tabs become one space, long words are copied eight bytes at a
  /// time, and a limit cuts the rendering where the whole one would be cut.
  @Test func textIsCollapsedAndCutAsAWholeRenderingIs() {
    let pieces = ["a", "word", "longerword", "0123456789abcdef", " ", "  ", "\t", " \t ", "!?", "é"]
    var state: UInt64 = 0x0123_4567_89AB_CDEF
    for _ in 0..<2_000 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      let text =
        "x" + (0..<(2 + Int(state >> 59))).map { pieces[Int((state >> UInt64(2 * $0)) & 0xF) % pieces.count] }.joined()
      let doc = NoteDocument(text)
      let paragraph = doc.tree.block(at: 0)
      var whole = InlineText(doc: doc)
      whole.renderBytes(paragraph)
      let expected = Array(text.collapsingWhitespace.utf8)
      #expect(Array(whole.bytes.prefix(expected.count)) == expected, "\(text.debugDescription)")
      for limit in [1, 7, 8, 9, 17, 40] {
        var cut = InlineText(doc: doc)
        cut.limit = limit
        cut.renderBytes(paragraph)
        var prefix = Array(whole.bytes.prefix(limit))
        // A character the limit cuts is left out.
        while let last = prefix.last, last >= 0x80, String(validating: prefix, as: UTF8.self) == nil {
          prefix.removeLast()
        }
        #expect(cut.bytes == prefix, "\(text.debugDescription), limit \(limit)")
        #expect(cut.truncated == (whole.bytes.count > limit), "\(text.debugDescription), limit \(limit)")
      }
    }
  }
}
