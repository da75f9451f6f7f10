import BookNotesTestSupport
import NoteSyntax
import Testing

@testable import NoteIntelligence

/// A library of in-memory notes, by path.
func library(_ notes: [String: String]) -> LibrarySnapshot {
  LibraryHost().apply(notes.map { .update(NoteSummary(path: $0.key, doc: NoteDocument($0.value))) })
}

/// Full-text search: parsing queries, ranking candidates from the index, and finding
/// the match in a note's text.
@Suite(.onThreadsOfItsOwn) struct SearchTests {
  @Test(arguments: [
    ("fast slow", "fast slow*"),
    ("fast slow ", "fast slow"),
    ("Café", "cafe*"),
    ("\"system one\" fast", "system one fast* \"system one\""),
    ("fast \"system one\"", "fast system one \"system one\""),
    ("\"unclosed phrase", "unclosed phrase \"unclosed phrase\""),
    ("\"fast\"", "fast"),
    ("fast-and-slow", "fast and slow \"fast and slow\""),
    ("東京", "東 京 \"東 京\""),
    ("#Psychology bias", "bias* #psychology"),
    ("bias #books/2021", "bias #books/2021"),
    ("#books #BOOKS", "#books"),
    ("#", ""),
    ("\"\"", ""),
    ("   ", ""),
    ("slo slow", "slo slow*"),
    ("slow slow", "slow"),
    ("#not-a-tag! word", "word* #not-a-tag"),
    ("#2021", "2021*"),
  ])
  func parsesQueries(text: String, expected: String) {
    #expect(SearchQuery(text).description == expected, "query \(text.debugDescription)")
  }

  /// The index's filter of adjacent word pairs keeps every note where a phrase matches
  /// (never a false negative) and drops most where its words are apart.
  @Test func phrasesKeepOnlyNotesWhoseWordsMayFollowEachOther() throws {
    var notes: [String: String] = [:]
    var random = UInt64(7)
    let words = ["the", "book", "of", "memory", "habit", "a", "fast", "slow", "東", "京", "café", "mind"]
    for index in 0..<300 {
      var text = "# Note \(index)\n\n"
      for _ in 0..<(5 + index % 40) {
        random = random &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        text += words[Int(random >> 33) % words.count] + (random % 7 == 0 ? ".\n" : " ")
      }
      if index % 10 == 0 { text += "\n```\nthe book in code\n```\nbook after code\n" }
      notes["/lib/\(index).md"] = text
    }
    let snapshot = library(notes)
    for phrase in ["\"the book\"", "\"memory habit\"", "\"東京\"", "\"cafe mind\"", "fast-slow", "\"code book\""] {
      let query = SearchQuery(phrase)
      let candidates = Set(try snapshot.searchCandidates(query).map(\.note.path))
      let matching = Set(notes.filter { NoteMatch.find(query, in: NoteDocument($0.value)) != nil }.keys)
      #expect(matching.isSubset(of: candidates), "\(phrase): no note that matches is left out")
      let withWords = notes.filter { note in
        query.words.allSatisfy { word in
          NoteSummary(path: note.key, doc: NoteDocument(note.value)).terms.count(of: word.bytes) > 0
        }
      }
      #expect(candidates.count - matching.count <= max(2, (withWords.count - matching.count) / 5), "\(phrase)")
    }
    let apart = library(["/a.md": "the big book\n", "/b.md": "the book\n"])
    #expect(try apart.searchCandidates(SearchQuery("\"the book\"")).map(\.note.path) == ["/b.md"])
  }

  /// The text is read in pieces and no further than the line chosen: read a line at a
  /// time, or whole, every note gives the same match (line, highlights, heading,
  /// whether the words follow each other), over random notes with code blocks, CRLF
  /// line ends, phrases and sequences across lines.
  @Test func readingANoteInPiecesFindsTheMatchOfReadingItWhole() {
    var random = UInt64(11)
    func next(_ bound: Int) -> Int {
      random = random &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int(random >> 33) % bound
    }
    let words = ["the", "book", "of", "memory", "habit", "fast", "slow", "東", "京", "café", "Mind", "mind's"]
    let queries = [
      "memory", "the book", "\"the book\"", "mem", "fast slow memory", "\"fast slow\" habit", "café 東京", "mind",
      "book \"of memory\"", "slow the", "habit #t1", "#t2", "\"the book of memory\"", "mind \"the book of\"",
      "\"the book of\"",
    ]
    var compared = 0
    for index in 0..<150 {
      let lineEnd = index % 5 == 0 ? "\r\n" : "\n"
      var text = "# Note \(index)" + lineEnd + lineEnd
      for line in 0..<(3 + next(60)) {
        switch next(14) {
        case 0: text += "## Part \(line)" + lineEnd
        case 1: text += "```" + lineEnd + "memory the book fast slow" + lineEnd + "```" + lineEnd
        case 2: text += "#t\(next(3)) " + lineEnd
        // A phrase and a sequence that run on to the next line.
        case 3: text += "mind the book" + lineEnd + "of memory fast" + lineEnd
        case 4: text += "habit fast" + lineEnd + "slow memory" + lineEnd
        case 5: text += "the book of mind the book" + lineEnd + "of memory" + lineEnd
        default:
          text += (0..<(1 + next(9))).map { _ in words[next(words.count)] }.joined(separator: " ") + lineEnd
        }
      }
      let doc = SearchText(NoteDocument(text))
      for query in queries.map(SearchQuery.init) {
        let whole = NoteMatch.find(query, in: doc, pieceBytes: Int.max)
        if whole != nil { compared += 1 }
        for size in [1, 40] {
          #expect(NoteMatch.find(query, in: doc, pieceBytes: size) == whole, "note \(index), \(query), pieces \(size)")
        }
      }
    }
    #expect(compared > 200, "most queries match some notes")
  }

  @Test func aFileIsMatchedWithItsSummaryWithoutParsingUnlessTheSummaryIsOfAnotherText() throws {
    let text = "# Café\n\n## Première partie\n\n```\nmemory in code\n```\n😀 A memory #mood/calm\n"
    let summary = NoteSummary(path: "/n.md", doc: NoteDocument(text))
    let bytes = Array(text.utf8)
    let parsed = SearchText(NoteDocument(text))
    let read = try #require(SearchText(bytes: bytes, summary: summary))
    for query in ["memory", "#mood", "premiere"].map(SearchQuery.init) {
      let match = NoteMatch.find(query, in: read)
      #expect(match != nil && match == NoteMatch.find(query, in: parsed), "\(query)")
    }
    let memory = try #require(NoteMatch.find(SearchQuery("memory"), in: read))
    #expect(memory.line == 7, "not in the code block")
    #expect(memory.heading == "Première partie")
    #expect(memory.span.start == NotePoint(line: 7, utf8: 7, utf16: 5, utf32: 4))
    // The file changed since it was summarised: its text is parsed instead.
    let edited = Array("# Café\n\nmemory, now first\n```\nmemory in code\n```\n".utf8)
    #expect(SearchText(bytes: edited, summary: summary) == nil)
    let reparsed = try #require(NoteMatch.find(SearchQuery("memory"), in: SearchText(file: edited, summary: summary)))
    #expect(reparsed.line == 2 && reparsed.heading == "Café")
  }

  @Test func theSequenceIsTheBareWords() {
    let query = SearchQuery("system \"one\" two")
    #expect(query.sequence.map { String(decoding: $0.bytes, as: UTF8.self) } == ["system", "two"])
    #expect(query.sequence.last?.isPrefix == true)
    #expect(SearchQuery("#tag").isEmpty == false)
    #expect(SearchQuery("").isEmpty)
  }

  static let notes: [String: String] = [
    "/lib/thinking.md": """
    # Thinking, Fast and Slow

    System one is fast. System two is slow.

    ## Anchors

    Anchoring makes estimates slow to move.

    """,
    "/lib/noise.md": """
    # Noise

    Judges are slow to agree. Noise is everywhere. Fast decisions.

    """,
    "/lib/slow.md": """
    # Slow Productivity

    Do fewer things. Work at a natural pace. #slow #pace/natural

    """,
    "/lib/cafe.md": """
    # Café Society

    Une société de café. 東京 の 本.

    """,
    "/lib/code.md": """
    # Code

    ```
    hidden words inside code
    ```

    """,
  ]

  @Test(arguments: [
    ("slow", ["Slow Productivity", "Thinking, Fast and Slow", "Noise"]),
    ("fast", ["Thinking, Fast and Slow", "Noise"]),
    ("fa", ["Thinking, Fast and Slow", "Noise"]),
    ("fast slow", ["Thinking, Fast and Slow", "Noise"]),
    ("CAFE", ["Café Society"]),
    ("東京", ["Café Society"]),
    ("system one", ["Thinking, Fast and Slow"]),
    ("noise", ["Noise"]),
    ("#slow", ["Slow Productivity"]),
    ("#pace", ["Slow Productivity"]),
    ("slow #pace/natural", ["Slow Productivity"]),
    ("slow #missing", []),
    ("hidden", []),
    ("anchors", ["Thinking, Fast and Slow"]),
    ("", []),
  ])
  func ranksCandidates(query: String, titles: [String]) throws {
    let snapshot = library(Self.notes)
    let found = try snapshot.searchCandidates(SearchQuery(query)).map { $0.note.title ?? "" }
    #expect(found == titles, "query \(query.debugDescription)")
  }

  /// The notes' texts, as the server or command line would supply them: the file's
  /// bytes with the note's summary.
  static func text(_ note: NoteSummary) -> SearchText? {
    notes[note.path].map { SearchText(file: Array($0.utf8), summary: note) }
  }

  @Test func phrasesAreCheckedInTheTextAndFailingCandidatesDropped() throws {
    let snapshot = library(Self.notes)
    #expect(
      try snapshot.searchCandidates(SearchQuery("fast slow ")).count == 2, "the index has both words in two notes")
    #expect(
      try snapshot.searchCandidates(SearchQuery("\"fast slow\"")).isEmpty,
      "in neither do they follow each other: the pair filter drops them")
    #expect(try snapshot.search(SearchQuery("\"fast slow\""), limit: 10, text: Self.text).isEmpty)

    let texts = [
      "/a.md": "# Slow Agreement\n\nSlow to decide, slower to agree. To agree is slow.\n",
      "/b.md": "# Judges\n\nJudges are slow to agree, and padding follows here.\n",
    ]
    let other = library(texts)
    let query = SearchQuery("\"slow to agree\"")
    #expect(try other.searchCandidates(query).map(\.note.path) == ["/a.md", "/b.md"])
    let hits = try other.search(query, limit: 1) { texts[$0.path].map { SearchText(NoteDocument($0)) } }
    #expect(hits.map(\.book) == ["Judges"], "the first candidate lacks the phrase; the next one is taken")
    #expect(hits.first?.snippet == "Judges are slow to agree, and padding follows here.")
    #expect(hits.first.map { h in h.matches.map { NoteMatchTests.slice(h.snippet, $0) } } == ["slow to agree"])
  }

  @Test(arguments: [
    ("\"the book\"", "It is The Book, folded.", true),
    ("\"the book\"", "the old book", false),
    ("\"a a b\"", "a a a b", true),
    ("\"fast slow\" \"café noir\"", "Fast slow; cafe, noir", true),
    ("\"fast slow\" \"café noir\"", "fast slow", false),
    ("words only", "only the words", true),
  ])
  func aPhraseMatchesWhereItsWordsFollowEachOther(query: String, text: String, may: Bool) {
    #expect((NoteMatch.find(SearchQuery(query), in: NoteDocument(text)) != nil) == may)
  }

  @Test func aNoteWhoseTextIsMissingIsSkipped() throws {
    let snapshot = library(Self.notes)
    let hits = try snapshot.search(SearchQuery("slow"), limit: 10) { note in
      note.path == "/lib/slow.md" ? nil : Self.text(note)
    }
    #expect(hits.map(\.book) == ["Thinking, Fast and Slow", "Noise"])
  }

  @Test func wordsThatFollowEachOtherRankHigher() throws {
    let snapshot = library([
      "/a.md": "# A\n\nThe word slow and then elsewhere the word fast, fast, fast and fast.\n",
      "/b.md": "# B\n\nIt is slow fast.\n\nPadding padding padding padding padding padding padding padding.\n",
    ])
    let candidates = try snapshot.searchCandidates(SearchQuery("slow fast"))
    #expect(candidates.map(\.note.path) == ["/a.md", "/b.md"])
    let hits = try snapshot.search(SearchQuery("slow fast"), limit: 10) { note in
      SearchText(
        NoteDocument(
          note.path == "/a.md"
            ? "# A\n\nThe word slow and then elsewhere the word fast, fast, fast and fast.\n"
            : "# B\n\nIt is slow fast.\n\nPadding padding padding padding padding padding padding padding.\n"))
    }
    #expect(hits.map(\.path) == ["/b.md", "/a.md"])
  }

  @Test func hitsCarryLineHeadingSpanAndScore() throws {
    let snapshot = library(Self.notes)
    let hits = try snapshot.search(SearchQuery("anchoring"), limit: 10, text: Self.text)
    let hit = try #require(hits.first)
    #expect(hits.count == 1)
    #expect(hit.path == "/lib/thinking.md")
    #expect(hit.book == "Thinking, Fast and Slow")
    #expect(hit.heading == "Anchors")
    #expect(hit.line == 6)
    #expect(hit.span.start == NotePoint(line: 6, utf8: 0, utf16: 0, utf32: 0))
    #expect(hit.span.end == NotePoint(line: 6, utf8: 9, utf16: 9, utf32: 9))
    #expect(hit.score > 0)
  }

  @Test func theLimitStopsTheSearch() throws {
    let snapshot = library(Self.notes)
    var asked: [String] = []
    let hits = try snapshot.search(SearchQuery("slow"), limit: 2) { note in
      asked.append(note.path)
      return Self.text(note)
    }
    #expect(hits.count == 2)
    #expect(asked.count == 2, "only the texts of the notes shown are read")
    #expect(try snapshot.search(SearchQuery("slow"), limit: 0, text: Self.text).isEmpty)
  }

  @Test func aCancelledSearchThrows() async throws {
    let snapshot = library(Self.notes)
    let task = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      return try snapshot.searchCandidates(SearchQuery("slow"))
    }
    await #expect(throws: CancellationError.self) { try await task.value }
  }
}
