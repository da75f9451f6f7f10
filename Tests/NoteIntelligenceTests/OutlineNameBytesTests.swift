import BookNotesTestSupport
import NoteSyntax
import Testing

@testable import NoteIntelligence

/// Names appended as bytes to a block's buffer are the bytes of the names made as
/// strings, whatever the buffer held before.
@Suite(.onThreadsOfItsOwn) struct OutlineNameBytesTests {
  static let pieces = [
    "a", "bc", "defghij", "klmnopqrstu", " ", " ", "  ", "é", "中文", "😀", "\u{301}", "\t", "—", "x y", "12345678",
  ]

  @Test func firstWordsAppendedAreTheFirstWordsMadeAsAString() {
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    func next() -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int(truncatingIfNeeded: state >> 33)
    }
    var compared = 0
    for _ in 0..<3_000 {
      let text = (0..<(next() % 40)).map { _ in Self.pieces[next() % Self.pieces.count] }.joined()
      let bytes = Array(text.utf8)
      for maxWords in [1, 8, 12, .max] {
        for maxBytes in [1, 24, 80, 100, max(1, bytes.count - 1)] {
          for truncated in [false, true] {
            let expected = OutlineText.firstWords(
              of: text, truncated: truncated, maxWords: maxWords, maxBytes: maxBytes)
            var names: [UInt8] = Array("before".utf8)
            bytes.withUnsafeBufferPointer {
              OutlineText.appendFirstWords(
                of: $0, truncated: truncated, maxWords: maxWords, maxBytes: maxBytes, to: &names)
            }
            #expect(
              names == Array("before".utf8) + Array(expected.utf8),
              "\(text.debugDescription), \(maxWords) words, \(maxBytes) bytes, truncated \(truncated)")
            compared += 1
          }
        }
      }
    }
    #expect(compared == 120_000)
  }

  /// A heading, question or answer of plain text is named from its bytes without
  /// rendering: the same name as its rendering gives.
  @Test func aNameOfPlainTextIsTheNameOfItsRendering() {
    var state: UInt64 = 0x2545_F491_4F6C_DD1D
    func next() -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int(truncatingIfNeeded: state >> 33)
    }
    var compared = 0
    var plain = 0
    for round in 0..<1_500 {
      var text = (0..<(next() % 30)).map { _ in Self.pieces[next() % Self.pieces.count] }.joined()
      // Lengths about the limit of a rendering (81 bytes), and the plain words most names are.
      if round % 3 == 0 {
        text = String(repeating: "word ", count: 14 + next() % 4) + String(repeating: "x", count: next() % 6)
      }
      guard !text.contains("\t") || round % 2 == 0 else { continue }
      let doc = NoteDocument("# \(text)\n\nQ: \(text)\nA: \(text) x\n")
      var parts: [(SyntaxNode, Int)] = []
      if let heading = doc.tree.block(at: 0).child(.inlineContent) { parts.append((heading, Int.max)) }
      if doc.tree.blockCount > 2, doc.tree.block(at: 2).kind == .questionAnswer {
        for kind in [NodeKind.question, .answer] {
          if let part = doc.tree.block(at: 2).child(kind) { parts.append((part, OutlineText.maxWords)) }
        }
      }
      for (node, maxWords) in parts {
        var renderer = InlineText(doc: doc)
        var names: [UInt8] = []
        renderer.readingChunk(holding: node.range) {
          if OutlineText.plainWords(of: node, $0, maxBytes: OutlineText.maxBytes) != nil { plain += 1 }
          OutlineText.appendFirstWords(of: node, with: &$0, maxWords: maxWords, to: &names)
        }
        let rendered = OutlineText.firstWords(of: [node], doc, maxWords: maxWords)
        #expect(String(decoding: names, as: UTF8.self) == rendered, "\(text.debugDescription)")
        compared += 1
      }
    }
    #expect(compared > 2_000)
    #expect(plain > 1_000)
  }

  @Test func aBoundedRangeAppendedIsTheBoundedString() {
    let long = (0..<40).map { "word\($0)" }.joined(separator: " ")
    let text = "# T\n\n" + long + "\n\n" + String(repeating: "中", count: 60) + "\n\nshort\n"
    let doc = NoteDocument(text)
    var checked = 0
    for start in stride(from: 0, to: doc.text.count, by: 7) {
      for length in [0, 5, 80, 81, 200, 400] where start + length <= doc.text.count {
        let range = start..<(start + length)
        let string = doc.text.string(in: range)
        // Only whole characters: a range cut inside one is no text a name is read from.
        guard Array(string.utf8).count == length else { continue }
        var names: [UInt8] = [0x41]
        OutlineText.appendBounded(range, of: doc.text, to: &names)
        #expect(names == [0x41] + Array(OutlineText.bounded(string).utf8), "\(range)")
        checked += 1
      }
    }
    #expect(checked > 100)
  }
}
