import BookNotesTestSupport
import NoteIntelligence
import NoteSyntax
import ReviewScheduling
import Testing

/// Which prompts a review session shows, from the prompts of real notes and a log.
@Suite(.onThreadsOfItsOwn) struct ReviewQueueTests {
  static let now = UTCTime.parse("2026-11-27T12:00:00Z")!

  /// The prompts of `text` as the index keeps them.
  static func candidates(_ text: String, path: String, noteTime: Int64) -> [ReviewCandidate] {
    NoteSummary(path: path, doc: NoteDocument(text)).prompts.map {
      ReviewCandidate(mark: $0, path: path, noteTime: noteTime)
    }
  }

  /// The fronts of prompts by id, in the notes of these tests.
  static let fronts: [PromptID: String] = Dictionary(
    uniqueKeysWithValues: ["# Old\n\nQ: One?\nA: 1\n\nQ: Two?\nA: 2\n", "# New\n\nQ: Three?\nA: 3\n"].flatMap {
      Prompts.prompts(for: NoteDocument($0)).map { (PromptID($0.id)!, $0.front) }
    })

  static let older = candidates("# Old\n\nQ: One?\nA: 1\n\nQ: Two?\nA: 2\n", path: "/n/old.md", noteTime: 100)
  static let newer = candidates("# New\n\nQ: Three?\nA: 3\n", path: "/n/new.md", noteTime: 200)

  func record(_ id: PromptID, _ grade: ReviewGrade, daysAgo: Double) -> ReviewRecord {
    ReviewRecord(time: Self.now - Int64(daysAgo * 86_400), promptID: id.description, grade: grade, seconds: 3)
  }

  /// The index keeps each prompt's id, kind and place, as the prompts of the note say.
  @Test func theIndexKeepsEachPromptsIdKindAndPlace() {
    let doc = NoteDocument("# Book\n\nQ: One?\nA: 1\n\n> A quote 😀. (p. 2)\n\nThe ?[capital](city) is Paris.\n")
    let prompts = Prompts.prompts(for: doc, path: "/n/book.md")
    let marks = NoteSummary(path: "/n/book.md", doc: doc).prompts
    #expect(marks.map(\.kind) == [.qa, .quote, .cloze])
    #expect(marks.map(\.id.description) == prompts.map(\.id))
    #expect(marks.map(\.line) == prompts.map(\.line))
    #expect(marks.map(\.span.bytes) == prompts.map(\.range))
    #expect(marks[2].span.start.utf16 == 4 && marks[1].span.end.utf8 > marks[1].span.end.utf16)
  }

  @Test func duePromptsComeFirstThenNewOnesOldestNoteFirst() {
    let two = Self.older[1].id
    // Graded good 30 days ago, at a first interval of a couple of days: due now.
    let log = ReviewLog([record(two, .good, daysAgo: 30), record(two, .good, daysAgo: 29.99)])
    let due = ReviewQueue.due(Self.newer + Self.older, log: log, now: Self.now, settings: ReviewSettings())
    #expect(due.map { Self.fronts[$0.id] } == ["Two?", "One?", "Three?"])
    #expect(due[0].card.state == .review && due[0].card.due! <= Self.now)
    #expect(due[1].card.isNew && due[2].card.isNew)
    #expect(
      ReviewQueue.due(Self.newer + Self.older, log: log, now: Self.now, settings: ReviewSettings(), limit: 1).count == 1
    )
  }

  /// A session's few prompts, picked without sorting every prompt, are the first of
  /// the whole queue in its order: due ones by due time, then new ones by note time.
  @Test func aShortSessionIsTheWholeQueuesBeginning() {
    var candidates: [ReviewCandidate] = []
    for note in 0..<40 {
      let text = (0..<10).map { "Q: Note \(note) prompt \($0)?\nA: \($0)\n" }.joined(separator: "\n")
      candidates += Self.candidates(text, path: "/n/\(note).md", noteTime: Int64((note * 17) % 40))
    }
    // Half the prompts reviewed, on scattered days, so that their due times differ.
    let records = candidates.indices.filter { $0 % 2 == 0 }.map {
      record(candidates[$0].id, .good, daysAgo: Double(20 + ($0 * 37) % 90) + Double($0) / 1_000)
    }
    let log = ReviewLog(records)
    let settings = ReviewSettings(newPerDay: 1_000)
    let whole = ReviewQueue.due(candidates, log: log, now: Self.now, settings: settings, limit: 1_000)
    #expect(whole.count == 400)
    for limit in [1, 5, 20, 199, 200, 201, 230] {
      let session = ReviewQueue.due(candidates, log: log, now: Self.now, settings: settings, limit: limit)
      #expect(session.map(\.id) == whole.prefix(limit).map(\.id), "limit \(limit)")
    }
  }

  /// A log's records by prompt in time order, identical ones once; two different
  /// records of one second both kept, in the logs' order.
  @Test func aLogOrdersByTimeAndKeepsEachRecordOnce() {
    let a = ReviewRecord(time: 300, promptID: "p", grade: .good, seconds: 3)
    let b = ReviewRecord(time: 100, promptID: "p", grade: .again, seconds: 3)
    let c = ReviewRecord(time: 300, promptID: "p", grade: .easy, seconds: 3)
    let d = ReviewRecord(time: 200, promptID: "q", grade: .hard, seconds: 1)
    let log = ReviewLog([a, b, d, c, a, b, c])
    #expect(log.count == 4)
    #expect(log.records["p"] == [b, a, c])
    #expect(log.records["q"] == [d])
  }

  @Test func aPromptNotYetDueIsLeftOut() {
    let one = Self.older[0].id
    let log = ReviewLog([record(one, .easy, daysAgo: 1)])
    let due = ReviewQueue.due(Self.older, log: log, now: Self.now, settings: ReviewSettings())
    #expect(due.map { Self.fronts[$0.id] } == ["Two?"])
    // Reviews logged after `now` do not count.
    let future = ReviewLog([record(one, .easy, daysAgo: -1)])
    #expect(ReviewQueue.due(Self.older, log: future, now: Self.now, settings: ReviewSettings()).count == 2)
  }

  @Test func newPromptsEnterAtMostNewPerDay() {
    let one = Self.older[0].id
    let settings = ReviewSettings(newPerDay: 2)
    // One new prompt begun earlier today (and graded again, so due in a minute: not yet).
    let log = ReviewLog([ReviewRecord(time: Self.now - 30, promptID: one.description, grade: .again, seconds: 2)])
    let due = ReviewQueue.due(Self.older + Self.newer, log: log, now: Self.now, settings: settings)
    #expect(due.map { Self.fronts[$0.id] } == ["Two?"])
    #expect(ReviewQueue.due(Self.older + Self.newer, log: ReviewLog(), now: Self.now, settings: settings).count == 2)
  }

  @Test func aChangedPromptStartsAnew() {
    let one = Self.older[0].id
    let log = ReviewLog([record(one, .easy, daysAgo: 1)])
    let edited = Self.candidates("# Old\n\nQ: One, edited?\nA: 1\n", path: "/n/old.md", noteTime: 100)
    let due = ReviewQueue.due(edited, log: log, now: Self.now, settings: ReviewSettings())
    #expect(due.count == 1 && due[0].card.isNew && due[0].id != one)
    // Its old lines stay in the log.
    #expect(log.records[one.description]?.count == 1)
  }
}
