import BookNotesTestSupport
import Foundation
import JSONCore
import Testing

/// Hashtag completion asked while the library is still being indexed: an answer that
/// may grow says so (`isIncomplete`), or clients such as lsp-mode keep filtering the
/// few tags indexed so far and never show the rest.
@Suite struct TagCompletionWhileIndexingTests {
  @Test func anAnswerMissingTagsOfTheLibraryIsMarkedIncomplete() async throws {
    let fixture = try LibraryFixture()
    // Enough notes that indexing is still going on when the first request comes.
    let count = 2_000
    for index in 0..<count {
      try fixture.write("shelf/note-\(index).md", "# Note \(index)\n\nFiled under #shelf/n\(index).\n")
    }
    let harness = InProcessServer()
    try await fixture.initialize(harness.client, waitingForIndexing: false)
    let uri = fixture.uri("typing.md")
    harness.client.open(uri, text: "See #shelf/")

    func completion() async throws -> (labels: Set<String>, incomplete: Bool?) {
      let result = try await harness.client.request(
        "textDocument/completion", uri: uri,
        [
          "position": ["line": 0, "character": 11],
          "context": ["triggerKind": 2, "triggerCharacter": "/"],
        ])
      let labels = (result["items"]?.arrayValue ?? []).compactMap { $0["label"]?.stringValue }
      return (Set(labels), result["isIncomplete"]?.boolValue)
    }
    let early = try await completion()
    if early.labels.count < count {
      #expect(early.incomplete == true, "\(early.labels.count) of \(count) tags, and the answer says it is complete")
    }
    try await harness.client.waitForIndexing()
    let late = try await completion()
    #expect(late.labels.count == count)
    #expect(late.incomplete == false)
    try await harness.client.shutdownAndExit()
    _ = try await harness.finish()
  }
}
