import BookNotesTestSupport
import NoteSyntax
import Testing

@testable import NoteIntelligence

@Suite(.onThreadsOfItsOwn) struct OutlineTests {
  /// One symbol a line, indented by depth: `kind "name" (detail) line-line`.
  func dump(_ symbols: [OutlineSymbol], _ doc: NoteDocument, depth: Int = 0) -> String {
    symbols.map { symbol in
      let first = doc.lines.lineContaining(symbol.range.lowerBound)
      let last = doc.lines.lineContaining(max(symbol.range.upperBound - 1, symbol.range.lowerBound))
      var line = String(repeating: "  ", count: depth) + "\(symbol.kind) \"\(symbol.name)\""
      if let detail = symbol.detail { line += " (\(detail))" }
      line += " \(first)-\(last)"
      #expect(symbol.range.contains(symbol.selectionRange.lowerBound) || symbol.selectionRange.isEmpty)
      return ([line] + (symbol.children.isEmpty ? [] : [dump(symbol.children, doc, depth: depth + 1)]))
        .joined(separator: "\n")
    }.joined(separator: "\n")
  }

  @Test func specExampleNote() {
    let doc = NoteDocument(ExampleNote.text)
    #expect(
      dump(Outline.symbols(for: doc), doc) == """
        book "Thinking, Fast and Slow" 0-18
          chapter "Chapter 3: The Lazy Controller" 8-18
            quote "People who are cognitively busy are also more …" (ch. 3) 10-11
            quote "Ego depletion was shown in experiments by Kathleen …" (p. 42) 13-13
              cloze "Ego depletion was shown in experiments by [researcher]." (Kathleen Vohs) 13-13
            question "What is ego depletion?" (The idea that self-control draws on a limited pool of mental energy.) 15-16
            summary "System 2 is lazy and effortful; it gets depleted." 18-18
        """)
    let book = Outline.symbols(for: doc)[0]
    #expect(doc.text.string(in: book.selectionRange) == "Thinking, Fast and Slow")
    #expect(book.selectionRange.lowerBound == 11)
    let chapter = book.children[0]
    #expect(doc.text.string(in: chapter.selectionRange) == "Chapter 3: The Lazy Controller")
  }

  @Test func namesStayWithinAHundredCharacters() {
    let long = String(repeating: "word ", count: 60)
    let text = """
      # \(long)

      \(long)?[\(String(repeating: "hint", count: 20))](answer) \(long).

      Q: \(long)
      A: \(long)

      > \(long)
      """
    var names: [String] = []
    func collect(_ symbols: [OutlineSymbol]) {
      for symbol in symbols {
        names.append(symbol.name)
        collect(symbol.children)
      }
    }
    collect(Outline.symbols(for: NoteDocument(text)))
    #expect(names.count >= 4)
    for name in names { #expect(name.count <= 100, "\(name.count) characters: \(name)") }
  }

  @Test func headingsNestByLevelWithoutFrontMatter() {
    let text =
      "# Dune\n\n## Part 1\n### Ch 1\nThe ?[planet](Arrakis) is dry. It is hot.\n### Ch 2\n## Part 2\nQ: Who?\nA: Paul\n"
    let doc = NoteDocument(text)
    #expect(
      dump(Outline.symbols(for: doc), doc) == """
        book "Dune" 0-8
          chapter "Part 1" 2-5
            section "Ch 1" 3-4
              cloze "The [planet] is dry." (Arrakis) 4-4
            section "Ch 2" 5-5
          chapter "Part 2" 6-8
            question "Who?" (Paul) 7-8
        """)
  }

  @Test func noteWithoutHeadingsListsItsPrompts() {
    let text = "Some ?[](answer) here.\n\n> Short quote\n"
    let doc = NoteDocument(text)
    #expect(
      dump(Outline.symbols(for: doc), doc) == """
        cloze "Some [...] here." (answer) 0-0
        quote "Short quote" 2-2
        """)
  }

  @Test func calloutsAreQuotesOnlyWhenTheirTypeIsQuoteOrCite() {
    let text = "> [!note] Aside\n> See ?[](this).\n\n> [!quote] Paul\n> Fear is the mind-killer.\n"
    let doc = NoteDocument(text)
    #expect(
      dump(Outline.symbols(for: doc), doc) == """
        cloze "See [...]." (this) 1-1
        quote "Fear is the mind-killer." (Paul) 3-4
        """)
  }

  @Test func bookInfoFromFrontMatter() {
    let doc = NoteDocument(
      """
      ---
      title: "Dune"
      subtitle: Book one
      authors: [Frank Herbert, 'Brian Herbert']
      published: 1965
      isbn: 978-0-306-40615-7
      google-books-id: B1hSG45JCX4C
      status: Finished
      rating: 5
      tags: sf, #classics
      custom: kept
      ---
      # Other heading

      """)
    let info = BookInfo(doc)
    #expect(info.title == "Dune")
    #expect(info.subtitle == "Book one")
    #expect(info.authors == ["Frank Herbert", "Brian Herbert"])
    #expect(info.published == "1965")
    #expect(info.isbn == "978-0-306-40615-7")
    #expect(info.googleBooksID == "B1hSG45JCX4C")
    #expect(info.status == .finished)
    #expect(info.rating == 5)
    #expect(info.tags == ["sf", "classics"])
    #expect(info.fields["custom"] == "kept")
    #expect(bookTitle(of: doc) == "Dune")
    #expect(BookInfo.list("Daniel Kahneman, Amos Tversky") == ["Daniel Kahneman", "Amos Tversky"])
  }

  @Test func bookTitleFallsBackToTheFirstHeading() {
    #expect(bookTitle(of: NoteDocument("Intro\n\n### The *Odyssey*\n# Later\n")) == "The Odyssey")
    #expect(bookTitle(of: NoteDocument("---\nstatus: reading\n---\nNo heading\n")) == nil)
    #expect(BookInfo(NoteDocument("---\nrating: 9\nstatus: soon\n---\n")).rating == nil)
  }
  /// A heading's plain text, whole and cut at a byte limit: runs of whitespace are one
  /// space, a cut never splits a character, and markup inside keeps the same rules.
  @Test(arguments: [
    ("#   Two  words\there  ", Int.max, "Two words here", false),
    ("# abcdef ghij", 7, "abcdef", true),
    ("# abcdef ghij", 6, "abcdef", true),
    ("# abcdef ghij", 4, "abcd", true),
    ("# abcdef ghij", 11, "abcdef ghij", false),
    ("# éé", 3, "é", true),
    ("# *very*   plain **text**", 9, "very plai", true),
    ("# *very*   plain **text**", Int.max, "very plain text", false),
  ])
  func plainTextOfAHeading(text: String, limit: Int, expected: String, truncated: Bool) throws {
    let doc = NoteDocument(text)
    let content = try #require(firstHeading(of: doc)?.child(.inlineContent))
    let rendered = OutlineText.plainText(of: [content], doc, limit: limit)
    #expect(rendered.text == expected)
    #expect(rendered.truncated == truncated)
  }

  /// Every name and detail in `symbols`, children included.
  func texts(_ symbols: [OutlineSymbol]) -> [String] {
    symbols.flatMap { [$0.name] + ($0.detail.map { [$0] } ?? []) + texts($0.children) }
  }

  @Test func namesAndDetailsStayShortOnHugePrompts() {
    let words = (0..<2000).map { "word\($0)" }.joined(separator: " ")
    let clozes = (0..<500).map { "filler \($0) ?[hint \($0)](answer \($0)) more text" }.joined(separator: " ")
    let text =
      "# Book\n\n> \(words) ?[a](b)\n> — p. 1\n\nQ: \(words)?\nA: \(words)\n\ntl;dr: \(words)\n\n\(clozes).\n\n## \(words)\n"
    let doc = NoteDocument(text)
    let symbols = Outline.symbols(for: doc)
    let all = texts(symbols)
    #expect(all.count > 1000)
    for name in all { #expect(name.utf8.count <= 200, "\(name.prefix(40))… is \(name.utf8.count) bytes") }
    let book = symbols[0]
    let quote = book.children[0]
    #expect(quote.name == "word0 word1 word2 word3 word4 word5 word6 word7 …")
    #expect(quote.children.map(\.name) == ["… word1995 word1996 word1997 word1998 word1999 [a]"])
    let question = book.children[1]
    #expect(question.name == "word0 word1 word2 word3 word4 word5 word6 word7 word8 word9 word10 word11 …")
    let clozeNames = book.children.filter { $0.kind == .cloze }.map(\.name)
    #expect(clozeNames.count == 500)
    #expect(
      clozeNames[1] == "filler 0 answer 0 more text filler 1 [hint 1] more text filler 2 answer 2 more text filler 3 …")
    #expect(
      clozeNames[300]
        == "… 299 answer 299 more text filler 300 [hint 300] more text filler 301 answer 301 more …")
    #expect(book.children.last?.kind == .chapter)
    #expect(book.children.last?.name.hasSuffix(" …") == true)
  }

  @Test func cachedOutlineAfterEditsEqualsAFreshOutline() {
    var doc = NoteDocument(
      "# Dune\n\n## Part 1\nThe ?[planet](Arrakis) is dry.\n\n> A quote ?[with](cloze)\n> — p. 4\n\nQ: Who?\nA: Paul\n")
    let cache = OutlineCache()
    #expect(cache.symbols(for: doc) == Outline.symbols(for: doc))
    #expect(cache.lastComputedBlocks > 0)
    #expect(cache.symbols(for: doc) == Outline.symbols(for: doc))
    #expect(cache.lastComputedBlocks == 0)
    let edits: [(Range<Int>, String)] = [
      (0..<0, "Intro ?[x](y).\n\n"), (30..<31, "## "), (10..<12, ""), (40..<40, "\n### Sub\n"), (5..<5, "Q: a\nA: b\n"),
    ]
    for (range, text) in edits {
      doc.replace(range.clamped(to: 0..<doc.utf8Count), with: text)
      let cached = cache.symbols(for: doc)
      #expect(cache.lastComputedBlocks < doc.tree.blockCount)
      #expect(cached == Outline.symbols(for: doc))
    }
    #expect(cache.count <= doc.tree.blockCount)
  }

  /// Only blocks that may add an entry are cached: the table that finds them is sized
  /// for about that many, not for every block of the note, and grows when a note has more.
  @Test func theCacheMakesRoomForTheBlocksThatAddEntries() {
    let paragraphs = (0..<400).map { "A plain paragraph \($0) with words and no prompt." }
    let sparse = NoteDocument("# Book\n\n## Chapter\n\n" + paragraphs.joined(separator: "\n\n") + "\n")
    let cache = OutlineCache()
    let outline = cache.symbols(for: sparse)
    #expect(outline == Outline.symbols(for: sparse))
    #expect(sparse.tree.blockCount > 800)
    #expect(cache.count == 2)
    #expect(cache.tableSize <= 256)
    let headings = (0..<300).map { "## Heading \($0)" }
    let dense = NoteDocument("# Book\n\n" + headings.joined(separator: "\n\n") + "\n")
    let denseCache = OutlineCache()
    #expect(denseCache.symbols(for: dense) == Outline.symbols(for: dense))
    #expect(denseCache.count == 301)
    #expect(denseCache.symbols(for: dense) == Outline.symbols(for: dense))
    #expect(denseCache.lastComputedBlocks == 0)
  }
}
