import BookNotesTestSupport
import Foundation
import Testing

/// `booknotes review --due` with a warm index cache, which it reads the notes' prompts
/// from while every note is unchanged, answers as a run without any cache after a note
/// is edited (its size kept, or its time), added or removed. Through the built binary.
@Suite(.onThreadsOfItsOwn) struct ReviewIndexCacheTests {
  let schedules = ReviewScheduleCacheTests()

  /// The fronts `result` lists, in its order.
  func fronts(_ result: CommandResult) throws -> [String] {
    let due = try #require(try result.json() as? [[String: Any]])
    return due.compactMap { $0["front"] as? String }
  }

  /// Sets the modification time of the note at `path` to `seconds` after 2026-11-01.
  func setTime(_ path: String, of library: ReviewCLITests.ReviewLibrary, seconds: Double) throws {
    try FileManager.default.setAttributes(
      [.modificationDate: Date(timeIntervalSince1970: 1_793_491_200 + seconds)],
      ofItemAtPath: library.root.appendingPathComponent(path).path)
  }

  /// `review --due` of a book and of a tag, with the cache in `cache` and without any
  /// cache: both must agree; what the first lists.
  func expectSameFiltered(
    _ library: ReviewCLITests.ReviewLibrary, cache: ReviewScheduleCacheTests.CacheFolder, _ comment: Comment
  ) throws -> [[String]] {
    var lists: [[String]] = []
    for filter in [["--book", "atomic"], ["--tag", "#habits"], ["--book", "deep", "--tag", "reading"]] {
      let arguments = ["review", "--due", "--format", "json"] + filter
      let environment = ReviewScheduleCacheTests.now
      let cached = try runBooknotes(
        arguments, in: library.root, environment: environment.merging(["XDG_CACHE_HOME": cache.url.path]) { $1 })
      let fresh = try runBooknotes(arguments, in: library.root, environment: environment)
      #expect(cached.status == 0 && cached.stdout == fresh.stdout && cached.stderr == fresh.stderr, comment)
      lists.append(try fronts(cached))
    }
    return lists
  }

  @Test func aWarmIndexCacheSeesEveryChangeToTheNotes() throws {
    let library = try ReviewCLITests.ReviewLibrary()
    let cache = ReviewScheduleCacheTests.CacheFolder()
    try library.write(".booknotes/reviews.tsv", "")
    try setTime("Reading/deep.md", of: library, seconds: 0)
    try schedules.expectSameAnswer(library, cache: cache, "the index cache written")
    let folder = cache.url.appendingPathComponent("booknotes")
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    #expect(files.contains { $0.hasPrefix("index-") }, "\(files)")
    let warm = try schedules.expectSameAnswer(library, cache: cache, "every note from the cache")
    #expect(try fronts(warm).contains("Deep work is?"))
    let filtered = try expectSameFiltered(library, cache: cache, "a book, a tag")
    #expect(filtered[0].count == 3 && filtered[1].count == 3 && filtered[2].isEmpty, "\(filtered)")

    // The same length, a later time.
    try library.write(
      "Reading/deep.md", "---\ntitle: Deep Work\nstatus: reading\n---\nQ: Deep play is?\nA: Focused.\n")
    try setTime("Reading/deep.md", of: library, seconds: 60)
    let edited = try schedules.expectSameAnswer(library, cache: cache, "a note edited, its size kept")
    #expect(try fronts(edited).contains("Deep play is?") && !(try fronts(edited).contains("Deep work is?")))

    // Another length, the time it had.
    try library.write(
      "Reading/deep.md", "---\ntitle: Deep Work\nstatus: reading\n---\nQ: Deep rest is what?\nA: Focused.\n")
    try setTime("Reading/deep.md", of: library, seconds: 60)
    let resized = try schedules.expectSameAnswer(library, cache: cache, "a note edited, its time kept")
    #expect(try fronts(resized).contains("Deep rest is what?") && !(try fronts(resized).contains("Deep play is?")))

    try library.write("Reading/added.md", "---\ntags: [habits/new]\n---\nQ: What was added?\nA: A note.\n")
    let added = try schedules.expectSameAnswer(library, cache: cache, "a note added")
    #expect(try fronts(added).contains("What was added?"))
    #expect(try expectSameFiltered(library, cache: cache, "a note added, tagged")[1].contains("What was added?"))

    try FileManager.default.removeItem(at: library.root.appendingPathComponent("other.md"))
    let removed = try schedules.expectSameAnswer(library, cache: cache, "a note removed")
    #expect(!(try fronts(removed).contains("The [city] of <France> & \"co\" is Paris.")))
    #expect(try fronts(removed).contains("What was added?"))
    try schedules.expectSameAnswer(library, cache: cache, "the cache written again, every note from it")
    let tagged = try expectSameFiltered(library, cache: cache, "a book, a tag, every note from the cache")
    #expect(tagged[1].contains("What was added?") && tagged[0].count == 3, "\(tagged)")
  }
}
