import BookNotesTestSupport
import Foundation
import GoogleBooksStandIn
import JSONCore
import LanguageServerProtocol
import Testing

@testable import BookNotesServer

/// Hashtags across the library, end to end over ``LibraryFixture``: completion, hover,
/// definition and references, rename.
@Suite struct TagFeatureTests {
  /// A started session on a fresh library.
  static func session(
    encoding: String = "utf-16", capabilities: JSONValue = [:]
  ) async throws -> (LibraryFixture, InProcessServer) {
    let fixture = try LibraryFixture()
    let harness = InProcessServer()
    try await fixture.initialize(harness.client, encoding: encoding, capabilities: capabilities)
    return (fixture, harness)
  }

  static func end(_ harness: InProcessServer) async throws {
    try await harness.client.shutdownAndExit()
    _ = try await harness.finish()
  }

  static func completion(_ harness: InProcessServer, _ uri: String, _ line: Int, _ character: Int) async throws
    -> [JSONValue]
  {
    let result = try await harness.client.request(
      "textDocument/completion", uri: uri,
      ["position": position(line, character), "context": ["triggerKind": 2, "triggerCharacter": "#"]])
    #expect(result["isIncomplete"] == false)
    return result["items"]?.arrayValue ?? []
  }

  /// The path of `uri` relative to the library, decoded.
  static func relative(_ uri: String, _ fixture: LibraryFixture) -> String {
    let path = FileURI.path(of: uri) ?? uri
    let root = fixture.root.path + "/"
    return path.hasPrefix(root) ? String(path.dropFirst(root.count)) : path
  }

  /// `relative-path line:start-end` for each location, sorted.
  static func places(_ locations: JSONValue, _ fixture: LibraryFixture) -> [String] {
    (locations.arrayValue ?? []).map { location in
      let path = relative(location["uri"]?.stringValue ?? "", fixture)
      let range = location["range"]
      let line = range?["start"]?["line"]?.intValue ?? -1
      let start = range?["start"]?["character"]?.intValue ?? -1
      let end = range?["end"]?["character"]?.intValue ?? -1
      let endLine = range?["end"]?["line"]?.intValue ?? -1
      return "\(path) \(line):\(start)-\(endLine == line ? "" : "\(endLine):")\(end)"
    }.sorted()
  }

  // MARK: Completion

  @Test func completesEveryTagMostUsedFirstThenChildren() async throws {
    let (fixture, harness) = try await Self.session()
    let uri = fixture.uri("scratch.md")
    harness.client.open(uri, text: "Intro\n\n#\n")
    let items = try await Self.completion(harness, uri, 2, 1)
    let labels = items.compactMap { $0["label"]?.stringValue }
    #expect(labels.first == "#psychology")
    #expect(labels.prefix(2) == ["#psychology", "#books/2021"])
    #expect(Set(labels).isSuperset(of: ["#Café", "#mood/😀", "#読書", "#bias/anchoring", "#programming"]))
    #expect(!labels.contains("#not-a-tag"), "nothing in a code block is a tag")
    #expect(!labels.contains("#hidden-tag") && !labels.contains("#dependency-tag"))
    #expect(items.first?["detail"] == "3 notes")
    #expect(items.first?["textEdit"]?["newText"] == "#psychology")
    #expect(items.first?["textEdit"]?["range"] == range((2, 0), (2, 1)))
    #expect(items.first?["insertTextFormat"] == 1, "no snippets: plain text")
    let sortTexts = items.compactMap { $0["sortText"]?.stringValue }
    #expect(sortTexts == sortTexts.sorted(), "sortText keeps the most used first")
    #expect(sortTexts.count == items.count)

    harness.client.change(uri, version: 2, [LSPTestClient.change((2, 1), (2, 1), "books/")])
    let children = try await Self.completion(harness, uri, 2, 7)
    #expect(children.compactMap { $0["label"]?.stringValue } == ["#books/2021", "#books/2020", "#books/2022"])
    #expect(children.first?["detail"] == "2 notes")
    #expect(children.first?["textEdit"]?["range"] == range((2, 0), (2, 7)), "from the # to the cursor")
    #expect(children.first?["filterText"] == "#books/2021")
    try await Self.end(harness)
  }

  @Test func itemsSayInsertAsIsToClientsThatTakeIt() async throws {
    // lsp-mode 8.0 re-indents after an item without insertTextMode, and on a last line
    // without a line break (markdown-mode's indent) it never stops.
    let support: JSONValue = [
      "textDocument": ["completion": ["completionItem": ["insertTextModeSupport": ["valueSet": [1, 2]]]]]
    ]
    let cases: [(capabilities: JSONValue, mode: JSONValue?)] = [(support, .int(1)), ([:], nil)]
    for (capabilities, mode) in cases {
      let (fixture, harness) = try await Self.session(capabilities: capabilities)
      let uri = fixture.uri("scratch.md")
      harness.client.open(uri, text: "See #psy")
      let items = try await Self.completion(harness, uri, 0, 8)
      #expect(!items.isEmpty)
      #expect(items.allSatisfy { $0["insertTextMode"] == mode }, "\(items.map { $0["insertTextMode"] })")
      try await Self.end(harness)
    }
  }

  @Test func aTagTypedInThisNoteCountsAtOnceButNotTheOneBeingTyped() async throws {
    let (fixture, harness) = try await Self.session()
    let uri = fixture.uri("scratch.md")
    harness.client.open(uri, text: "#freshly-made #psychology\n\n#fr\n")
    let labels = try await Self.completion(harness, uri, 2, 3).compactMap { $0["label"]?.stringValue }
    #expect(labels == ["#freshly-made"])
    let psychology = try await Self.completion(harness, uri, 2, 1)
    // On its own line a `#` starts a new tag: every tag, this note's own included.
    #expect(psychology.contains { $0["label"] == "#freshly-made" && $0["detail"] == "1 note" })
    #expect(psychology.contains { $0["label"] == "#psychology" && $0["detail"] == "4 notes" })
    try await Self.end(harness)
  }

  @Test func noCompletionInCodeAHeadingMarkerOrAWord() async throws {
    let (fixture, harness) = try await Self.session()
    let uri = fixture.uri("scratch.md")
    harness.client.open(uri, text: "# Title\n\n```\n#\n```\n\nword#\n\nsee `a #` here\n\n## Part\n")
    for (line, character) in [(0, 1), (3, 1), (6, 5), (8, 8), (10, 1), (10, 2)] {
      let items = try await Self.completion(harness, uri, line, character)
      #expect(items.isEmpty, "line \(line) character \(character)")
    }
    try await Self.end(harness)
  }

  @Test(arguments: [("utf-16", 3, 6), ("utf-8", 5, 8), ("utf-32", 2, 5)])
  func completesAfterAnEmojiInEveryEncoding(encoding: String, hash: Int, cursor: Int) async throws {
    let (fixture, harness) = try await Self.session(encoding: encoding)
    let uri = fixture.uri("scratch.md")
    harness.client.open(uri, text: "😀 #mo\n")
    let items = try await Self.completion(harness, uri, 0, cursor)
    #expect(items.compactMap { $0["label"]?.stringValue } == ["#mood/😀"])
    #expect(items.first?["textEdit"]?["range"] == range((0, hash), (0, cursor)))
    try await Self.end(harness)
  }

  // MARK: Hover

  @Test func hoverShowsCountsAndChildrenAndClozesStillShowTheirCards() async throws {
    let (fixture, harness) = try await Self.session()
    let uri = fixture.uri("thinking.md")
    harness.client.open(uri, text: LibraryFixture.notes["thinking.md"]!)
    let books = try await harness.client.request("textDocument/hover", uri: uri, ["position": position(12, 3)])
    #expect(books["contents"]?["kind"] == "markdown")
    let markdown = books["contents"]?["value"]?.stringValue ?? ""
    #expect(markdown.hasPrefix("**#books** — 4 notes including its children\n"))
    #expect(markdown.contains("- `#books/2021` — 2 notes"))
    #expect(markdown.contains("- `#books/2020` — 1 note"))
    #expect(books["range"] == range((12, 1), (12, 6)), "the part under the cursor, without '#'")

    let year = try await harness.client.request("textDocument/hover", uri: uri, ["position": position(12, 9)])
    #expect(year["contents"]?["value"] == "**#books/2021** — 2 notes")
    #expect(year["range"] == range((12, 1), (12, 11)))

    let bias = try await harness.client.request("textDocument/hover", uri: uri, ["position": position(12, 26)])
    #expect(
      bias["contents"]?["value"]
        == "**#bias** — 2 notes including its children (1 note with this tag itself)\n\n- `#bias/anchoring` — 1 note")

    let cloze = try await harness.client.request("textDocument/hover", uri: uri, ["position": position(16, 27)])
    #expect(cloze["contents"]?["value"]?.stringValue?.contains("**Back:** slow") == true)
    try await Self.end(harness)
  }

  @Test func hoverOnATagInACRLFNote() async throws {
    let (fixture, harness) = try await Self.session()
    let uri = fixture.uri("crlf.md")
    harness.client.open(uri, text: LibraryFixture.notes["crlf.md"]!)
    let hover = try await harness.client.request("textDocument/hover", uri: uri, ["position": position(6, 14)])
    #expect(hover["contents"]?["value"] == "**#crlf** — 1 note")
    #expect(hover["range"] == range((6, 13), (6, 17)))
    try await Self.end(harness)
  }

  // MARK: Definition and references

  @Test func referencesListEveryUseOpenNotesAsTheyAreNow() async throws {
    let (fixture, harness) = try await Self.session()
    let crlf = fixture.uri("crlf.md")
    harness.client.open(crlf, text: LibraryFixture.notes["crlf.md"]!)
    let scratch = fixture.uri("scratch.md")
    harness.client.open(scratch, text: "Unsaved #Psychology note\n")
    let params: [String: JSONValue] = ["position": position(6, 3), "context": ["includeDeclaration": true]]
    let references = try await harness.client.request("textDocument/references", uri: crlf, params)
    #expect(
      Self.places(references, fixture) == [
        "books/noise.md 8:13-23", "crlf.md 6:1-11", "scratch.md 0:9-19", "thinking.md 12:13-23",
        "thinking.md 8:6-16",
      ])
    let definition = try await harness.client.request("textDocument/definition", uri: crlf, params)
    #expect(Self.places(definition, fixture) == Self.places(references, fixture))
    let nothing = try await harness.client.request("textDocument/references", uri: crlf, ["position": position(8, 5)])
    #expect(nothing == .null)
    try await Self.end(harness)
  }

  @Test func aParentsReferencesIncludeItsChildren() async throws {
    let (fixture, harness) = try await Self.session()
    let uri = fixture.uri("dup/thinking-again.md")
    harness.client.open(uri, text: LibraryFixture.notes["dup/thinking-again.md"]!)
    let references = try await harness.client.request(
      "textDocument/references", uri: uri, ["position": position(8, 11)])
    #expect(
      Self.places(references, fixture) == [
        "books/2020/café.md 2:1-11", "books/noise.md 8:1-11", "dup/thinking-again.md 8:9-19", "thinking.md 12:1-11",
        "thinking.md 8:18-28",
      ])
    try await Self.end(harness)
  }

  @Test(arguments: [("utf-16", 19, 26, 28, 30), ("utf-8", 20, 29, 31, 37)])
  func emojiAndCJKTagPositions(encoding: String, start: Int, end: Int, cjkStart: Int, cjkEnd: Int) async throws {
    let (fixture, harness) = try await Self.session(encoding: encoding)
    let uri = fixture.uri("books/2020/café.md")
    harness.client.open(uri, text: LibraryFixture.notes["books/2020/café.md"]!)
    let mood = try await harness.client.request("textDocument/definition", uri: uri, ["position": position(2, end)])
    #expect(Self.places(mood, fixture) == ["books/2020/café.md 2:\(start)-\(end)"])
    let cjk = try await harness.client.request("textDocument/references", uri: uri, ["position": position(2, cjkStart)])
    #expect(Self.places(cjk, fixture) == ["books/2020/café.md 2:\(cjkStart)-\(cjkEnd)"])
    let hover = try await harness.client.request("textDocument/hover", uri: uri, ["position": position(2, cjkEnd)])
    #expect(hover["contents"]?["value"] == "**#読書** — 1 note")
    #expect(hover["range"] == range((2, cjkStart), (2, cjkEnd)))
    try await Self.end(harness)
  }

  // MARK: Rename

  @Test func prepareRenameGivesTheTagWithoutItsHash() async throws {
    let (fixture, harness) = try await Self.session()
    let uri = fixture.uri("thinking.md")
    harness.client.open(uri, text: LibraryFixture.notes["thinking.md"]!)
    let books = try await harness.client.request("textDocument/prepareRename", uri: uri, ["position": position(12, 2)])
    #expect(books == ["range": range((12, 1), (12, 6)), "placeholder": "books"])
    let front = try await harness.client.request(
      "textDocument/prepareRename", uri: uri, ["position": position(8, 25)])
    #expect(front == ["range": range((8, 18), (8, 28)), "placeholder": "books/2021"])
    let nothing = try await harness.client.request(
      "textDocument/prepareRename", uri: uri, ["position": position(16, 3)])
    #expect(nothing == .null)
    try await Self.end(harness)
  }

  @Test func renameEditsEveryNoteAsOneVersionedEditAndTheFilesReadBack() async throws {
    let (fixture, harness) = try await Self.session(
      capabilities: ["workspace": ["workspaceEdit": ["documentChanges": true]]])
    let thinking = fixture.uri("thinking.md")
    var text = LibraryFixture.notes["thinking.md"]!
    harness.client.open(thinking, text: text)
    // An unsaved change: the edit is made for the open text at its version.
    harness.client.change(thinking, version: 2, [LSPTestClient.change((11, 0), (11, 0), "#books/new ")])
    text = text.replacingOccurrences(
      of: "# Thinking, Fast and Slow\n\n", with: "# Thinking, Fast and Slow\n#books/new \n")
    let edit = try await harness.client.request(
      "textDocument/rename", uri: thinking, ["position": position(12, 3), "newName": "reading"])
    #expect(edit["changes"] == nil)
    let changes = try #require(edit["documentChanges"]?.arrayValue)
    var versions: [String: JSONValue] = [:]
    for change in changes {
      let uri = try #require(change["textDocument"]?["uri"]?.stringValue)
      let path = Self.relative(uri, fixture)
      #expect(versions[path] == nil, "one TextDocumentEdit per document")
      versions[path] = change["textDocument"]?["version"]
      let edits = try #require(change["edits"]?.arrayValue)
      if path == "thinking.md" {
        text = try LibraryEdits.apply(edits, to: text, encoding: "utf-16")
      } else {
        let file = fixture.root.appendingPathComponent(path)
        let old = try String(contentsOf: file, encoding: .utf8)
        try LibraryEdits.apply(edits, to: old, encoding: "utf-16").write(to: file, atomically: true, encoding: .utf8)
      }
    }
    #expect(
      versions == [
        "thinking.md": 2, "books/noise.md": .null, "books/2020/café.md": .null, "dup/thinking-again.md": .null,
      ])
    #expect(text.contains("tags: psychology, reading/2021\n"))
    #expect(text.contains("#reading/new \n#reading/2021 #psychology #bias/anchoring\n"))
    #expect(!text.contains("#books"))
    func read(_ path: String) throws -> String {
      try String(contentsOf: fixture.root.appendingPathComponent(path), encoding: .utf8)
    }
    #expect(try read("books/noise.md").contains("\n#reading/2022 #psychology #bias\n"))
    #expect(try read("books/2020/café.md").contains("\n#reading/2020 #Café #mood/😀 #読書\n"))
    #expect(try read("dup/thinking-again.md").contains("Reread. #reading/2021\n"))
    #expect(try read("crlf.md") == LibraryFixture.notes["crlf.md"]!)
    try await Self.end(harness)
  }

  @Test func renameReadsTheDiskAsItIsNowNotAsLastPolled() async throws {
    // The client does not watch files and the server polls rarely: the index is behind
    // the disk when the rename comes.
    let fixture = try LibraryFixture()
    let harness = InProcessServer()
    try await fixture.initialize(harness.client, options: ["index": ["pollInterval": 600_000]])
    let thinking = fixture.uri("thinking.md")
    harness.client.open(thinking, text: LibraryFixture.notes["thinking.md"]!)
    func renamed(_ newName: String) async throws -> [String: [JSONValue]] {
      let edit = try await harness.client.request(
        "textDocument/rename", uri: thinking, ["position": position(12, 15), "newName": .string(newName)])
      var byPath: [String: [JSONValue]] = [:]
      for (uri, edits) in edit["changes"]?.objectValue ?? [:] { byPath[Self.relative(uri, fixture)] = edits.arrayValue }
      return byPath
    }
    func read(_ path: String) throws -> String {
      try String(contentsOf: fixture.root.appendingPathComponent(path), encoding: .utf8)
    }
    // Three lines added at the top of a closed note a moment ago.
    let noise = try read("books/noise.md")
    try fixture.write("books/noise.md", "Added\nthree\nlines\n" + noise)
    try await Task.sleep(for: .milliseconds(100))
    var edits = try await renamed("mind")
    let applied = try LibraryEdits.apply(
      edits["books/noise.md"] ?? [], to: try read("books/noise.md"), encoding: "utf-16")
    #expect(applied == "Added\nthree\nlines\n" + noise.replacingOccurrences(of: "#psychology", with: "#mind"))
    // A closed note moved a moment ago: the edit names where it is now.
    try FileManager.default.moveItem(
      at: fixture.root.appendingPathComponent("crlf.md"), to: fixture.root.appendingPathComponent("crlf-moved.md"))
    try await Task.sleep(for: .milliseconds(100))
    edits = try await renamed("mind")
    #expect(edits["crlf.md"] == nil)
    #expect(edits["crlf-moved.md"]?.isEmpty == false)
    // And a note deleted a moment ago gets no edit.
    try fixture.remove("books/noise.md")
    try await Task.sleep(for: .milliseconds(100))
    edits = try await renamed("mind")
    #expect(edits["books/noise.md"] == nil)
    try await Self.end(harness)
  }

  @Test func renameSeesChangesToOtherNotesSentBeforeIt() async throws {
    // Another note's queue is held up by a title completion waiting for Google Books,
    // with a change to that note behind it.
    let books = try FakeGoogleBooks()
    // The stand-in answers only when released: the completion waits its whole budget.
    try books.plan(["hold": true])
    let fixture = try LibraryFixture()
    let harness = InProcessServer()
    try await fixture.initialize(
      harness.client, capabilities: ["workspace": ["workspaceEdit": ["documentChanges": true]]],
      options: ["books": ["endpoint": .string(books.endpoint), "completionBudget": 1500]])
    let thinking = fixture.uri("thinking.md")
    let noise = fixture.uri("books/noise.md")
    harness.client.open(thinking, text: LibraryFixture.notes["thinking.md"]!)
    harness.client.open(noise, text: LibraryFixture.notes["books/noise.md"]!)
    let waiting = harness.client.sendRequest(
      "textDocument/completion", params: ["textDocument": ["uri": .string(noise)], "position": position(1, 12)])
    harness.client.change(noise, version: 2, [LSPTestClient.change((8, 0), (8, 0), "#books/late ")])
    let edit = try await harness.client.request(
      "textDocument/rename", uri: thinking, ["position": position(12, 3), "newName": "reading"])
    let change = try #require(
      edit["documentChanges"]?.arrayValue?.first { $0["textDocument"]?["uri"] == .string(noise) })
    #expect(change["textDocument"]?["version"] == 2)
    let text = try LibraryEdits.apply(
      change["edits"]?.arrayValue ?? [], to: try await harness.text(of: noise), encoding: "utf-16")
    #expect(text.contains("#reading/late #reading/2022 #psychology #bias\n"), "\(text)")
    _ = try await harness.client.waitForResponse(id: waiting)
    try books.release()
    try await Self.end(harness)
  }

  @Test func withoutDocumentChangesTheEditIsKeyedByURI() async throws {
    let (fixture, harness) = try await Self.session(encoding: "utf-8")
    let uri = fixture.uri("books/2020/café.md")
    harness.client.open(uri, text: LibraryFixture.notes["books/2020/café.md"]!)
    let edit = try await harness.client.request(
      "textDocument/rename", uri: uri, ["position": position(2, 22), "newName": "#feeling"])
    #expect(edit["documentChanges"] == nil)
    let changes = try #require(edit["changes"]?.objectValue)
    #expect(changes.keys.sorted() == [uri])
    #expect(changes[uri] == [["range": range((2, 20), (2, 24)), "newText": "feeling"]])
    try await Self.end(harness)
  }

  @Test(arguments: ["has space", "2021", "a//b", "trailing/", ""])
  func anInvalidNewNameIsRefused(newName: String) async throws {
    let (fixture, harness) = try await Self.session()
    let uri = fixture.uri("thinking.md")
    harness.client.open(uri, text: LibraryFixture.notes["thinking.md"]!)
    let response = try await harness.client.requestMessage(
      "textDocument/rename",
      params: ["textDocument": ["uri": .string(uri)], "position": position(12, 3), "newName": .string(newName)])
    #expect(response["result"] == nil)
    #expect(response["error"]?["code"] == -32602)
    #expect(response["error"]?["message"]?.stringValue?.contains("is not a hashtag name") == true)
    try await Self.end(harness)
  }
}
