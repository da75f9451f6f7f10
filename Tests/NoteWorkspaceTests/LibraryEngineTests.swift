import BookNotesTestSupport
import Foundation
import Locking
import NoteIntelligence
import Testing

@testable import NoteWorkspace

/// The library engine on a folder of notes: opened in two passes with its progress,
/// started again from its cache, and kept current by file events, polls and reads.
@Suite(.onThreadsOfItsOwn) struct LibraryEngineTests {
  /// A folder of notes and a cache folder beside it, removed at the end.
  final class Folder {
    let root: String
    let cache: String

    init(_ notes: [String: String]) throws {
      let base = FileManager.default.temporaryDirectory.appendingPathComponent("booknotes-engine-\(UUID())").path
      root = base + "/notes"
      cache = base + "/cache"
      try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
      for (name, text) in notes { try write(name, text) }
    }

    deinit { try? FileManager.default.removeItem(atPath: String(root.dropLast("/notes".count))) }

    func write(_ name: String, _ text: String) throws {
      try Data(text.utf8).write(to: URL(fileURLWithPath: root + "/" + name))
    }

    func engine(events: Lock<[LibraryEvent]> = Lock([])) -> LibraryEngine {
      var chosen = LibrarySettings()
      chosen.cacheDirectory = cache
      let settings = chosen
      return LibraryEngine(settings: { settings }, report: { event in events.withLock { $0.append(event) } })
    }
  }

  static let notes = [
    "a.md": "# Alpha\n\nApples and pears.\n",
    "b.md": "---\ntitle: Beta Book\n---\n#shelf\n\nBananas.\n",
    "binary.md": "bin\u{0}ary",
  ]

  /// `library.bookFolders` under every root, as the snapshots' book folders.
  @Test func bookFoldersAreUnderEachRoot() throws {
    #expect(
      LibraryEngine.bookFolders(["Books", "/Reading/2021/", "./Shelf", "..", "a/../b", ""], roots: ["/n", "/m"]) == [
        "/n/Books", "/n/Reading/2021", "/n/Shelf", "/m/Books", "/m/Reading/2021", "/m/Shelf",
      ])
    let folder = try Folder(["a.md": "# Alpha\n"])
    try FileManager.default.createDirectory(atPath: folder.root + "/Books", withIntermediateDirectories: true)
    try folder.write("Books/b.md", "Beta, by its folder.\n")
    var settings = LibrarySettings()
    settings.cacheDirectory = folder.cache
    settings.bookFolders = ["Books"]
    let chosen = settings
    let engine = LibraryEngine(settings: { chosen })
    engine.open([folder.root])
    #expect(engine.snapshot().books().map(\.title) == ["b"])
  }

  @Test func opensInTwoPassesWithProgressAndStartsAgainFromItsCache() throws {
    let folder = try Folder(Self.notes)
    let events = Lock<[LibraryEvent]>([])
    let engine = folder.engine(events: events)
    #expect(engine.isReadingWords, "a search before the first opening waits for it")
    var steps: [String] = []
    engine.open([folder.root]) { step in
      switch step {
      case .summarised(let done, let total): steps.append("\(done)/\(total)")
      case .summariesDone(let notes): steps.append("summaries \(notes)")
      case .readingWords(let notes): steps.append("words of \(notes)")
      case .wordsDone(let notes): steps.append("words \(notes)")
      }
    }
    #expect(steps.first == "0/3" && steps.contains("summaries 2") && steps.last == "words 2", "\(steps)")
    #expect(!engine.isReadingWords && !engine.isSaving)
    let snapshot = engine.snapshot()
    #expect(snapshot.paths == [folder.root + "/a.md", folder.root + "/b.md"])
    #expect(snapshot.note(at: folder.root + "/b.md")?.title == "Beta Book")
    #expect(try snapshot.searchCandidates(SearchQuery("bananas")).map(\.note.path) == [folder.root + "/b.md"])
    let skipped = events.withLock { $0 }.compactMap { event -> String? in
      if case .skipped(let path, _) = event { path } else { nil }
    }
    #expect(skipped == [folder.root + "/binary.md"])
    #expect(FileManager.default.fileExists(atPath: try #require(engine.cacheFile).path))

    // A second library starts from the cache: the same answers, every note from it.
    let again = Lock<[LibraryEvent]>([])
    let second = folder.engine(events: again)
    second.open([folder.root])
    #expect(second.snapshot().paths == snapshot.paths)
    #expect(try second.snapshot().searchCandidates(SearchQuery("apples")).map(\.note.path) == [folder.root + "/a.md"])
    let logged = again.withLock { $0 }.compactMap { event -> String? in
      if case .info(let text) = event { text } else { nil }
    }
    #expect(logged.contains { $0.contains("(2 from the cache") }, "\(logged)")
  }

  @Test func fileEventsPollsAndReadsKeepItCurrent() throws {
    let folder = try Folder(Self.notes)
    let engine = folder.engine()
    engine.open([folder.root])
    try folder.write("c.md", "# Gamma\n")
    #expect(engine.apply(fileEvents: [(folder.root + "/c.md", false), ("/elsewhere/d.md", false)]))
    #expect(engine.snapshot().note(at: folder.root + "/c.md")?.title == "Gamma")
    try FileManager.default.removeItem(atPath: folder.root + "/c.md")
    #expect(engine.apply(fileEvents: [(folder.root + "/c.md", true)]))
    #expect(engine.snapshot().note(at: folder.root + "/c.md") == nil)

    // Read again before answering: a changed note is read, an unchanged one is not.
    try folder.write("a.md", "# Alpha Revised\n")
    #expect(engine.readAgain([folder.root + "/a.md", folder.root + "/b.md"]))
    #expect(engine.snapshot().note(at: folder.root + "/a.md")?.title == "Alpha Revised")
    #expect(!engine.readAgain([folder.root + "/a.md"]))

    // A poll finds what changed since the last listing.
    engine.pollFolders {}
    defer { engine.close() }
    try folder.write("e.md", "# Epsilon\n")
    #expect(engine.poll())
    #expect(engine.snapshot().note(at: folder.root + "/e.md")?.title == "Epsilon")
  }

  /// Review alone reads every note's prompts from the cache, with no library made from
  /// it, while every note is unchanged; the library is made once something asks for it.
  @Test func reviewReadsThePromptsFromTheCacheAndTheLibraryIsMadeWhenAskedFor() throws {
    let folder = try Folder([
      "a.md": "# Alpha\n\nQ: First?\nA: One.\n", "b.md": "---\ntitle: Beta Book\n---\n> A quote.\n",
    ])
    let written = folder.engine()
    written.open([folder.root])
    let expected = written.reviewCandidates().map { "\($0.path) \($0.id) \($0.noteTime)" }
    #expect(expected.count == 2)

    let events = Lock<[LibraryEvent]>([])
    let review = folder.engine(events: events)
    review.open([folder.root], twoPasses: false, needsWords: false, needsSummaries: false)
    #expect(review.promptIndex.withLock { $0 != nil }, "every note unchanged: the prompts straight from the cache")
    #expect(review.host.snapshot().noteCount == 0, "no library made")
    #expect(review.reviewCandidates().map { "\($0.path) \($0.id) \($0.noteTime)" } == expected)
    let logged = events.withLock { $0 }.compactMap { event -> String? in
      if case .info(let text) = event { text } else { nil }
    }
    #expect(logged.contains { $0.contains("Read 2 notes' prompts from the index cache") }, "\(logged)")
    // Asked for, the library is made (from the cache) and answers as any.
    #expect(review.snapshot().note(at: folder.root + "/b.md")?.title == "Beta Book")
    #expect(review.promptIndex.withLock { $0 == nil } && review.snapshot().noteCount == 2)
    #expect(review.reviewCandidates().map { "\($0.path) \($0.id) \($0.noteTime)" } == expected)

    // A note changed since the cache and one added: read from their files, the cache
    // left as it is.
    try folder.write("a.md", "# Alpha\n\nQ: Second?\nA: Two.\n")
    try folder.write("c.md", "# Gamma\n\nQ: Third?\nA: Three.\n")
    let changed = folder.engine()
    changed.open([folder.root], twoPasses: false, needsWords: false, needsSummaries: false)
    #expect(changed.promptIndex.withLock { $0 != nil } && changed.host.snapshot().noteCount == 0)
    var elsewhere = LibrarySettings()
    elsewhere.cacheDirectory = folder.cache + "-fresh"
    let chosen = elsewhere
    let fresh = LibraryEngine(settings: { chosen })
    fresh.open([folder.root], twoPasses: false)
    let current = fresh.reviewCandidates().map { "\($0.path) \($0.id) \($0.noteTime)" }
    #expect(current.count == 3 && changed.reviewCandidates().map { "\($0.path) \($0.id) \($0.noteTime)" } == current)
    #expect(!changed.reviewCandidates().map(\.id).contains(try #require(written.reviewCandidates().first?.id)))
    #expect(changed.snapshot().noteCount == 3, "asked for, the library is opened with the changes")

    // More notes changed than a prompt index takes: the library is made, the cache written.
    for index in 0..<17 { try folder.write("n\(index).md", "Q: Number \(index)?\nA: \(index).\n") }
    let many = folder.engine()
    many.open([folder.root], twoPasses: false, needsWords: false, needsSummaries: false)
    #expect(many.promptIndex.withLock { $0 == nil } && many.host.snapshot().noteCount == 20)
    #expect(many.reviewCandidates().count == 20)
    let after = folder.engine()
    after.open([folder.root], twoPasses: false, needsWords: false, needsSummaries: false)
    #expect(after.promptIndex.withLock { $0 != nil } && after.reviewCandidates().count == 20)
  }
}
