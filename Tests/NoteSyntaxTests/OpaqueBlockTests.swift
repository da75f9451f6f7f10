import BookNotesTestSupport
import Testing

@testable import NoteSyntax

/// Code (fenced, indented, in a list item), HTML blocks, `$$` math, `%%` comments and link
/// reference definitions hold nothing of ours: no heading, prompt, tag, link or finding
/// lies inside one, in random notes (`NoteGenerator`, which puts headings, prompts, tags and links inside
/// such blocks) and after random edits of them.
@Suite(.onThreadsOfItsOwn) struct OpaqueBlockTests {
  /// The ranges of the note's code, HTML, math and comment blocks' contents, and the
  /// nodes and findings of ours.
  static func parts(_ doc: NoteDocument) -> (opaque: [Range<Int>], ours: [(String, Range<Int>)]) {
    var opaque: [Range<Int>] = []
    var ours: [(String, Range<Int>)] = []
    doc.tree.forEachBlock { block in
      block.forEachDescendant { node in
        switch node.kind {
        case .codeLines, .indentedCode, .htmlBlock, .linkReferenceDefinition: opaque.append(node.range)
        case .heading, .questionAnswer, .questionMarker, .answerMarker, .summary, .hashtag, .link, .image, .wikiLink,
          .cloze, .malformedCloze, .footnoteReference, .blockquote, .table:
          ours.append(("\(node.kind)", node.range))
        default: break
        }
      }
    }
    for finding in doc.tree.findings { ours.append((finding.code.rawValue, finding.range)) }
    return (opaque, ours)
  }

  /// The parts of ours that start inside an opaque block, described.
  static func violations(_ doc: NoteDocument) -> [String] {
    let (opaque, ours) = parts(doc)
    return ours.compactMap { name, range in
      opaque.first { $0.contains(range.lowerBound) }.map { "\(name) \(range) inside \($0)" }
    }
  }

  @Test func nothingInsideCodeHTMLMathOrACommentIsOurs() {
    var rng = SplitMix(seed: 20_261_127)
    var opaqueHoldingOurs = 0
    for index in 0..<1_500 {
      let text = NoteGenerator.note(&rng)
      let doc = NoteDocument(text)
      let found = Self.violations(doc)
      #expect(found.isEmpty, "note \(index): \(found)\n\(text.debugDescription)")
      if found.isEmpty {
        let (opaque, _) = Self.parts(doc)
        let markers = ["#tag", "Q: q", "[[Note]]", "?[hint]", "# Heading"]
        if opaque.contains(where: { range in markers.contains { doc.text.string(in: range).contains($0) } }) {
          opaqueHoldingOurs += 1
        }
      }
    }
    // The generator does put such text inside those blocks.
    #expect(opaqueHoldingOurs > 150, "\(opaqueHoldingOurs) notes with our syntax inside code, HTML, math or comments")
  }

  @Test func nothingBecomesOursInsideThemAfterEdits() {
    var rng = SplitMix(seed: 20_261_128)
    for index in 0..<300 {
      var document = NoteDocument(NoteGenerator.note(&rng))
      for step in 0..<10 {
        let (range, insert) = IncrementalParsingTests.randomEdit(document, &rng)
        document.replace(range, with: insert)
        let found = Self.violations(document)
        #expect(found.isEmpty, "note \(index) step \(step): \(found)")
        if !found.isEmpty { return }
      }
    }
  }

  @Test(arguments: [
    "<!-- Q: hidden\n\nA: no #tag [[Link]] -->\n",
    "<details>\n<summary>Spoiler</summary>\n# Not a heading ?[x](y)\n</details>\n",
    "    indented #tag\n    Q: not a question\n",
    "$$\nQ: x #y\n$$\n",
    "%%\n# hidden ?[broken\n%%\n",
    "- item\n\n  ```js\n  const re = /#this/; // ?[x](y)\n  ```\n",
    "1. step\n\n       code #tag\n",
  ])
  func examples(text: String) {
    let doc = NoteDocument(text)
    let (opaque, ours) = Self.parts(doc)
    #expect(!opaque.isEmpty, "\(doc.dump())")
    #expect(ours.isEmpty, "\(doc.dump())")
  }
}
