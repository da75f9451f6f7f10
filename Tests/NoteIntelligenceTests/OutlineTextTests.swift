import Testing

@testable import NoteIntelligence

/// The first words an outline name shows, read from the text's bytes where every space
/// stands between ASCII bytes and from its characters elsewhere.
@Suite struct OutlineTextTests {
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
}
