import BookNotesTestSupport
import NoteSyntax
import Testing

@testable import NoteIntelligence

/// The first words an outline name shows, read from the text's bytes where every space
/// stands between ASCII bytes and from its characters elsewhere.
@Suite(.onThreadsOfItsOwn) struct OutlineTextTests {
  func words(_ text: String, truncated: Bool = false, maxWords: Int = 12, maxBytes: Int = 80) -> String {
    OutlineText.firstWords(of: text, truncated: truncated, maxWords: maxWords, maxBytes: maxBytes)
  }

  @Test func wordsUpToTheLimits() {
    #expect(words("one two three") == "one two three")
    #expect(words("one two three", maxWords: 2) == "one two …")
    #expect(words("one two three", maxBytes: 7) == "one two …")
    #expect(words("  one   two  ") == "one two")
    #expect(words("") == "")
    #expect(words("one two three", truncated: true) == "one two …")
    #expect(words("one", truncated: true) == "one …")
  }

  @Test func aWordLongerThanTheLimitIsCutAtACharacter() {
    #expect(words("abcdef ghi", maxBytes: 4) == "abcd …")
    #expect(words("ééé ghi", maxBytes: 5) == "éé …")
  }

  @Test func wordsOutsideASCII() {
    #expect(words("çà et là, déjà vu", maxWords: 3) == "çà et là, …")
    #expect(words("日本 語の 本", maxWords: 2) == "日本 語の …")
  }

  @Test func aSpaceThatACombiningMarkFollowsIsPartOfAWord() {
    // " \u{301}" is one character, not a space: it does not end a word.
    #expect(words("x \u{301}y z", maxWords: 1) == "x \u{301}y …")
    #expect(words("x \u{301}y z") == "x \u{301}y z")
  }

  /// The words of a text split at its characters that are a space.
  func characterWords(_ text: String, maxWords: Int) -> String {
    let words = text.split(separator: " ")
    return words.prefix(maxWords).joined(separator: " ") + (words.count > maxWords ? " …" : "")
  }

  @Test func spacesNextToCharactersOutsideASCIIAreReadFromBytesAsFromCharacters() {
    let texts = [
      "one — two", "“quoted” words here", "café au lait", "中文 字 here", "😀 smile 😀", "a \u{301}b c", "a 👍🏽 b",
      "\u{600} x y", "x \u{600}y z", "a \u{200D}b c", "é \u{300} x", "Ω ω x", "a ‘b’ c", "a … b",
    ]
    for text in texts {
      for maxWords in 1...3 {
        #expect(words(text, maxWords: maxWords) == characterWords(text, maxWords: maxWords), "\(text.debugDescription)")
      }
    }
    // Dashes and quotes leave the bytes' reading in place.
    Array("one — “two”".utf8).withUnsafeBufferPointer { buffer in
      #expect(OutlineText.spaceStandsAlone(in: buffer, at: 3))
      #expect(OutlineText.spaceStandsAlone(in: buffer, at: 7))
    }
    Array("a \u{301}b".utf8).withUnsafeBufferPointer { #expect(!OutlineText.spaceStandsAlone(in: $0, at: 1)) }
    Array("\u{600} b".utf8).withUnsafeBufferPointer { #expect(!OutlineText.spaceStandsAlone(in: $0, at: 2)) }
  }

  /// A citation's text as characters give it: parentheses, or leading dashes and
  /// spaces, dropped; spaces and tabs trimmed.
  func characterCitation(_ citation: String) -> String {
    var text = Substring(citation)
    if text.hasPrefix("(") && text.hasSuffix(")") {
      text = text.dropFirst().dropLast()
    } else {
      while let first = text.first, first == "-" || first == "—" || first == "–" || first == " " { text.removeFirst() }
    }
    while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
    while let last = text.last, last == " " || last == "\t" { text.removeLast() }
    return String(text)
  }

  @Test func citationsReadFromBytesAsFromCharacters() {
    let citations = [
      "(p. 42)", "— p. 391", "– Kahneman, p. 6", "- - p. 7", " —\t p. 8 \t", "()", "(", "—", "- ", "(p. 1) ",
      "(\u{301}p. 4)", "(p. 4\u{301})", "— \u{301}p. 3", "—\u{301} p. 3", "-\u{301}p. 2", "p. 5 \u{301}",
      "\u{600} (p. 9)", "(p. 9\u{600})", "p. 10\u{600} ", "—— p. 11", "(p. 12", "p. 13)",
    ]
    for citation in citations {
      let bytes = Array(citation.utf8)
      // The bytes either give the characters' answer or leave it to them.
      let read = NoteDocument.citationText(bytes) ?? characterCitation(citation)
      #expect(read == characterCitation(citation), "\(citation.debugDescription)")
    }
    // The common citations are read from their bytes.
    #expect(NoteDocument.citationText(Array("— p. 391".utf8)) == "p. 391")
    #expect(NoteDocument.citationText(Array("(p. 42)".utf8)) == "p. 42")
  }

  /// A text is taken whole, eight bytes at a time, exactly when it is words one space
  /// apart (no byte beyond ASCII next to a space) and no more words than the name shows.
  @Test func aTextIsTakenWholeExactlyWhenItIsWordsOneSpaceApart() {
    let pieces = ["a", "bc", "defghij", " ", "  ", "é", "x", "12345678", "\t", "“", "\u{301}"]
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    for _ in 0..<4_000 {
      var text = ""
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      for index in 0..<Int(state >> 60) {
        text += pieces[Int((state >> UInt64(4 * index % 56)) & 0xFF) % pieces.count]
      }
      for maxWords in [1, 3, 12, .max] {
        let bytes = Array(text.utf8)
        let split = text.split(separator: " ")
        let spaceTouchesNonASCII = bytes.indices.contains { index in
          bytes[index] == 0x20
            && ((index > 0 && bytes[index - 1] >= 0x80) || (index + 1 < bytes.count && bytes[index + 1] >= 0x80))
        }
        let expected = !spaceTouchesNonASCII && split.joined(separator: " ") == text && split.count <= maxWords
        let whole = bytes.withUnsafeBufferPointer {
          guard
            let cut = OutlineText.asciiFirstWordsCut(
              of: $0, truncated: false, maxWords: maxWords, maxBytes: max(1, bytes.count))
          else { return bytes.isEmpty }
          return cut.words == 0..<bytes.count && !cut.more
        }
        #expect(whole == expected, "\(text.debugDescription), \(maxWords) words")
        if whole && bytes.count <= 80 { #expect(words(text, maxWords: maxWords) == text) }
      }
    }
  }

  @Test func theNextSpaceIsFoundEightBytesAtATime() {
    let text = Array("ab cdefghijklmnopq r\u{A0}stuvwxyz0123456789 é".utf8)
    text.withUnsafeBufferPointer { bytes in
      for start in 0...bytes.count {
        let expected = bytes[start...].firstIndex(of: 0x20) ?? bytes.count
        #expect(OutlineText.nextSpace(in: bytes, from: start) == expected, "from \(start)")
      }
    }
  }
}
