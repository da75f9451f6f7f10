#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// FSRS-6 scheduling as py-fsrs 6.3 schedules with `Scheduler(enable_fuzzing=False)`:
/// a card's stability (days until recall falls to 90 %), difficulty (1–10) and
/// retrievability, learning steps for new and forgotten cards, and the interval at
/// which recall is predicted to fall to the desired retention. Pure arithmetic on
/// seconds since 1970 in UTC; powers go through the C library's `pow`, as in Python,
/// so the rounding to whole days comes out the same.
public struct FSRSScheduler: Sendable, Equatable {
  /// FSRS-6's 21 default weights, as trained on many reviewers' logs.
  public static let defaultWeights: [Double] = [
    0.212, 1.2931, 2.3065, 8.2956, 6.4133, 0.8334, 3.0194, 0.001, 1.8722, 0.1666, 0.796,
    1.4835, 0.0614, 0.2629, 1.6483, 0.6014, 1.8729, 0.5425, 0.0912, 0.0658, 0.1542,
  ]
  static let minimumStability = 0.001
  static let secondsPerDay: Int64 = 86_400

  public var weights: [Double]
  /// The probability of recall at which a card in review comes due.
  public var desiredRetention: Double
  /// Steps of a card not yet in review, in seconds.
  public var learningSteps: [Int64]
  /// Steps of a card forgotten in review, in seconds.
  public var relearningSteps: [Int64]
  /// The longest interval of a card in review, in days.
  public var maximumInterval: Int64

  public init(
    desiredRetention: Double = 0.9, weights: [Double] = Self.defaultWeights, learningSteps: [Int64] = [60, 600],
    relearningSteps: [Int64] = [600], maximumInterval: Int64 = 36_500
  ) {
    precondition(weights.count == 21, "FSRS-6 has 21 weights")
    self.weights = weights
    self.desiredRetention = desiredRetention
    self.learningSteps = learningSteps
    self.relearningSteps = relearningSteps
    self.maximumInterval = maximumInterval
  }

  /// The forgetting curve's exponent (negative) and the factor that makes recall 90 %
  /// after one stability.
  var decay: Double { -weights[20] }
  var factor: Double { pow(0.9, 1 / decay) - 1 }

  /// The predicted probability of recalling `card` at `time` (0 before its first review).
  public func retrievability(of card: ReviewCard, at time: Int64) -> Double {
    guard let last = card.lastReview, let stability = card.stability else { return 0 }
    let elapsedDays = Double(max(0, Self.wholeDays(from: last, to: time)))
    return pow(1 + factor * elapsedDays / stability, decay)
  }

  /// `card` after a review with `grade` at `time`.
  public func review(_ card: ReviewCard, grade: ReviewGrade, at time: Int64) -> ReviewCard {
    var next = card
    let sameDay = card.lastReview.map { Self.wholeDays(from: $0, to: time) < 1 } ?? false
    let interval: Int64
    switch card.state {
    case .learning, .relearning:
      if let stability = card.stability, let difficulty = card.difficulty {
        next.stability =
          sameDay
          ? shortTermStability(stability, grade)
          : nextStability(difficulty, stability, retrievability(of: card, at: time), grade)
        next.difficulty = nextDifficulty(difficulty, grade)
      } else {
        next.stability = initialStability(grade)
        next.difficulty = clampDifficulty(initialDifficulty(grade))
      }
      let steps = card.state == .learning ? learningSteps : relearningSteps
      interval = advanceThroughSteps(&next, steps: steps, grade: grade)
    case .review:
      let stability = card.stability ?? Self.minimumStability
      let difficulty = card.difficulty ?? 1
      next.stability =
        sameDay
        ? shortTermStability(stability, grade)
        : nextStability(difficulty, stability, retrievability(of: card, at: time), grade)
      next.difficulty = nextDifficulty(difficulty, grade)
      if grade == .again, !relearningSteps.isEmpty {
        next.state = .relearning
        next.step = 0
        interval = relearningSteps[0]
      } else {
        interval = intervalDays(next.stability!) * Self.secondsPerDay
      }
    }
    next.due = time + interval
    next.lastReview = time
    next.reviews += 1
    if grade == .again, card.state == .review { next.lapses += 1 }
    return next
  }

  /// Moves `card` (stability already updated) along `steps`, or into review past the
  /// last one; the seconds until it is due.
  func advanceThroughSteps(_ card: inout ReviewCard, steps: [Int64], grade: ReviewGrade) -> Int64 {
    let step = card.step
    func graduate() -> Int64 {
      card.state = .review
      card.step = 0
      return intervalDays(card.stability!) * Self.secondsPerDay
    }
    if steps.isEmpty || (step >= steps.count && grade != .again) { return graduate() }
    switch grade {
    case .again:
      card.step = 0
      return steps[0]
    case .hard:
      if step == 0 && steps.count == 1 { return steps[0] * 3 / 2 }
      if step == 0 { return (steps[0] + steps[1]) / 2 }
      return steps[step]
    case .good:
      if step + 1 == steps.count { return graduate() }
      card.step = step + 1
      return steps[step + 1]
    case .easy:
      return graduate()
    }
  }

  /// Whole days from `start` to `end`, rounded down.
  static func wholeDays(from start: Int64, to end: Int64) -> Int64 {
    let seconds = end - start
    return seconds >= 0 ? seconds / secondsPerDay : -((-seconds + secondsPerDay - 1) / secondsPerDay)
  }

  func clampStability(_ stability: Double) -> Double { max(stability, Self.minimumStability) }
  func clampDifficulty(_ difficulty: Double) -> Double { min(max(difficulty, 1), 10) }

  func initialStability(_ grade: ReviewGrade) -> Double { clampStability(weights[grade.rawValue - 1]) }

  func initialDifficulty(_ grade: ReviewGrade) -> Double {
    weights[4] - pow(M_E, weights[5] * Double(grade.rawValue - 1)) + 1
  }

  /// Whole days until recall is predicted to fall to the desired retention, at least
  /// one and at most the maximum interval; halves round to even, as Python's `round`.
  func intervalDays(_ stability: Double) -> Int64 {
    let days = (stability / factor) * (pow(desiredRetention, 1 / decay) - 1)
    let rounded = Int64(days.rounded(.toNearestOrEven))
    return min(max(rounded, 1), maximumInterval)
  }

  /// Stability after a second review within a day.
  func shortTermStability(_ stability: Double, _ grade: ReviewGrade) -> Double {
    var increase =
      pow(M_E, weights[17] * (Double(grade.rawValue - 3) + weights[18])) * pow(stability, -weights[19])
    if grade != .again { increase = max(increase, 1) }
    return clampStability(stability * increase)
  }

  /// Difficulty moved by the grade, damped near 10, and pulled towards an easy
  /// first review's difficulty.
  func nextDifficulty(_ difficulty: Double, _ grade: ReviewGrade) -> Double {
    let easyStart = initialDifficulty(.easy)
    let delta = -(weights[6] * Double(grade.rawValue - 3))
    let damped = difficulty + (10 - difficulty) * delta / 9
    return clampDifficulty(weights[7] * easyStart + (1 - weights[7]) * damped)
  }

  /// Stability after a review a day or more after the last one.
  func nextStability(_ difficulty: Double, _ stability: Double, _ retrievability: Double, _ grade: ReviewGrade)
    -> Double
  {
    if grade == .again {
      let longTerm =
        weights[11] * pow(difficulty, -weights[12]) * (pow(stability + 1, weights[13]) - 1)
        * pow(M_E, (1 - retrievability) * weights[14])
      let shortTerm = stability / pow(M_E, weights[17] * weights[18])
      return clampStability(min(longTerm, shortTerm))
    }
    let hardPenalty = grade == .hard ? weights[15] : 1
    let easyBonus = grade == .easy ? weights[16] : 1
    let growth =
      pow(M_E, weights[8]) * (11 - difficulty) * pow(stability, -weights[9])
      * (pow(M_E, (1 - retrievability) * weights[10]) - 1) * hardPenalty * easyBonus
    return clampStability(stability * (1 + growth))
  }
}
