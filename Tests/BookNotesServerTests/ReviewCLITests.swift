import BookNotesTestSupport
import Foundation
import Testing

/// `booknotes review --due`, `booknotes stats` and `booknotes prompts --format anki` on
/// a library with a review log, through the built binary.
@Suite(.onThreadsOfItsOwn) struct ReviewCLITests {
  /// A library of two books and a note without one, and a log written as a reader's
  /// editor and another device's sync left it.
  final class ReviewLibrary {
    let root: URL

    static let habits = """
      ---
      title: Atomic Habits
      status: finished
      finished: 2025-03-02
      tags: [habits]
      ---
      # Atomic Habits

      > You do not rise to the level of your goals. You fall to the level of your systems. (p. 27)

      Habits are the ?[compound interest](finance term) of self-improvement.

      Q: What is the two-minute rule?
      A: Start with something that takes two minutes.

      """

    static let other = "# Other\n\nThe ?[city](capital) of <France> & \"co\" is Paris.\n"

    init() throws {
      root = FileManager.default.temporaryDirectory.appendingPathComponent("booknotes-review-\(UUID().uuidString)")
      try write("habits.md", Self.habits)
      try write("other.md", Self.other)
      try write("Reading/deep.md", "---\ntitle: Deep Work\nstatus: reading\n---\nQ: Deep work is?\nA: Focused.\n")
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    func write(_ path: String, _ text: String) throws {
      let url = root.appendingPathComponent(path)
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: url)
    }

    func read(_ path: String) throws -> String {
      try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    /// The prompt ids by front, as `booknotes prompts` prints them.
    func ids() throws -> [String: String] {
      let result = try runBooknotes(["prompts", "--root", root.path], in: root)
      let prompts = try #require(try result.json() as? [[String: Any]])
      return Dictionary(uniqueKeysWithValues: prompts.map { ($0["front"] as! String, $0["id"] as! String) })
    }
  }

  @Test func theDueListFollowsTheLog() throws {
    let library = try ReviewLibrary()
    let ids = try library.ids()
    let rule = try #require(ids["What is the two-minute rule?"])
    let deep = try #require(ids["Deep work is?"])
    // The rule: learnt on the 1st (good, good: in review), due again days later. Deep
    // work: easy on the 20th, so not due on the 27th. A line that does not read, and a
    // conflicted copy that repeats a line.
    let log = """
      # written by booknotes review
      2026-11-01T08:00:00Z\t\(rule)\t3\t4
      2026-11-01T08:10:00Z\t\(rule)\t3\t4
      not a review
      2026-11-20T08:00:00Z\t\(deep)\t4\t2

      """
    try library.write(".booknotes/reviews.tsv", log)
    try library.write(".booknotes/reviews (conflicted copy).tsv", "2026-11-20T08:00:00Z\t\(deep)\t4\t2\n")
    let now = ["BOOKNOTES_NOW": "2026-11-27T08:00:00Z"]
    let result = try runBooknotes(["review", "--due", "--format", "json"], in: library.root, environment: now)
    #expect(result.status == 0)
    #expect(result.stderr.components(separatedBy: "not read as a review").count == 2, "one warning: \(result.stderr)")
    let due = try #require(try result.json() as? [[String: Any]])
    #expect(
      due.map { $0["front"] as? String } == [
        "What is the two-minute rule?",
        "You do not rise to the level of your goals. You fall to the level of your systems.",
        "Habits are the [compound interest] of self-improvement.",
        "The [city] of <France> & \"co\" is Paris.",
      ])
    #expect(due[0]["state"] as? String == "review")
    #expect((due[0]["due"] as? String)?.hasPrefix("2026-11-") == true)
    #expect(due[0]["file"] as? String == "habits.md" && due[0]["line"] as? Int == 13)
    #expect(due[1]["state"] as? String == "new" && due[1]["due"] is NSNull)
    #expect(due[1]["back"] as? String == "p. 27" && due[1]["book"] as? String == "Atomic Habits")
    // The log is read, never written.
    #expect(try library.read(".booknotes/reviews.tsv") == log)

    let filtered = try runBooknotes(
      ["review", "--due", "--book", "ATOMIC", "--limit", "2"], in: library.root, environment: now)
    #expect(filtered.lines.count == 2 && filtered.lines[0].hasPrefix("2026-11-"))
    #expect(filtered.lines[1].hasPrefix("new\tnew\thabits.md:9\tYou do not rise"))
    let tagged = try runBooknotes(["review", "--due", "--tag", "#habits"], in: library.root, environment: now)
    #expect(tagged.lines.count == 3)
    // A month later, deep work is due too.
    let later = try runBooknotes(
      ["review", "--due", "--tag", "", "--book", "deep"], in: library.root,
      environment: ["BOOKNOTES_NOW": "2026-12-27T08:00:00Z"])
    #expect(later.lines.count == 1 && later.lines[0].contains("\treview\tReading/deep.md:5\tDeep work is?"))
  }

  @Test func aReviewSessionNeedsATerminal() throws {
    let library = try ReviewLibrary()
    let result = try runBooknotes(["review"], in: library.root)
    #expect(result.status == 2 && result.stderr.contains("needs a terminal"))
    #expect(!FileManager.default.fileExists(atPath: library.root.appendingPathComponent(".booknotes").path))
    #expect(try runBooknotes(["review", "--due", "--limit", "0"], in: library.root).status == 2)
  }

  @Test func statsShowTheLibraryAtAGlance() throws {
    let library = try ReviewLibrary()
    let ids = try library.ids()
    let rule = try #require(ids["What is the two-minute rule?"])
    try library.write(
      ".booknotes/reviews.tsv",
      "2026-11-01T08:00:00Z\t\(rule)\t3\t4\n2026-11-01T08:10:00Z\t\(rule)\t3\t4\n"
        + "2026-11-05T08:00:00Z\t\(rule)\t3\t4\n2026-11-20T08:00:00Z\t\(rule)\t1\t9\n")
    let now = ["BOOKNOTES_NOW": "2026-11-27T08:00:00Z"]
    let text = try runBooknotes(["stats"], in: library.root, environment: now)
    #expect(text.status == 0)
    #expect(
      text.lines == [
        "Books: 2 (reading 1, finished 1)",
        "Finished by year: 2025 1",
        "Prompts: 5 (quote 1, cloze 2, qa 2); due 1, never reviewed 4",
        "Reviews: 4 of 1 prompts on 3 days; retention 50 % (1 of 2 recalled)",
      ])
    let json = try #require(
      try runBooknotes(["stats", "--format", "json"], in: library.root, environment: now).json() as? [String: Any])
    let reviews = try #require(json["reviews"] as? [String: Any])
    #expect(reviews["total"] as? Int == 4 && reviews["retention"] as? Double == 0.5)
    let books = try #require(json["books"] as? [String: Any])
    #expect(books["byStatus"] as? [String: Int] == ["reading": 1, "finished": 1])
  }

  @Test func ankiImportsPromptsByTheirIds() throws {
    let library = try ReviewLibrary()
    let ids = try library.ids()
    let result = try runBooknotes(["prompts", "--format", "anki", "habits.md", "other.md"], in: library.root)
    #expect(result.status == 0)
    #expect(
      Array(result.lines.prefix(6)) == [
        "#separator:tab", "#html:true", "#guid column:1", "#notetype column:2", "#deck column:3", "#tags column:6",
      ])
    let rows = result.lines.dropFirst(6).map { $0.components(separatedBy: "\t") }
    #expect(rows.count == 4 && rows.allSatisfy { $0.count == 6 })
    #expect(
      rows[0] == [
        ids["You do not rise to the level of your goals. You fall to the level of your systems."]!, "Basic",
        "BookNotes::Atomic Habits",
        "You do not rise to the level of your goals. You fall to the level of your systems.",
        "p. 27", "booknotes::quote",
      ])
    #expect(
      rows[1] == [
        ids["Habits are the [compound interest] of self-improvement."]!, "Cloze", "BookNotes::Atomic Habits",
        "Habits are the {{c1::finance term::compound interest}} of self-improvement.", "Atomic Habits",
        "booknotes::cloze",
      ])
    #expect(rows[2][1] == "Basic" && rows[2][3] == "What is the two-minute rule?")
    #expect(
      rows[3] == [
        ids["The [city] of <France> & \"co\" is Paris."]!, "Cloze", "BookNotes::Other",
        "The {{c1::capital::city}} of &lt;France&gt; &amp; &quot;co&quot; is Paris.", "Other", "booknotes::cloze",
      ])
  }
}
