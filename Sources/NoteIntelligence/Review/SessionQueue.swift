public import ReviewScheduling

/// The order of one review session, as Anki runs learning steps within a session: the
/// prompts picked for it in their order, and the prompts graded into a learning or
/// relearning step (again; or hard or good while still learning) that falls due within
/// ``learnAhead`` of the grade, which come back: as soon as their step is due, else once
/// the picked prompts are done, earliest step first.
public struct SessionQueue<Item>: Sendable where Item: Sendable {
  /// How far ahead a step may fall due and still come back in the session (Anki's
  /// learn-ahead limit).
  public static var learnAhead: Int64 { 20 * 60 }

  /// The picked prompts not shown yet, in order.
  private var picked: [Item]
  private var nextPicked = 0
  /// The prompts coming back, with when their step is due, in the order graded.
  private var returning: [(item: Item, due: Int64)] = []

  public init(_ items: [Item]) { picked = items }

  /// Whether a prompt graded into `card` at `now` comes back in the session.
  public static func comesBack(_ card: ReviewCard, at now: Int64) -> Bool {
    guard card.state != .review, let due = card.due else { return false }
    return due <= now + learnAhead
  }

  /// The next prompt to show at `now`, and whether it is one coming back; `nil` when
  /// the session is done.
  public mutating func next(at now: Int64) -> (item: Item, returning: Bool)? {
    let earliest = returning.indices.min { (returning[$0].due, $0) < (returning[$1].due, $1) }
    if let earliest, returning[earliest].due <= now || nextPicked == picked.count {
      return (returning.remove(at: earliest).item, true)
    }
    guard nextPicked < picked.count else { return nil }
    defer { nextPicked += 1 }
    return (picked[nextPicked], false)
  }

  /// Takes the grade of `item` shown last: it comes back when its new `card` says so.
  public mutating func graded(_ item: Item, card: ReviewCard, at now: Int64) {
    guard Self.comesBack(card, at: now), let due = card.due else { return }
    returning.append((item, due))
  }

  /// Prompts still to show (picked ones and ones coming back).
  public var remaining: Int { picked.count - nextPicked + returning.count }
}
