import Testing

@testable import NoteSyntax

/// A fresh parse builds the line index from the lines it examined; it must equal the
/// index scanned from the text, line for line.
@Suite struct LineIndexTests {
  func expectSameIndex(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let bytes = Array(text.utf8)
    let scanned = bytes.withUnsafeBufferPointer { LineIndex(bytes: $0) }
    let parsed = NoteDocument(text).lines
    #expect(parsed.lineCount == scanned.lineCount, "\(text.debugDescription)", sourceLocation: sourceLocation)
    guard parsed.lineCount == scanned.lineCount else { return }
    for line in 0..<scanned.lineCount {
      #expect(
        parsed.record(ofLine: line) == scanned.record(ofLine: line)
          && parsed.startOfLine(line) == scanned.startOfLine(line),
        "line \(line) of \(text.debugDescription)", sourceLocation: sourceLocation)
    }
  }

  @Test func edgeCases() {
    for text in [
      "", "\n", "\r", "\r\n", "a", "a\n", "a\r\nb", "a\rb\r", "\n\n\n", "# h\n\n", "```\ncode\n",
      "```\ncode\n```\nafter",
      "---\ntitle: x\n---\n# café\n", "> quote\n> — p. 4\r\n", "Q: é?\nA: 中文\n\n- a\n- b\n\n1. x\n",
      String(repeating: "long line with ünïcödé and 👍 ", count: 40) + "\n" + String(repeating: "x", count: 100),
      "para\r\ncontinued\r\n\r\nnext", "~~~\n\u{1F600}\n~~~",
    ] {
      expectSameIndex(text)
    }
  }

  @Test func generatedNotes() {
    var rng = SplitMix(seed: 7)
    for _ in 0..<300 { expectSameIndex(NoteGenerator.note(&rng)) }
  }
}
