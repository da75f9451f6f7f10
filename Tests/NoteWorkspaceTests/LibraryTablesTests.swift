import BookNotesTestSupport
import Synchronization
import Testing

@testable import NoteIntelligence
@testable import NoteWorkspace

/// A library made from stored tables and archived boxes (a start from the index
/// cache) against the library built note by note.
@Suite(.onThreadsOfItsOwn) struct LibraryTablesTests {
  /// Archived summaries, counting how many were decoded; record `broken` does not
  /// read back.
  final class Archive: SummarySource {
    let bytes: [UInt8]
    let ends: [Int]
    let broken: Int?
    let decoded = Atomic<Int>(0)

    init(_ summaries: [NoteSummary], broken: Int? = nil) {
      var writer = ArchiveWriter(bytes: [])
      var ends: [Int] = []
      for summary in summaries {
        SummaryArchive.write(summary, to: &writer)
        ends.append(writer.bytes.count)
      }
      bytes = writer.bytes
      self.ends = ends
      self.broken = broken
    }

    func summary(at index: Int) -> NoteSummary? {
      decoded.add(1, ordering: .relaxed)
      guard index != broken else { return nil }
      return bytes.withUnsafeBytes { buffer in
        var offset = index == 0 ? 0 : ends[index - 1]
        return try? SummaryArchive.read(UnsafeRawBufferPointer(rebasing: buffer[..<ends[index]]), at: &offset)
      }
    }
  }

  static let many = SummaryFixtures.many

  /// The tables of `summaries` written and read back.
  static func storedTables(_ summaries: [NoteSummary]) throws -> LibraryTables {
    let paths = summaries.map(\.path)
    var writer = ArchiveWriter(bytes: [])
    SummaryArchive.write(
      LibraryTables(of: summaries), notes: Dictionary(uniqueKeysWithValues: paths.enumerated().map { ($1, $0) }),
      to: &writer)
    return try writer.bytes.withUnsafeBytes { buffer in
      var offset = 0
      let tables = try SummaryArchive.readTables(buffer, at: &offset, paths: paths)
      #expect(offset == buffer.count)
      return tables
    }
  }

  static func sameAnswers(_ a: LibrarySnapshot, _ b: LibrarySnapshot) throws {
    #expect(a.noteCount == b.noteCount)
    #expect(a.paths == b.paths)
    #expect(a.tags() == b.tags())
    for prefix in ["", "s", "theme/", "shelf/1"] {
      #expect(a.tagCompletions(prefix: prefix) == b.tagCompletions(prefix: prefix))
    }
    for tag in ["theme", "shelf", "idea-3", "Theme/2"] {
      #expect(
        try a.tagUses(of: tag, includingChildren: true).map { "\($0.path) \($0.use.span.bytes)" }
          == b.tagUses(of: tag, includingChildren: true).map { "\($0.path) \($0.use.span.bytes)" })
    }
    for query in ["book", "chapter 2", "#theme", "#shelf", "#idea-1", "word1"] {
      #expect(try a.symbols(matching: query, limit: 30) == b.symbols(matching: query, limit: 30), "\(query)")
    }
    for path in b.paths { #expect(a.duplicates(of: path) == b.duplicates(of: path)) }
    for query in ["common", "word1", "#shelf/2 text"] {
      let x = try a.searchCandidates(SearchQuery(query)).map { "\($0.note.path) \($0.score)" }
      let y = try b.searchCandidates(SearchQuery(query)).map { "\($0.note.path) \($0.score)" }
      #expect(x == y, "\(query)")
    }
  }

  @Test func aLibraryFromStoredTablesIsTheLibraryBuiltNoteByNote() throws {
    let notes = Self.many.sorted { $0.path < $1.path }
    let archive = Archive(notes)
    let tables = try Self.storedTables(notes)
    // Kept: every note but those dropped (changed, deleted or open since the tables
    // were made), among them the first note of every tag and book.
    let dropped = Set([0, 1, 2, 5, 17, 39])
    let kept = notes.indices.filter { !dropped.contains($0) }
    let host = LibraryHost()
    let installed = host.install(
      kept.map { (path: notes[$0].path, box: NoteBox(archived: $0, path: notes[$0].path, in: archive)) },
      tables: tables, dropped: dropped.sorted().map { notes[$0] })
    #expect(archive.decoded.load(ordering: .relaxed) == 0, "made without decoding a note")
    let built = LibraryHost().apply(kept.map { .update(notes[$0]) })
    try Self.sameAnswers(installed, built)
    // Made with every note first, the dropped ones taken out after.
    let second = Archive(notes)
    var image = LibraryImage(
      notes: notes.indices.map {
        (path: notes[$0].path, box: NoteBox(archived: $0, path: notes[$0].path, in: second))
      },
      tables: tables)
    for index in dropped.sorted() { image.drop(notes[index].path, counted: notes[index]) }
    #expect(second.decoded.load(ordering: .relaxed) == 0)
    try Self.sameAnswers(LibraryHost().install(image), built)
    // Changes after it apply as to any library.
    let changed = notes[3]
    var renamed = changed
    renamed.tags = [NoteSummary.TagUse(name: "Moved", span: changed.tags[0].span, inFrontMatter: false)]
    let next = host.apply([.update(renamed), .remove(path: notes[4].path)])
    let rebuilt = LibraryHost().apply(kept.filter { $0 != 4 }.map { .update($0 == 3 ? renamed : notes[$0]) })
    try Self.sameAnswers(next, rebuilt)
  }

  @Test func aNoteAppliedBeforeTheInstallStaysOnTop() throws {
    let notes = Self.many.sorted { $0.path < $1.path }
    let archive = Archive(notes)
    let host = LibraryHost()
    // An open note indexed from its live text while the cache was read.
    var live = notes[7]
    live.title = "Live Title"
    host.apply([.update(live)])
    host.install(
      notes.indices.filter { $0 != 7 }.map {
        (path: notes[$0].path, box: NoteBox(archived: $0, path: notes[$0].path, in: archive))
      }, tables: try Self.storedTables(notes), dropped: [notes[7]])
    let built = LibraryHost().apply(notes.indices.map { .update($0 == 7 ? live : notes[$0]) })
    try Self.sameAnswers(host.snapshot(), built)
    #expect(host.snapshot().note(at: live.path)?.title == "Live Title")
  }

  @Test func aRecordThatDoesNotReadBackWaitsToBeReadAgain() {
    let notes = Array(Self.many.prefix(3))
    let archive = Archive(notes, broken: 1)
    let boxes = notes.indices.map { NoteBox(archived: $0, path: notes[$0].path, in: archive) }
    #expect(boxes.allSatisfy { !$0.isDecoded })
    NoteBox.decodeAll(boxes, parts: 2) { count, body in for index in 0..<count { body(index) } }
    #expect(boxes[0].summary == notes[0])
    #expect(boxes[2].summary == notes[2])
    #expect(boxes[1].summary.path == notes[1].path)
    #expect(
      boxes[1].summary.wordsPending == NoteWords.Pending(knowsCode: false),
      "summarised again from its file in the second pass")
    #expect(archive.decoded.load(ordering: .relaxed) == 3, "each once")
    _ = boxes.map(\.summary)
    #expect(archive.decoded.load(ordering: .relaxed) == 3)
  }

  @Test func everyTruncationOfTheTablesFailsCleanly() throws {
    let notes = Self.many
    let paths = notes.map(\.path)
    var writer = ArchiveWriter(bytes: [])
    SummaryArchive.write(
      LibraryTables(of: notes), notes: Dictionary(uniqueKeysWithValues: paths.enumerated().map { ($1, $0) }),
      to: &writer)
    let bytes = writer.bytes
    for length in 0..<bytes.count {
      let read = bytes[..<length].withUnsafeBytes { buffer -> Bool in
        var offset = 0
        return (try? SummaryArchive.readTables(buffer, at: &offset, paths: paths)) != nil && offset == length
      }
      // A prefix may read as a smaller table, never as the whole (nor trap).
      #expect(!read || length == bytes.count)
    }
    // A note index past the notes is refused.
    let fewer = bytes.withUnsafeBytes { buffer -> Bool in
      var offset = 0
      return (try? SummaryArchive.readTables(buffer, at: &offset, paths: Array(paths.prefix(3)))) == nil
    }
    #expect(fewer)
  }

  @Test func damagedTablesAndRecordsAreRefusedOrReadNeverTrapping() {
    let notes = Self.many
    let paths = notes.map(\.path)
    var tables = ArchiveWriter(bytes: [])
    SummaryArchive.write(
      LibraryTables(of: notes), notes: Dictionary(uniqueKeysWithValues: paths.enumerated().map { ($1, $0) }),
      to: &tables)
    var records = ArchiveWriter(bytes: [])
    for note in notes.prefix(8) { SummaryArchive.writeStructure(note, to: &records) }
    // A fixed sequence of damage: one to three bytes set to a pseudo-random value.
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
    var refused = 0
    for round in 0..<3000 {
      var bytes = round % 2 == 0 ? tables.bytes : records.bytes
      for _ in 0...next(3) { bytes[next(bytes.count)] = UInt8(next(256)) }
      let read = bytes.withUnsafeBytes { buffer -> Bool in
        var offset = 0
        if round % 2 == 0 { return (try? SummaryArchive.readTables(buffer, at: &offset, paths: paths)) != nil }
        while offset < buffer.count {
          guard let summary = try? SummaryArchive.readStructure(buffer, at: &offset) else { return false }
          // What reads back is usable: its keys index its bytes.
          for index in 0..<summary.keys.count { _ = summary.keys.key(at: index) }
        }
        return true
      }
      if !read { refused += 1 }
    }
    #expect(refused > 0)
  }
}
