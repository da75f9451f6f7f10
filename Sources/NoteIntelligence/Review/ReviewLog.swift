public import ReviewScheduling

/// Every review read from a library's logs, by prompt: each prompt's card replayed
/// through FSRS from its records in time order. Identical lines (a log and a sync
/// service's copy of it) count once.
public struct ReviewLog: Sendable {
  public private(set) var records: [String: [ReviewRecord]] = [:]
  public private(set) var count = 0
  /// The scheduler the cards were replayed with (``replay(_:)``), and each prompt's
  /// card after all its records.
  public private(set) var replayedWith: FSRSScheduler?
  private var cards: [String: ReviewCard] = [:]

  public init(_ records: some Sequence<ReviewRecord> = []) {
    var grouped: [String: [ReviewRecord]] = [:]
    grouped.reserveCapacity(records.underestimatedCount / 2)
    for record in records { grouped[record.promptID, default: []].append(record) }
    self.records = grouped.mapValues(Self.timeOrdered)
    count = self.records.values.reduce(0) { $0 + $1.count }
  }

  /// `list` in time order (stable: records of one time keep the logs' order), each
  /// record once: identical records have the same time, so they meet within its run.
  private static func timeOrdered(_ list: [ReviewRecord]) -> [ReviewRecord] {
    var list = list
    // Mostly in order with no two records of one second: kept as it is.
    if list.indices.dropFirst().allSatisfy({ list[$0 - 1].time < list[$0].time }) { return list }
    if !list.indices.dropFirst().allSatisfy({ list[$0 - 1].time <= list[$0].time }) {
      list.sort { $0.time < $1.time }
    }
    var kept: [ReviewRecord] = []
    kept.reserveCapacity(list.count)
    var runStart = 0
    for record in list {
      if kept.last?.time != record.time { runStart = kept.count }
      if !kept[runStart...].contains(record) { kept.append(record) }
    }
    return kept
  }

  /// Adds a record, keeping its prompt's records in time order.
  public mutating func add(_ record: ReviewRecord) {
    var list = records[record.promptID, default: []]
    guard !list.contains(record) else { return }
    let index = list.lastIndex { $0.time <= record.time }.map { $0 + 1 } ?? 0
    list.insert(record, at: index)
    records[record.promptID] = list
    count += 1
    if let scheduler = replayedWith { cards[record.promptID] = replayed(list, scheduler) }
  }

  /// Replays every prompt's records with `scheduler` once, so that ``card(_:scheduler:now:)``
  /// answers from the result while `now` is past a prompt's last review.
  public mutating func replay(_ scheduler: FSRSScheduler) {
    cards = records.mapValues { replayed($0, scheduler) }
    replayedWith = scheduler
  }

  private func replayed(_ records: [ReviewRecord], _ scheduler: FSRSScheduler) -> ReviewCard {
    records.reduce(into: ReviewCard()) { card, record in
      card = scheduler.review(card, grade: record.grade, at: record.time)
    }
  }

  /// The prompt's card after its reviews up to `now` (reviews logged later do not count).
  public func card(_ promptID: String, scheduler: FSRSScheduler, now: Int64 = .max) -> ReviewCard {
    card(promptID, scheduler: scheduler, replayed: replayedWith == scheduler, now: now)
  }

  /// ``card(_:scheduler:now:)`` where the caller knows whether the cards were replayed
  /// with `scheduler` (a queue asks for every prompt's card).
  func card(_ promptID: String, scheduler: FSRSScheduler, replayed: Bool, now: Int64) -> ReviewCard {
    if replayed {
      guard let card = cards[promptID] else { return ReviewCard() }
      if (card.lastReview ?? .min) <= now { return card }
    }
    var card = ReviewCard()
    for record in records[promptID] ?? [] where record.time <= now {
      card = scheduler.review(card, grade: record.grade, at: record.time)
    }
    return card
  }

  /// Every record, in time order.
  public var all: [ReviewRecord] {
    records.values.flatMap { $0 }.sorted { ($0.time, $0.promptID) < ($1.time, $1.promptID) }
  }
}
