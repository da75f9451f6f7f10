import BookNotesTestSupport
import Dispatch
import NoteSyntax
import Testing

@testable import NoteIntelligence

/// The library index's values: folding, fuzzy ranking, tags and the archive of a
/// summary, each checked against a table.
@Suite(.onThreadsOfItsOwn) struct LibraryIndexTests {
  static func summary(_ path: String, _ text: String) -> NoteSummary {
    NoteSummary(path: path, doc: NoteDocument(text))
  }

  /// Three notes with tags, headings, a book and a question (``SummaryFixtures``).
  static let library = SummaryFixtures.library

  static func snapshot() -> LibrarySnapshot {
    let host = LibraryHost()
    return host.apply(library.map { .update($0) })
  }

  @Test(arguments: [
    ("Café", "cafe"), ("ÉCOLE", "ecole"), ("Straße", "strasse"),
    ("Łódź", "lodz"), ("読書", "読書"), ("Mood 😀", "mood 😀"), ("Noël", "noel"),
  ])
  func foldsCaseAndDiacritics(input: String, folded: String) {
    #expect(TextFolding.folded(input) == folded)
  }

  @Test func splitsWordsWithCJKCharactersAsWordsOfTheirOwn() {
    let words = TextFolding.words(of: "Café au lait, 東京の本 — #tag 2021 😀x").map { String(decoding: $0, as: UTF8.self) }
    #expect(words == ["cafe", "au", "lait", "東", "京", "の", "本", "tag", "2021", "x"])
  }

  /// Query → the expected names, best first (ties broken by shorter name, use, kind).
  @Test(arguments: [
    ("thinking", ["Thinking about judges", "Thinking, Fast and Slow"]),
    ("noise", ["Noise", "Chapter 1: Crime and Noisy Punishment"]),
    ("cafe", ["Café Society"]),
    ("CAFÉ", ["Café Society"]),
    ("chapter 1", ["Chapter 1: The Characters", "Chapter 1: Crime and Noisy Punishment"]),
    ("ego", ["Ego depletion"]),
    ("judges", ["Thinking about judges"]),
    ("#psy", ["#psychology"]),
    ("psychology", ["#psychology"]),
    ("books/2021", ["#books/2021"]),
    ("😀", ["#mood/😀"]),
    ("読", ["#読書"]),
    ("tfas", ["Thinking, Fast and Slow"]),
    ("system 2", ["What does System 2 do?"]),
    ("zzz", []),
  ])
  func ranksSymbols(query: String, expected: [String]) throws {
    let names = try Self.snapshot().symbols(matching: query, limit: 50).map(\.name)
    #expect(names == expected)
  }

  @Test func anEmptyQueryListsTheBooksAndTheLimitHolds() throws {
    let snapshot = Self.snapshot()
    #expect(
      try snapshot.symbols(matching: "", limit: 10).map(\.name) == ["Café Society", "Noise", "Thinking, Fast and Slow"])
    #expect(try snapshot.symbols(matching: "", limit: 10).allSatisfy { $0.kind == .book })
    #expect(try snapshot.symbols(matching: "e", limit: 3).count == 3)
  }

  /// A small limit gives the first answers of a large one, however many names match
  /// (the search stops collecting names that cannot be shown).
  /// A library large enough to be matched in parts gives the answer of one part.
  static let large: LibrarySnapshot = {
    var notes: [NoteSummary] = []
    for index in 0..<2200 {
      var text = "# Book \(index) about things\n\n#topic/\(index % 7)\n\n"
      for chapter in 0..<(index % 4) {
        text += "## Chapter \(chapter) part \(index % 11)\n\nQ: Why \(chapter)?\nA: So.\n\n"
      }
      notes.append(Self.summary("/large/\(index % 13)/\(index).md", text))
    }
    return LibraryHost().apply(notes.map { .update($0) })
  }()

  @Test(arguments: ["chapter", "c", "book 1", "ch 2 part", "#t", "why"])
  func aLargeLibraryMatchedInPartsGivesTheSameAnswer(query: String) throws {
    let snapshot = Self.large
    let parallel: (Int, (Int) -> Void) -> Void = { count, body in
      withoutActuallyEscaping(body) { body in
        nonisolated(unsafe) let body = body
        DispatchQueue.concurrentPerform(iterations: count) { body($0) }
      }
    }
    let all = try snapshot.symbols(matching: query, limit: 100_000)
    #expect(!all.isEmpty)
    for limit in [1, 7, 200, 5000] {
      let inParts = try snapshot.symbols(matching: query, limit: limit, parallel: parallel)
      #expect(inParts == Array(all.prefix(limit)), "limit \(limit)")
    }
  }

  @Test(arguments: ["chapter", "c", "a", "ch 1", "#t", "q", "etude", "tude"])
  func aLimitGivesTheBestOfTheWholeAnswer(query: String) throws {
    var notes: [NoteSummary] = []
    // Names of one length that differ only by case, accents or their composition tie
    // until their bytes are compared.
    let etudes = ["Étude", "étude", "E\u{301}tude", "Etude", "etude", "ÉTUDE"]
    for index in 0..<300 {
      var text = "# Book \(index) about things\n\n#topic/\(index % 7) #tag\(index % 3)\n\n"
      text += "### \(etudes[index % etudes.count]) \(index % 4)\n\n"
      for chapter in 0..<(index % 9) {
        text +=
          "## Chapter \(chapter): \(String(repeating: "a", count: index % 5)) part\n\nQ: Question \(chapter)?\nA: Yes.\n\n"
      }
      notes.append(Self.summary("/many/\(index).md", text))
    }
    let snapshot = LibraryHost().apply(notes.map { .update($0) })
    let all = try snapshot.symbols(matching: query, limit: 100_000)
    for limit in [1, 7, 50, 300] {
      #expect(try snapshot.symbols(matching: query, limit: limit) == Array(all.prefix(limit)), "limit \(limit)")
    }
  }

  @Test func aSummaryWhoseKeysOutnumberItsNamesShowsNoNamelessSymbol() throws {
    // As a damaged cache could give back: one key more than names.
    var summary = Self.summary("/damaged.md", "# Ghost Stories\n\n## Haunting\n")
    summary.keys.append("ghostly extra")
    let snapshot = LibraryHost().apply([.update(summary)])
    #expect(try snapshot.symbols(matching: "ghost", limit: 10).map(\.name) == ["Ghost Stories"])
    #expect(try snapshot.symbols(matching: "haunting", limit: 10).map(\.name) == ["Haunting"])
  }

  @Test func symbolKindsAndContainers() throws {
    let symbols = try Self.snapshot().symbols(matching: "ego", limit: 5)
    let ego = try #require(symbols.first)
    #expect(ego.kind == .section)
    #expect(ego.container == "Thinking, Fast and Slow")
    #expect(ego.span?.start.line == 11)
    let book = try #require(try Self.snapshot().symbols(matching: "thinking fast", limit: 5).first)
    #expect(book.kind == .book)
    #expect(book.detail == "Daniel Kahneman")
  }

  @Test func tagsCountNotesOnceAndParentsIncludeChildren() throws {
    let snapshot = Self.snapshot()
    let books = try #require(snapshot.tag(named: "books"))
    #expect(books.noteCount == 0)
    #expect(books.totalCount == 3)
    #expect(Set(books.children) == ["books/2020", "books/2021", "books/2022"])
    let psychology = try #require(snapshot.tag(named: "Psychology"))
    #expect(psychology.noteCount == 2, "front matter and text in one note count once")
    #expect(snapshot.tag(named: "bias")?.totalCount == 2)
    #expect(snapshot.tag(named: "bias")?.name == "Bias")
    #expect(
      snapshot.tagCompletions(prefix: "books/").map(\.name).sorted() == ["books/2020", "books/2021", "books/2022"])
    #expect(snapshot.tagCompletions(prefix: "ps").map(\.name) == ["psychology"])
    #expect(try snapshot.tagUses(of: "bias", includingChildren: true).map(\.use.name) == ["Bias", "bias/anchoring"])
    #expect(try snapshot.tagUses(of: "bias", includingChildren: false).map(\.use.name) == ["Bias"])
  }

  @Test func aTagIsLocatedAtItsFirstUseInTheFirstNoteEvenAfterThatNoteGoes() throws {
    let host = LibraryHost()
    host.apply(Self.library.map { .update($0) })
    var symbol = try #require(try host.snapshot().symbols(matching: "#psychology", limit: 1).first)
    #expect(symbol.path == "/lib/noise.md")
    #expect(symbol.span?.start.line == 2)
    host.apply([.remove(path: "/lib/noise.md")])
    symbol = try #require(try host.snapshot().symbols(matching: "#psychology", limit: 1).first)
    #expect(symbol.path == "/lib/thinking.md")
    #expect(symbol.span?.start.line == 3, "the front matter's tags line comes first")
    host.apply([.update(Self.library[1])])
    symbol = try #require(try host.snapshot().symbols(matching: "#psychology", limit: 1).first)
    #expect(symbol.path == "/lib/noise.md")
  }

  @Test func removingANoteUpdatesTheTags() {
    let host = LibraryHost()
    host.apply(Self.library.map { .update($0) })
    let after = host.apply([.remove(path: "/lib/noise.md")])
    #expect(after.noteCount == 2)
    #expect(after.tag(named: "psychology")?.noteCount == 1)
    #expect(after.tag(named: "bias")?.totalCount == 1)
    #expect(after.tag(named: "books/2022") == nil)
    #expect(after.revision == 2)
  }

  @Test(arguments: [
    ("books/2021", true), ("mood/😀", true), ("読書", true), ("2021", false), ("books/", false), ("a b", false),
    ("", false), ("/books", false), ("a//b", false), ("snake_case-tag", true),
  ])
  func validTagNames(name: String, valid: Bool) {
    #expect(Hashtag.isValidName(name) == valid)
  }

  @Test func termTablesCountWordsAndPrefixes() {
    let note = Self.summary("/n.md", "Apple apple APPLES banana\n\n```\napple in code\n```\n")
    #expect(note.terms.count(of: Array("apple".utf8)) == 2)
    #expect(note.terms.count(withPrefix: Array("app".utf8)) == 3)
    #expect(note.terms.count(of: Array("code".utf8)) == 0, "code blocks are not searched")
  }

  @Test func wordsReadInASecondPassAreTheWordsOfOnePass() throws {
    let text = "# Memory\n\nApple apple #tag\n\n```\napple in code\n```\nAfter the code.\n"
    let whole = Self.summary("/lib/n.md", text)
    let first = NoteSummary(path: "/lib/n.md", doc: NoteDocument(text), words: false)
    #expect(first.terms.count == 0)
    #expect(first.wordsPending == NoteWords.Pending(knowsCode: true))
    let code = try #require(first.codeRanges.first)
    #expect(first.codeRanges.count == 1, "the fences and the lines between them are one range")
    #expect(String(decoding: Array(text.utf8)[code], as: UTF8.self).hasPrefix("```\napple in code\n```"))
    let bytes = Array(text.utf8)
    let terms = try #require(NoteWords.terms(of: first, bytes: bytes))
    #expect(terms == whole.terms)
    #expect(
      NoteWords.terms(of: first, bytes: bytes + [0x41]) == nil, "a text of another length is not the one summarised")

    let host = LibraryHost()
    host.apply([.update(first)])
    #expect(try host.snapshot().searchCandidates(SearchQuery("apple")).isEmpty)
    #expect(host.snapshot().pathsWaitingForWords == ["/lib/n.md"])
    host.apply([.words(path: "/lib/n.md", terms: terms, byteCount: bytes.count + 1)])
    #expect(host.snapshot().pathsWaitingForWords == ["/lib/n.md"], "words of another text are ignored")
    host.apply([.words(path: "/lib/n.md", terms: terms, byteCount: bytes.count)])
    #expect(host.snapshot().note(at: "/lib/n.md") == whole)
    #expect(try host.snapshot().searchCandidates(SearchQuery("apple")).map(\.note.path) == ["/lib/n.md"])
    // A note summarised again (with its words) meanwhile keeps them.
    host.apply([.update(Self.summary("/lib/n.md", "# Memory\n\nPear.\n"))])
    host.apply([.words(path: "/lib/n.md", terms: terms, byteCount: bytes.count)])
    #expect(try host.snapshot().searchCandidates(SearchQuery("apple")).isEmpty)
  }
}

extension LibraryIndexTests {
  /// Forty notes sharing tags, books and words in varied ways (``SummaryFixtures``).
  static let many = SummaryFixtures.many

  @Test func aLibraryBuiltInPartsIsTheLibraryBuiltNoteByNote() throws {
    let host = LibraryHost()
    host.apply(Self.many.map { .update($0) })
    let byNote = host.snapshot()
    for parts in [2, 3, 8] {
      let built = LibraryHost().add(Self.many, parts: parts) { count, body in
        for index in (0..<count).reversed() { body(index) }
      }
      #expect(built.noteCount == byNote.noteCount)
      #expect(built.paths == byNote.paths)
      #expect(built.tags() == byNote.tags())
      for query in ["book", "chapter 2", "#theme", "word1"] {
        #expect(try built.symbols(matching: query, limit: 30) == byNote.symbols(matching: query, limit: 30), "\(query)")
      }
      for path in byNote.paths { #expect(built.duplicates(of: path) == byNote.duplicates(of: path)) }
      for query in ["common", "word1", "wor", "#shelf/2 text"] {
        let a = try built.searchCandidates(SearchQuery(query)).map { ($0.note.path, $0.score) }
        let b = try byNote.searchCandidates(SearchQuery(query)).map { ($0.note.path, $0.score) }
        #expect(a.map(\.0) == b.map(\.0), "\(query)")
        #expect(a.map(\.1) == b.map(\.1), "\(query)")
      }
    }
  }

  @Test func searchFollowsChangesToTheLibrary() throws {
    let host = LibraryHost()
    host.apply(Self.many.map { .update($0) })
    #expect(try host.snapshot().searchCandidates(SearchQuery("zeppelin")).isEmpty)
    let before = host.snapshot()
    host.apply([.update(Self.summary("/lib/1/note-1.md", "# Airships\n\nA zeppelin.\n"))])
    #expect(try host.snapshot().searchCandidates(SearchQuery("zeppelin")).map(\.note.path) == ["/lib/1/note-1.md"])
    #expect(throws: LibrarySnapshot.Superseded.self, "an older snapshot's query stops") {
      try before.searchCandidates(SearchQuery("zeppelin"))
    }
    host.apply([.remove(path: "/lib/1/note-1.md")])
    #expect(try host.snapshot().searchCandidates(SearchQuery("zeppelin")).isEmpty)
    #expect(try host.snapshot().searchCandidates(SearchQuery("common")).count == Self.many.count - 1)
  }
}
