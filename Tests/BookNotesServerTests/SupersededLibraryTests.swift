import BookNotesTestSupport
import Foundation
import JSONCore
import LanguageServerProtocol
import Locking
import NoteIntelligence
import NoteSyntax
import Testing

@testable import BookNotesServer

/// A change that arrives while the server works on an older library: queries answer
/// `ContentModified` or start again on the new one, and a re-index of an older version
/// of an open note is dropped. Each change is made at a chosen step, through the
/// server's hooks, so nothing depends on timing.
@Suite struct SupersededLibraryTests {
  static func waitUntil(_ condition: () -> Bool) async throws {
    for _ in 0..<200 where !condition() { try await Task.sleep(for: .milliseconds(25)) }
  }

  /// Ends the session; the hooks, which hold the harness, are dropped first.
  static func end(_ harness: InProcessServer) async throws {
    harness.server.libraryHooks.withLock { $0 = LibraryHooks() }
    try await harness.client.shutdownAndExit()
    _ = try await harness.finish()
  }

  /// A note added to the library index as if its file had just been read.
  static func addNote(_ harness: InProcessServer, _ path: String, _ text: String) {
    harness.server.library.host.apply([.update(NoteSummary(path: path, doc: NoteDocument(text)))])
  }

  /// Opens `name` with `text` and waits until the index has it as it is open.
  static func openAndIndex(_ harness: InProcessServer, _ fixture: LibraryFixture, _ name: String, _ text: String)
    async throws -> String
  {
    let uri = fixture.uri(name)
    let path = fixture.root.appendingPathComponent(name).path
    let tags = NoteSummary.tagUses(in: NoteDocument(text)).map(\.name)
    harness.client.open(uri, text: text)
    try await waitUntil { harness.server.library.snapshot().note(at: path)?.tags.map(\.name) == tags }
    try #require(harness.server.library.snapshot().note(at: path)?.tags.map(\.name) == tags)
    return uri
  }

  @Test func workspaceSymbolsAnswerContentModifiedWhenTheLibraryChangesMidQuery() async throws {
    let fixture = try LibraryFixture()
    let harness = InProcessServer()
    try await fixture.initialize(harness.client)
    let root = fixture.root.path
    let attempts = Lock<[Int]>([])
    harness.server.libraryHooks.withLock {
      $0.afterSnapshot = { attempt in
        attempts.withLock { $0.append(attempt) }
        Self.addNote(harness, root + "/added.md", "# Added Chapter\n")
      }
    }
    let response = try await harness.client.requestMessage("workspace/symbol", params: ["query": "chapter"])
    #expect(response["error"]?["code"]?.intValue == ResponseError.contentModified)
    #expect(response["result"] == nil)
    #expect(attempts.withLock { $0 } == [0], "the client asks again; the server does not")

    harness.server.libraryHooks.withLock { $0.afterSnapshot = nil }
    let symbols = try await harness.client.request("workspace/symbol", params: ["query": "added chapter"])
    #expect(symbols.arrayValue?.first?["name"] == "Added Chapter")
    try await Self.end(harness)
  }

  @Test func searchAnswersContentModifiedWhenTheLibraryChangesMidQuery() async throws {
    let fixture = try LibraryFixture()
    let harness = InProcessServer()
    try await fixture.initialize(harness.client)
    let root = fixture.root.path
    harness.server.libraryHooks.withLock {
      $0.afterSnapshot = { _ in
        Self.addNote(harness, root + "/added.md", "thinking again\n")
      }
    }
    let response = try await harness.client.requestMessage("booknotes/search", params: ["query": "thinking"])
    #expect(response["error"]?["code"]?.intValue == ResponseError.contentModified)
    harness.server.libraryHooks.withLock { $0.afterSnapshot = nil }
    let hits = try await harness.client.request("booknotes/search", params: ["query": "thinking"])
    #expect(!(hits.arrayValue ?? []).isEmpty)
    try await Self.end(harness)
  }

  @Test func referencesStartAgainOnceOnTheNewLibrary() async throws {
    let fixture = try LibraryFixture()
    let harness = InProcessServer()
    try await fixture.initialize(harness.client)
    let root = fixture.root.path
    let uri = try await Self.openAndIndex(harness, fixture, "scratch.md", "#psychology\n")
    let attempts = Lock<[Int]>([])
    harness.server.libraryHooks.withLock {
      $0.afterSnapshot = { attempt in
        attempts.withLock { $0.append(attempt) }
        // The first attempt's library is replaced as soon as it is taken.
        if attempt == 0 {
          Self.addNote(harness, root + "/added.md", "x #psychology\n")
        }
      }
    }
    let references = try await harness.client.request(
      "textDocument/references", uri: uri,
      ["position": position(0, 3), "context": ["includeDeclaration": true]])
    #expect(attempts.withLock { $0 } == [0, 1])
    let places = TagFeatureTests.places(references, fixture)
    #expect(places.contains("added.md 0:3-13"), "the answer is the new library's")
    #expect(places.contains("scratch.md 0:1-11"))

    // Replaced again while starting again: the client is told to ask again.
    harness.server.libraryHooks.withLock {
      $0.afterSnapshot = { attempt in
        Self.addNote(harness, root + "/added\(attempt).md", "#psychology\n")
      }
    }
    let response = try await harness.client.requestMessage(
      "textDocument/rename",
      params: ["textDocument": ["uri": .string(uri)], "position": position(0, 3), "newName": "mind"])
    #expect(response["error"]?["code"]?.intValue == ResponseError.contentModified)
    try await Self.end(harness)
  }

  @Test func reindexingAnOlderVersionOfAnOpenNoteIsDroppedWhenANewerOneArrives() async throws {
    let fixture = try LibraryFixture()
    let harness = InProcessServer()
    try await fixture.initialize(harness.client)
    let uri = try await Self.openAndIndex(harness, fixture, "scratch.md", "#firstmark\n")
    let path = fixture.root.appendingPathComponent("scratch.md").path
    let steps = Lock<[ReindexStep]>([])
    harness.server.libraryHooks.withLock {
      $0.reindex = { step in
        steps.withLock { $0.append(step) }
        // Version 2 is summarised; version 3 arrives before it reaches the index.
        if step == .summarised(uri, version: 2) {
          try? harness.server.didChange(
            DidChangeTextDocumentParams(
              textDocument: VersionedTextDocumentIdentifier(uri: uri, version: 3),
              contentChanges: [TextDocumentContentChangeEvent(text: "#thirdmark\n")]))
        }
      }
    }
    harness.client.change(uri, version: 2, [["text": "#secondmark\n"]])
    try await Self.waitUntil { steps.withLock { $0.contains(.applied(uri, version: 3)) } }
    let recorded = steps.withLock { $0 }
    #expect(
      recorded == [
        .summarised(uri, version: 2), .abandoned(uri, version: 2), .summarised(uri, version: 3),
        .applied(uri, version: 3),
      ])
    #expect(harness.server.library.snapshot().note(at: path)?.tags.map(\.name) == ["thirdmark"])
    try await Self.end(harness)
  }
}
