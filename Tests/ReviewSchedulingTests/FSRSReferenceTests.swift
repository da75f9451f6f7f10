import BookNotesTestSupport
import Foundation
import ReviewScheduling
import Testing

/// Our FSRS-6 against the reference implementation: generated review histories (every
/// grade, reviews minutes apart on one day, lapses, reviews on time, late and years
/// later) replayed through both, with the same due time, state and step required
/// after every review. py-fsrs comes from PyPI into `Tests/fsrs/.venv` (`Tests/fsrs/run.sh`).
@Suite(.serialized, .onThreadsOfItsOwn) struct FSRSReferenceTests {
  static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("fsrs/run.sh").path

  /// A review history: times (seconds since 1970) and grades.
  typealias History = [(time: Int64, grade: ReviewGrade)]

  /// `count` histories from `seed`; gaps are chosen from our own schedule's due time
  /// (on time, early, late) as well as fixed spans, so both short and long gaps occur.
  static func histories(seed: UInt64, count: Int, scheduler: FSRSScheduler) -> [History] {
    var random = SplitMix(seed: seed)
    var result: [History] = []
    for _ in 0..<count {
      var time = Int64(1_767_225_600) + Int64.random(in: 0..<86_400 * 365, using: &random)
      var card = ReviewCard()
      var history: History = []
      for _ in 0..<Int.random(in: 1...40, using: &random) {
        let roll = Int.random(in: 0..<100, using: &random)
        let grade: ReviewGrade =
          roll < 15 ? .again : roll < 30 ? .hard : roll < 80 ? .good : .easy
        history.append((time, grade))
        card = scheduler.review(card, grade: grade, at: time)
        let untilDue = card.due! - time
        switch Int.random(in: 0..<8, using: &random) {
        case 0: time += Int64.random(in: 1...3_600, using: &random)  // again within the hour
        case 1: time += Int64.random(in: 3_600...86_399, using: &random)  // later the same day
        case 2: time += untilDue  // exactly on time
        case 3: time += untilDue + Int64.random(in: 0...86_400 * 3, using: &random)  // a little late
        case 4: time += max(1, untilDue / 2)  // early
        case 5: time += Int64.random(in: 86_400...86_400 * 60, using: &random)  // days to weeks
        case 6: time += Int64.random(in: 86_400 * 300...86_400 * 4_000, using: &random)  // a long gap
        default: time += untilDue * Int64.random(in: 2...5, using: &random)  // much later than due
        }
      }
      result.append(history)
    }
    return result
  }

  /// Each review's outcome as py-fsrs computes it: due time, state and step.
  static func reference(_ histories: [History], retention: Double) async throws -> [[(Int64, String, Int)]] {
    let cards = histories.map { history in history.map { [Double($0.time), Double($0.grade.rawValue)] } }
    let input = try JSONSerialization.data(withJSONObject: ["retention": retention, "cards": cards])
    let replay = try await ChildProcess.run("/usr/bin/env", ["bash", script], input: input, mergingErrors: false)
    try #require(
      replay.status == 0,
      "Tests/fsrs/run.sh failed (python3 -m venv, fsrs from PyPI): \(String(decoding: replay.errors, as: UTF8.self))")
    let object = try #require(try JSONSerialization.jsonObject(with: replay.output) as? [String: Any])
    let replayed = try #require(object["cards"] as? [[[Any]]])
    return replayed.map { reviews in
      reviews.map { ((($0[0] as? NSNumber)?.int64Value ?? -1), ($0[1] as? String) ?? "", ($0[2] as? Int) ?? -1) }
    }
  }

  @Test(arguments: [(0.9, UInt64(20_261_127)), (0.8, 7), (0.95, 42), (0.7, 1_234)])
  func dueTimesMatchPyFSRS(retention: Double, seed: UInt64) async throws {
    let scheduler = FSRSScheduler(desiredRetention: retention)
    let histories = Self.histories(seed: seed, count: 300, scheduler: scheduler)
    let expected = try await Self.reference(histories, retention: retention)
    try #require(expected.count == histories.count)
    var compared = 0
    var lapses = 0
    var longestGap: Int64 = 0
    for (index, history) in histories.enumerated() {
      var card = ReviewCard()
      var previous: Int64?
      for (step, review) in history.enumerated() {
        card = scheduler.review(card, grade: review.grade, at: review.time)
        let (due, state, learningStep) = expected[index][step]
        let ours = (card.due!, card.state.rawValue, card.step)
        #expect(
          ours == (due, state, learningStep),
          "card \(index) review \(step + 1) (grade \(review.grade.rawValue) at \(UTCTime.format(review.time))): ours \(ours), py-fsrs \((due, state, learningStep))"
        )
        if ours != (due, state, learningStep) { return }
        compared += 1
        longestGap = max(longestGap, review.time - (previous ?? review.time))
        previous = review.time
      }
      lapses += card.lapses
    }
    // The histories reach what they are meant to: many reviews, lapses, gaps of years.
    #expect(compared > 3_000)
    #expect(lapses > 100)
    #expect(longestGap > 86_400 * 365 * 5)
  }
}
