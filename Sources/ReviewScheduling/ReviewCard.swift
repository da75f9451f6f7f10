/// A grade given to a prompt: again (forgotten), hard, good, easy.
public enum ReviewGrade: Int, Sendable, CaseIterable {
  case again = 1
  case hard = 2
  case good = 3
  case easy = 4
}

/// Where a card is in FSRS: taking its first steps, in review, or taking steps again
/// after a lapse.
public enum ReviewState: String, Sendable {
  case learning
  case review
  case relearning
}

/// A card's memory state, as replayed from its reviews. Times are seconds since 1970 in UTC.
public struct ReviewCard: Sendable, Equatable {
  public var state: ReviewState = .learning
  /// The learning or relearning step (0 in review).
  public var step = 0
  /// Days until recall is predicted to fall to 90 %; `nil` before the first review.
  public var stability: Double?
  /// 1 (easy) to 10 (hard); `nil` before the first review.
  public var difficulty: Double?
  /// When the card is next due; `nil` before the first review.
  public var due: Int64?
  public var lastReview: Int64?
  public var reviews = 0
  /// Times it was forgotten in review.
  public var lapses = 0

  public init() {}

  /// Never reviewed.
  public var isNew: Bool { reviews == 0 }
}
