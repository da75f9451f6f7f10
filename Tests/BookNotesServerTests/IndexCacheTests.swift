import BookNotesTestSupport
import Foundation
import NoteIntelligence
import NoteWorkspace
import Testing

@testable import BookNotesServer

/// The index cache on disk: a second start reads unchanged notes from it, a changed
/// note from disk, and a corrupt cache is ignored and rewritten.
@Suite struct IndexCacheTests {
  /// Starts a server on the fixture, waits for indexing, and returns its snapshot.
  static func indexOnce(_ fixture: LibraryFixture) async throws -> LibrarySnapshot {
    let harness = InProcessServer()
    try await fixture.initialize(harness.client)
    let snapshot = harness.server.library.snapshot()
    try await harness.client.shutdownAndExit()
    _ = try await harness.finish()
    return snapshot
  }

  static func cacheFiles(_ fixture: LibraryFixture) throws -> [URL] {
    try FileManager.default.contentsOfDirectory(at: fixture.cache, includingPropertiesForKeys: nil)
      .filter { $0.pathExtension == "bin" }
  }

  @Test func aSecondStartReadsUnchangedNotesFromTheCache() async throws {
    let fixture = try LibraryFixture()
    let first = try await Self.indexOnce(fixture)
    let files = try Self.cacheFiles(fixture)
    #expect(files.count == 1)

    // Same size and modification time, other text: only the cache can give the old title.
    let note = fixture.root.appendingPathComponent("code.md")
    var info = stat()
    #expect(stat(note.path, &info) == 0)
    let original = try String(contentsOf: note, encoding: .utf8)
    try original.replacingOccurrences(of: "# Code Notes", with: "# Code Notez").write(
      to: note, atomically: false, encoding: .utf8)
    #if canImport(Darwin)
      var times = [info.st_atimespec, info.st_mtimespec]
    #else
      var times = [info.st_atim, info.st_mtim]
    #endif
    #expect(utimensat(AT_FDCWD, note.path, &times, 0) == 0)
    // A really changed note is read again.
    try fixture.write("crlf.md", "# Changed Title\n")

    let second = try await Self.indexOnce(fixture)
    let root = fixture.root.path + "/"
    #expect(second.note(at: root + "code.md")?.title == "Code Notes", "read from the cache")
    #expect(second.note(at: root + "crlf.md")?.title == "Changed Title", "read from disk")
    #expect(second.noteCount == first.noteCount)
    #expect(second.note(at: root + "thinking.md") == first.note(at: root + "thinking.md"))
  }

  @Test func aCorruptCacheIsIgnoredAndRewritten() async throws {
    let fixture = try LibraryFixture()
    _ = try await Self.indexOnce(fixture)
    let file = try #require(try Self.cacheFiles(fixture).first)
    var bytes = try Data(contentsOf: file)
    let good = bytes
    // Keep the header, damage the records.
    for index in stride(from: 64, to: bytes.count, by: 3) { bytes[index] = 0xFF }
    try bytes.write(to: file)
    let snapshot = try await Self.indexOnce(fixture)
    #expect(snapshot.note(at: fixture.root.path + "/thinking.md")?.title == "Thinking, Fast and Slow")
    #expect(snapshot.noteCount == 6)
    #expect(try Data(contentsOf: file).count == good.count, "rewritten whole")
    try Data("garbage".utf8).write(to: file)
    #expect(try await Self.indexOnce(fixture).noteCount == 6)
  }

  @Test func changesOnDiskAfterTheFirstIndexingAreWrittenToTheCache() async throws {
    let fixture = try LibraryFixture()
    let harness = InProcessServer()
    try await fixture.initialize(harness.client)
    let cache = try #require(harness.server.library.cacheFile)
    let root = fixture.root.path + "/"
    // Found by polling, long after the first indexing wrote the cache.
    try fixture.write("later.md", "# Later Book\n")
    try fixture.write("crlf.md", "# Rewritten Title\n")
    var found: [String: NoteSummary] = [:]
    for _ in 0..<500 {
      if case .success(let summaries) = cache.load(matching: NoteFiles.scan(root: fixture.root.path, exclude: [])) {
        found = summaries
      }
      if found[root + "later.md"] != nil && found[root + "crlf.md"]?.title == "Rewritten Title" { break }
      try await Task.sleep(for: .milliseconds(20))
    }
    #expect(found[root + "later.md"]?.title == "Later Book")
    #expect(found[root + "crlf.md"]?.title == "Rewritten Title")
    #expect(found[root + "thinking.md"]?.title == "Thinking, Fast and Slow", "unchanged notes stay")
    try await harness.client.shutdownAndExit()
    _ = try await harness.finish()

    // A second start takes them from the cache: same size and time, other text.
    let note = fixture.root.appendingPathComponent("later.md")
    var info = stat()
    #expect(stat(note.path, &info) == 0)
    try "# Later Bool\n".write(to: note, atomically: false, encoding: .utf8)
    #if canImport(Darwin)
      var times = [info.st_atimespec, info.st_mtimespec]
    #else
      var times = [info.st_atim, info.st_mtim]
    #endif
    #expect(utimensat(AT_FDCWD, note.path, &times, 0) == 0)
    let second = try await Self.indexOnce(fixture)
    #expect(second.note(at: root + "later.md")?.title == "Later Book", "read from the cache")
  }
}
