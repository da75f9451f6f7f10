import BookNotesTestSupport
import Foundation
import NoteIntelligence
import ReviewScheduling
import Testing

@testable import NoteWorkspace

/// The review logs on disk: appended one line at a time and never rewritten, every
/// `reviews*.tsv` merged, lines that do not read skipped with one warning per file; and
/// the library engine's review candidates.
@Suite(.onThreadsOfItsOwn) struct ReviewLogTests {
  static func record(_ time: String, _ id: String, _ grade: ReviewGrade, _ seconds: Int = 5) -> ReviewRecord {
    ReviewRecord(time: UTCTime.parse(time)!, promptID: id, grade: grade, seconds: seconds)
  }

  @Test func appendingWritesOneLineAndKeepsWhatWasThere() throws {
    let folder = try LibraryEngineTests.Folder([:])
    #expect(ReviewLogFiles.append(Self.record("2026-11-27T08:30:00Z", "abc", .good, 7), root: folder.root) == nil)
    let path = ReviewLogFiles.path(root: folder.root)
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "2026-11-27T08:30:00Z\tabc\t3\t7\n")
    // A line typed by hand without a line break, and a comment: both stay as written.
    let typed = "2026-11-27T08:30:00Z\tabc\t3\t7\n# reviewed on the train\n2026-11-27T09:00:00Z\tdef\t1\t12"
    try Data(typed.utf8).write(to: URL(fileURLWithPath: path))
    #expect(ReviewLogFiles.append(Self.record("2026-11-28T10:00:00Z", "abc", .easy), root: folder.root) == nil)
    let text = try String(contentsOfFile: path, encoding: .utf8)
    #expect(text == typed + "\n2026-11-28T10:00:00Z\tabc\t4\t5\n")
    let read = ReviewLogFiles.read(root: folder.root)
    #expect(read.warnings.isEmpty)
    #expect(read.records.map(\.promptID) == ["abc", "def", "abc"])
    #expect(read.records.map(\.grade) == [.good, .again, .easy])
  }

  @Test func everyLogIsMergedAndIdenticalLinesCountOnce() throws {
    let folder = try LibraryEngineTests.Folder([:])
    let logs = ReviewLogFiles.folder(root: folder.root)
    try FileManager.default.createDirectory(atPath: logs, withIntermediateDirectories: true)
    let shared = "2026-11-20T08:00:00Z\tabc\t3\t4\n"
    try Data((shared + "2026-11-21T08:00:00Z\tabc\t3\t4\n").utf8).write(to: URL(fileURLWithPath: logs + "/reviews.tsv"))
    // A sync service's conflicted copy: the common line and one made on another device.
    try Data((shared + "2026-11-22T08:00:00Z\tabc\t1\t9\n").utf8).write(
      to: URL(fileURLWithPath: logs + "/reviews (conflicted copy 2026-11-22).tsv"))
    try Data("2026-11-23T08:00:00Z\tabc\t3\t4\n".utf8).write(to: URL(fileURLWithPath: logs + "/notes.tsv"))
    let read = ReviewLogFiles.read(root: folder.root)
    let log = ReviewLog(read.records)
    #expect(log.count == 3)
    #expect(log.records["abc"]?.map(\.grade) == [.good, .good, .again])
  }

  @Test func linesThatDoNotReadAreSkippedWithOneWarning() throws {
    let folder = try LibraryEngineTests.Folder([:])
    let logs = ReviewLogFiles.folder(root: folder.root)
    try FileManager.default.createDirectory(atPath: logs, withIntermediateDirectories: true)
    let lines = [
      "2026-11-20T08:00:00Z\tabc\t3\t4", "garbage", "2026-11-20T08:00:00Z\tabc\t5\t4",
      "2026-13-20T08:00:00Z\tabc\t3\t4", "2026-11-20T08:00:00Z\tabc\t3", "\u{FFFD}\u{0}\t\t",
      "2026-11-21T08:00:00Z\tabc\t2\t4\r", "",
    ]
    var bytes = Array(lines.joined(separator: "\n").utf8)
    bytes += [0xFF, 0xFE, 0x0A]  // not UTF-8
    try Data(bytes).write(to: URL(fileURLWithPath: logs + "/reviews.tsv"))
    let read = ReviewLogFiles.read(root: folder.root)
    #expect(read.records.map(\.grade) == [.good, .hard])
    #expect(read.warnings.count == 1)
    #expect(read.warnings.first?.contains("6 lines (the first: line 2)") == true, "\(read.warnings)")
    // Reading never changes the file.
    #expect(try Data(contentsOf: URL(fileURLWithPath: logs + "/reviews.tsv")) == Data(bytes))
  }

  @Test func theEngineGivesTheFilteredNotesPromptsAndRecordsByRoot() throws {
    let folder = try LibraryEngineTests.Folder([
      "habits.md":
        "---\ntitle: Atomic Habits\ntags: [psychology]\n---\n> You do not rise to the level of your goals. (p. 27)\n\nQ: What compounds?\nA: Small habits.\n",
      "other.md": "# Other Book\n\nThe ?[capital](city) of France is Paris.\n",
    ])
    let engine = folder.engine()
    engine.open([folder.root])
    #expect(engine.reviewCandidates().count == 3)
    let habits = engine.reviewCandidates(LibraryEngine.ReviewFilter(book: "atomic"))
    #expect(habits.map(\.mark.kind) == [.quote, .qa])
    #expect(engine.reviewCandidates(LibraryEngine.ReviewFilter(tag: "#Psychology")).count == 2)
    #expect(engine.reviewCandidates(LibraryEngine.ReviewFilter(book: "nothing like it")).isEmpty)
    let record = Self.record("2026-11-27T08:30:00Z", habits[1].id.description, .good)
    #expect(engine.recordReview(record, notePath: habits[1].path) == nil)
    let (log, warnings) = engine.reviewLog()
    #expect(warnings.isEmpty && log.records[habits[1].id.description] == [record])
  }

  /// Review opens a library from the index cache without reading the notes' words:
  /// the same prompts, the words left in the cache. A changed note makes it a whole
  /// opening, which writes the cache again.
  @Test func reviewOpensFromTheCacheWithoutTheWords() throws {
    let folder = try LibraryEngineTests.Folder([
      "a.md": "# A\n\nQ: One?\nA: 1\n", "b.md": "---\ntags: [x]\n---\n> A quote. (p. 2)\n",
    ])
    let whole = folder.engine()
    whole.open([folder.root], twoPasses: false)
    let prompts = whole.reviewCandidates().map(\.id)
    #expect(prompts.count == 2 && whole.snapshot().pathsWaitingForWords.isEmpty)
    let review = folder.engine()
    review.open([folder.root], twoPasses: false, needsWords: false)
    #expect(review.reviewCandidates().map(\.id) == prompts)
    #expect(review.reviewCandidates(LibraryEngine.ReviewFilter(tag: "x")).map(\.mark.kind) == [.quote])
    #expect(review.snapshot().pathsWaitingForWords.sorted() == review.snapshot().paths.sorted())
    #expect(review.dueReviews().due.map(\.prompt.front).sorted() == ["A quote.", "One?"])
    // Without the summaries: each note's prompts read alone, every summary left in the cache.
    let prompted = folder.engine()
    prompted.open([folder.root], twoPasses: false, needsWords: false, needsSummaries: false)
    #expect(prompted.reviewCandidates().map(\.id) == prompts)
    #expect(prompted.reviewCandidates().map(\.mark) == whole.reviewCandidates().map(\.mark))
    #expect(prompted.dueReviews().due.map(\.prompt.front).sorted() == ["A quote.", "One?"])
    #expect(prompted.snapshot().allBoxes.allSatisfy { !$0.isDecoded })
    try folder.write("a.md", "# A\n\nQ: Two?\nA: 2\n")
    let changed = folder.engine()
    changed.open([folder.root], twoPasses: false, needsWords: false)
    #expect(changed.snapshot().pathsWaitingForWords.isEmpty)
    #expect(changed.dueReviews().due.map(\.prompt.front).sorted() == ["A quote.", "Two?"])
  }

  @Test func changedNotesAndLogsAreReadAgain() throws {
    let folder = try LibraryEngineTests.Folder(["a.md": "# A\n\nQ: One?\nA: 1\n"])
    let engine = folder.engine()
    engine.open([folder.root])
    let first = engine.reviewCandidates()
    #expect(engine.dueReviews().due.map(\.prompt.front) == ["One?"])
    #expect(engine.reviewLog().log.count == 0)
    // The note changes on disk: a prompt no longer in it is left out before the index
    // reads it again, and the index's prompts are the new text's after that.
    try folder.write("a.md", "# A\n\nQ: One, edited?\nA: 1\n\nQ: Two?\nA: 2\n")
    #expect(engine.dueReviews().due.isEmpty)
    #expect(engine.readAgain([first[0].path]))
    #expect(engine.dueReviews().due.map(\.prompt.front) == ["One, edited?", "Two?"])
    #expect(engine.dueReviews().due.map(\.prompt.line) == [2, 5])
    #expect(
      engine.recordReview(Self.record("2026-11-27T08:30:00Z", first[0].id.description, .good), notePath: first[0].path)
        == nil)
    let (log, _) = engine.reviewLog()
    #expect(log.count == 1)
    #expect(log.card(first[0].id.description, scheduler: engine.reviewSettings.scheduler).state == .learning)
    #expect(
      ReviewLogFiles.append(Self.record("2026-11-27T08:31:00Z", first[0].id.description, .easy), root: folder.root)
        == nil)
    let again = engine.reviewLog().log
    #expect(again.count == 2)
    #expect(again.card(first[0].id.description, scheduler: engine.reviewSettings.scheduler).state == .review)
  }

  /// A line read from its bytes reads as from its text, fast path or not.
  @Test func bytesAndTextReadTheSame() {
    let lines = [
      "2026-11-27T08:30:00Z\tabc\t3\t7", "2026-11-27T08:30:00Z\tabc\t3\t7\r", "2026-11-27T08:30:00.5Z\tabc\t03\t7",
      "2026-11-27T08:30:00Z\tcafé\t4\t0", "2026-11-27T08:30:00Z\ta b\t3\t7", "2026-11-27T08:30:00Z\tabc\t5\t7",
      "2026-11-27T08:30:00Z\tabc\t3\t-1", "2026-11-27T08:30:00Z\tabc\t3\t7\textra", "# a comment", "", " \t",
      "2026-11-27T08:30:00Z\t\t3\t7", "2026-11-27T08:30:00Z\tabc\t3\t99999999999999999999", "x\ty\tz\tw",
      "2026-11-27\tabc\t3\t7", "2026-11-27T08:30:00+00:00\tabc\t3\t7", "2026-02-30T08:30:00Z\tabc\t3\t7",
      "2026-11-27T08:30:00Z\tabc\t3\t", "2026-11-27T08:30:00Z\tabc\t3\t12a", "2026-11-27T24:30:00Z\tabc\t3\t7",
      "2026-11-27 08:30:00Z\tabc\t3\t7", "2026-11-27T08:30:00\tabc\t3\t7", "\tabc\t3\t7",
    ]
    for line in lines {
      #expect(
        ReviewRecord.read(utf8: Array(line.utf8)[...]) == ReviewRecord.read(Substring(line)), "\(line.debugDescription)"
      )
    }
  }
}
