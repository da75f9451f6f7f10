import BookNotesTestSupport
import ReviewScheduling
import Testing

/// The scheduler's steps and the log's times, on values worked out by hand.
@Suite(.onThreadsOfItsOwn) struct FSRSTests {
  let scheduler = FSRSScheduler()
  let start = UTCTime.parse("2026-11-27T08:30:00Z")!

  @Test func aNewCardWalksTheLearningSteps() {
    var card = scheduler.review(ReviewCard(), grade: .good, at: start)
    #expect(card.state == .learning && card.step == 1 && card.due == start + 600)
    card = scheduler.review(ReviewCard(), grade: .again, at: start)
    #expect(card.due == start + 60)
    card = scheduler.review(ReviewCard(), grade: .hard, at: start)
    #expect(card.due == start + 330)
    card = scheduler.review(ReviewCard(), grade: .easy, at: start)
    #expect(card.state == .review)
    // Easy's initial stability is 8.2956 days; at 90 % retention that is the interval.
    #expect(card.due == start + 8 * 86_400)
  }

  @Test func aLapseRelearnsForTenMinutes() {
    var card = scheduler.review(ReviewCard(), grade: .easy, at: start)
    card = scheduler.review(card, grade: .again, at: card.due!)
    #expect(card.state == .relearning && card.due == start + 8 * 86_400 + 600 && card.lapses == 1)
    card = scheduler.review(card, grade: .good, at: card.due!)
    #expect(card.state == .review)
  }

  @Test func lowerRetentionMeansLongerIntervals() {
    let relaxed = FSRSScheduler(desiredRetention: 0.8)
    #expect(relaxed.review(ReviewCard(), grade: .easy, at: start).due! > start + 8 * 86_400)
  }

  @Test func timesReadAndWriteInUTC() {
    #expect(UTCTime.format(start) == "2026-11-27T08:30:00Z")
    #expect(UTCTime.parse("1970-01-01T00:00:00Z") == 0)
    #expect(UTCTime.parse("2000-02-29T23:59:59+00:00") == 951_868_799)
    #expect(UTCTime.parse("2026-11-27T08:30:00.250Z") == start)
    #expect(UTCTime.parse("2026-11-27") == UTCTime.parse("2026-11-27T00:00:00Z"))
    #expect(UTCTime.format(951_868_799) == "2000-02-29T23:59:59Z")
    for bad in ["2026-02-30T00:00:00Z", "2026-11-27T08:30:00", "2026-11-27T08:30:00+01:00", "x", ""] {
      #expect(UTCTime.parse(bad) == nil, "\(bad)")
    }
  }
}
