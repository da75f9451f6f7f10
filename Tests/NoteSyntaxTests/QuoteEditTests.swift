import BookNotesTestSupport
import Testing

@testable import NoteSyntax

/// Keystrokes inside a long quote (or list): the reparsed block copies the inline nodes
/// of the lines the edit left alone from the block it replaces, and the tree is still a
/// fresh parse's, whatever the edit opens or closes over the quote's lines.
@Suite(.onThreadsOfItsOwn) struct QuoteEditTests {
  /// A quote of about `bytes` bytes of lines: prose, lines that open emphasis, a cloze,
  /// code or a comment that a later line would close, the closers, blank `>` lines,
  /// lazy lines, nested quotes and lists, a heading, a setext heading, a table, code,
  /// a footnote definition; a callout on its first line and a citation on its last.
  static func quote(_ rng: inout SplitMix, bytes: Int) -> String {
    let parts = [
      "*opens emphasis", "closes it*", "?[hint opens", "](answer)", "?[hint](answer", "closes a cloze)",
      "`code opens", "closes code`", "%% comment opens", "closes it %%", "**strong opens", "closes it**",
      "==highlight", "ends==", "$math", "ends$", "[link opens", "](https://x.org)", "?[", "]", ")", "*", "_",
    ]
    var lines = ["> [!quote] A long quote " + NoteGenerator.inline(&rng)]
    var count = 0
    while count < bytes {
      let line: String
      switch Int.random(in: 0..<24, using: &rng) {
      case 0: line = ">"
      case 1: line = "lazy " + NoteGenerator.inline(&rng)
      case 2: line = "> > " + NoteGenerator.inline(&rng)
      case 3: line = "> - " + NoteGenerator.inline(&rng)
      case 4: line = "> ## " + NoteGenerator.inline(&rng)
      case 5: line = "> " + NoteGenerator.inline(&rng) + "\n> ---"
      case 6: line = "> a | b\n> --- | ---\n> " + NoteGenerator.inline(&rng) + " | c"
      case 7: line = "> ```\n> *code* ?[a](b)\n> ```"
      case 8: line = "> [^n]: " + NoteGenerator.inline(&rng)
      case 9...14: line = "> " + parts.randomElement(using: &rng)! + " " + NoteGenerator.inline(&rng)
      default: line = "> " + NoteGenerator.inline(&rng)
      }
      lines.append(line)
      count += line.utf8.count + 1
    }
    return lines.joined(separator: "\n") + "\n> " + NoteGenerator.inline(&rng) + " (p. 42)"
  }

  /// What is typed: letters, deletions, and what opens or closes a construct on a line
  /// or between lines (a line break, a `>`).
  static let insertions = [
    "x", "x", "", "", "*", "**", "_", "?[", "](", ")", "]", "[", "`", "%%", "$", "==", "\n", "\n> ", "> ", "- ",
    "# ", " ", "😀",
  ]

  /// Edits anywhere in a long quote of many kinds of lines, each tree checked against a
  /// fresh parse of the same text.
  @Test(arguments: [1, 2, 3])
  func editsInsideALongQuoteEqualAFreshParse(_ seed: UInt64) {
    var rng = SplitMix(seed: seed)
    var document = NoteDocument("# Notes\n\n" + Self.quote(&rng, bytes: 40_000) + "\n\nAfter the quote.\n")
    for step in 0..<150 {
      let count = document.utf8Count
      let at = Int.random(in: 9..<(count - 18), using: &rng)
      let insert = Self.insertions.randomElement(using: &rng)!
      let delete =
        insert.isEmpty ? Int.random(in: 1...4, using: &rng) : (Int.random(in: 0..<4, using: &rng) == 0 ? 1 : 0)
      let range = at..<min(count, at + delete)
      document.replace(range, with: insert)
      let fresh = NoteDocument(document.string)
      guard document.tree.isStructurallyEqual(to: fresh.tree) else {
        Issue.record("seed \(seed) step \(step): \(range) ← \(insert.debugDescription)\n\(document.dump())")
        return
      }
    }
  }

  /// Emphasis, a cloze and code opened on one line of a quote and closed on another,
  /// then the closer or opener deleted, typed again, and a line break typed between.
  @Test func constructsOpenedAndClosedOverLinesEqualAFreshParse() {
    var rng = SplitMix(seed: 5)
    let lines = (0..<400).map { _ in "> " + NoteGenerator.inline(&rng) }
    var document = NoteDocument(lines.joined(separator: "\n") + "\n")
    let middle = lines[..<200].joined(separator: "\n").utf8.count + 1
    for (typed, laterLine) in [("*", 3), ("?[", 1), ("`", 2), ("**", 5), ("%%", 4), ("](", 1)] {
      let later = middle + lines[200..<(200 + laterLine)].joined(separator: "\n").utf8.count + 3
      let edits: [(Int, String, Int)] = [
        (middle + 2, typed, 0), (later + typed.utf8.count, typed, 0), (middle + 2, "", typed.utf8.count),
        (later, "", typed.utf8.count), (middle + 2, typed, 0), (middle + 2, "\n", 0), (middle + 2, "", 1),
        (middle + 2, "", typed.utf8.count),
      ]
      for (at, insert, delete) in edits {
        document.replace(at..<(at + delete), with: insert)
        #expect(
          document.tree.isStructurallyEqual(to: NoteDocument(document.string).tree),
          "\(insert.debugDescription) at \(at), \(delete) deleted, after \(typed)")
      }
    }
    #expect(document.string == lines.joined(separator: "\n") + "\n")
  }

  /// A character at either end of a line's text replaced by another (the line keeps its
  /// length) and then put back: the line's constructs change, the other lines' do not.
  @Test(arguments: ["> ", "- "])
  func aCharacterReplacedAtALinesEdgeEqualsAFreshParse(_ marker: String) {
    let texts = ["*a* and *b*", "?[a](b) c ?[d](e)", "`a` b `c`", "**a** b **c**", "[a](b) c [d](e)", "_a_ b _c_"]
    let original = (0..<60).map { marker + texts[$0 % texts.count] }.joined(separator: "\n") + "\n"
    var document = NoteDocument(original)
    for line in stride(from: 1, to: 59, by: 7) {
      let start = document.lines.contentRange(ofLine: line)
      for at in [start.lowerBound + marker.utf8.count, start.upperBound - 1] {
        let replaced = document.text.string(in: at..<(at + 1))
        for insert in ["x", replaced] {
          document.replace(at..<(at + 1), with: insert)
          #expect(
            document.tree.isStructurallyEqual(to: NoteDocument(document.string).tree),
            "line \(line): \(insert.debugDescription) at \(at)")
        }
      }
    }
    #expect(document.string == original)
  }

  /// A letter typed inside a word of a long quote's line, or of a long list's item,
  /// parses that line's inline text alone: the other lines' nodes are copied (lines
  /// with findings, such as a malformed cloze, are parsed again, so there are none).
  @Test(arguments: ["> ", "- "])
  func aLetterTypedParsesItsLineAlone(_ marker: String) {
    var rng = SplitMix(seed: 9)
    var lines: [String] = []
    while lines.count < 2_000 {
      let line = marker + NoteGenerator.inline(&rng)
      if NoteDocument(line).tree.findings.isEmpty { lines.append(line) }
    }
    var document = NoteDocument("# Notes\n\n" + lines.joined(separator: "\n") + "\n\nAfter.\n")
    var typed = 0
    for _ in 0..<2_000 where typed < 20 {
      let at = Int.random(in: 20..<(document.utf8Count - 20), using: &rng)
      guard ByteClass.isASCIIAlphanumeric(document.text[at - 1]), ByteClass.isASCIIAlphanumeric(document.text[at])
      else { continue }
      let summary = document.replace(at..<at, with: "x")
      let line = document.lines.contentRange(ofLine: document.lines.lineContaining(at))
      #expect(summary.reparsedBlocks == 1)
      #expect(summary.inlineParsedLength < line.count, "\(marker.debugDescription): \(summary)")
      typed += 1
    }
    #expect(typed == 20)
    #expect(document.tree.isStructurallyEqual(to: NoteDocument(document.string).tree))
  }
}
