import BookNotesTestSupport
import Foundation
import Testing

/// `booknotes review --due` with the review schedule kept in the cache folder answers
/// as a run that replays every log: after lines are appended, a line is edited, a
/// conflicted copy appears or a prompt's text changes; a damaged cache file is said
/// and not used. Through the built binary.
@Suite(.onThreadsOfItsOwn) struct ReviewScheduleCacheTests {
  static let now = ["BOOKNOTES_NOW": "2026-11-27T08:00:00Z"]

  final class CacheFolder {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("booknotes-schedule-\(UUID().uuidString)")
    deinit { try? FileManager.default.removeItem(at: url) }

    /// The review schedule files in it.
    var schedules: [URL] {
      let folder = url.appendingPathComponent("booknotes")
      let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
      return names.filter { $0.hasPrefix("reviews-") && $0.hasSuffix(".bin") }.map { folder.appendingPathComponent($0) }
    }
  }

  /// What is due as a run with the cache in `cache` and a run without any cache say;
  /// both must agree, and neither writes the log.
  @discardableResult
  func expectSameAnswer(
    _ library: ReviewCLITests.ReviewLibrary, cache: CacheFolder, _ comment: Comment,
    environment: [String: String] = now
  ) throws -> CommandResult {
    let logs = try logTexts(library)
    let arguments = ["review", "--due", "--format", "json", "--limit", "50"]
    let cached = try runBooknotes(
      arguments, in: library.root, environment: environment.merging(["XDG_CACHE_HOME": cache.url.path]) { $1 })
    let fresh = try runBooknotes(arguments, in: library.root, environment: environment)
    #expect(cached.status == 0 && fresh.status == 0, comment)
    #expect(cached.stdout == fresh.stdout, comment)
    #expect(cached.stderr == fresh.stderr, comment)
    #expect(try logTexts(library) == logs, "the logs are only read")
    return cached
  }

  func logTexts(_ library: ReviewCLITests.ReviewLibrary) throws -> [String: String] {
    let folder = library.root.appendingPathComponent(".booknotes")
    var texts: [String: String] = [:]
    for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".tsv") {
      texts[name] = try library.read(".booknotes/\(name)")
    }
    return texts
  }

  func append(_ text: String, to library: ReviewCLITests.ReviewLibrary, file: String = "reviews.tsv") throws {
    let handle = try FileHandle(forWritingTo: library.root.appendingPathComponent(".booknotes/\(file)"))
    try handle.seekToEnd()
    try handle.write(contentsOf: Data(text.utf8))
    try handle.close()
  }

  @Test func theCachedScheduleAnswersAsTheLogs() throws {
    let library = try ReviewCLITests.ReviewLibrary()
    let cache = CacheFolder()
    let ids = try library.ids()
    let rule = try #require(ids["What is the two-minute rule?"])
    let deep = try #require(ids["Deep work is?"])
    let quote = try #require(ids["You do not rise to the level of your goals. You fall to the level of your systems."])
    try library.write(
      ".booknotes/reviews.tsv",
      "# the log\n2026-11-01T08:00:00Z\t\(rule)\t3\t4\n2026-11-01T08:10:00Z\t\(rule)\t3\t4\n"
        + "2026-11-10T08:00:00Z\t\(quote)\t1\t9\nnot a review\n2026-11-20T08:00:00Z\t\(deep)\t4\t2\n")
    let first = try expectSameAnswer(library, cache: cache, "the first run replays the log")
    #expect(first.stderr.contains("line 5 does not read"))
    #expect(cache.schedules.count == 1, "the schedule is kept beside the index cache")
    try expectSameAnswer(library, cache: cache, "the second run reads the schedule")

    // Lines appended: in time order, one repeated, one earlier than its prompt's last
    // review, one that does not read, one for a prompt never reviewed.
    try append("2026-11-26T08:00:00Z\t\(deep)\t3\t5\n", to: library)
    try expectSameAnswer(library, cache: cache, "a review appended")
    try append("2026-11-26T08:00:00Z\t\(deep)\t3\t5\n", to: library)
    try expectSameAnswer(library, cache: cache, "a review appended twice")
    try append("2026-11-02T08:00:00Z\t\(rule)\t1\t5\nbroken\t\n", to: library)
    try expectSameAnswer(library, cache: cache, "an earlier review appended, and a line that does not read")
    try append(
      "2026-11-26T09:00:00Z\t\(ids["Habits are the [compound interest] of self-improvement."]!)\t2\t5\n", to: library)
    try expectSameAnswer(library, cache: cache, "a new prompt's first review appended")

    // A line edited: the same length (a grade), then longer (the seconds).
    let log = try library.read(".booknotes/reviews.tsv")
    try library.write(".booknotes/reviews.tsv", log.replacingOccurrences(of: "\(quote)\t1\t9", with: "\(quote)\t4\t9"))
    try expectSameAnswer(library, cache: cache, "a grade edited")
    let edited = try library.read(".booknotes/reviews.tsv")
    try library.write(
      ".booknotes/reviews.tsv", edited.replacingOccurrences(of: "\(quote)\t4\t9", with: "\(quote)\t2\t19"))
    try expectSameAnswer(library, cache: cache, "a line made longer, its grade changed")

    // Another device's copy, then a line added to it; a log ending without a line
    // break, then the rest of its line.
    try library.write(".booknotes/reviews (conflicted copy).tsv", "2026-11-25T08:00:00Z\t\(quote)\t3\t4\n")
    try expectSameAnswer(library, cache: cache, "a conflicted copy appears")
    try append("2026-11-26T10:00:00Z\t\(rule)\t3\t4", to: library, file: "reviews (conflicted copy).tsv")
    try expectSameAnswer(library, cache: cache, "a line without its line break appended")
    try append("0\n", to: library, file: "reviews (conflicted copy).tsv")
    try expectSameAnswer(library, cache: cache, "the rest of the line appended")

    // A prompt's text changes: it starts anew.
    try library.write(
      "Reading/deep.md", "---\ntitle: Deep Work\nstatus: reading\n---\nQ: Deep work means?\nA: Focused.\n")
    try expectSameAnswer(library, cache: cache, "a prompt's text changed")
    // A review logged after now: the cards as at now.
    try append("2026-11-28T08:00:00Z\t\(rule)\t4\t4\n", to: library)
    try expectSameAnswer(library, cache: cache, "a review after now")
    try expectSameAnswer(
      library, cache: cache, "and later", environment: ["BOOKNOTES_NOW": "2027-02-01T08:00:00Z"])
  }

  @Test func aDamagedCacheIsSaidAndNotUsed() throws {
    let library = try ReviewCLITests.ReviewLibrary()
    let cache = CacheFolder()
    let rule = try #require(try library.ids()["What is the two-minute rule?"])
    try library.write(
      ".booknotes/reviews.tsv", "2026-11-01T08:00:00Z\t\(rule)\t3\t4\n2026-11-01T08:10:00Z\t\(rule)\t3\t4\n")
    try expectSameAnswer(library, cache: cache, "the cache written")
    let file = try #require(cache.schedules.first)
    var bytes = try [UInt8](Data(contentsOf: file))
    bytes[bytes.count - 3] ^= 0x55
    try Data(bytes).write(to: file)
    let arguments = ["review", "--due", "--format", "json"]
    let environment = Self.now.merging(["XDG_CACHE_HOME": cache.url.path]) { $1 }
    let damaged = try runBooknotes(arguments, in: library.root, environment: environment)
    let fresh = try runBooknotes(arguments, in: library.root, environment: Self.now)
    #expect(damaged.status == 0 && damaged.stdout == fresh.stdout)
    #expect(damaged.stderr.contains("the review schedule cache is corrupt (checksum)"), "\(damaged.stderr)")
    // Written again whole: the next run says nothing.
    let next = try runBooknotes(arguments, in: library.root, environment: environment)
    #expect(next.stdout == fresh.stdout && next.stderr.isEmpty)
    // A file that is not one at all.
    try Data("not a schedule".utf8).write(to: file)
    let garbage = try runBooknotes(arguments, in: library.root, environment: environment)
    #expect(garbage.stdout == fresh.stdout && garbage.stderr.contains("not a review schedule"))
  }
}
