import BookNotesTestSupport
import NoteIntelligence
import NoteSyntax
import Testing

@testable import NoteWorkspace

/// Summaries written to the index cache's archive and read back.
@Suite(.onThreadsOfItsOwn) struct SummaryArchiveTests {
  static func summary(_ path: String, _ text: String) -> NoteSummary { SummaryFixtures.summary(path, text) }

  static let library = SummaryFixtures.library

  /// As the index cache keeps them: each note's structure and its words apart, read
  /// back apart.
  @Test func theStructureAndTheWordsAreReadApart() throws {
    #expect(Self.library[1].htmlAnchors.map(\.name) == ["judges"], "the fixture has an anchor to keep")
    for note in Self.library {
      var structure = ArchiveWriter(bytes: [])
      var words = ArchiveWriter(bytes: [])
      SummaryArchive.writeStructure(note, to: &structure)
      SummaryArchive.writeTerms(note.terms, to: &words)
      var read = try structure.bytes.withUnsafeBytes { buffer in
        var offset = 0
        let summary = try SummaryArchive.readStructure(buffer, at: &offset)
        #expect(offset == buffer.count)
        return summary
      }
      #expect(read.terms.count == 0 && note.terms.count > 0)
      read.terms = try words.bytes.withUnsafeBytes { buffer in
        var offset = 0
        return try SummaryArchive.readTerms(buffer, at: &offset)
      }
      #expect(read == note)
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

  /// A note's prompts (ids, kinds and spans in every encoding) round-trip, and review's
  /// readers find them, the title and the tags, stepping over the parts between.
  @Test func promptsRoundTripThroughTheArchive() throws {
    let note = Self.summary(
      "/lib/prompts.md",
      "---\ntitle: Book\nauthors: [A, B]\nrating: 4.5\n---\n# P\n\n## Part\n\n> A quote 😀. (p. 2) #Quotes\n\n"
        + "The ?[capital](city) of France.\n\nQ: Why?\nA: Because.\n")
    #expect(note.prompts.map(\.kind) == [.quote, .cloze, .qa])
    #expect(note.book.authors == ["A", "B"] && note.headings.count == 2 && note.tags.count == 1)
    var bytes: [UInt8] = []
    SummaryArchive.write(note, to: &bytes)
    try bytes.withUnsafeBytes { buffer in
      var offset = 0
      let read = try SummaryArchive.read(buffer, at: &offset)
      #expect(read == note && offset == buffer.count)
    }
    var structure = ArchiveWriter(bytes: [])
    SummaryArchive.writeStructure(note, to: &structure)
    try structure.bytes.withUnsafeBytes { buffer in
      let prompts = try SummaryArchive.readPrompts(buffer)
      #expect(prompts.path == note.path && prompts.prompts == note.prompts)
      let review = try SummaryArchive.readReviewFields(buffer)
      #expect(review.path == note.path && review.prompts == note.prompts)
      #expect(review.title == note.title && review.title != nil)
      #expect(review.tags == note.tags)
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
