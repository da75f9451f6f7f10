public import ReviewScheduling

/// What a review log says about the reader's memory: reviews done, on how many days,
/// and retention, the share of reviews of prompts in review (past their learning
/// steps) that were recalled (graded hard, good or easy).
public struct ReviewStatistics: Sendable, Equatable {
  public var reviews = 0
  /// Distinct UTC days with a review.
  public var days = 0
  /// Reviews of prompts in the review state, and how many of them were recalled.
  public var matureReviews = 0
  public var recalled = 0
  /// Prompts reviewed at least once.
  public var promptsReviewed = 0

  /// `recalled / matureReviews`, `nil` before any such review.
  public var retention: Double? { matureReviews == 0 ? nil : Double(recalled) / Double(matureReviews) }

  public init(_ log: ReviewLog, scheduler: FSRSScheduler) {
    var days: Set<Int64> = []
    for records in log.records.values {
      promptsReviewed += 1
      var card = ReviewCard()
      for record in records {
        reviews += 1
        days.insert(record.time >= 0 ? record.time / 86_400 : (record.time - 86_399) / 86_400)
        if card.state == .review && !card.isNew {
          matureReviews += 1
          if record.grade != .again { recalled += 1 }
        }
        card = scheduler.review(card, grade: record.grade, at: record.time)
      }
    }
    self.days = days.count
  }
}
