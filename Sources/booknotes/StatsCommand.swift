import JSONCore
import NoteIntelligence
import NoteWorkspace
import ReviewScheduling

/// `booknotes stats`: the library at a glance.
enum StatsCommand: Subcommand {
  static let name = "stats"
  static let summary = "the library at a glance: books, prompts, reviews, retention"
  static let help = """
    usage: booknotes stats [--format text|json] [--root DIR]

    Books by reading status and by the year they were finished; prompts by kind,
    how many are due and how many never reviewed; reviews done (from
    .booknotes/reviews.tsv and every reviews*.tsv beside it), on how many days, and
    retention: the share of reviews of prompts past their learning steps that were
    recalled (graded 2, 3 or 4).

    json:  {books: {total, byStatus, finishedByYear}, prompts: {total, byKind, due,
           new}, reviews: {total, days, prompts, retention}}; retention is null
           before any review of a prompt in review

    options:
      --format FORMAT  text (default) or json
      --root DIR       the library root (default: .)
      -h, --help       show this help

    BOOKNOTES_NOW (ISO 8601, UTC) stands in for the clock.
    Exits with 0, or 2 on bad usage or a root that cannot be read.

    """

  static func run(_ arguments: [String]) -> Int32 {
    let parsed: LibraryQueryArguments
    switch LibraryQueryArguments.parse(arguments, formats: ["text", "json"]) {
    case .success(let value): parsed = value
    case .failure(let problem):
      Output.error("booknotes stats: \(problem.message)\n\n\(help)")
      return ExitStatus.usage
    }
    if let word = parsed.words.first {
      Output.error("booknotes stats: unexpected argument '\(word)'\n\n\(help)")
      return ExitStatus.usage
    }
    let engine: LibraryEngine
    switch LibraryLoading.open(root: parsed.root, command: name, needsWords: false) {
    case .success(let (value, _)): engine = value
    case .failure(let problem):
      Output.error("booknotes stats: \(problem.message)")
      return ExitStatus.usage
    }
    let books = engine.snapshot().books()
    let candidates = engine.reviewCandidates()
    let now = LibraryEngine.now()
    // What is due from the schedule (kept beside the index cache); the statistics from
    // every review of the logs.
    let (schedule, scheduleWarnings) = engine.reviewSchedule(now: now)
    let (log, warnings) = engine.readReviewLogs()
    var said: Set<String> = []
    for warning in warnings + scheduleWarnings where said.insert(warning).inserted {
      Output.error("booknotes stats: \(warning)")
    }
    let settings = engine.reviewSettings
    var all = settings
    all.newPerDay = Int.max
    all.sessionSize = Int.max
    let due = ReviewQueue.due(candidates, schedule: schedule, now: now, settings: all)
    let fresh = due.count { $0.card.isNew }
    let reviews = ReviewStatistics(log, scheduler: settings.scheduler)
    KeptUntilExit.keep([engine, log, candidates, books] as [any Sendable])

    var byStatus: [(String, Int)] = []
    for status in ReadingStatus.allCases {
      let count = books.count { $0.status == status }
      if count > 0 { byStatus.append((status.rawValue, count)) }
    }
    let unset = books.count { $0.status == nil }
    if unset > 0 { byStatus.append(("no status", unset)) }
    var years: [String: Int] = [:]
    for book in books {
      guard let finished = book.finished, finished.count >= 4, finished.prefix(4).allSatisfy(\.isNumber) else {
        continue
      }
      years[String(finished.prefix(4)), default: 0] += 1
    }
    let byYear = years.sorted { $0.key < $1.key }
    let byKind = PromptKind.allCases.map { kind in (kind.rawValue, candidates.count { $0.mark.kind == kind }) }

    if parsed.json {
      var writer = JSONWriter()
      writer.beginObject()
      writer.key("books")
      writer.beginObject()
      writer.key("total")
      writer.write(books.count)
      writer.key("byStatus")
      writeCounts(byStatus, to: &writer)
      writer.key("finishedByYear")
      writeCounts(byYear.map { ($0.key, $0.value) }, to: &writer)
      writer.endObject()
      writer.key("prompts")
      writer.beginObject()
      writer.key("total")
      writer.write(candidates.count)
      writer.key("byKind")
      writeCounts(byKind, to: &writer)
      writer.key("due")
      writer.write(due.count - fresh)
      writer.key("new")
      writer.write(fresh)
      writer.endObject()
      writer.key("reviews")
      writer.beginObject()
      writer.key("total")
      writer.write(reviews.reviews)
      writer.key("days")
      writer.write(reviews.days)
      writer.key("prompts")
      writer.write(reviews.promptsReviewed)
      writer.key("retention")
      if let retention = reviews.retention { writer.write(retention) } else { writer.writeNull() }
      writer.endObject()
      writer.endObject()
      Output.standard(String(decoding: writer.bytes, as: UTF8.self) + "\n")
      return ExitStatus.success
    }
    func counts(_ list: [(String, Int)]) -> String {
      list.isEmpty ? "" : " (" + list.map { "\($0.0) \($0.1)" }.joined(separator: ", ") + ")"
    }
    var text = "Books: \(books.count)\(counts(byStatus))\n"
    if !byYear.isEmpty {
      text += "Finished by year: " + byYear.map { "\($0.key) \($0.value)" }.joined(separator: ", ") + "\n"
    }
    text += "Prompts: \(candidates.count)\(counts(byKind)); due \(due.count - fresh), never reviewed \(fresh)\n"
    text += "Reviews: \(reviews.reviews) of \(reviews.promptsReviewed) prompts on \(reviews.days) days"
    if let retention = reviews.retention {
      text +=
        "; retention \(Int((retention * 100).rounded())) % (\(reviews.recalled) of \(reviews.matureReviews) recalled)"
    }
    Output.standard(text + "\n")
    return ExitStatus.success
  }

  static func writeCounts(_ counts: [(String, Int)], to writer: inout JSONWriter) {
    writer.beginObject()
    for (name, count) in counts {
      writer.key(name)
      writer.write(count)
    }
    writer.endObject()
  }
}
