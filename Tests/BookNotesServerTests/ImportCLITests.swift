import BookNotesTestSupport
import Foundation
import Testing

/// `booknotes import kindle`, run as a child process on the fixture's clippings file.
@Suite(.onThreadsOfItsOwn) struct KindleImportTests {
  static let thinking = """
    ---
    title: Thinking, Fast and Slow
    authors: Daniel Kahneman
    ---

    # Thinking, Fast and Slow

    ## Highlights

    > System 1 operates automatically and quickly, with little or no effort and no sense of voluntary control. (p. 20)

    Compare with the elephant and rider.

    > A general "law of least effort" applies to cognitive as well as physical exertion. (p. 41)

    """

  @Test func everyQuirkOfTheClippingsFile() throws {
    let fixture = try ImportFixture()
    let result = try fixture.run(["kindle", ImportFixture.clippings])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      result.lines == [
        "created thinking-fast-and-slow.md: Thinking, Fast and Slow (2 highlights)",
        "created meditations.md: Meditations (1 highlight)",
        "created der-process.md: Der Process (1 highlight)",
        "skipped 1 bookmark, 1 clipping-limit placeholder, 1 highlight edited later on the device",
      ])
    #expect(result.stderr == "")
    let notes = try fixture.notes()
    #expect(notes.keys.sorted() == ["der-process.md", "meditations.md", "thinking-fast-and-slow.md"])
    // Byte-order marks and CR LF gone; the edited highlight once, in its later form;
    // the note under the highlight it sits on; pages as citations.
    #expect(notes["thinking-fast-and-slow.md"] == Self.thinking)
    // `;` between authors; a highlight with a location only.
    #expect(
      notes["meditations.md"] == """
        ---
        title: Meditations
        authors: [Marcus Aurelius, Gregory Hays]
        ---

        # Meditations

        ## Highlights

        > You have power over your mind — not outside events. Realize this, and you will find strength. (loc. 1520)

        """)
    // The German Kindle's `Seite 7 | Position 93-94`.
    #expect(
      notes["der-process.md"]?.contains(
        "> Jemand mußte Josef K. verleumdet haben, denn ohne daß er etwas Böses getan hätte, wurde er eines "
          + "Morgens verhaftet. (p. 7)\n") == true)
    #expect(notes["der-process.md"]?.contains("authors: Franz Kafka\n") == true)
  }

  @Test func importingTheSameFileAgainAddsNothing() throws {
    let fixture = try ImportFixture()
    #expect(try fixture.run(["kindle", ImportFixture.clippings]).status == 0)
    let first = try fixture.notes()
    let again = try fixture.run(["kindle", ImportFixture.clippings])
    #expect(again.status == 0)
    #expect(
      again.lines == [
        "unchanged thinking-fast-and-slow.md: Thinking, Fast and Slow",
        "unchanged meditations.md: Meditations",
        "unchanged der-process.md: Der Process",
        "skipped 1 bookmark, 1 clipping-limit placeholder, 1 highlight edited later on the device",
      ])
    #expect(try fixture.notes() == first)
  }

  @Test func aQuoteTheReaderRewordedIsNotAddedAgain() throws {
    let fixture = try ImportFixture()
    #expect(try fixture.run(["kindle", ImportFixture.clippings]).status == 0)
    // A word corrected, a phrase cut; the citation kept.
    var note = try fixture.read("meditations.md")
    note = note.replacingOccurrences(
      of: "— not outside events. Realize this, and you will find strength.", with: "— not outside events. Realise this."
    )
    try fixture.write("meditations.md", note)
    let again = try fixture.run(["kindle", ImportFixture.clippings])
    #expect(again.lines.contains("unchanged meditations.md: Meditations"), "\(again.lines)")
    #expect(try fixture.read("meditations.md") == note)
    // A quote that only shares the citation is another highlight: it is added.
    try fixture.write(
      "meditations.md", note.replacingOccurrences(of: "You have power over your mind", with: "Begin each day"))
    let third = try fixture.run(["kindle", ImportFixture.clippings])
    #expect(third.lines.contains("updated meditations.md: Meditations (added 1 highlight)"), "\(third.lines)")
  }

  @Test func aNewerFileAddsOnlyWhatIsNewAndKeepsWhatTheReaderWrote() throws {
    let fixture = try ImportFixture()
    // The Kindle as it was after its first two entries: one highlight, one note on it.
    let older = try fixture.exportFile("older.txt", try ImportFixture.clippings(firstEntries: 2))
    let first = try fixture.run(["kindle", older])
    #expect(first.lines == ["created thinking-fast-and-slow.md: Thinking, Fast and Slow (1 highlight)"])
    // The reader edits the note: a thought of their own in the highlights, a section
    // after them, the heading reworded, a tag in the front matter.
    var note = try fixture.read("thinking-fast-and-slow.md")
    note = note.replacingOccurrences(of: "# Thinking, Fast and Slow\n", with: "# Thinking, Fast and Slow (Kahneman)\n")
    note = note.replacingOccurrences(of: "---\n\n#", with: "tags: psychology\n---\n\n#")
    note += "\nMy own thought: System 1 is the elephant.\n\n## What I make of it\n\nSlow down.\n"
    try fixture.write("thinking-fast-and-slow.md", note)

    let newer = try fixture.run(["kindle", ImportFixture.clippings])
    #expect(newer.status == 0)
    #expect(newer.lines.first == "updated thinking-fast-and-slow.md: Thinking, Fast and Slow (added 1 highlight)")
    let merged = try fixture.read("thinking-fast-and-slow.md")
    // Everything the reader's note said is there as it was; the new highlight goes at
    // the end of the highlights, before the reader's own section.
    let quote = "> A general \"law of least effort\" applies to cognitive as well as physical exertion. (p. 41)\n\n"
    let cut = try #require(note.range(of: "## What I make of it"))
    #expect(merged == String(note[..<cut.lowerBound]) + quote + String(note[cut.lowerBound...]))
    let again = try fixture.run(["kindle", ImportFixture.clippings])
    #expect(again.lines.first == "unchanged thinking-fast-and-slow.md: Thinking, Fast and Slow")
    #expect(try fixture.read("thinking-fast-and-slow.md") == merged)
  }

  @Test func highlightsGoIntoTheBooksExistingNote() throws {
    let fixture = try ImportFixture()
    // Matched by title and first author (`author`, the alias), CR LF kept.
    let note =
      "---\r\ntitle: thinking, fast and slow\r\nauthor: Daniel Kahneman\r\nstatus: reading\r\n---\r\n\r\nMine.\r\n"
    try fixture.write("books/kahneman.md", note)
    let result = try fixture.run(["kindle", ImportFixture.clippings, "--root", "."])
    #expect(result.lines.first == "updated books/kahneman.md: Thinking, Fast and Slow (added 2 highlights)")
    let merged = try fixture.read("books/kahneman.md")
    #expect(merged.hasPrefix(note + "\r\n## Highlights\r\n\r\n> System 1 operates"))
    #expect(!merged.replacingOccurrences(of: "\r\n", with: "").contains("\n"))
    #expect(
      !FileManager.default.fileExists(atPath: fixture.root.appendingPathComponent("thinking-fast-and-slow.md").path))
  }

  @Test func aDryRunPrintsTheSameAndWritesNothing() throws {
    let fixture = try ImportFixture()
    let result = try fixture.run(["kindle", "--dry-run", ImportFixture.clippings])
    #expect(result.status == 0)
    #expect(result.lines.first == "created thinking-fast-and-slow.md: Thinking, Fast and Slow (2 highlights)")
    #expect(result.lines.last == "dry run: nothing written")
    #expect(try fixture.notes().isEmpty)
  }

  @Test func malformedFilesGiveAClearErrorAndWriteNothing() throws {
    let fixture = try ImportFixture()
    let cases: [(String, Data, String)] = [
      ("binary.txt", Data([0x00, 0x01, 0x02, 0xFF]), "it is a binary file, not text"),
      ("latin1.txt", Data([0x42, 0xF6, 0x73, 0x65, 0x0A]), "it is not UTF-8 text"),
      ("prose.txt", Data("Just some prose.\nNo entries here.\n".utf8), "it holds no Kindle clippings"),
      ("empty.txt", Data(), "it holds no Kindle clippings"),
    ]
    for (name, bytes, reason) in cases {
      let path = try fixture.exportFile(name, bytes)
      let result = try fixture.run(["kindle", path])
      #expect(result.status == 2, "\(name)")
      #expect(result.stderr.hasPrefix("booknotes import: cannot import \(path) as a Kindle clippings file: \(reason)"))
      #expect(result.stdout == "")
    }
    let missing = try fixture.run(["kindle", "/nonexistent/My Clippings.txt"])
    #expect(missing.status == 2)
    #expect(missing.stderr.contains("cannot read /nonexistent/My Clippings.txt"))
    let usage = try fixture.run(["kobo", ImportFixture.clippings])
    #expect(usage.status == 2)
    #expect(usage.stderr.hasPrefix("booknotes import: unknown kind 'kobo'"))
    // An entry without its kind's line is counted, the rest imported.
    let odd = try fixture.exportFile(
      "odd.txt",
      Data(
        "Title Only (Someone)\n==========\nA Book (Writer, Some)\n- Your Highlight on page 3 | Added on x\n\nText.\n==========\n"
          .utf8))
    let partly = try fixture.run(["kindle", odd])
    #expect(partly.status == 0)
    #expect(partly.lines == ["created a-book.md: A Book (1 highlight)", "skipped 1 entry not understood"])
    #expect(try fixture.notes().keys.sorted() == ["a-book.md"])
  }

  @Test func aNoteWithUnclosedFrontMatterGetsItsHighlightsAndAWarning() throws {
    let fixture = try ImportFixture()
    let note = "---\ntitle: Meditations\nauthors: Marcus Aurelius\n\n# Meditations\n"
    // Unclosed, the front matter is no front matter: the title comes from the heading,
    // and the note has no author; the clipping names none either.
    try fixture.write("meditations.md", note)
    let odd = try fixture.exportFile(
      "odd.txt", Data("Meditations\n- Your Highlight on Location 5 | x\n\nA line.\n==========\n".utf8))
    let result = try fixture.run(["kindle", odd])
    #expect(result.lines == ["updated meditations.md: Meditations (added 1 highlight)"])
    #expect(result.stderr == "booknotes import: meditations.md: its front matter has no closing '---'; left as it is\n")
    #expect(try fixture.read("meditations.md") == note + "\n## Highlights\n\n> A line. (loc. 5)\n")
  }

  @Test func aBookWithoutAnAuthorFindsItsNoteAgain() throws {
    let fixture = try ImportFixture()
    let clippings = "Notes to Self\n- Your Highlight on Location 5-6 | Added on x\n\nA line.\n==========\n"
    let file = try fixture.exportFile("anonymous.txt", Data(clippings.utf8))
    #expect(try fixture.run(["kindle", file]).lines == ["created notes-to-self.md: Notes to Self (1 highlight)"])
    let more = try fixture.exportFile(
      "more.txt", Data((clippings + "Notes to Self\n- Your Highlight on Location 9 | x\n\nAnother.\n==========\n").utf8)
    )
    #expect(try fixture.run(["kindle", more]).lines == ["updated notes-to-self.md: Notes to Self (added 1 highlight)"])
    #expect(try fixture.notes().keys.sorted() == ["notes-to-self.md"])
  }

  @Test func aKindleTitleWithASubtitleFindsTheNoteTitledWithoutIt() throws {
    let fixture = try ImportFixture()
    try fixture.write("atomic.md", "---\nauthors: James Clear\n---\n\n# Atomic Habits\n")
    try fixture.write("sapiens.md", "---\nauthors: Yuval Noah Harari\n---\n\n# Sapiens: A Graphic History\n")
    let clippings = """
      Atomic Habits: An Easy & Proven Way to Build Good Habits & Break Bad Ones (James Clear)
      - Your Highlight on page 3 | Location 40-41 | Added on x

      Habits are the compound interest of self-improvement.
      ==========
      Sapiens: A Brief History of Humankind (Yuval Noah Harari)
      - Your Highlight on page 9 | Location 90-91 | Added on x

      We did not domesticate wheat.
      ==========

      """
    let file = try fixture.exportFile("subtitles.txt", Data(clippings.utf8))
    #expect(
      try fixture.run(["kindle", file]).lines == [
        "updated atomic.md: Atomic Habits: An Easy & Proven Way to Build Good Habits & Break Bad Ones (added 1 highlight)",
        "created sapiens-a-brief-history-of-humankind.md: Sapiens: A Brief History of Humankind (1 highlight)",
      ])
    #expect(try fixture.read("atomic.md").contains("> Habits are the compound interest of self-improvement. (p. 3)"))
    #expect(try fixture.read("sapiens.md") == "---\nauthors: Yuval Noah Harari\n---\n\n# Sapiens: A Graphic History\n")
  }
}
