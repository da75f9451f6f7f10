import BookNotesTestSupport
import Foundation
import Testing

@testable import NoteSyntax
@testable import NoteText

/// After every edit, the incrementally updated document equals a fresh parse of the same
/// text, node for node, and most blocks were reused.
@Suite(.onThreadsOfItsOwn) struct IncrementalParsingTests {
  /// `BOOKNOTES_PROPERTY_SEQUENCES` raises the count (CI runs 10,000).
  static var sequenceCount: Int {
    Int(ProcessInfo.processInfo.environment["BOOKNOTES_PROPERTY_SEQUENCES"] ?? "") ?? 1500
  }

  static func randomEdit(_ document: NoteDocument, _ rng: inout SplitMix) -> (Range<Int>, String) {
    let bytes = document.text.bytes(in: 0..<document.text.count)
    let count = bytes.count
    var at = Int.random(in: 0...count, using: &rng)
    // Half of the edits land on syntax: prompt markers, line breaks, emoji.
    if Bool.random(using: &rng) && count > 0 {
      let interesting = bytes.indices.filter { i in
        let b = bytes[i]
        return b == UInt8(ascii: "?") || b == UInt8(ascii: "[") || b == UInt8(ascii: "]") || b == UInt8(ascii: ")")
          || b == UInt8(ascii: ":") || b == 0x0D || b == 0x0A || b >= 0xF0 || b == UInt8(ascii: "#")
          || b == UInt8(ascii: ">") || b == UInt8(ascii: "`") || b == UInt8(ascii: "~")
      }
      if let pick = interesting.randomElement(using: &rng) { at = pick + Int.random(in: 0...2, using: &rng) }
    }
    at = min(at, count)
    let kind = Int.random(in: 0..<3, using: &rng)
    let deleteLength = kind == 0 ? 0 : Int.random(in: 1...6, using: &rng)
    let insert =
      kind == 1
      ? ""
      : (0..<Int.random(in: 1...3, using: &rng)).map { _ in NoteGenerator.snippets.randomElement(using: &rng)! }
        .joined()
    return (at..<min(count, at + deleteLength), insert)
  }

  /// Thousands of parses: on a thread of its own, off the pool other tests' servers use.
  @Test func incrementalEqualsFresh() async {
    await onThreadOfItsOwn { Self.checkIncrementalEqualsFresh() }
  }

  static func checkIncrementalEqualsFresh() {
    var rng = SplitMix(seed: 20_261_122)
    var reused = 0
    var total = 0
    var edits = 0
    for sequence in 0..<Self.sequenceCount {
      var document = NoteDocument(NoteGenerator.note(&rng))
      for step in 0..<6 {
        let before = document
        let (range, insert) = Self.randomEdit(document, &rng)
        document.replace(range, with: insert)
        let fresh = NoteDocument(document.string)
        edits += 1
        guard document.tree.isStructurallyEqual(to: fresh.tree) else {
          Issue.record(
            "sequence \(sequence) step \(step): \(range) ← \(insert.debugDescription) on \(before.string.debugDescription)\nincremental:\n\(document.dump())\nfresh:\n\(fresh.dump())"
          )
          return
        }
        guard document.linkReferences.hasSameDefinitions(as: fresh.linkReferences) else {
          Issue.record("link reference definitions differ at sequence \(sequence) step \(step)")
          return
        }
        guard document.lines.lineCount == fresh.lines.lineCount,
          (0..<fresh.lines.lineCount).allSatisfy({
            document.lines.startOfLine($0) == fresh.lines.startOfLine($0)
              && document.lines.record(ofLine: $0) == fresh.lines.record(ofLine: $0)
          })
        else {
          Issue.record("line index differs at sequence \(sequence) step \(step)")
          return
        }
        reused += document.tree.sharedBlockCount(with: before.tree)
        total += document.tree.blockCount
      }
    }
    let ratio = total == 0 ? 0 : Double(reused) / Double(total)
    print(
      "incremental parsing: \(Self.sequenceCount) sequences, \(edits) edits, \(Int(ratio * 1000) / 10)% of blocks reused"
    )
    #expect(ratio > 0.75)
  }

  @Test func editInLargeNoteReparsesOneBlock() {
    let paragraph = "Some words with a ?[hint](answer) and #tag.\n\n"
    var document = NoteDocument(String(repeating: paragraph, count: 2000))
    let offset = paragraph.utf8.count * 1000 + 5
    let summary = document.replace(offset..<offset, with: "x")
    #expect(summary.reparsedBlocks <= 2)
    #expect(document.tree.blockCount == 4000)
  }

  /// A copy of a document made before an edit keeps its text, lines and tree: the edit
  /// changes them in place only when nothing else holds them. In a note of one chunk and
  /// in one of many.
  @Test func aCopyMadeBeforeAnEditKeepsItsTextLinesAndTree() {
    let paragraph = "Some words with a ?[hint](answer) and #tag.\n\n"
    for count in [3, 2000] {
      var document = NoteDocument(String(repeating: paragraph, count: count))
      let snapshot = document
      let text = snapshot.string
      let offset = paragraph.utf8.count * (count / 2) + 5
      document.replace(offset..<offset, with: "x\n\n# Heading\n")
      document.expectEqualsFreshParse("edited, \(count) paragraphs")
      #expect(snapshot.string == text)
      #expect(snapshot.lines.lineCount == 2 * count + 1)
      #expect(snapshot.tree.blockCount == 2 * count)
      snapshot.expectEqualsFreshParse("snapshot, \(count) paragraphs")
    }
  }

  /// Opening a fence turns every later line into code; closing it turns them back. Both
  /// by typing, one character at a time, each step equal to a fresh parse.
  @Test func typingAFenceOpensAndClosesACodeBlock() {
    let text = "Intro\n\n# Chapter\n\nQ: What?\nA: This.\n\n> A quote ?[a](b)\n"
    var document = NoteDocument(text)
    for (i, c) in "```py\n".enumerated() {
      document.replace(i..<i, with: String(c))
      document.expectEqualsFreshParse("opening, \(i)")
    }
    #expect(document.tree.block(at: 0).kind == .codeBlockStart)
    #expect((0..<document.tree.blockCount).allSatisfy { $0 == 0 || document.tree.block(at: $0).kind == .codeLines })
    #expect(document.tree.findings.isEmpty)
    let close = "```py\nIntro\n".utf8.count
    for (i, c) in "```\n".enumerated() {
      document.replace((close + i)..<(close + i), with: String(c))
      document.expectEqualsFreshParse("closing, \(i)")
    }
    #expect(document.tree.block(at: 1).kind == .codeLines)
    #expect(document.tree.block(at: 2).kind == .codeBlockEnd)
    #expect(document.tree.block(at: 3).kind == .blankLine)
    // Deleting the closing fence's last backtick reopens the block to the end.
    document.replace((close + 2)..<(close + 3), with: "")
    document.expectEqualsFreshParse("reopened")
    #expect(document.tree.block(at: document.tree.blockCount - 1).kind == .codeLines)
  }

  /// An answer runs on over the lines after its `A:` line: typing over the blank line
  /// that ends it joins the next paragraph to it, and a new blank line or `Q:` parts
  /// them again, each step equal to a fresh parse.
  @Test func typingJoinsALineToAnAnswerAndPartsItAgain() {
    let text = "Q: What?\nA: This.\n\nMore text.\nAnd more.\n\n# End\n"
    var document = NoteDocument(text)
    let blank = "Q: What?\nA: This.\n".utf8.count
    document.replace(blank..<(blank + 1), with: "")
    document.expectEqualsFreshParse("joined")
    #expect(document.tree.block(at: 0).range == 0..<(blank + "More text.\nAnd more.\n".utf8.count))
    let second = blank + "More text.\n".utf8.count
    for (i, c) in "Q: ".enumerated() {
      document.replace((second + i)..<(second + i), with: String(c))
      document.expectEqualsFreshParse("question, \(i)")
    }
    #expect(document.tree.block(at: 0).range == 0..<second)
    document.replace(second..<(second + 3), with: "\n")
    document.expectEqualsFreshParse("parted")
    #expect(document.tree.block(at: 0).range == 0..<second)
  }

  /// Inside a long unclosed code block (a fence typed at the top of a long note), an edit
  /// reparses a few lines around it, not the rest of the note; the lines are kept in
  /// runs, not one block each.
  @Test func editInsideALongCodeBlockReparsesAFewLines() {
    var rng = SplitMix(seed: 7)
    let lines = (0..<4000).map { i in
      "let value\(i) = ?[hint](answer) #\(NoteGenerator.words.randomElement(using: &rng)!)\n"
    }
    var document = NoteDocument(lines.joined())
    let opening = document.replace(0..<0, with: "```swift\n")
    #expect(opening.totalBlocks < 4000 / 4)
    #expect(document.tree.isStructurallyEqual(to: NoteDocument(document.string).tree))
    for _ in 0..<50 {
      let offset = Int.random(in: 10..<document.utf8Count, using: &rng)
      let summary = document.replace(offset..<offset, with: Bool.random(using: &rng) ? "x" : "\n")
      #expect(summary.reparsed.count < 64 * 60)
      #expect(document.tree.isStructurallyEqual(to: NoteDocument(document.string).tree))
    }
  }

  /// Reparses longer than the parse window (64 KB), with blocks larger than it: opening
  /// and closing a fence at the top re-reads the whole note, window after window.
  @Test func longReparsesAcrossParseWindows() {
    var rng = SplitMix(seed: 11)
    var text = ""
    while text.utf8.count < 400_000 {
      text += NoteGenerator.note(&rng)
      if Int.random(in: 0..<8, using: &rng) == 0 {
        // A block bigger than a window: one long paragraph or quote.
        let line = NoteGenerator.inline(&rng)
        text += (Bool.random(using: &rng) ? "> " : "") + String(repeating: line + " ", count: 90_000 / line.utf8.count)
        text += "\n\n"
      }
    }
    var document = NoteDocument(text)
    for edit in [(0..<0, "```\n"), (30..<30, "x"), (12..<12, "\n```\n"), (0..<4, ""), (5..<5, "\n~~~\n")] {
      document.replace(edit.0, with: edit.1)
      #expect(document.tree.isStructurallyEqual(to: NoteDocument(document.string).tree))
    }
    for _ in 0..<40 {
      let (range, insert) = Self.randomEdit(document, &rng)
      document.replace(range, with: insert)
    }
    #expect(document.tree.isStructurallyEqual(to: NoteDocument(document.string).tree))
  }

  @Test func editsInsideCharactersAreClampedToScalarStarts() {
    var document = NoteDocument("a😀b")
    document.replace(3..<3, with: "x")  // inside the emoji's four bytes
    #expect(document.string == "ax😀b")
    #expect(NoteDocument(document.string).tree.isStructurallyEqual(to: document.tree))
  }

  @Test func splittingAndJoiningCRLF() {
    var document = NoteDocument("Q: one\r\nA: two\r\n")
    document.replace(7..<7, with: "x")  // between \r and \n
    #expect(document.string == "Q: one\rx\nA: two\r\n")
    #expect(document.lines.lineCount == 4)
    #expect(document.tree.isStructurallyEqual(to: NoteDocument(document.string).tree))
    document.replace(7..<8, with: "")
    #expect(document.lines.lineCount == 3)
    #expect(document.tree.isStructurallyEqual(to: NoteDocument(document.string).tree))
  }
}
