import Locking
import NoteIntelligence
import ReviewScheduling

/// What review keeps between requests: the review logs, read and replayed through
/// FSRS, and the schedule replayed from them, while every log file's size and time are
/// unchanged. A changed file is read again.
final class ReviewCaches: Sendable {
  struct Schedule: Sendable {
    var files: [NoteFiles.Entry]
    var scheduler: FSRSScheduler
    var schedule: ReviewSchedule
    var warnings: [String]
  }

  let schedules = Lock<Schedule?>(nil)

  /// The schedule kept for `files` replayed with `scheduler`, if any.
  func schedule(of files: [NoteFiles.Entry], scheduler: FSRSScheduler) -> (
    schedule: ReviewSchedule, warnings: [String]
  )? {
    guard let kept = schedules.withLock({ $0 }), kept.files == files, kept.scheduler == scheduler else { return nil }
    return (kept.schedule, kept.warnings)
  }

  /// The schedule kept for the logs `before`, with `record` added, as the schedule of
  /// the logs `after`: when the log at `path` grew by exactly `record`'s line and no
  /// other log changed (else the next reader replays what was appended, from the file).
  func advance(
    from before: [NoteFiles.Entry], to after: [NoteFiles.Entry], by record: ReviewRecord, log path: String,
    scheduler: FSRSScheduler
  ) {
    guard before.count == after.count,
      zip(before, after).allSatisfy({ old, new in
        old.path == new.path
          && (new.path == path ? new.size == old.size + record.line.utf8.count : new == old)
      })
    else { return }
    schedules.withLock { kept in
      guard var schedule = kept, schedule.files == before, schedule.scheduler == scheduler,
        schedule.schedule.append([record], scheduler: scheduler)
      else { return }
      schedule.files = after
      kept = schedule
    }
  }

  /// Keeps `schedule`, the schedule of `files` replayed with `scheduler`.
  func keep(_ schedule: ReviewSchedule, warnings: [String], files: [NoteFiles.Entry], scheduler: FSRSScheduler) {
    schedules.withLock { $0 = Schedule(files: files, scheduler: scheduler, schedule: schedule, warnings: warnings) }
  }

  struct Logs: Sendable {
    /// Each log file with its size and time when read.
    var files: [NoteFiles.Entry] = []
    var log = ReviewLog()
    var warnings: [String] = []
  }

  let logs = Lock(Logs())

  /// The log of `files` (with sizes and times), from the cache when none changed;
  /// `read` reads them otherwise, and its log's cards are replayed with `scheduler` once.
  func log(
    of files: [NoteFiles.Entry], scheduler: FSRSScheduler, read: () -> (ReviewLog, [String])
  ) -> (log: ReviewLog, warnings: [String]) {
    let cached = logs.withLock { $0 }
    if cached.files == files, cached.log.replayedWith == scheduler { return (cached.log, cached.warnings) }
    var (log, warnings) = read()
    log.replay(scheduler)
    logs.withLock { $0 = Logs(files: files, log: log, warnings: warnings) }
    return (log, warnings)
  }
}
