import BookNotesTestSupport
import Testing

@testable import NoteSyntax

/// Inline constructs across one long line: an opener without a closer spreads to the
/// line's end, a closer typed far along reaches back to its opener, and undoing either
/// gives back the tree before; an edit equals a fresh parse.
@Suite(.onThreadsOfItsOwn) struct LongLineInlineTests {
  /// Opening an inline construct in the middle of a one-line paragraph spreads to the
  /// end of the line (the cloze's finding covers it), and closing it again returns to
  /// the tree before.
  @Test func anUnclosedClozeSpreadsToTheLineEndAndBack() {
    let line = String(repeating: "plain words and *some* more words ", count: 3_000)
    let text = "# Heading\n\n" + line + "\n\nAfter.\n"
    var document = NoteDocument(text)
    let at = text.utf8.count / 2 + 7
    let summary = document.replace(at..<at, with: "?[")
    #expect(document.tree.isStructurallyEqual(to: NoteDocument(document.string).tree))
    let lineEnd = "# Heading\n\n".utf8.count + line.utf8.count + 2
    #expect(document.tree.findings == [SyntaxFinding(code: .clozeUnclosedHint, range: at..<lineEnd)])
    #expect(summary.reparsed.upperBound > lineEnd)
    document.replace(at..<(at + 2), with: "")
    #expect(document.tree.isStructurallyEqual(to: NoteDocument(text).tree))
    #expect(document.string == text)
  }

  /// A closer typed far after an opener that had none gives it one: the span reaches
  /// back to the opener. Deleting the closer undoes it.
  @Test func aCloserTypedFarAfterAnUnclosedOpenerReachesBackToIt() {
    var rng = SplitMix(seed: 6)
    let body = LargeBlockTests.text(&rng, 200_000, separator: { _ in " " }) {
      // Nor wiki links, whose insides are not inline text.
      LargeBlockTests.withoutClosers(NoteGenerator.inline(&$0)).replacingOccurrences(of: "_", with: "-")
        .replacingOccurrences(of: "[[", with: "{{")
    }
    let text = "# Heading\n\n*open " + body + "\n\nAfter the block.\n"
    var document = NoteDocument(text)
    // After a letter, before a space: a closing `*`.
    var at = 150_000
    while !(ByteClass.isASCIIAlphanumeric(document.text[at - 1]) && document.text[at] == UInt8(ascii: " ")) { at += 1 }
    document.replace(at..<at, with: "*")
    #expect(document.tree.isStructurallyEqual(to: NoteDocument(document.string).tree))
    let opener = "# Heading\n\n".utf8.count
    let paragraph = document.tree.block(at: document.tree.blockIndex(containing: opener)!)
    #expect(Array(paragraph.children).first.map { "\($0)" } == "emphasis \(opener)..<\(at + 1)")
    document.replace(at..<(at + 1), with: "")
    #expect(document.tree.isStructurallyEqual(to: NoteDocument(text).tree))
    #expect(document.string == text)
  }

  /// Likewise a link's `]`: one typed far along the line of a `[` that had none gives it
  /// a link text that reaches back to the `[`, and deleting it undoes that.
  @Test func aLinkClosedFarAlongItsLineReachesBackToItsBracket() {
    var rng = SplitMix(seed: 7)
    let body = LargeBlockTests.text(&rng, 200_000, separator: { _ in " " }) {
      // Nor comments, whose insides are not inline text.
      NoteGenerator.inline(&$0).replacingOccurrences(of: "[", with: "{").replacingOccurrences(of: "]", with: "}")
        .replacingOccurrences(of: "%", with: "+")
    }
    let text = "# Heading\n\nsee [the " + body + "\n\nAfter the block.\n"
    var document = NoteDocument(text)
    var at = 150_000
    while !(document.text[at - 1] == UInt8(ascii: " ") && document.text[at] != UInt8(ascii: " ")) { at += 1 }
    document.replace(at..<at, with: "](x)")
    #expect(document.tree.isStructurallyEqual(to: NoteDocument(document.string).tree))
    let bracket = "# Heading\n\nsee ".utf8.count
    let paragraph = document.tree.block(at: document.tree.blockIndex(containing: bracket)!)
    #expect(Array(paragraph.children).dropFirst().first.map { "\($0)" } == "link \(bracket)..<\(at + 4)")
    document.replace(at..<(at + 4), with: "")
    #expect(document.tree.isStructurallyEqual(to: NoteDocument(text).tree))
    #expect(document.string == text)
  }

  /// A long line whose `*` finds no closer on the line, then a long line of emphasis. A
  /// blank line and a marker typed into the first line start a new block there: its
  /// first line is now short, and the long line after it keeps its own closers.
  @Test(arguments: ["> ", "- ", "1. "])
  func aCloserAbsentFromOneLineIsStillFoundOnTheNext(_ marker: String) {
    var rng = SplitMix(seed: 3)
    func fill(_ text: String, to bytes: Int, _ words: (inout SplitMix) -> String) -> String {
      var out = text
      while out.utf8.count < bytes { out += words(&rng) }
      return out
    }
    let word = { (rng: inout SplitMix) in NoteGenerator.words.randomElement(using: &rng)! }
    let unclosed = fill(marker + "*open", to: 40_000) { " " + word(&$0) }
    let emphasis = fill(marker, to: 24_000) { word(&$0) + " *" + word(&$0) + "* " }
    var document = NoteDocument(unclosed + "\n" + emphasis + "\n")
    let at = 32_000
    document.replace(at..<at, with: "\n\n" + marker)
    let fresh = NoteDocument(document.string)
    #expect(document.tree.isStructurallyEqual(to: fresh.tree))
    #expect(document.dump() == fresh.dump())
  }
}
