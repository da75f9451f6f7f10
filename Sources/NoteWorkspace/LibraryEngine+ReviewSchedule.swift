public import NoteIntelligence
import ReviewScheduling
import SystemIO

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The review schedule: each prompt's card replayed from the logs, kept in memory and
/// in the cache folder (``ReviewScheduleFile``) while the logs are unchanged. A log
/// that only grew by whole lines has only its new lines replayed, onto the cards kept;
/// any other change replays every log.
extension LibraryEngine {
  /// Each prompt's card as at `now`, and a warning per log with lines that do not
  /// read (and one when the cache file does not read back).
  public func reviewSchedule(now: Int64 = LibraryEngine.now()) -> (schedule: ReviewSchedule, warnings: [String]) {
    let scheduler = reviewSettings.scheduler
    let files = reviewLogEntries()
    let (schedule, warnings) =
      reviewCaches.schedule(of: files, scheduler: scheduler)
      ?? {
        let made = scheduleFromFiles(files, scheduler: scheduler)
        reviewCaches.keep(made.schedule, warnings: made.warnings, files: files, scheduler: scheduler)
        return made
      }()
    guard schedule.latestReview > now else { return (schedule, warnings) }
    // Reviews logged after `now` (a clock set back, or `BOOKNOTES_NOW`): each card as
    // its reviews up to `now` make it, from the whole log.
    let (log, _) = reviewLog()
    return (ReviewSchedule(log, scheduler: scheduler, now: now), warnings)
  }

  /// The log files of every root with their sizes and times (a file that cannot be
  /// looked up has size -1).
  func reviewLogEntries() -> [NoteFiles.Entry] {
    roots.flatMap(ReviewLogFiles.files(root:)).map {
      NoteFiles.entry($0) ?? NoteFiles.Entry(path: $0, size: -1, modified: 0, throughLink: false)
    }
  }

  /// The schedule of the logs `files`: from the cache file when it holds them as they
  /// are, or as they were before lines were appended; else replayed from every log,
  /// and the cache file written.
  private func scheduleFromFiles(
    _ files: [NoteFiles.Entry], scheduler: FSRSScheduler
  ) -> (schedule: ReviewSchedule, warnings: [String]) {
    let file = Self.cacheDirectory(settings()).map { ReviewScheduleFile(directory: $0, roots: roots) }
    var warnings: [String] = []
    if let file {
      switch file.load() {
      case .success(let contents) where contents.retention == scheduler.desiredRetention:
        if contents.logs.count == files.count, zip(contents.logs, files).allSatisfy({ $0.matches($1) }) {
          return (contents.schedule, contents.logs.compactMap(\.warning))
        }
        if let grown = Self.appending(to: contents, files: files, scheduler: scheduler) {
          if let problem = file.save(grown) { report(.warning("Cannot write \(file.path): \(problem)")) }
          return (grown.schedule, grown.logs.compactMap(\.warning))
        }
      case .success, .failure(.missing), .failure(.outdated):
        break
      case .failure(let problem):
        warnings.append("\(problem) (\(file.path))")
        report(.warning("\(problem) (\(file.path))"))
      }
    }
    // Every log read and replayed.
    var records: [ReviewRecord] = []
    var logs: [ReviewScheduleFile.Log] = []
    var complete = true
    for entry in files {
      guard let bytes = Files.readBytes(entry.path) else {
        warnings.append("\(entry.path): cannot read: \(String(cString: strerror(errno)))")
        complete = false
        continue
      }
      let lines = bytes.withUnsafeBufferPointer { ReviewLogFiles.Lines($0, firstLine: 1) }
      records += lines.records
      let log = ReviewScheduleFile.Log(
        path: entry.path, size: bytes.count, modified: entry.modified,
        hash: bytes.withUnsafeBytes { Layout.hash($0) }, lineBreaks: lines.lineBreaks, malformed: lines.malformed,
        firstMalformed: lines.firstMalformed, endsWithLineBreak: bytes.last == 0x0A)
      if let warning = log.warning { warnings.append(warning) }
      // A file that changed while it was read is not kept as read.
      if bytes.count != entry.size { complete = false }
      logs.append(log)
    }
    var log = ReviewLog(records)
    log.replay(scheduler)
    let schedule = ReviewSchedule(log, scheduler: scheduler)
    if let file, complete {
      let contents = ReviewScheduleFile.Contents(
        retention: scheduler.desiredRetention, logs: logs, schedule: schedule)
      if let problem = file.save(contents) { report(.warning("Cannot write \(file.path): \(problem)")) }
    }
    return (schedule, warnings)
  }

  /// `contents` with the lines appended to its logs since replayed, when every log is
  /// the same file or the same bytes followed by whole lines, and each new review comes
  /// after its prompt's last; `nil` otherwise.
  static func appending(
    to contents: ReviewScheduleFile.Contents, files: [NoteFiles.Entry], scheduler: FSRSScheduler
  ) -> ReviewScheduleFile.Contents? {
    guard contents.logs.count == files.count else { return nil }
    var grown = contents
    var records: [ReviewRecord] = []
    for (index, (log, entry)) in zip(contents.logs, files).enumerated() where !log.matches(entry) {
      guard entry.path == log.path, log.endsWithLineBreak, entry.size > log.size,
        let bytes = Files.readBytes(entry.path), bytes.count == entry.size,
        bytes.withUnsafeBytes({ Layout.hash(UnsafeRawBufferPointer(rebasing: $0[..<log.size])) }) == log.hash
      else { return nil }
      let lines = bytes.withUnsafeBufferPointer {
        ReviewLogFiles.Lines(UnsafeBufferPointer(rebasing: $0[log.size...]), firstLine: log.lineBreaks + 1)
      }
      records += lines.records
      grown.logs[index] = ReviewScheduleFile.Log(
        path: log.path, size: bytes.count, modified: entry.modified, hash: bytes.withUnsafeBytes { Layout.hash($0) },
        lineBreaks: log.lineBreaks + lines.lineBreaks, malformed: log.malformed + lines.malformed,
        firstMalformed: log.malformed > 0 ? log.firstMalformed : lines.firstMalformed,
        endsWithLineBreak: bytes.last == 0x0A)
    }
    // In time order (stable), as a whole replay takes them.
    let ordered = records.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }
    guard grown.schedule.append(ordered.map(\.element), scheduler: scheduler) else { return nil }
    return grown
  }
}
