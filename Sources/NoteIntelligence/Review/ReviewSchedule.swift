public import ReviewScheduling

/// Each reviewed prompt's card, replayed from the review logs, by ``PromptID``: what a
/// queue needs to pick what is due, small enough to keep in a file beside the index
/// cache and read back in a few milliseconds. Ids in the logs that no prompt can have
/// (written by hand, or by another program) keep only when they were first reviewed:
/// they count among the prompts begun on a day.
public struct ReviewSchedule: Sendable, Equatable {
  /// A prompt's card after its reviews, and when it was first reviewed.
  public struct Entry: Sendable, Equatable {
    public var card: ReviewCard
    public var firstReview: Int64

    public init(card: ReviewCard, firstReview: Int64) {
      self.card = card
      self.firstReview = firstReview
    }
  }

  /// The prompt ids reviewed, sorted, and their entries in the same order.
  public private(set) var ids: [PromptID] = []
  public private(set) var entries: [Entry] = []
  /// Each entry's due time (`Int64.max` for none), side by side: a queue looks up
  /// every prompt of the library, and the cards are too large to visit at random.
  public private(set) var dueTimes: [Int64] = []
  /// The first review of each id that is no prompt id, by its text.
  public private(set) var others: [String: Int64] = [:]
  /// The latest review's time (`Int64.min` before any): the cards hold for any time
  /// from then on.
  public private(set) var latestReview = Int64.min

  public init() {}

  /// The schedule of `log`'s records up to `now` (every record by default), replayed
  /// with `scheduler` (a log replayed with it already gives its cards as they are).
  public init(_ log: ReviewLog, scheduler: FSRSScheduler, now: Int64 = .max) {
    var pairs: [(id: PromptID, entry: Entry)] = []
    pairs.reserveCapacity(log.records.count)
    let replayed = log.replayedWith == scheduler
    for (text, records) in log.records {
      guard let first = records.first?.time, first <= now else { continue }
      latestReview = max(latestReview, records.last { $0.time <= now }!.time)
      guard let id = PromptID(text) else {
        others[text] = first
        continue
      }
      let card = log.card(text, scheduler: scheduler, replayed: replayed, now: now)
      pairs.append((id, Entry(card: card, firstReview: first)))
    }
    pairs.sort { $0.id < $1.id }
    ids = pairs.map(\.id)
    entries = pairs.map(\.entry)
    dueTimes = Self.dueTimes(of: entries)
  }

  private static func dueTimes(of entries: [Entry]) -> [Int64] { entries.map { $0.card.due ?? .max } }

  /// A schedule as a file stores it: `ids` sorted, without repeats.
  public init?(ids: [PromptID], entries: [Entry], others: [String: Int64], latestReview: Int64) {
    guard ids.count == entries.count, ids.indices.dropFirst().allSatisfy({ ids[$0 - 1] < ids[$0] }) else {
      return nil
    }
    self.ids = ids
    self.entries = entries
    self.others = others
    self.latestReview = latestReview
    dueTimes = Self.dueTimes(of: entries)
  }

  /// Prompts reviewed (ids of prompts and others).
  public var count: Int { ids.count + others.count }

  /// Where `id` is in ``ids``, or where it would go.
  private func position(of id: PromptID) -> Int {
    var low = 0
    var high = ids.count
    // Hashes spread evenly: the id is near its hash's share of the table, so a few
    // steps out from there bracket it (a queue looks up every prompt of the library).
    if high > 64 {
      let guess = min(high - 1, Int(Double(id.hash) / 18_446_744_073_709_551_616.0 * Double(high)))
      var step = 8
      if ids[guess] < id {
        low = guess + 1
        while low + step < high && ids[low + step] < id {
          low += step + 1
          step *= 2
        }
        high = min(high, low + step + 1)
      } else {
        high = guess
        while high - step > 0 && !(ids[high - step - 1] < id) {
          high -= step + 1
          step *= 2
        }
        low = max(0, high - step - 1)
      }
    }
    while low < high {
      let middle = (low + high) / 2
      if ids[middle] < id { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// The card of the prompt `id`: new when it was never reviewed.
  public func card(_ id: PromptID) -> ReviewCard { entryIndex(of: id).map { entries[$0].card } ?? ReviewCard() }

  /// Whether a prompt whose id has hash `hash` was reviewed, whichever of its note's
  /// identical cards it is (``PromptID/occurrence``).
  public func hasReviews(ofHash hash: UInt64) -> Bool {
    let index = position(of: PromptID(hash: hash))
    return index < ids.count && ids[index].hash == hash
  }

  /// Where the prompt `id` is in ``entries``; `nil` when it was never reviewed.
  public func entryIndex(of id: PromptID) -> Int? {
    let index = position(of: id)
    return index < ids.count && ids[index] == id ? index : nil
  }

  /// How many prompts had their first review on the UTC day of `now`, by `now`.
  public func startedOn(day now: Int64) -> Int {
    let start = now - ((now % 86_400) + 86_400) % 86_400
    let range = start...now
    return entries.count { range.contains($0.firstReview) } + others.values.count { range.contains($0) }
  }

  /// Adds `records`, read from the end of a log after the records replayed already, in
  /// their order; `false` (and the schedule unchanged) when one is no later than its
  /// prompt's last review: then it may repeat a record or come before one, and only a
  /// whole replay places it.
  public mutating func append(_ records: [ReviewRecord], scheduler: FSRSScheduler) -> Bool {
    var changed: [Int: Entry] = [:]
    var added: [PromptID: Entry] = [:]
    var addedOthers: [String: Int64] = [:]
    var latest = latestReview
    for record in records {
      latest = max(latest, record.time)
      guard let id = PromptID(record.promptID) else {
        if let first = others[record.promptID] ?? addedOthers[record.promptID], first <= record.time { continue }
        addedOthers[record.promptID] = record.time
        continue
      }
      let index = position(of: id)
      let known = index < ids.count && ids[index] == id
      var entry =
        known ? changed[index] ?? entries[index] : added[id] ?? Entry(card: ReviewCard(), firstReview: record.time)
      if let last = entry.card.lastReview, record.time <= last { return false }
      entry.card = scheduler.review(entry.card, grade: record.grade, at: record.time)
      if known { changed[index] = entry } else { added[id] = entry }
    }
    for (index, entry) in changed {
      entries[index] = entry
      dueTimes[index] = entry.card.due ?? .max
    }
    others.merge(addedOthers) { min($0, $1) }
    latestReview = latest
    guard !added.isEmpty else { return true }
    var pairs = Array(zip(ids, entries)) + added.map { ($0.key, $0.value) }
    pairs.sort { $0.0 < $1.0 }
    ids = pairs.map(\.0)
    entries = pairs.map(\.1)
    dueTimes = Self.dueTimes(of: entries)
    return true
  }
}
