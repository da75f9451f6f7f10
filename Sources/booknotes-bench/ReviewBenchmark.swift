import Foundation
import JSONCore
import NoteIntelligence
import NoteSyntax
import NoteWorkspace
import ReviewScheduling

/// `booknotes-bench review [--notes N] [--reviews R] [BINARY]`: review on a generated
/// library (10,000 notes by default) with a log of R (100,000) reviews of its prompts
/// in `.booknotes/reviews.tsv`, removed afterwards. In process: the log's read (parse,
/// merge, FSRS replay of every prompt), the schedule written beside the index cache and
/// read back, the queue from it. Over pipes: `booknotes/review/due` on the
/// real server, first and warm, and the index's start with and without the log. The
/// command line: `booknotes review --due --format json`, whole processes.
enum ReviewBenchmark {
  static func run(arguments: [String]) throws {
    var count = 10_000
    var reviews = 100_000
    var binary: String?
    var rest = arguments[...]
    while let argument = rest.popFirst() {
      if argument == "--notes", let value = rest.popFirst().flatMap(Int.init) {
        count = value
      } else if argument == "--reviews", let value = rest.popFirst().flatMap(Int.init) {
        reviews = value
      } else {
        binary = argument
      }
    }
    let server =
      binary ?? ProcessInfo.processInfo.environment["BOOKNOTES_BINARY"]
      ?? URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("booknotes")
      .path
    let library = try Corpus.library(notes: count)
    print("review benchmark (\(server)): \(count) notes (\(library)), \(reviews) reviews")
    let cache = "\(Corpus.directory)/cache-review-\(count)"
    try? FileManager.default.removeItem(atPath: cache)
    // Indexing without a log first, for comparison: a cold start writes the index
    // cache, then a warm start reads it, as the start with the log below does.
    let cold = try WorkspaceBenchmark.Session(binary: server, root: library, cache: cache)
    _ = try cold.index()
    let began = DispatchTime.now().uptimeNanoseconds
    while !WorkspaceBenchmark.hasCache(cache), DispatchTime.now().uptimeNanoseconds - began < 120_000_000_000 {
      usleep(50_000)
    }
    cold.process.shutdown()
    let plain = try WorkspaceBenchmark.Session(binary: server, root: library, cache: cache)
    let withoutLog = try plain.index()
    plain.process.shutdown()

    let ids = try promptIDs(library)
    let log = ReviewLogFiles.path(root: library)
    defer { try? FileManager.default.removeItem(atPath: ReviewLogFiles.folder(root: library)) }
    try writeLog(to: log, ids: ids, reviews: reviews)
    print(
      "\(ids.count) prompts; log \(Measure.megabytes(Int((try? FileManager.default.attributesOfItem(atPath: log)[.size] as? Int) ?? 0)))"
    )

    var parsed = ReviewLog()
    let read = Measure.seconds {
      let (records, _) = ReviewLogFiles.read(root: library)
      parsed = ReviewLog(records)
    }
    let replay = Measure.seconds { parsed.replay(FSRSScheduler()) }
    print("log read in process: parse and merge \(Measure.format(read)), FSRS replay \(Measure.format(replay))")

    // The request's parts in process, warm: the prompts of every note, then the queue.
    var settings = LibrarySettings()
    settings.cacheDirectory = cache
    let chosen = settings
    let engine = LibraryEngine(settings: { chosen })
    engine.open([library], twoPasses: false)
    _ = engine.reviewCandidates()
    _ = engine.reviewLog()
    var candidates: [ReviewCandidate] = []
    let collect = Measure.seconds { candidates = engine.reviewCandidates() }
    let logs = Measure.seconds { _ = engine.reviewLog() }
    // The schedule replayed and written beside the index cache, then read back by a
    // second engine, as the next command does.
    let now = Int64(Date().timeIntervalSince1970)
    let replayed = Measure.seconds { _ = engine.reviewSchedule(now: now) }
    let reader = LibraryEngine(settings: { chosen })
    reader.open([library], twoPasses: false, needsWords: false)
    var schedule = ReviewSchedule()
    let stored = Measure.seconds { schedule = reader.reviewSchedule(now: now).schedule }
    let queue = Measure.seconds {
      _ = ReviewQueue.due(candidates, schedule: schedule, now: now, settings: ReviewSettings())
    }
    print(
      "in process, warm: prompts of every note \(Measure.format(collect)), logs \(Measure.format(logs)), "
        + "schedule replayed and written \(Measure.format(replayed)), read from the cache "
        + "\(Measure.format(stored)) (\(schedule.count) prompts), queue \(Measure.format(queue))")

    let session = try WorkspaceBenchmark.Session(binary: server, root: library, cache: cache)
    let withLog = try session.index()
    print(
      "index (warm cache): notes without the log \(Measure.format(withoutLog.notes)), with it "
        + "\(Measure.format(withLog.notes)); words read \(Measure.format(withoutLog.words)), with it "
        + "\(Measure.format(withLog.words))")
    var latencies: [Double] = []
    for _ in 0..<21 {
      let start = DispatchTime.now().uptimeNanoseconds
      let answer = try session.process.responseBody(session.process.request("booknotes/review/due", [:]))
      latencies.append(Double(answer.time - start) / 1e9)
    }
    let warm = Array(latencies.dropFirst())
    print(
      "booknotes/review/due: first \(Measure.format(latencies[0])), warm median "
        + "\(Measure.format(Measure.median(warm))), p95 \(Measure.format(Measure.percentile(warm, 0.95)))")
    // Grades of the prompts due, each appended to the log (restored afterwards).
    let due = try session.process.responseBody(session.process.request("booknotes/review/due", ["limit": 21]))
    let dueIDs = (try JSONParser.parse(due.body)["result"]?.arrayValue ?? []).compactMap { $0["id"]?.stringValue }
    let logBefore = try Data(contentsOf: URL(fileURLWithPath: log))
    var grades: [Double] = []
    for id in dueIDs {
      let start = DispatchTime.now().uptimeNanoseconds
      let answer = try session.process.responseBody(
        session.process.request("booknotes/review/grade", ["id": .string(id), "grade": 3, "seconds": 5]))
      grades.append(Double(answer.time - start) / 1e9)
    }
    try logBefore.write(to: URL(fileURLWithPath: log))
    if !grades.isEmpty {
      print(
        "booknotes/review/grade (\(grades.count) prompts): first \(Measure.format(grades[0])), then median "
          + "\(Measure.format(Measure.median(Array(grades.dropFirst()))))")
    }
    session.process.shutdown()

    for (name, options) in [("", [String]()), (" --book the", ["--book", "the"])] {
      var runs: [Double] = []
      for _ in 0..<21 {
        let (seconds, status) = try Run.command(
          [server, "review", "--due", "--format", "json", "--root", library] + options)
        guard status == 0 else { throw BenchError("booknotes review --due exited with \(status)") }
        runs.append(seconds)
      }
      print(
        "booknotes review --due --format json\(name): first \(Measure.format(runs[0])), "
          + "then median \(Measure.format(Measure.median(Array(runs.dropFirst()))))")
    }
  }

  /// Every prompt id of the notes under `library`.
  static func promptIDs(_ library: String) throws -> [String] {
    try NoteFiles.list([library]).flatMap { path -> [String] in
      guard case .note(let bytes) = NoteFiles.read(path) else { return [] }
      return Prompts.prompts(for: NoteDocument(checkedUTF8: bytes)).map(\.id)
    }
  }

  /// `reviews` lines over a year before now: each review of a random prompt, graded
  /// mostly good, in time order.
  static func writeLog(to path: String, ids: [String], reviews: Int) throws {
    guard !ids.isEmpty else { throw BenchError("the library has no prompts") }
    var random = BenchRandom(state: 30)
    let end = Int64(Date().timeIntervalSince1970)
    let start = end - 365 * 86_400
    var text = "# generated by booknotes-bench review\n"
    for index in 0..<reviews {
      let time = start + Int64(index) * (end - start) / Int64(reviews)
      let roll = random.next(100)
      let grade = roll < 10 ? 1 : roll < 20 ? 2 : roll < 85 ? 3 : 4
      text += "\(UTCTime.format(time))\t\(ids[random.next(ids.count)])\t\(grade)\t\(random.next(30))\n"
    }
    try FileManager.default.createDirectory(
      atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
  }
}
