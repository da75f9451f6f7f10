import BookNotesTestSupport
import Foundation
import Testing

/// `booknotes import goodreads` and `import storygraph`, run as child processes on the
/// fixture's exports.
@Suite(.onThreadsOfItsOwn) struct ReadingListImportTests {
  @Test func goodreadsExportBecomesNotes() throws {
    let fixture = try ImportFixture()
    let result = try fixture.run(["goodreads", ImportFixture.goodreads])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      result.lines == [
        "created thinking-fast-and-slow.md: Thinking, Fast and Slow",
        "created meditations.md: Meditations",
        "created der-process.md: Der Process",
      ])
    let notes = try fixture.notes()
    // A title with a quoted comma, `="…"` ISBNs (the ISBN-13 first), dates as
    // YYYY-MM-DD, the exclusive shelf as the status, the other shelves as tags, a
    // review with doubled quotes.
    #expect(
      notes["thinking-fast-and-slow.md"] == """
        ---
        title: Thinking, Fast and Slow
        authors: Daniel Kahneman
        isbn: 9780374275631
        published: 2011
        status: finished
        finished: 2021-01-30
        rating: 5
        tags: [psychology, favorites]
        ---

        # Thinking, Fast and Slow

        ## Review

        Dense, but it changed how I think about "intuition".

        """)
    // Unrated (`My Rating` 0): no rating; additional authors after the author.
    #expect(
      notes["meditations.md"] == """
        ---
        title: Meditations
        authors: [Marcus Aurelius, Gregory Hays]
        isbn: 9780812968255
        published: 2002
        status: reading
        ---

        # Meditations

        """)
    // `=""`: no ISBN at all.
    #expect(
      notes["der-process.md"]?.hasPrefix(
        "---\ntitle: Der Process\nauthors: Franz Kafka\npublished: 1925\nstatus: wishlist\n---\n") == true)
  }

  @Test func storygraphExportBecomesNotes() throws {
    let fixture = try ImportFixture()
    let result = try fixture.run(["storygraph", ImportFixture.storygraph])
    #expect(result.status == 0, "\(result.stderr)")
    let notes = try fixture.notes()
    // A fractional rating, the dates read as a range.
    #expect(
      notes["thinking-fast-and-slow.md"]?.hasPrefix(
        """
        ---
        title: Thinking, Fast and Slow
        authors: Daniel Kahneman
        isbn: 9780374533557
        status: finished
        started: 2021-01-04
        finished: 2021-01-30
        rating: 4.5
        tags: psychology
        ---

        """) == true)
    // An ASIN is not an ISBN.
    #expect(
      notes["meditations.md"]?.hasPrefix(
        "---\ntitle: Meditations\nauthors: Marcus Aurelius\nasin: B000FC1JAI\nstatus: reading\ntags: philosophy\n---\n")
        == true)
  }

  @Test func readingListsFillOnlyWhatIsMissingUnlessUpdating() throws {
    let fixture = try ImportFixture()
    let note = """
      ---
      title: Thinking, Fast and Slow
      author: Daniel Kahneman
      status: reading
      rating:
      tags:
        - psychology
      ---
      # Thinking, Fast and Slow

      My notes.

      """
    try fixture.write("thinking.md", note)
    let first = try fixture.run(["goodreads", ImportFixture.goodreads])
    #expect(
      first.lines.first
        == "updated thinking.md: Thinking, Fast and Slow (added the review; filled isbn, published, finished, rating)")
    let filled = try fixture.read("thinking.md")
    #expect(
      filled == """
        ---
        title: Thinking, Fast and Slow
        author: Daniel Kahneman
        status: reading
        rating: 5
        tags:
          - psychology
        isbn: 9780374275631
        published: 2011
        finished: 2021-01-30
        ---
        # Thinking, Fast and Slow

        My notes.

        ## Review

        Dense, but it changed how I think about "intuition".

        """)
    // StoryGraph's edition has another ISBN: the same title and first author find
    // the note, and its keys are already there.
    let other = try fixture.run(["storygraph", ImportFixture.storygraph])
    #expect(other.lines.first == "updated thinking.md: Thinking, Fast and Slow (added the review; filled started)")
    // `--update` rewrites the import's own keys, and only those that differ.
    let updated = try fixture.run(["goodreads", "--update", ImportFixture.goodreads])
    #expect(updated.lines.first == "updated thinking.md: Thinking, Fast and Slow (updated status, tags)")
    let text = try fixture.read("thinking.md")
    #expect(text.contains("status: finished\nrating: 5\ntags: [psychology, favorites]\nisbn: 9780374275631\n"))
    #expect(text.contains("author: Daniel Kahneman\n"))
    #expect(
      text.hasSuffix(
        "My notes.\n\n## Review\n\nDense, but it changed how I think about \"intuition\".\n\nA long read.\n"))
    let again = try fixture.run(["goodreads", "--update", ImportFixture.goodreads])
    #expect(again.lines.first == "unchanged thinking.md: Thinking, Fast and Slow")
    #expect(try fixture.read("thinking.md") == text)
  }

  @Test func importingAReadingListTwiceAddsNothing() throws {
    let fixture = try ImportFixture()
    #expect(try fixture.run(["goodreads", ImportFixture.goodreads]).status == 0)
    #expect(try fixture.run(["kindle", ImportFixture.clippings]).status == 0)
    let notes = try fixture.notes()
    let again = try fixture.run(["goodreads", ImportFixture.goodreads])
    #expect(again.lines.allSatisfy { $0.hasPrefix("unchanged ") })
    #expect(try fixture.notes() == notes)
    // The Kindle's highlights went into the notes Goodreads made, not new ones.
    #expect(notes.keys.sorted() == ["der-process.md", "meditations.md", "thinking-fast-and-slow.md"])
  }

  @Test func malformedReadingListsGiveAClearError() throws {
    let fixture = try ImportFixture()
    let unclosed = try fixture.exportFile(
      "unclosed.csv",
      Data("Title,Authors,ISBN/UID,Read Status,Star Rating\n\"Dune,Frank Herbert,,read,4\nNext,,,,\n".utf8))
    let result = try fixture.run(["storygraph", unclosed])
    #expect(result.status == 2)
    #expect(
      result.stderr
        == "booknotes import: cannot import \(unclosed) as a StoryGraph export: line 2: a quoted field is never closed\n"
    )
    let wrong = try fixture.run(["goodreads", ImportFixture.storygraph])
    #expect(wrong.status == 2)
    #expect(
      wrong.stderr.hasPrefix(
        "booknotes import: cannot import \(ImportFixture.storygraph) as a Goodreads export: it is not a Goodreads "
          + "export: no 'Author', 'ISBN', 'ISBN13', 'My Rating', 'Exclusive Shelf' column"))
    let binary = try fixture.exportFile("binary.csv", Data([0x54, 0x00, 0xFF]))
    #expect(try fixture.run(["goodreads", binary]).stderr.contains("it is a binary file, not text"))
    // A row without a title is skipped with a line on stderr; the others are imported.
    let untitled = try fixture.exportFile(
      "untitled.csv",
      Data("Title,Authors,ISBN/UID,Read Status,Star Rating\n,Nobody,,read,3\nDune,Frank Herbert,,read,4.25\n".utf8))
    let partly = try fixture.run(["storygraph", untitled])
    #expect(partly.status == 0)
    #expect(partly.lines == ["created dune.md: Dune"])
    #expect(partly.stderr == "booknotes import: \(untitled): line 2: no title; skipped\n")
    // A quarter star is written to the nearest half, as ratings are.
    #expect(try fixture.read("dune.md").contains("rating: 4.5\n"))
    // Tags with spaces become one hashtag each.
    let spaced = try fixture.exportFile(
      "spaced.csv",
      Data(
        "Title,Authors,ISBN/UID,Read Status,Star Rating,Tags\nEmma,Jane Austen,,to-read,,\"non fiction, #classics\"\n"
          .utf8))
    #expect(try fixture.run(["storygraph", spaced]).lines == ["created emma.md: Emma"])
    #expect(try fixture.read("emma.md").contains("status: wishlist\ntags: [non-fiction, classics]\n"))
    // A title over two lines is one line in the heading; a review keeps its lines.
    let broken = try fixture.exportFile(
      "broken.csv",
      Data(
        "Title,Authors,ISBN/UID,Read Status,Star Rating,Review\n\"Two\r\nLines\",Some One,,read,,\"First.\n\nSecond.\"\n"
          .utf8))
    #expect(try fixture.run(["storygraph", broken]).lines == ["created two-lines.md: Two Lines"])
    #expect(try fixture.read("two-lines.md").hasSuffix("# Two Lines\n\n## Review\n\nFirst.\n\nSecond.\n"))
    #expect(try fixture.notes().keys.sorted() == ["dune.md", "emma.md", "two-lines.md"])
  }
}
