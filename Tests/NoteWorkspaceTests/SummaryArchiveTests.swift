import BookNotesTestSupport
import NoteIntelligence
import NoteSyntax
import Testing

@testable import NoteWorkspace

/// Summaries written to the index cache's archive and read back.
@Suite struct SummaryArchiveTests {
  static func summary(_ path: String, _ text: String) -> NoteSummary { SummaryFixtures.summary(path, text) }

  static let library = SummaryFixtures.library

  @Test func theArchiveSkipsWordsOnRequest() throws {
    #expect(Self.library[1].htmlAnchors.map(\.name) == ["judges"], "the fixture has an anchor to keep")
    var bytes: [UInt8] = []
    for note in Self.library { SummaryArchive.write(note, to: &bytes) }
    var read: [NoteSummary] = []
    try bytes.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count { read.append(try SummaryArchive.read(buffer, at: &offset, words: false)) }
    }
    #expect(read.count == Self.library.count)
    // The second pass reads the words alone, stepping over the rest.
    try bytes.withUnsafeBytes { buffer in
      var offset = 0
      for note in Self.library {
        let words = try SummaryArchive.readWords(buffer, at: &offset)
        #expect(words.terms == note.terms && words.terms.count > 0)
        #expect(words.byteCount == note.byteCount)
      }
      #expect(offset == buffer.count)
    }
    for (without, note) in zip(read, Self.library) {
      #expect(without.terms.count == 0)
      #expect(
        without.wordsPending == NoteWords.Pending(knowsCode: true), "the code blocks are kept with the structure")
      var completed = without
      completed.terms = note.terms
      completed.wordsPending = nil
      #expect(completed == note)
    }
  }

  @Test func linksOfEveryKindRoundTripThroughTheArchive() throws {
    let note = Self.summary(
      "/lib/links.md",
      "# Links\n\n[[Other#Part 1|shown]] ![[Embedded]] [[#Links]] [m](other.md#part-1) ![i](cover.png)\r\n")
    #expect(note.links.map(\.kind) == [.wiki, .embed, .wiki, .link, .image])
    #expect(note.links.map(\.heading) == ["Part 1", nil, "Links", "part-1", nil])
    var bytes: [UInt8] = []
    SummaryArchive.write(note, to: &bytes)
    let read = try bytes.withUnsafeBytes { buffer in
      var offset = 0
      return try SummaryArchive.read(buffer, at: &offset)
    }
    #expect(read == note)
  }

  @Test func summariesRoundTripThroughTheArchive() throws {
    var bytes: [UInt8] = []
    for note in Self.library + [NoteSummary(nameOnly: "/big.md", byteCount: 1 << 30)] {
      SummaryArchive.write(note, to: &bytes)
    }
    var read: [NoteSummary] = []
    try bytes.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count { read.append(try SummaryArchive.read(buffer, at: &offset)) }
    }
    #expect(read == Self.library + [NoteSummary(nameOnly: "/big.md", byteCount: 1 << 30)])
    // Every truncation fails cleanly.
    for length in stride(from: 0, to: bytes.count / 3, by: 7) {
      let prefix = Array(bytes[..<length])
      let failed = prefix.withUnsafeBytes { buffer -> Bool in
        var offset = 0
        return (try? SummaryArchive.read(buffer, at: &offset)) == nil
      }
      #expect(failed || length == 0)
    }
  }

  /// A note's prompts (ids, kinds and spans in every encoding) round-trip, and the
  /// words are still found past them.
  @Test func promptsRoundTripThroughTheArchive() throws {
    let note = Self.summary(
      "/lib/prompts.md", "# P\n\n> A quote 😀. (p. 2)\n\nThe ?[capital](city) of France.\n\nQ: Why?\nA: Because.\n")
    #expect(note.prompts.map(\.kind) == [.quote, .cloze, .qa])
    var bytes: [UInt8] = []
    SummaryArchive.write(note, to: &bytes)
    try bytes.withUnsafeBytes { buffer in
      var offset = 0
      let read = try SummaryArchive.read(buffer, at: &offset)
      #expect(read == note)
      offset = 0
      let words = try SummaryArchive.readWords(buffer, at: &offset)
      #expect(words.terms == note.terms && offset == buffer.count)
    }
  }

  @Test func codeBlocksRoundTripAndOnesPastTheTextAreRefused() throws {
    let note = Self.summary("/lib/code.md", "# Code\n\n```\none\n```\ntext\n\n```swift\ntwo\n```\n")
    #expect(note.codeRanges.count == 2)
    var bytes: [UInt8] = []
    SummaryArchive.write(note, to: &bytes)
    let read = try bytes.withUnsafeBytes { buffer in
      var offset = 0
      return try SummaryArchive.read(buffer, at: &offset)
    }
    #expect(read.codeRanges == note.codeRanges)
    for bad in [[0..<(note.byteCount + 1)], [note.codeRanges[1], note.codeRanges[0]]] {
      var damaged = note
      damaged.codeRanges = bad
      var archive: [UInt8] = []
      SummaryArchive.write(damaged, to: &archive)
      let refused = archive.withUnsafeBytes { buffer -> Bool in
        var offset = 0
        return (try? SummaryArchive.read(buffer, at: &offset)) == nil
      }
      #expect(refused, "\(bad)")
    }
  }
}
