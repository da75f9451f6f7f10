import BookNotesTestSupport
import Locking
import NoteSyntax
import Testing

@testable import NoteIntelligence

/// Queries over a snapshot that a newer change replaced stop and say so, so that no
/// answer describes a library that no longer exists.
@Suite(.onThreadsOfItsOwn) struct SupersededQueryTests {
  /// A host with `count` notes, each tagged `#shared` and with a heading and a word.
  static func host(notes count: Int) -> LibraryHost {
    let host = LibraryHost()
    host.apply(
      (0..<count).map { index in
        .update(NoteSummary(path: "/lib/n\(index).md", doc: NoteDocument("# Chapter \(index)\n\n#shared word\n")))
      })
    return host
  }

  static let newNote = LibraryChange.update(NoteSummary(path: "/lib/new.md", doc: NoteDocument("#shared\n")))

  @Test func aSnapshotIsCurrentUntilItsHostAppliesAChange() {
    let host = Self.host(notes: 2)
    let snapshot = host.snapshot()
    #expect(!snapshot.isSuperseded)
    #expect(throws: Never.self) { try snapshot.checkCurrent() }
    host.apply([])
    #expect(!snapshot.isSuperseded, "no change, no new snapshot")
    let next = host.apply([Self.newNote])
    #expect(snapshot.isSuperseded)
    #expect(!next.isSuperseded)
    #expect(!LibrarySnapshot().isSuperseded, "a snapshot made without a host has nothing newer")
    var overlay = next
    overlay.replaceTags(of: "/lib/n0.md", with: [])
    #expect(!overlay.isSuperseded, "an open note's tags over a snapshot do not replace it")
    host.apply([.remove(path: "/lib/new.md")])
    #expect(overlay.isSuperseded)
  }

  @Test func queriesOverAReplacedSnapshotThrowAndTheNewOneAnswers() throws {
    let host = Self.host(notes: 600)
    let old = host.snapshot()
    let new = host.apply([Self.newNote])
    #expect(throws: LibrarySnapshot.Superseded(revision: old.revision, latest: new.revision)) {
      try old.symbols(matching: "chapter", limit: 10)
    }
    #expect(throws: LibrarySnapshot.Superseded.self) { try old.tagUses(of: "shared", includingChildren: true) }
    #expect(throws: LibrarySnapshot.Superseded.self) { try TagRename.edits(renaming: "shared", to: "x", in: old) }
    #expect(throws: LibrarySnapshot.Superseded.self) { try old.searchCandidates(SearchQuery("word")) }
    #expect(try new.symbols(matching: "chapter", limit: 10).count == 10)
    #expect(try new.tagUses(of: "shared", includingChildren: true).count == 601)
  }

  @Test func aChangeAppliedWhileASearchReadsNotesStopsIt() throws {
    let host = Self.host(notes: 40)
    let snapshot = host.snapshot()
    let reads = Lock(0)
    #expect(throws: LibrarySnapshot.Superseded.self) {
      try snapshot.search(SearchQuery("word"), limit: 20) { note in
        let count = reads.withLock { reads in
          reads += 1
          return reads
        }
        // The first candidate's text is read; then the note changes in the editor.
        if count == 1 { host.apply([Self.newNote]) }
        return SearchText(NoteDocument("# Chapter\n\n#shared word\n"))
      }
    }
    #expect(reads.withLock { $0 } == 1, "no note is read after the change")
    let hits = try host.snapshot().search(SearchQuery("word"), limit: 20) { _ in
      SearchText(NoteDocument("# Chapter\n\n#shared word\n"))
    }
    #expect(hits.count == 20)
  }
}
