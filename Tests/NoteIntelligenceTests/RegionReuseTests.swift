import BookNotesTestSupport
import Testing

@testable import NoteIntelligence
@testable import NoteSyntax

/// Inside a large quote or list, the parse copies the inline regions an edit left alone,
/// and the token cache takes their tokens from the block's previous version instead of
/// walking them again. What it gives (over the whole note and over a range) equals a
/// fresh computation, and so do the note's links, whatever the edit opens or closes.
@Suite(.onThreadsOfItsOwn) struct RegionReuseTests {
  /// Lines of prose with reference links (`[foo]`, defined or not), web links, links
  /// to notes, clozes and emphasis.
  static func lines(_ marker: String, count: Int, seed: UInt64) -> [String] {
    var rng = NoteLinkCacheTests.Seeded(state: seed)
    return (0..<count).map { index in
      marker + LargeBlockAnalysisTests.prose(&rng, count: 8) + (index % 5 == 0 ? " [foo] and [bar][foo]" : "")
    }
  }

  /// A quote, a list of many items, and a list item of many lines (one region), each of
  /// some 30 KB, followed by the definition of `fob` (an edit makes it `foo`).
  static let notes: [String] = [
    lines("> ", count: 400, seed: 3).joined(separator: "\n") + " (p. 4)",
    lines("- ", count: 400, seed: 4).joined(separator: "\n"),
    "- first line\n" + lines("  ", count: 400, seed: 5).joined(separator: "\n"),
  ].map { "# Title\n\n" + $0 + "\n\n[fob]: gone.md\n\nEnd.\n" }

  /// Edits at line `line` of the large block (2 is its first), as (line, column, replaced, text):
  /// letters, emphasis, a link and a cloze opened on one line and closed on the next,
  /// line breaks, and the definition's label made `foo` and back.
  static let edits: [(line: Int, column: Int, replaced: Int, text: String)] = [
    (200, 10, 0, "x"), (200, 11, 0, "y"), (201, 2, 0, "*"), (202, 6, 0, "*"), (201, 2, 1, ""),
    (150, 4, 0, "["), (151, 8, 0, "](gone.md)"), (150, 4, 1, ""), (120, 3, 0, "?["), (121, 5, 0, "]"),
    (121, 5, 1, ""), (90, 6, 0, "\n"), (91, 0, 0, "more "), (60, 0, 0, "x"), (-4, 3, 1, "o"),
    (100, 7, 0, "z"), (-4, 3, 1, "b"), (300, 9, 0, "`"), (300, 3, 0, "`"), (10, 5, 0, "x"),
  ]

  @Test(arguments: 0..<3)
  func tokensAndLinksAfterEditsEqualFresh(_ index: Int) {
    var doc = NoteDocument(Self.notes[index])
    let tokens = SemanticTokenCache()
    let links = NoteLinkCache()
    _ = tokens.tokens(for: doc)
    _ = links.links(in: doc)
    var copied = 0
    var linkRegions = 0
    for (step, edit) in Self.edits.enumerated() {
      let line = edit.line < 0 ? doc.lines.lineCount + edit.line : edit.line
      let start = min(doc.lines.startOfLine(line) + edit.column, doc.utf8Count)
      _ = doc.replace(start..<min(start + edit.replaced, doc.utf8Count), with: edit.text)
      let fresh = NoteDocument(doc.string)
      let expected = SemanticTokenizer.tokens(for: fresh)
      // As the server does: the edited block's tokens first, then the whole note's.
      let around = max(0, start - 40)..<min(doc.utf8Count, start + 40)
      let inRange = tokens.tokens(for: doc, in: around)
      Self.expectSame(inRange, expected.filter { $0.start < around.upperBound && $0.end > around.lowerBound }, step)
      copied += tokens.lastCopiedRegions
      Self.expectSame(tokens.tokens(for: doc), expected, step)
      Self.expectSame(links.links(in: doc), NoteLinkCache.fresh(in: fresh), step)
      linkRegions += links.lastCopiedRegions
    }
    // In the quote and the list, most edits copy hundreds of regions each.
    #expect(index == 2 || copied > 10 * 300, "\(copied) regions' tokens copied")
    #expect(index == 2 || linkRegions > 10 * 300, "\(linkRegions) regions' links copied")
  }

  /// Expects `got` to equal `want`, naming the first difference rather than both arrays.
  static func expectSame<T: Equatable>(_ got: [T], _ want: [T], _ step: Int) {
    guard got != want else { return }
    let at = zip(got, want).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(got.count, want.count)
    let gotAt = at < got.count ? "\(got[at])" : "none"
    let wantAt = at < want.count ? "\(want[at])" : "none"
    Issue.record(
      "step \(step): \(got.count) against \(want.count); first difference at \(at): \(gotAt) against \(wantAt)")
  }
}
