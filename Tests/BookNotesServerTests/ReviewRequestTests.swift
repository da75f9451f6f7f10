import BookNotesTestSupport
import Foundation
import JSONCore
import LanguageServerProtocol
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
    #expect(graded == ["id": .string(id), "due": "2026-11-27T08:10:00Z", "state": "learning"])
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

  @Test func newPromptsPerDayComeFromTheSettings() async throws {
    let library = try ReviewCLITests.ReviewLibrary()
    let client = try Self.launch(now: "2026-11-27T08:00:00Z")
    defer { client.terminate() }
    try await Self.initialize(client, root: library.root, options: ["review": ["newPerDay": 2, "sessionSize": 10]])
    let due = try await client.request("booknotes/review/due", params: [:])
    #expect(due.arrayValue?.count == 2)
    try await client.shutdownAndExit()
  }
}
