import BookNotesTestSupport
import NoteIntelligence
import ReviewScheduling
import Testing

/// The review schedule: each prompt's card as a whole replay of the log makes it, and
/// the same after records appended to it are replayed alone.
@Suite(.onThreadsOfItsOwn) struct ReviewScheduleTests {
  static let scheduler = FSRSScheduler()

  /// `count` records of a few prompts (and an id no prompt has), mostly in time order,
  /// some repeated and some out of order, from a seeded generator.
  static func records(_ count: Int, seed: UInt64) -> [ReviewRecord] {
    var state = seed
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
    let ids = (0..<6).map { PromptID(hash: UInt64($0) &* 0x9E37_79B9_7F4A_7C15, occurrence: $0 == 5 ? 2 : 1) }
    var time: Int64 = 1_790_000_000
    var records: [ReviewRecord] = []
    for _ in 0..<count {
      time += Int64([30, 600, 86_400, 5 * 86_400][next(4)])
      let id = next(10) == 0 ? "not-a-prompt-id" : ids[next(ids.count)].description
      var record = ReviewRecord(
        time: time, promptID: id, grade: ReviewGrade(rawValue: next(4) + 1)!, seconds: next(20))
      if next(12) == 0, let earlier = records.last { record = earlier }
      if next(15) == 0 { record.time -= 3 * 86_400 }
      records.append(record)
    }
    return records
  }

  static func schedule(_ records: [ReviewRecord]) -> ReviewSchedule {
    var log = ReviewLog(records)
    log.replay(scheduler)
    return ReviewSchedule(log, scheduler: scheduler)
  }

  @Test func appendedRecordsGiveTheWholeReplaysCards() {
    var appended = 0
    for seed in 1...40 {
      let records = Self.records(60, seed: UInt64(seed))
      let whole = Self.schedule(records)
      for split in [0, 1, 20, 45, 59] {
        var schedule = Self.schedule(Array(records[..<split]))
        if schedule.append(Array(records[split...]), scheduler: Self.scheduler) {
          appended += 1
          #expect(schedule == whole, "seed \(seed), split \(split)")
        } else {
          #expect(schedule == Self.schedule(Array(records[..<split])), "a refused append changes nothing")
        }
      }
    }
    // Most appends in time order go through; repeated and earlier records do not.
    #expect(appended > 20 && appended < 200)
  }

  /// Every reviewed prompt of a large schedule is found, and no other, with hashes
  /// spread evenly or bunched together.
  @Test func everyPromptIsFoundInALargeSchedule() {
    for spread in [true, false] {
      var state: UInt64 = 7
      let hashes = (0..<3_000).map { index -> UInt64 in
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return spread ? state : UInt64(index % 40) << 58 | state >> 50
      }
      let records = hashes.enumerated().map { index, hash in
        ReviewRecord(
          time: 1_000 + Int64(index), promptID: PromptID(hash: hash).description, grade: .good, seconds: 1)
      }
      let schedule = Self.schedule(records)
      #expect(hashes.allSatisfy { !schedule.card(PromptID(hash: $0)).isNew })
      #expect(hashes.allSatisfy { schedule.card(PromptID(hash: $0, occurrence: 2)).isNew })
      #expect(schedule.card(PromptID(hash: 0)).isNew && schedule.card(PromptID(hash: .max)).isNew)
    }
  }

  @Test func cardsAndDaysBegunAsTheLogSays() throws {
    let one = PromptID(hash: 1)
    let records = [
      ReviewRecord(time: 1_000, promptID: one.description, grade: .good, seconds: 1),
      ReviewRecord(time: 90_000, promptID: one.description, grade: .good, seconds: 1),
      ReviewRecord(time: 90_100, promptID: "by hand", grade: .again, seconds: 1),
    ]
    var log = ReviewLog(records)
    log.replay(Self.scheduler)
    let schedule = ReviewSchedule(log, scheduler: Self.scheduler)
    #expect(schedule.card(one) == log.card(one.description, scheduler: Self.scheduler))
    #expect(schedule.card(PromptID(hash: 2)).isNew)
    #expect(schedule.count == 2 && schedule.latestReview == 90_100)
    // Day 1 (from 86,400): the other id was begun then; the prompt on day 0.
    #expect(schedule.startedOn(day: 90_200) == 1)
    #expect(schedule.startedOn(day: 1_500) == 1)
    // As at a time between the reviews: the second does not count.
    let earlier = ReviewSchedule(log, scheduler: Self.scheduler, now: 2_000)
    #expect(earlier.card(one) == log.card(one.description, scheduler: Self.scheduler, now: 2_000))
    #expect(earlier.latestReview == 1_000 && earlier.count == 1)
  }
}
