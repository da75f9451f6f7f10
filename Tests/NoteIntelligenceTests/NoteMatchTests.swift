import BookNotesTestSupport
import NoteSyntax
import Testing

@testable import NoteIntelligence

/// Finding a search's match in a note's text: the line, the snippet around it, the
/// heading above it, positions in every encoding.
@Suite(.onThreadsOfItsOwn) struct NoteMatchTests {
  static func slice(_ text: String, _ range: Range<Int>) -> String {
    String(decoding: Array(text.utf8)[range], as: UTF8.self)
  }

  static func match(_ query: String, _ text: String) -> NoteMatch? {
    NoteMatch.find(SearchQuery(query), in: NoteDocument(text))
  }

  /// (query, note, line, snippet with each match in `[` `]`, heading)
  @Test(
    arguments: [
      ("ego", "# Book\n\n## Willpower\n\n   😀 Ego depletion is real.\n", 4, "😀 [Ego] depletion is real.", "Willpower"),
      ("本", "# 本の本\n\n東京 の 本.\n", 0, "# [本]の[本]", "本の本"),
      ("東京", "# Notes\n\n東京 の 本.\n", 2, "[東京] の 本.", "Notes"),
      ("\"東京の本\"", "# Notes\n\n東京 の 本.\n", 2, "[東京 の 本].", "Notes"),
      ("cafe", "# Notes\n\nUne société de Café. #café\n", 2, "Une société de [Café]. #[café]", "Notes"),
      (
        "\"fast and slow\"", "# Thinking, Fast and Slow\n\nFast.\n", 0, "# Thinking, [Fast and Slow]",
        "Thinking, Fast and Slow"
      ),
      (
        "system two", "# T\n\nSystem one.\n\nOne then system, two, three: System two.\n", 4,
        "One then [system, two], three: [System two].", "T"
      ),
      ("one two", "# T\n\nOne alone.\n\nTwo alone.\n\nBoth: two and one.\n", 6, "Both: [two] and [one].", "T"),
      ("crlf", "---\r\ntitle: X\r\n---\r\nLine with CRLF\r\nNext\r\n", 3, "Line with [CRLF]", nil),
      ("title", "---\ntitle: X\n---\n# X\n", 1, "[title]: X", nil),
      ("slo", "# T\n\nSlowly, slower, slowest.\n", 2, "[Slowly], [slower], [slowest].", "T"),
      ("#mood", "---\ntags: reading, mood/happy\n---\n# T\n\n#mood here\n", 1, "tags: reading, [mood/happy]", nil),
      ("#mood", "# T\n\n```\n#mood in code\n```\n\nText #Mood/😀 end\n", 6, "Text #[Mood/😀] end", "T"),
    ] as [(String, String, Int, String, String?)])
  func findsTheMatchInTheText(query: String, text: String, line: Int, marked: String, heading: String?) throws {
    let match = try #require(Self.match(query, text), "query \(query)")
    #expect(match.line == line, "query \(query)")
    #expect(Self.marked(match) == marked, "query \(query)")
    #expect(match.heading == heading, "query \(query)")
  }

  /// The snippet with `[` `]` around each match.
  static func marked(_ match: NoteMatch) -> String {
    var bytes = Array(match.snippet.utf8)
    for range in match.matches.reversed() {
      bytes.insert(UInt8(ascii: "]"), at: range.upperBound)
      bytes.insert(UInt8(ascii: "["), at: range.lowerBound)
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  @Test(arguments: [
    ("hidden", "# Code\n\n```\nhidden\n```\n"),
    ("\"fast slow\"", "# Fast and Slow\n"),
    ("missing", "# Fast and Slow\n"),
    ("#other", "# T\n\n#tag\n"),
  ])
  func findsNothingWhenTheTextLacksTheQuery(query: String, text: String) {
    #expect(Self.match(query, text) == nil, "query \(query)")
  }

  @Test func matchesAreInUTF16ForClientsAndTheSpanInEveryEncoding() throws {
    let match = try #require(Self.match("ego", "😀 Ego é ego\n"))
    #expect(match.matches == [5..<8, 12..<15])
    #expect(NoteMatch.utf16(match.matches, in: match.snippet) == [3..<6, 9..<12])
    #expect(match.span.start == NotePoint(line: 0, utf8: 5, utf16: 3, utf32: 2))
    #expect(match.span.end == NotePoint(line: 0, utf8: 8, utf16: 6, utf32: 5))
  }

  @Test func aLongLineIsCutAroundTheMatch() throws {
    let before = String(repeating: "lorem ipsum 😀 ", count: 20)
    let after = String(repeating: " dolor sit 東京", count: 20)
    let match = try #require(Self.match("needle", "# T\n\n" + before + "needle" + after + "\n"))
    #expect(match.snippet.hasPrefix("…"))
    #expect(match.snippet.hasSuffix("…"))
    #expect(match.snippet.count == NoteMatch.snippetCharacters + 2)
    #expect(match.matches.map { Self.slice(match.snippet, $0) } == ["needle"])
    let prefix = String(decoding: Array(match.snippet.utf8)[..<match.matches[0].lowerBound], as: UTF8.self)
    #expect(prefix.count == NoteMatch.snippetCharacters / 4 + 1, "a quarter of the snippet before the match")
  }

  @Test func highlightsBeyondTheCutAreDropped() throws {
    // Every "the" is highlighted; most lie outside the cut around the first one.
    let line = "the " + String(repeating: "word ", count: 30) + "the book " + String(repeating: "the word ", count: 40)
    let match = try #require(Self.match("\"the book\"", "# T\n\n" + line + "\n"))
    #expect(!match.matches.isEmpty)
    #expect(
      match.matches.allSatisfy { Self.slice(match.snippet, $0) == "the" || Self.slice(match.snippet, $0) == "book" })
  }

  @Test func aMatchNearTheEndOfALongLineShowsTheLineEnd() throws {
    let line = String(repeating: "word ", count: 60) + "needle end"
    let match = try #require(Self.match("needle", line))
    #expect(match.snippet.hasPrefix("…"))
    #expect(match.snippet.hasSuffix("needle end"))
    #expect(match.snippet.count == NoteMatch.snippetCharacters + 1)
  }

  @Test func theLogarithmIsTheNaturalOne() {
    for (value, expected) in [
      (1.0, 0.0), (2.718281828459045, 1.0), (10.0, 2.302585092994046), (0.5, -0.6931471805599453),
    ] {
      #expect(abs(value.logarithm - expected) < 1e-12)
    }
  }
}
