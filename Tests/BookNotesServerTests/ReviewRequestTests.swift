import BookNotesTestSupport
import Foundation
import JSONCore
import LanguageServerProtocol
import NoteIntelligence
import NoteSyntax
import Testing

@testable import BookNotesServer

/// `booknotes/review/due` and `booknotes/review/grade` through the real `booknotes lsp`,
/// its clock set by `BOOKNOTES_NOW`, on the review library of the command-line tests.
@Suite struct ReviewRequestTests {
  static func launch(now: String) throws -> LSPTestClient {
    let binary = try #require(BinaryLocator.booknotes(), "booknotes binary not found")
    let cache = FileManager.default.temporaryDirectory.appendingPathComponent("booknotes-cache-\(UUID().uuidString)")
    return try LSPTestClient.launch(
      executable: binary, arguments: ["lsp", "--log-level", "error"],
      environment: ProcessInfo.processInfo.environment.merging([
        "BOOKNOTES_NOW": now, "XDG_CACHE_HOME": cache.path,
      ]) { _, new in new })
  }

  static func initialize(_ client: LSPTestClient, root: URL, options: JSONValue = [:]) async throws {
    var initializationOptions: [String: JSONValue] = ["index": ["pollInterval": 100]]
    if case .object(let more) = options { initializationOptions.merge(more) { _, new in new } }
    let params: JSONValue = [
      "processId": nil, "rootUri": nil,
      "capabilities": ["general": ["positionEncodings": ["utf-16"]], "window": ["workDoneProgress": true]],
      "workspaceFolders": [["uri": .string(FileURI.uri(ofPath: root.path)), "name": "library"]],
      "initializationOptions": .object(initializationOptions),
    ]
    _ = try await client.request("initialize", params: params)
    client.notify("initialized", params: [:])
    try await client.waitForIndexing()
  }

  @Test func dueAndGradeFollowTheLogAndAppendToIt() async throws {
    let library = try ReviewCLITests.ReviewLibrary()
    let client = try Self.launch(now: "2026-11-27T08:00:00Z")
    defer { client.terminate() }
    try await Self.initialize(client, root: library.root)

    let due = try #require(try await client.request("booknotes/review/due", params: ["book": "atomic"]).arrayValue)
    #expect(
      due.map { $0["front"]?.stringValue } == [
        "You do not rise to the level of your goals. You fall to the level of your systems.",
        "Habits are the [compound interest] of self-improvement.", "What is the two-minute rule?",
      ])
    #expect(due.allSatisfy { $0["state"] == "new" && $0["due"] == .null })
    #expect(due[1]["uri"]?.stringValue?.hasSuffix("/habits.md") == true)
    #expect(due[1]["range"] == ["start": ["line": 10, "character": 15], "end": ["line": 10, "character": 49]])
    #expect(due[0]["book"] == "Atomic Habits" && due[0]["back"] == "p. 27")
    let limited = try await client.request("booknotes/review/due", params: ["tag": "habits", "limit": 1])
    #expect(limited.arrayValue?.count == 1)

    // An open note's prompts are its edited text's.
    let uri = try #require(due[0]["uri"]?.stringValue)
    client.open(
      uri, text: ReviewCLITests.ReviewLibrary.habits.replacingOccurrences(of: "two-minute", with: "two minute"))
    let edited = try await client.request("booknotes/review/due", params: ["book": "atomic"])
    #expect(edited.arrayValue?.last?["front"] == "What is the two minute rule?")

    let id = try #require(due[0]["id"]?.stringValue)
    let graded = try await client.request(
      "booknotes/review/grade", params: ["id": .string(id), "grade": 3, "seconds": 6])
    // Its next learning step is due within the session: it comes back in ten minutes.
    #expect(graded == ["id": .string(id), "due": "2026-11-27T08:10:00Z", "state": "learning", "comesBackIn": 600])
    #expect(try library.read(".booknotes/reviews.tsv") == "2026-11-27T08:00:00Z\t\(id)\t3\t6\n")
    // Graded, it is no longer due (until its next learning step).
    let after = try await client.request("booknotes/review/due", params: ["book": "atomic"])
    #expect(after.arrayValue?.count == 2 && after.arrayValue?.contains { $0["id"] == .string(id) } == false)

    await #expect(throws: ResponseError.self) {
      try await client.request("booknotes/review/grade", params: ["id": .string(id), "grade": 5])
    }
    await #expect(throws: ResponseError.self) {
      try await client.request("booknotes/review/grade", params: ["id": "no-such-prompt", "grade": 3])
    }
    #expect(try library.read(".booknotes/reviews.tsv").split(separator: "\n").count == 1)
    try await client.shutdownAndExit()
  }

  @Test func theGradeSaysWhetherThePromptComesBackInTheSession() async throws {
    let library = try ReviewCLITests.ReviewLibrary()
    let ids = try library.ids()
    let rule = try #require(ids["What is the two-minute rule?"])
    let cloze = try #require(ids["Habits are the [compound interest] of self-improvement."])
    // The rule was learnt weeks ago: a review prompt, due.
    try library.write(
      ".booknotes/reviews.tsv", "2026-11-01T08:00:00Z\t\(rule)\t3\t4\n2026-11-01T08:10:00Z\t\(rule)\t3\t4\n")
    let client = try Self.launch(now: "2026-11-27T08:00:00Z")
    defer { client.terminate() }
    try await Self.initialize(client, root: library.root)
    func grade(_ id: String, _ grade: Int) async throws -> JSONValue {
      try await client.request("booknotes/review/grade", params: ["id": .string(id), "grade": .int(grade)])
    }
    // Good on a review prompt: days away, not back in this session.
    let good = try await grade(rule, 3)
    #expect(good["state"] == "review" && good["comesBackIn"] == .null)
    #expect(good["due"]?.stringValue.map { $0 > "2026-11-28" } == true)
    // Again on a new prompt: its first learning step, a minute away.
    #expect(
      try await grade(cloze, 1) == [
        "id": .string(cloze), "due": "2026-11-27T08:01:00Z", "state": "learning", "comesBackIn": 60,
      ])
    // Again on the review prompt: relearning, back in ten minutes.
    let lapse = try await grade(rule, 1)
    #expect(lapse["state"] == "relearning" && lapse["comesBackIn"] == 600)
    // Easy while learning: a review prompt, not back.
    let easy = try await grade(cloze, 4)
    #expect(easy["state"] == "review" && easy["comesBackIn"] == .null)
    try await client.shutdownAndExit()
  }

  /// Grades keep the server's schedule current without reading the log again: what is
  /// due after them is what a command replaying the whole log says.
  @Test func afterGradesTheDueListIsTheLogs() async throws {
    let library = try ReviewCLITests.ReviewLibrary()
    let ids = try library.ids()
    let rule = try #require(ids["What is the two-minute rule?"])
    let quote = try #require(ids["You do not rise to the level of your goals. You fall to the level of your systems."])
    let cloze = try #require(ids["Habits are the [compound interest] of self-improvement."])
    let deep = try #require(ids["Deep work is?"])
    try library.write(
      ".booknotes/reviews.tsv",
      "2026-11-01T08:00:00Z\t\(rule)\t3\t4\n2026-11-01T08:10:00Z\t\(rule)\t3\t4\n2026-11-20T08:00:00Z\t\(quote)\t4\t2\n"
    )
    let now = "2026-11-27T08:00:00Z"
    let client = try Self.launch(now: now)
    defer { client.terminate() }
    try await Self.initialize(client, root: library.root)
    func due() async throws -> [String] {
      let answer = try await client.request("booknotes/review/due", params: ["limit": 50])
      return (answer.arrayValue ?? []).map { "\($0["id"]!) \($0["due"]!) \($0["state"]!)" }
    }
    _ = try await due()
    for (id, grade) in [(rule, 3), (quote, 1), (cloze, 4), (deep, 2), (quote, 3)] {
      _ = try await client.request("booknotes/review/grade", params: ["id": .string(id), "grade": .int(grade)])
    }
    let served = try await due()
    let replayed = try runBooknotes(
      ["review", "--due", "--format", "json", "--limit", "50"], in: library.root, environment: ["BOOKNOTES_NOW": now])
    let listed = try #require(try replayed.json() as? [[String: Any]]).map { item in
      let due = (item["due"] as? String).map { "\"\($0)\"" } ?? "null"
      return "\"\(item["id"]!)\" \(due) \"\(item["state"]!)\""
    }
    #expect(served == listed)
    #expect(try library.read(".booknotes/reviews.tsv").split(separator: "\n").count == 8)
    try await client.shutdownAndExit()
  }

  @Test func newPromptsPerDayComeFromTheSettings() async throws {
    let library = try ReviewCLITests.ReviewLibrary()
    let client = try Self.launch(now: "2026-11-27T08:00:00Z")
    defer { client.terminate() }
    try await Self.initialize(client, root: library.root, options: ["review": ["newPerDay": 2, "sessionSize": 10]])
    let due = try await client.request("booknotes/review/due", params: [:])
    #expect(due.arrayValue?.count == 2)
    try await client.shutdownAndExit()
  }

  @Test func theTitleLensCountsDuePromptsAndTheHoverTellsTheNextReview() async throws {
    let library = try ReviewCLITests.ReviewLibrary()
    let ids = try library.ids()
    let quote = try #require(ids["You do not rise to the level of your goals. You fall to the level of your systems."])
    let rule = try #require(ids["What is the two-minute rule?"])
    // The quote: easy two days ago, due in eight days. The rule: learnt weeks ago, due.
    try library.write(
      ".booknotes/reviews.tsv",
      "2026-11-01T08:00:00Z\t\(rule)\t3\t4\n2026-11-01T08:10:00Z\t\(rule)\t3\t4\n2026-11-25T08:00:00Z\t\(quote)\t4\t3\n"
    )
    let client = try Self.launch(now: "2026-11-27T08:00:00Z")
    defer { client.terminate() }
    try await Self.initialize(client, root: library.root)
    let uri = FileURI.uri(ofPath: library.root.appendingPathComponent("habits.md").path)
    client.open(uri, text: ReviewCLITests.ReviewLibrary.habits)
    // The review lens beside the backlinks lens.
    let lenses = try #require(try await client.request("textDocument/codeLens", uri: uri).arrayValue)
    let reviewLenses = lenses.filter { $0["command"]?["command"] == "booknotes.review" }
    #expect(lenses.count == 2 && reviewLenses.count == 1)
    #expect(
      reviewLenses.first?["range"] == ["start": ["line": 1, "character": 7], "end": ["line": 1, "character": 20]])
    #expect(reviewLenses.first?["command"]?["title"] == "3 prompts · 2 due")
    #expect(reviewLenses.first?["command"]?["arguments"] == [["book": "Atomic Habits"]])

    let onQuote = try await client.request(
      "textDocument/hover", uri: uri, ["position": ["line": 8, "character": 10]])
    let quoteText = try #require(onQuote["contents"]?["value"]?.stringValue)
    #expect(quoteText.hasPrefix("> You do not rise"))
    #expect(quoteText.hasSuffix("*Next review:* 2026-12-03 (review, 1 review)"))
    let onCloze = try await client.request(
      "textDocument/hover", uri: uri, ["position": ["line": 10, "character": 20]])
    #expect(onCloze["contents"]?["value"]?.stringValue?.hasSuffix("*Review:* new, not reviewed yet") == true)
    // A note without prompts has no review lens, only the backlinks one.
    let other = FileURI.uri(ofPath: library.root.appendingPathComponent("plain.md").path)
    client.open(other, text: "# Plain\n\nNo prompts here.\n")
    let otherLenses = try await client.request("textDocument/codeLens", uri: other).arrayValue ?? []
    #expect(otherLenses.map { $0["command"]?["command"] } == ["booknotes.showBacklinks"])
    try await client.shutdownAndExit()
  }

  /// Identical cards of a note are told apart by their place: the hover's review line
  /// reads the one hovered, and a card whose text was never reviewed is new.
  @Test func theHoverTellsIdenticalCardsApart() async throws {
    let library = try ReviewCLITests.ReviewLibrary()
    let text = "# Twice\n\n> Same words.\n\n> Same words.\n\n> Other words.\n"
    try library.write("twice.md", text)
    let ids = Prompts.prompts(for: NoteDocument(text)).map(\.id)
    #expect(ids.count == 3 && ids[1] == ids[0] + "-2")
    // Only the second of the identical quotes was reviewed.
    try library.write(".booknotes/reviews.tsv", "2026-11-25T08:00:00Z\t\(ids[1])\t4\t3\n")
    let client = try Self.launch(now: "2026-11-27T08:00:00Z")
    defer { client.terminate() }
    try await Self.initialize(client, root: library.root)
    let uri = FileURI.uri(ofPath: library.root.appendingPathComponent("twice.md").path)
    client.open(uri, text: text)
    var lines: [String] = []
    for line in [2, 4, 6] {
      let hover = try await client.request(
        "textDocument/hover", uri: uri, ["position": ["line": .int(line), "character": 4]])
      lines.append(try #require(hover["contents"]?["value"]?.stringValue?.components(separatedBy: "\n\n").last))
    }
    #expect(
      lines == [
        "*Review:* new, not reviewed yet", "*Next review:* 2026-12-03 (review, 1 review)",
        "*Review:* new, not reviewed yet",
      ])
    try await client.shutdownAndExit()
  }
}
