import BookNotesTestSupport
import Foundation
import JSONCore
import Testing

@testable import LanguageServerProtocol

/// `test/readAll`: every document's log, after an optional delay.
struct ReadAllRequest: LSPRequest {
  static let method = "test/readAll"
  typealias Response = [String]
  var delayMilliseconds: Int?
}

/// The scopes: which earlier message each waits for.
@Suite struct ScopeTests {
  /// (later, earlier, whether the later waits for the earlier).
  static let waits: [(Scope, Scope, Bool)] = [
    (.global, .independent, true),
    (.independent, .global, true),
    (.document("a"), .document("a"), true),
    (.document("a"), .document("b"), false),
    (.edit("a"), .edit("a"), true),
    (.edit("a"), .edit("b"), false),
    (.edit("a"), .document("a"), true),
    (.document("a"), .edit("a"), true),
    (.document("a"), .edit("b"), false),
    // A library request sees every edit sent before it…
    (.library(document: nil), .edit("a"), true),
    (.library(document: "a"), .edit("b"), true),
    (.library(document: nil), .document("a"), false),
    (.library(document: "a"), .document("a"), true),
    (.library(document: "a"), .document("b"), false),
    (.library(document: nil), .library(document: nil), false),
    (.library(document: "a"), .library(document: "a"), true),
    // … and only its own document's later messages wait for it.
    (.edit("a"), .library(document: nil), false),
    (.edit("b"), .library(document: "a"), false),
    (.edit("a"), .library(document: "a"), true),
    (.document("a"), .library(document: "a"), true),
    (.independent, .library(document: "a"), false),
    (.independent, .edit("a"), false),
  ]

  @Test(arguments: waits) func whatWaitsForWhat(later: Scope, earlier: Scope, waits: Bool) {
    #expect(later.mustWait(for: earlier) == waits, "\(later) after \(earlier)")
  }

  /// Through a connection: a library request answers with an edit that was still
  /// being applied when it came, and an edit sent after a slow library request is
  /// applied (and read) before that request answers.
  @Test func libraryRequestsSeeEarlierEditsAndNeverHoldUpTyping() async throws {
    let harness = ConnectionHarness()
    let notes = harness.notes
    let order = NoteLog()
    harness.connection.register(NoteNotification.self, scope: { .edit($0.uri) }) { note in
      if let delay = note.delayMilliseconds { try await Task.sleep(for: .milliseconds(delay)) }
      notes.append(note.text, to: note.uri)
    }
    harness.connection.register(ReadAllRequest.self, scope: { _ in .library(document: nil) }) { request, _ in
      if let delay = request.delayMilliseconds { try await Task.sleep(for: .milliseconds(delay)) }
      order.append("library", to: "order")
      return ["a", "b"].flatMap { uri in notes.entries(of: uri).map { "\(uri):\($0)" } }
    }
    try await harness.initialize()
    harness.client.notify("test/note", params: ["uri": "b", "text": "1", "delayMilliseconds": 300])
    #expect(try await harness.client.request("test/readAll", params: [:]) == ["b:1"])

    let slow = harness.client.sendRequest("test/readAll", params: ["delayMilliseconds": 1500])
    harness.client.notify("test/note", params: ["uri": "a", "text": "typed"])
    #expect(try await harness.client.request("test/read", params: ["uri": "a"]) == ["typed"])
    order.append("typed and read", to: "order")
    #expect(try await harness.client.waitForResponse(id: slow)["result"] == ["a:typed", "b:1"])
    #expect(order.entries(of: "order") == ["library", "typed and read", "library"])
    #expect(try await harness.finish() == 1)
  }
}
