public import ReviewScheduling

/// The review settings (`review.*`): the desired retention, prompts in a session, new
/// prompts a day.
public struct ReviewSettings: Sendable, Equatable {
  public var retention: Double
  public var sessionSize: Int
  public var newPerDay: Int

  public init(retention: Double = 0.9, sessionSize: Int = 20, newPerDay: Int = 20) {
    self.retention = retention
    self.sessionSize = sessionSize
    self.newPerDay = newPerDay
  }

  /// The scheduler for this retention (kept between 0.7 and 0.99, as FSRS is trained for).
  public var scheduler: FSRSScheduler { FSRSScheduler(desiredRetention: min(max(retention, 0.7), 0.99)) }
}

/// A prompt that may be reviewed, as the index knows it, with where it is written and
/// its note's age.
public struct ReviewCandidate: Sendable {
  public var mark: PromptMark
  /// The note's path in the library.
  public var path: String
  /// When the note was last changed (seconds since 1970): new prompts enter oldest notes first.
  public var noteTime: Int64

  public init(mark: PromptMark, path: String, noteTime: Int64) {
    self.mark = mark
    self.path = path
    self.noteTime = noteTime
  }

  public var id: PromptID { mark.id }
}

/// A prompt picked for a session, with its card (new when never reviewed).
public struct QueuedReview: Sendable {
  public var candidate: ReviewCandidate
  public var card: ReviewCard

  public init(candidate: ReviewCandidate, card: ReviewCard) {
    self.candidate = candidate
    self.card = card
  }

  public var id: PromptID { candidate.mark.id }
  public var path: String { candidate.path }
}

/// A prompt picked for a session with its texts, read from its note: what a session
/// shows.
public struct DueReview: Sendable {
  public var prompt: Prompt
  public var path: String
  /// Where the prompt is written, in the text it was read from.
  public var span: NoteSpan
  public var card: ReviewCard

  public init(prompt: Prompt, path: String, span: NoteSpan, card: ReviewCard) {
    self.prompt = prompt
    self.path = path
    self.span = span
    self.card = card
  }
}

/// Which prompts a session shows: those whose reviews made them due by `now`, earliest
/// due first, then new prompts, oldest notes first (in the order given among equals),
/// as many as `newPerDay` allows after the new prompts already begun that UTC day.
public enum ReviewQueue {
  public static func due(
    _ candidates: [ReviewCandidate], log: ReviewLog, now: Int64, settings: ReviewSettings, limit: Int? = nil
  ) -> [QueuedReview] {
    let schedule = ReviewSchedule(log, scheduler: settings.scheduler, now: now)
    return due(candidates, schedule: schedule, now: now, settings: settings, limit: limit)
  }

  /// ``due(_:log:now:settings:limit:)`` from a schedule replayed with `settings`'
  /// scheduler that holds at `now` (``ReviewSchedule/latestReview`` is not after it).
  public static func due(
    _ candidates: [ReviewCandidate], schedule: ReviewSchedule, now: Int64, settings: ReviewSettings,
    limit: Int? = nil
  ) -> [QueuedReview] {
    // Prompts by index, sorted by due time (or their notes' times) and then their
    // place: cheap on the tens of thousands a library holds.
    var reviews: [(due: Int64, index: Int, entry: Int)] = []
    var fresh: [(time: Int64, index: Int)] = []
    fresh.reserveCapacity(max(0, candidates.count - schedule.ids.count))
    // By index, so that no candidate or card is copied: a prompt in the schedule was
    // reviewed (it is not new).
    let dueTimes = schedule.dueTimes
    for index in candidates.indices {
      guard let entry = schedule.entryIndex(of: candidates[index].mark.id) else {
        fresh.append((candidates[index].noteTime, index))
        continue
      }
      let due = dueTimes[entry]
      if due <= now { reviews.append((due, index, entry)) }
    }
    let count = max(0, limit ?? settings.sessionSize)
    let earliest = smallest(count, of: reviews) { ($0.due, $0.index) < ($1.due, $1.index) }
    var result = earliest.map {
      QueuedReview(candidate: candidates[$0.index], card: schedule.entries[$0.entry].card)
    }
    guard result.count < count else { return result }
    let allowed = max(0, settings.newPerDay - schedule.startedOn(day: now))
    let oldest = smallest(min(allowed, count - result.count), of: fresh) { ($0.time, $0.index) < ($1.time, $1.index) }
    result += oldest.map { QueuedReview(candidate: candidates[$0.index], card: ReviewCard()) }
    return result
  }

  /// The `count` first of `elements` in the order `before` gives (a strict total
  /// order), in that order: kept in a short sorted list while `count` is small (a
  /// session's size) beside the elements, so a session's twenty cost no sort of every prompt.
  static func smallest<Element>(
    _ count: Int, of elements: [Element], by before: (Element, Element) -> Bool
  ) -> [Element] {
    guard count > 0 else { return [] }
    guard count <= 256, count * 16 < elements.count else { return Array(elements.sorted(by: before).prefix(count)) }
    var kept: [Element] = []
    kept.reserveCapacity(count + 1)
    for element in elements {
      if kept.count == count, let last = kept.last, !before(element, last) { continue }
      var low = 0
      var high = kept.count
      while low < high {
        let middle = (low + high) / 2
        if before(kept[middle], element) { low = middle + 1 } else { high = middle }
      }
      kept.insert(element, at: low)
      if kept.count > count { kept.removeLast() }
    }
    return kept
  }

  /// How many prompts had their first review on the UTC day of `now`, by `now`.
  public static func startedOn(day now: Int64, log: ReviewLog) -> Int {
    let start = now - ((now % 86_400) + 86_400) % 86_400
    return log.records.values.count { records in
      guard let first = records.first?.time else { return false }
      return first >= start && first <= now
    }
  }
}
