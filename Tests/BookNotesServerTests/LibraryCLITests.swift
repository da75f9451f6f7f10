import BookNotesTestSupport
import Foundation
import NoteWorkspace
import Testing

/// `booknotes search`, `symbols`, `tags` and `books`, run as child processes on the
/// library fixture.
@Suite(.onThreadsOfItsOwn) struct LibraryCLITests {
  static let skipped = ["binary.md: binary file", "latin1.md: not UTF-8"]

  /// Whether stderr reports the fixture's unreadable files, once each.
  static func reportsSkippedFiles(_ result: CommandResult, command: String) -> Bool {
    let lines = result.stderr.split(separator: "\n").map(String.init)
    return lines == skipped.map { "booknotes \(command): skipping \($0)" }
  }

  @Test func searchPrintsFileLineContextAndMarkedSnippet() throws {
    let fixture = try LibraryFixture()
    let result = try runBooknotes(["search", "system", "one"], in: fixture.root)
    #expect(result.status == 0)
    #expect(
      result.lines == [
        "thinking.md:17: [Thinking, Fast and Slow › Chapter 1: The Characters of the Story] **System one** is fast; "
          + "the ?[lazy](slow) **one** checks it. See [the sequel](books/noise.md)."
      ])
    #expect(Self.reportsSkippedFiles(result, command: "search"))
    let tagged = try runBooknotes(["search", "#bias"], in: fixture.root)
    #expect(
      tagged.lines == [
        "books/noise.md:9: [Noise] #books/2022 #psychology #**bias**",
        "thinking.md:13: [Thinking, Fast and Slow] #books/2021 #psychology #**bias/anchoring**",
      ])
  }

  @Test func searchAsJSON() throws {
    let fixture = try LibraryFixture()
    let result = try runBooknotes(["search", "東京", "--format", "json"], in: fixture.root)
    #expect(result.status == 0)
    let items = try #require(try result.json() as? [[String: Any]])
    #expect(items.count == 1)
    let item = try #require(items.first)
    #expect(Set(item.keys) == ["file", "book", "heading", "line", "snippet", "matches", "score"])
    #expect(item["file"] as? String == "books/2020/café.md")
    #expect(item["book"] as? String == "Café Society")
    #expect(item["heading"] as? String == "Première partie")
    #expect(item["line"] as? Int == 7)
    #expect(item["snippet"] as? String == "Une société de café. 東京 の 本.")
    #expect(item["matches"] as? [[Int]] == [[21, 23]])
    #expect((item["score"] as? Double ?? 0) > 0)
  }

  @Test func searchExitsWith1WhenNothingMatchesAnd2OnBadUsage() throws {
    let fixture = try LibraryFixture()
    let none = try runBooknotes(["search", "zebra"], in: fixture.root)
    #expect(none.status == 1)
    #expect(none.stdout.isEmpty)
    let noneJSON = try runBooknotes(["search", "zebra", "--format=json"], in: fixture.root)
    #expect(noneJSON.status == 1)
    #expect(noneJSON.stdout == "[]\n")
    let limited = try runBooknotes(["search", "kahneman", "--limit", "1"], in: fixture.root)
    #expect(limited.status == 0)
    #expect(limited.lines.count == 1)
    for arguments in [["search"], ["search", "x", "--limit", "0"], ["search", "x", "--bogus"], ["search", "#"]] {
      let result = try runBooknotes(arguments, in: fixture.root)
      #expect(result.status == 2, "\(arguments)")
    }
    let missingRoot = try runBooknotes(["search", "x", "--root", "no/such/folder"], in: fixture.root)
    #expect(missingRoot.status == 2)
    #expect(missingRoot.stderr.hasPrefix("booknotes search: cannot read no/such/folder"))
  }

  @Test func symbolsAsTextAndJSON() throws {
    let fixture = try LibraryFixture()
    let result = try runBooknotes(["symbols", "chapter", "1"], in: fixture.root)
    #expect(result.status == 0)
    #expect(
      result.lines == [
        "chapter   Chapter 1: Crime and Noisy Punishment  — Noise  books/noise.md:11",
        "chapter   Chapter 1: The Characters of the Story  — Thinking, Fast and Slow  thinking.md:15",
      ])
    #expect(Self.reportsSkippedFiles(result, command: "symbols"))
    let json = try runBooknotes(["symbols", "noise", "--format", "json", "--limit", "1"], in: fixture.root)
    let items = try #require(try json.json() as? [[String: Any]])
    #expect(items.count == 1)
    #expect(items.first?["kind"] as? String == "book")
    #expect(items.first?["name"] as? String == "Noise")
    #expect(items.first?["detail"] as? String == "Daniel Kahneman, Olivier Sibony")
    #expect(items.first?["container"] is NSNull)
    #expect(items.first?["file"] as? String == "books/noise.md")
    #expect(items.first?["line"] as? Int == 2)
    let books = try runBooknotes(["symbols"], in: fixture.root)
    #expect(books.lines.count == 6, "without a query, every note (code.md too)")
  }

  /// A note without a title takes its file name's; only books are on the reading
  /// list (by front matter, a `#books` tag, or a folder of `library.bookFolders`);
  /// other notes are symbols of kind `note`, and search and prompts name them by title.
  @Test func titlesFromFileNamesAndBooksByWhatNotesSay() throws {
    let fixture = try LibraryFixture()
    try fixture.write(".booknotes.json", #"{"library": {"bookFolders": ["shelf"]}}"#)
    try fixture.write("ideas/habit loops.md", "Cue, routine, reward.\n\nQ: The loop?\nA: Cue, routine, reward.\n")
    try fixture.write("shelf/walden.md", "## Economy\n\nSimplify.\n")
    let books = try runBooknotes(["books", "--format", "json"], in: fixture.root)
    #expect(books.status == 0)
    let items = try #require(try books.json() as? [[String: Any]])
    #expect(
      items.map { $0["title"] as? String } == [
        "Café Society", "Noise", "Thinking Fast and Slow", "Thinking, Fast and Slow", "walden", "Windows Notes",
      ], "not code.md nor the idea: notes; walden.md by its folder, titled by its file name")
    let symbols = try runBooknotes(["symbols", "habit loops", "--format", "json"], in: fixture.root)
    let symbol = try #require((try symbols.json() as? [[String: Any]])?.first)
    #expect(symbol["kind"] as? String == "note")
    #expect(symbol["name"] as? String == "habit loops")
    #expect(symbol["file"] as? String == "ideas/habit loops.md")
    let code = try runBooknotes(["symbols", "code notes", "--format", "json", "--limit", "1"], in: fixture.root)
    #expect((try code.json() as? [[String: Any]])?.first?["kind"] as? String == "note")
    let question = try runBooknotes(["symbols", "the loop", "--format", "json", "--limit", "1"], in: fixture.root)
    #expect((try question.json() as? [[String: Any]])?.first?["container"] as? String == "habit loops")
    let search = try runBooknotes(["search", "routine", "--format", "json"], in: fixture.root)
    #expect((try search.json() as? [[String: Any]])?.first?["book"] as? String == "habit loops")
    let prompts = try runBooknotes(["prompts", "ideas"], in: fixture.root)
    #expect((try prompts.json() as? [[String: Any]])?.map { $0["book"] as? String } == ["habit loops"])
  }

  @Test func tagsAsATreeAndAsJSON() throws {
    let fixture = try LibraryFixture()
    let result = try runBooknotes(["tags"], in: fixture.root)
    #expect(result.status == 0)
    #expect(
      result.lines == [
        "#books  4 notes",
        "  #books/2021  2 notes",
        "  #books/2020  1 note",
        "  #books/2022  1 note",
        "#psychology  3 notes",
        "#bias  2 notes",
        "  #bias/anchoring  1 note",
        "#Café  1 note",
        "#crlf  1 note",
        "#mood  1 note",
        "  #mood/😀  1 note",
        "#programming  1 note",
        "#読書  1 note",
      ])
    #expect(Self.reportsSkippedFiles(result, command: "tags"))
    let json = try runBooknotes(["tags", "--format", "json"], in: fixture.root)
    let items = try #require(try json.json() as? [[String: Any]])
    let books = try #require(items.first)
    #expect(Set(books.keys) == ["name", "notes", "total", "children"])
    #expect(books["name"] as? String == "books")
    #expect(books["notes"] as? Int == 0, "only its children are used")
    #expect(books["total"] as? Int == 4)
    let children = try #require(books["children"] as? [[String: Any]])
    #expect(children.map { $0["name"] as? String } == ["books/2021", "books/2020", "books/2022"])
    #expect(children.first?["notes"] as? Int == 2)
    #expect((children.first?["children"] as? [Any])?.isEmpty == true)
    #expect(try runBooknotes(["tags", "extra"], in: fixture.root).status == 2)
  }

  @Test func booksGroupedByStatusAndAsJSON() throws {
    let fixture = try LibraryFixture()
    let result = try runBooknotes(["books"], in: fixture.root)
    #expect(result.status == 0)
    #expect(
      result.lines == [
        "reading (2)",
        "  Noise                   Daniel Kahneman, Olivier Sibony  books/noise.md",
        "  Thinking Fast and Slow  Daniel Kahneman                  dup/thinking-again.md",
        "",
        "wishlist (1)",
        "  Windows Notes  crlf.md",
        "",
        "finished (1)",
        "  Thinking, Fast and Slow  Daniel Kahneman  2021-01-04 – 2021-02-20  5/5  thinking.md",
        "",
        "no status (1)",
        "  Café Society  books/2020/café.md",
      ])
    #expect(Self.reportsSkippedFiles(result, command: "books"))
    let json = try runBooknotes(
      ["books", "--format", "json", "--sort", "author", "--status", "reading"], in: fixture.root)
    let items = try #require(try json.json() as? [[String: Any]])
    #expect(items.map { $0["title"] as? String } == ["Noise", "Thinking Fast and Slow"])
    let noise = try #require(items.first)
    #expect(Set(noise.keys) == ["title", "authors", "status", "started", "finished", "rating", "isbn", "file"])
    #expect(noise["authors"] as? [String] == ["Daniel Kahneman", "Olivier Sibony"])
    #expect(noise["status"] as? String == "reading")
    #expect(noise["isbn"] as? String == "9780316451406")
    #expect(noise["rating"] is NSNull)
    let byDate = try runBooknotes(["books", "--sort=date", "--format=json"], in: fixture.root)
    let dated = try #require(try byDate.json() as? [[String: Any]])
    #expect(dated.first?["title"] as? String == "Thinking, Fast and Slow")
    for arguments in [["books", "--sort", "rating"], ["books", "--status", "someday"], ["books", "extra"]] {
      #expect(try runBooknotes(arguments, in: fixture.root).status == 2, "\(arguments)")
    }
  }

  /// Columns line up on screen: a cell's width counts East Asian wide characters and
  /// emoji as two columns and combining marks as none.
  @Test func booksColumnsLineUpInDisplayWidth() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("booknotes-wide-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    // Title and author, each with the columns it takes.
    let rows: [(file: String, title: String, titleWidth: Int, author: String, authorWidth: Int)] = [
      ("a.md", "Alpha 三体", 10, "刘慈欣", 6),
      ("b.md", "Beta Cafe\u{301}", 9, "Zoe\u{301} Adams", 9),
      ("d.md", "Delta \u{2764}\u{FE0F}", 8, "Ann Lee", 7),
      ("g.md", "Gamma 📚", 8, "Bo", 2),
    ]
    for row in rows {
      try Data("---\ntitle: \(row.title)\nauthors: \(row.author)\n---\n".utf8)
        .write(to: root.appendingPathComponent(row.file))
    }
    let result = try runBooknotes(["books"], in: root)
    #expect(result.status == 0)
    func padded(_ cell: String, _ width: Int, to column: Int) -> String {
      cell + String(repeating: " ", count: column - width + 2)
    }
    let (titles, authors) = (rows.map(\.titleWidth).max() ?? 0, rows.map(\.authorWidth).max() ?? 0)
    let expected =
      ["no status (4)"]
      + rows.map { row in
        "  " + padded(row.title, row.titleWidth, to: titles) + padded(row.author, row.authorWidth, to: authors)
          + row.file
      }
    #expect(result.lines == expected)
  }

  @Test func theRootsConfigurationExcludesNotes() throws {
    let fixture = try LibraryFixture()
    try fixture.write(".booknotes.json", #"{"index": {"exclude": ["dup", "code.md"]}}"#)
    let result = try runBooknotes(
      ["books", "--format", "json", "--root", "library"], in: fixture.root.deletingLastPathComponent())
    let items = try #require(try result.json() as? [[String: Any]])
    #expect(
      items.map { $0["file"] as? String } == [
        "library/books/2020/café.md", "library/books/noise.md", "library/thinking.md", "library/crlf.md",
      ])
    try fixture.write(".booknotes.json", #"{"index": {"maxFileSize": 10}}"#)
    let tooLarge = try runBooknotes(["books"], in: fixture.root)
    #expect(tooLarge.status == 0)
    #expect(tooLarge.stdout.isEmpty, "notes over index.maxFileSize are known by name only")
    try fixture.write(".booknotes.json", "{not json")
    #expect(try runBooknotes(["tags"], in: fixture.root).status == 2)
  }

  @Test(arguments: ["search", "symbols", "tags", "books"])
  func everyCommandHasHelp(command: String) throws {
    let fixture = try LibraryFixture()
    let result = try runBooknotes([command, "--help"], in: fixture.root)
    #expect(result.status == 0)
    #expect(result.stdout.hasPrefix("usage: booknotes \(command)"))
    #expect(result.stdout.contains("--root DIR"))
    let list = try runBooknotes(["--help"], in: fixture.root)
    #expect(list.lines.contains { $0.hasPrefix("  \(command) ") })
  }

  @Test func libraryCommandsReadAndWriteTheIndexCache() throws {
    let fixture = try LibraryFixture()
    try fixture.write(".booknotes.json", #"{"cacheDirectory": "\#(fixture.cache.path)"}"#)
    let first = try runBooknotes(["symbols", "Code"], in: fixture.root)
    #expect(first.stdout.contains("Code Notes"), "\(first.lines)")
    let files = try FileManager.default.contentsOfDirectory(atPath: fixture.cache.path).filter { $0.hasSuffix(".bin") }
    #expect(files.count == 1, "the cache is written")

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
    // A really changed note is read again, and written back.
    try fixture.write("crlf.md", "# Changed Title\n")
    // Both are notes, not books: a query finds them where an empty one would not.
    let second = try runBooknotes(["symbols", "c", "--format", "json", "--limit", "100"], in: fixture.root)
    let names = try #require(second.json() as? [[String: Any]]).compactMap { $0["name"] as? String }
    #expect(names.contains("Code Notes"), "read from the cache")
    #expect(names.contains("Changed Title"), "read from disk")
    #expect(Self.reportsSkippedFiles(second, command: "symbols"))

    // The server reads what the command wrote: the changed note is in the cache.
    var settings = LibrarySettings()
    settings.cacheDirectory = fixture.cache.path
    let cache = try #require(IndexCache.library(roots: [fixture.root.path], settings: settings))
    guard case .success(let cached) = cache.load(matching: NoteFiles.scan(root: fixture.root.path, exclude: [])) else {
      Issue.record("the cache does not read back")
      return
    }
    #expect(cached[fixture.root.path + "/crlf.md"]?.title == "Changed Title")
  }

  /// A library made from the cache's stored tables, less the notes changed or deleted
  /// since, answers as one read whole from the files.
  @Test func aLibraryFromTheCacheAnswersAsOneReadFromTheFiles() throws {
    let fixture = try LibraryFixture()
    try fixture.write(".booknotes.json", #"{"cacheDirectory": "\#(fixture.cache.path)"}"#)
    let commands = [
      ["tags", "--format", "json"], ["books", "--format", "json"],
      ["symbols", "--format", "json", "--limit", "200"], ["search", "psychology", "--format", "json"],
    ]
    func answers() throws -> [String] { try commands.map { try runBooknotes($0, in: fixture.root).stdout } }
    _ = try answers()
    // Tags moved between notes, a note deleted, one added.
    try fixture.write("thinking.md", "# Thinking\n\n#psychology #books/2030\n")
    try FileManager.default.removeItem(at: fixture.root.appendingPathComponent("books/noise.md"))
    try fixture.write("new.md", "---\ntitle: New Book\nstatus: reading\n---\n#bias #books/2030\n")
    let fromCache = try answers()
    try FileManager.default.removeItem(at: fixture.cache)
    let fromFiles = try answers()
    for (command, (warm, cold)) in zip(commands, zip(fromCache, fromFiles)) {
      #expect(warm == cold, "\(command[0])")
    }
    #expect(fromCache[0].contains("2030") && !fromCache[1].contains("Noise") && fromCache[1].contains("New Book"))
  }
}
