import BookNotesTestSupport
import NoteIntelligence
import ReviewScheduling
import Testing

/// The order of a review session: prompts graded into a learning step come back, as
/// Anki's do, scheduled by the real FSRS scheduler.
@Suite(.onThreadsOfItsOwn) struct SessionQueueTests {
  static let scheduler = FSRSScheduler()
  static let now = UTCTime.parse("2026-11-27T08:00:00Z")!

  /// Shows and grades every prompt as `grades` says (by prompt, in turn; good when
  /// none is left), `seconds` apart; the prompts in the order shown, a returning one
  /// marked with `+`.
  static func run(_ items: [String], grades: [String: [ReviewGrade]], seconds: Int64 = 5) -> [String] {
    var queue = SessionQueue(items)
    var cards: [String: ReviewCard] = [:]
    var left = grades
    var shown: [String] = []
    var clock = now
    while let (item, back) = queue.next(at: clock), shown.count < 50 {
      shown.append(back ? item + "+" : item)
      let grade = left[item]?.isEmpty == false ? left[item]!.removeFirst() : .good
      let card = scheduler.review(cards[item] ?? ReviewCard(), grade: grade, at: clock)
      cards[item] = card
      queue.graded(item, card: card, at: clock)
      clock += seconds
    }
    return shown
  }

  @Test func aPromptGradedAgainComesBackAfterTheOthers() {
    // New prompts: again (a minute), then good (ten minutes), then good (graduated).
    #expect(
      Self.run(["a", "b", "c"], grades: ["a": [.again], "b": [.easy], "c": [.easy]]) == ["a", "b", "c", "a+", "a+"])
    // Easy graduates a new prompt at once: nothing comes back.
    #expect(Self.run(["a", "b"], grades: ["a": [.easy], "b": [.easy]]) == ["a", "b"])
  }

  /// A step that falls due while other prompts are shown comes back before them.
  @Test func aStepDueComesBeforeTheRestOfTheSession() {
    let shown = Self.run(
      ["a", "b", "c", "d"], grades: ["a": [.again, .easy], "b": [.easy], "c": [.easy], "d": [.easy]], seconds: 40)
    #expect(shown == ["a", "b", "a+", "c", "d"])
  }

  /// A prompt in review graded again relearns for ten minutes: back in the session;
  /// one graded good is due in days: not.
  @Test func onlyStepsWithinTheLearnAheadLimitComeBack() {
    var card = ReviewCard()
    for day in [0, 3, 12] { card = Self.scheduler.review(card, grade: .good, at: Self.now + Int64(day) * 86_400) }
    #expect(card.state == .review)
    let later = Self.now + 40 * 86_400
    #expect(SessionQueue<Int>.comesBack(Self.scheduler.review(card, grade: .again, at: later), at: later))
    #expect(!SessionQueue<Int>.comesBack(Self.scheduler.review(card, grade: .good, at: later), at: later))
    var queue = SessionQueue([1])
    #expect(queue.next(at: later)?.item == 1)
    queue.graded(1, card: Self.scheduler.review(card, grade: .good, at: later), at: later)
    #expect(queue.next(at: later) == nil && queue.remaining == 0)
  }
}
