import BookNotesTestSupport
import Testing

@testable import NoteSyntax

/// What an old piece after an edit says of closers absent from its text holds for that
/// text only: a quote line's or a list item's is its line, so a later long line of the
/// same block keeps its own closers.
@Suite struct AbsentClosersAfterEditTests {
  /// Words from `NoteGenerator.words`, appended to `text` until it holds `bytes` bytes.
  static func fill(_ text: String, to bytes: Int, _ rng: inout SplitMix, _ words: (inout SplitMix) -> String) -> String
  {
    var out = text
    while out.utf8.count < bytes { out += words(&rng) }
    return out
  }

  /// A long line whose `*` finds no closer on the line (its later pieces are parsed
  /// knowing none follows), then a long line of emphasis. A blank line and a marker typed
  /// into the first line start a new block there: its first line is now short, and the
  /// long line after it is parsed in the same reparse, beyond the old piece that knew no
  /// `*` closer followed on its own line.
  @Test(arguments: ["> ", "- ", "1. "])
  func aCloserAbsentFromOneLineIsStillFoundOnTheNext(_ marker: String) {
    var rng = SplitMix(seed: 3)
    let word = { (rng: inout SplitMix) in NoteGenerator.words.randomElement(using: &rng)! }
    let unclosed = Self.fill(marker + "*open", to: 40_000, &rng) { " " + word(&$0) }
    let emphasis = Self.fill(marker, to: 24_000, &rng) { word(&$0) + " *" + word(&$0) + "* " }
    var document = NoteDocument(unclosed + "\n" + emphasis + "\n")
    #expect(document.tree.storedBlockCount > 10, "the lines are cut into pieces")
    let at = 32_000
    document.replace(at..<at, with: "\n\n" + marker)
    let fresh = NoteDocument(document.string)
    #expect(document.tree.isStructurallyEqual(to: fresh.tree))
    #expect(document.dump() == fresh.dump())
  }
}
