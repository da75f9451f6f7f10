import BookNotesTestSupport
import Foundation
import GoogleBooksStandIn
import JSONCore
import LanguageServerProtocol

@testable import BookNotesServer

/// A seeded random client over the real `booknotes lsp`: it opens notes of a library
/// on disk, sends random incremental edits (past the end, empty, huge, splitting CRLF
/// pairs and emoji), interleaves every request the server answers, cancels some,
/// changes the files under it, and after each batch compares the server's view of
/// every open note with a fresh server given the client's text.
final class SoakClient {
  struct Options {
    var edits = 1000
    var seed: UInt64 = 1
    var encoding = SoakText.Encoding.utf16
    /// Edits between two checks.
    var batch = 50
    var openNotes = 4
    /// The longest a response may take before the run counts as hung.
    var timeout = Duration.seconds(60)
  }

  struct Report: CustomStringConvertible {
    var edits = 0
    var requests = 0
    var cancelled = 0
    var contentModified = 0
    var checks = 0
    var diskChanges = 0
    var renames = 0
    var fixes = 0
    /// Workspace edits the client refused: made for an older version of an open note.
    var refusedEdits = 0
    var seconds = 0.0
    /// Resident memory of the server in KiB: after opening, after the first tenth of
    /// the edits, at the end.
    var rss: (start: Int?, warm: Int?, end: Int?) = (nil, nil, nil)
    var failures: [String] = []

    var description: String {
      func kib(_ value: Int?) -> String { value.map { "\($0 / 1024) MiB" } ?? "?" }
      return """
        \(edits) edits, \(requests) requests (\(cancelled) cancelled, \(contentModified) ContentModified), \
        \(renames) renames and \(fixes) quick fixes (\(refusedEdits) refused as stale), \(diskChanges) disk changes, \(checks) checks \
        in \(String(format: "%.1f", seconds)) s; server RSS \(kib(rss.start)) after opening, \
        \(kib(rss.warm)) after a tenth, \(kib(rss.end)) at the end; \(failures.count) failures
        """
    }
  }

  /// An open note as the client holds it.
  struct Note {
    var text: SoakText
    var version: Int
    /// The semantic tokens kept current through deltas, as an editor does.
    var resultID: String?
    var tokens: [Int] = []
  }

  struct Pending {
    var id: RequestID
    var method: String
    var cancelled = false
  }

  let options: Options
  var rng: SplitMix
  let root: URL
  let cache: URL
  let server: LSPTestClient
  let reference: LSPTestClient
  let books: FakeGoogleBooks?
  var open: [String: Note] = [:]
  var pending: [Pending] = []
  var report = Report()
  var batchNumber = 0
  var createdNotes = 0

  /// Requests that may answer ContentModified when the library changes under them.
  static let libraryQueries: Set<String> = [
    "workspace/symbol", "booknotes/search", "textDocument/references", "textDocument/definition",
    "textDocument/rename",
  ]

  init(options: Options, binary: String) throws {
    self.options = options
    rng = SplitMix(seed: options.seed)
    let base = FileManager.default.temporaryDirectory.appendingPathComponent("booknotes-soak-\(UUID().uuidString)")
    root = base.appendingPathComponent("library")
    cache = base.appendingPathComponent("cache")
    books = try? FakeGoogleBooks()
    let arguments = ["lsp", "--log-level", "error"]
    server = try LSPTestClient.launch(executable: binary, arguments: arguments, defaultTimeout: options.timeout)
    reference = try LSPTestClient.launch(executable: binary, arguments: arguments, defaultTimeout: options.timeout)
    try writeLibrary()
  }

  deinit {
    server.terminate()
    reference.terminate()
    try? FileManager.default.removeItem(at: root.deletingLastPathComponent())
  }

  func fail(_ message: String) {
    if report.failures.count < 50 { report.failures.append("batch \(batchNumber): \(message)") }
  }

  // MARK: The library on disk

  func writeLibrary() throws {
    try FileManager.default.createDirectory(at: root.appendingPathComponent("books"), withIntermediateDirectories: true)
    for index in 0..<24 {
      let folder = index % 3 == 0 ? "books/" : ""
      let text = SoakWords.note(&rng, lines: Int.random(in: 5...60, using: &rng), crlf: index % 5 == 0)
      try Data(text.utf8).write(to: root.appendingPathComponent("\(folder)note-\(index).md"))
    }
    try Data("# Thinking\n\n#books/2021 #idea\n".utf8).write(to: root.appendingPathComponent("thinking.md"))
  }

  /// Note files under the root, relative.
  func notesOnDisk() -> [String] {
    let enumerator = FileManager.default.enumerator(atPath: root.path)
    return (enumerator?.allObjects as? [String] ?? []).filter { $0.hasSuffix(".md") }.sorted()
  }

  func uri(_ relative: String) -> String { FileURI.uri(ofPath: root.appendingPathComponent(relative).path) }

  /// Creates, rewrites, moves or deletes a note file, or rewrites the file of an open
  /// note (whose text stays the editor's).
  func changeDisk() {
    report.diskChanges += 1
    let files = notesOnDisk()
    let file = files.randomElement(using: &rng)
    let url = file.map { root.appendingPathComponent($0) }
    switch Int.random(in: 0..<5, using: &rng) {
    case 0:
      createdNotes += 1
      let text = SoakWords.note(&rng, lines: Int.random(in: 1...30, using: &rng))
      try? Data(text.utf8).write(to: root.appendingPathComponent("new-\(createdNotes).md"))
    case 1:
      guard let url else { return }
      try? Data(SoakWords.note(&rng, lines: 10).utf8).write(to: url)
    case 2:
      guard let file, let url, open[uri(file)] == nil, files.count > 10 else { return }
      try? FileManager.default.removeItem(at: url)
    case 3:
      guard let file, let url, open[uri(file)] == nil else { return }
      createdNotes += 1
      try? FileManager.default.moveItem(at: url, to: root.appendingPathComponent("books/moved-\(createdNotes).md"))
    default:
      // The open note's file changes; the editor's text is what counts.
      guard let opened = open.keys.sorted().randomElement(using: &rng), let path = FileURI.path(of: opened) else {
        return
      }
      try? Data(SoakWords.note(&rng, lines: 5).utf8).write(to: URL(fileURLWithPath: path))
    }
  }

  // MARK: The session

  func capabilities() -> JSONValue {
    [
      "general": ["positionEncodings": [.string(options.encoding.rawValue)]],
      "window": ["workDoneProgress": true, "showDocument": ["support": true]],
      "workspace": ["workspaceEdit": ["documentChanges": true], "workspaceFolders": true],
      "textDocument": [
        "semanticTokens": ["requests": ["full": ["delta": true], "range": true]],
        "diagnostic": ["dynamicRegistration": false],
      ],
    ]
  }

  func settings() -> JSONValue {
    var books: JSONValue = ["enabled": false]
    if let fake = self.books { books = ["endpoint": .string(fake.endpoint), "completionBudget": 50] }
    return ["index": ["pollInterval": 100], "cacheDirectory": .string(cache.path), "books": books]
  }

  func start() async throws {
    for client in [server, reference] {
      client.onServerRequest { method, _ in
        method == "window/showDocument" ? ["success": true] : .null
      }
    }
    let params: JSONValue = [
      "processId": nil, "rootUri": nil, "capabilities": capabilities(),
      "workspaceFolders": [["uri": .string(FileURI.uri(ofPath: root.path)), "name": "soak"]],
      "initializationOptions": settings(),
    ]
    let initialized = try await server.request("initialize", params: params)
    if initialized["capabilities"]?["positionEncoding"]?.stringValue != options.encoding.rawValue {
      fail("the server did not take \(options.encoding.rawValue)")
    }
    server.notify("initialized", params: [:])
    try await server.waitForIndexing()
    try await reference.initialize(
      capabilities: capabilities(),
      initializationOptions: ["cacheDirectory": .string(cache.appendingPathComponent("reference").path)])
    while open.count < options.openNotes { openNote() }
    try await check()
    report.rss.start = Self.residentMemory(of: server)
  }

  func openNote() {
    let candidates = notesOnDisk().filter { open[uri($0)] == nil }
    guard let file = candidates.randomElement(using: &rng),
      let data = FileManager.default.contents(atPath: root.appendingPathComponent(file).path)
    else { return }
    let text = String(decoding: data, as: UTF8.self)
    let opened = uri(file)
    open[opened] = Note(text: SoakText(text, encoding: options.encoding), version: 1)
    server.open(opened, text: text)
  }

  func closeNote(_ uri: String) {
    open[uri] = nil
    server.notify("textDocument/didClose", params: ["textDocument": ["uri": .string(uri)]])
  }

  // MARK: Edits

  /// A random position: mostly inside the text, sometimes past a line's end or past
  /// the last line.
  func randomPosition(_ text: SoakText) -> (Int, Int) {
    let lines = text.lines.count
    if Int.random(in: 0..<20, using: &rng) == 0 {
      return (lines + Int.random(in: 0..<3, using: &rng), Int.random(in: 0..<50, using: &rng))
    }
    let line = Int.random(in: 0..<lines, using: &rng)
    let columns = text.columns(ofLine: line)
    let past = Int.random(in: 0..<10, using: &rng) == 0 ? Int.random(in: 1...30, using: &rng) : 0
    return (line, Int.random(in: 0...columns, using: &rng) + past)
  }

  /// A position inside a character of two UTF-16 units or more bytes of UTF-8 (in
  /// UTF-32 there is none: the emoji's own column).
  func splitPosition(_ text: SoakText) -> (Int, Int)? {
    let starts = text.bytes.indices.filter { text.bytes[$0] >= 0xF0 }
    guard let start = starts.randomElement(using: &rng) else { return nil }
    let (line, column) = text.position(of: start)
    return (line, column + (text.encoding == .utf32 ? 0 : 1))
  }

  /// One random change of `text`, applied to it; returns the change to send.
  func randomChange(_ text: inout SoakText) -> JSONValue {
    var range: (Int, Int, Int, Int)?
    var inserted = ""
    func near(_ start: (Int, Int), _ span: Int) -> (Int, Int, Int, Int) {
      let lineSpan = Int.random(in: 0..<8, using: &rng) == 0 ? Int.random(in: 1...3, using: &rng) : 0
      return (start.0, start.1, start.0 + lineSpan, start.1 + Int.random(in: 0...span, using: &rng))
    }
    switch Int.random(in: 0..<100, using: &rng) {
    case 0..<40:
      let at = randomPosition(text)
      range = (at.0, at.1, at.0, at.1)
      inserted = String(SoakWords.typed.randomElement(using: &rng)!)
    case 40..<55:
      range = near(randomPosition(text), 12)
    case 55..<65:
      range = near(randomPosition(text), 20)
      inserted = SoakWords.phrase(&rng)
    case 65..<72:
      let at = randomPosition(text)
      range = (at.0, at.1, at.0, at.1)
      inserted = SoakWords.phrase(&rng, count: 12)
    case 72..<77:
      // Past the end.
      let last = text.lines.count
      range = (last + Int.random(in: -1...2, using: &rng), 1000, last + 5, Int.random(in: 0...2000, using: &rng))
      inserted = Bool.random(using: &rng) ? SoakWords.phrase(&rng) : ""
    case 77..<82:
      let at = randomPosition(text)
      range = (at.0, at.1, at.0, at.1)
    case 82..<90:
      // Line breaks at line ends and starts: a \n after a lone \r joins them, a \r
      // before a \n too, and text typed between splits them again.
      let line = Int.random(in: 0..<text.lines.count, using: &rng)
      let column = Bool.random(using: &rng) ? 0 : text.columns(ofLine: line)
      range = (line, column, line, column)
      inserted = ["\n", "\r", "\r\n", "\nx", "x\r", "\r\n\r\n"].randomElement(using: &rng)!
      if Bool.random(using: &rng) && line > 0 {
        // Join a line with the one before it (deleting its line break, whatever it is).
        range = (line - 1, text.columns(ofLine: line - 1), line, 0)
        inserted = Bool.random(using: &rng) ? "" : "\r"
      }
    case 90..<96:
      guard let at = splitPosition(text) else { return randomChange(&text) }
      let end = Bool.random(using: &rng) ? at : (at.0, at.1 + Int.random(in: 0...3, using: &rng))
      range = (at.0, at.1, end.0, end.1)
      inserted = ["", "!", "😀", "é", "\r\n"].randomElement(using: &rng)!
    case 96..<98:
      if text.bytes.count > 256 * 1024 {
        // Cut most of a large note.
        range = (0, 0, max(1, text.lines.count - 20), 0)
      } else {
        let at = randomPosition(text)
        range = (at.0, at.1, at.0, at.1)
        inserted = String(repeating: SoakWords.note(&rng, lines: 40), count: Int.random(in: 5...40, using: &rng))
      }
    default:
      inserted = SoakWords.note(&rng, lines: Int.random(in: 1...40, using: &rng), crlf: Bool.random(using: &rng))
    }
    text.apply(range, inserted)
    var change: [String: JSONValue] = ["text": .string(inserted)]
    if let range { change["range"] = .range(range) }
    return .object(change)
  }

  /// Sends one didChange of one to four changes to a random open note.
  func edit() {
    guard let uri = open.keys.sorted().randomElement(using: &rng), var note = open[uri] else { return }
    var changes: [JSONValue] = []
    for _ in 0..<(Int.random(in: 0..<10, using: &rng) == 0 ? Int.random(in: 2...4, using: &rng) : 1) {
      changes.append(randomChange(&note.text))
      report.edits += 1
    }
    note.version += 1
    open[uri] = note
    server.change(uri, version: note.version, changes)
  }

  // MARK: Requests

  /// Sends `method` without waiting; the answer is checked at the end of the batch.
  func send(_ method: String, _ params: JSONValue) {
    let id = server.sendRequest(method, params: params)
    report.requests += 1
    var request = Pending(id: id, method: method)
    if Int.random(in: 0..<6, using: &rng) == 0 {
      server.cancel(id)
      request.cancelled = true
      report.cancelled += 1
    }
    pending.append(request)
  }

  /// Sends `method` and waits for its answer; `nil` when it answered an allowed error.
  func ask(_ method: String, _ params: JSONValue) async throws -> JSONValue? {
    report.requests += 1
    let response = try await server.waitForResponse(id: server.sendRequest(method, params: params))
    return accept(response, Pending(id: .int(0), method: method))
  }

  /// The result of `response`, or `nil` after recording an error the protocol allows
  /// (or a failure for any other).
  func accept(_ response: JSONValue, _ request: Pending) -> JSONValue? {
    guard let error = response["error"] else { return response["result"] ?? .null }
    let code = error["code"]?.intValue
    if code == ResponseError.requestCancelled && request.cancelled { return nil }
    if code == ResponseError.contentModified && Self.libraryQueries.contains(request.method) {
      report.contentModified += 1
      return nil
    }
    fail("\(request.method) answered \(error)")
    return nil
  }

  func textDocument(_ uri: String, _ extra: [String: JSONValue] = [:]) -> JSONValue {
    var params = extra
    params["textDocument"] = ["uri": .string(uri)]
    return .object(params)
  }

  func position(_ at: (Int, Int)) -> JSONValue { ["line": .int(at.0), "character": .int(at.1)] }

  static let queries = ["", "book", "thinking", "zeppelin", "#idea", "\"System one\"", "café", "東京", "q", "soak"]

  /// One random request on `uri` or the library.
  func randomRequest() async throws {
    guard let uri = open.keys.sorted().randomElement(using: &rng), let note = open[uri] else { return }
    let at = randomPosition(note.text)
    let to = randomPosition(note.text)
    let (from, until) = at.0 < to.0 || (at.0 == to.0 && at.1 <= to.1) ? (at, to) : (to, at)
    let range = JSONValue.range((from.0, from.1, until.0, until.1))
    switch Int.random(in: 0..<22, using: &rng) {
    case 0: send("textDocument/semanticTokens/full", textDocument(uri))
    case 1: try await followDelta(uri)
    case 2: send("textDocument/semanticTokens/range", textDocument(uri, ["range": range]))
    case 3: send("textDocument/documentSymbol", textDocument(uri))
    case 4: send("textDocument/foldingRange", textDocument(uri))
    case 5: send("textDocument/hover", textDocument(uri, ["position": position(at)]))
    case 6:
      let context: JSONValue =
        Bool.random(using: &rng) ? ["triggerKind": 1] : ["triggerKind": 2, "triggerCharacter": "#"]
      send("textDocument/completion", textDocument(uri, ["position": position(at), "context": context]))
    case 7:
      let list = try await ask("textDocument/completion", textDocument(uri, ["position": position(at)]))
      if let item = list?["items"]?[0] { send("completionItem/resolve", item) }
    case 8: send("textDocument/definition", textDocument(uri, ["position": position(at)]))
    case 9:
      send(
        "textDocument/references",
        textDocument(uri, ["position": position(at), "context": ["includeDeclaration": true]]))
    case 10: try await renameTag(uri, at)
    case 11: send("textDocument/documentLink", textDocument(uri))
    case 12: try await quickFix(uri, range)
    case 13: send("textDocument/diagnostic", textDocument(uri))
    case 14: send("workspace/symbol", ["query": .string(Self.queries.randomElement(using: &rng)!)])
    case 15: send("booknotes/search", ["query": .string(Self.queries.randomElement(using: &rng)!), "limit": 20])
    case 16:
      let status = ["reading", "finished", "wishlist", "archived"].randomElement(using: &rng)!
      send("booknotes/books", ["status": .string(status), "sort": "author"])
    case 17: send("booknotes/prompts", Bool.random(using: &rng) ? textDocument(uri) : [:])
    case 18: send("textDocument/prepareRename", textDocument(uri, ["position": position(at)]))
    case 19:
      send(
        "workspace/executeCommand",
        ["command": "booknotes.placeCursor", "arguments": [.string(uri), position(at)]])
    case 20:
      server.notify("workspace/didChangeConfiguration", params: ["settings": ["booknotes": settings()]])
    default:
      // A title in the first heading or front matter, for the Google Books path.
      send("textDocument/completion", textDocument(uri, ["position": position((0, 12))]))
    }
  }

  /// `full/delta` from the tokens the client holds, applied to them.
  func followDelta(_ uri: String) async throws {
    guard var note = open[uri] else { return }
    let answer: JSONValue?
    if let resultID = note.resultID {
      answer = try await ask(
        "textDocument/semanticTokens/full/delta", textDocument(uri, ["previousResultId": .string(resultID)]))
    } else {
      answer = try await ask("textDocument/semanticTokens/full", textDocument(uri))
    }
    guard let answer else { return }
    if let edits = answer["edits"]?.arrayValue {
      guard let applied = Self.apply(edits, to: note.tokens) else {
        fail("a semantic token delta for \(uri) does not fit the tokens it was computed from: \(edits)")
        note.resultID = nil
        open[uri] = note
        return
      }
      note.tokens = applied
    } else {
      note.tokens = SemanticTokenDump.integers(answer["data"])
    }
    note.resultID = answer["resultId"]?.stringValue
    open[uri] = note
  }

  /// A delta's edits applied to `data`, `nil` when one does not fit.
  static func apply(_ edits: [JSONValue], to data: [Int]) -> [Int]? {
    var result = data
    for edit in edits.sorted(by: { ($0["start"]?.intValue ?? 0) > ($1["start"]?.intValue ?? 0) }) {
      guard let start = edit["start"]?.intValue, let count = edit["deleteCount"]?.intValue, start >= 0, count >= 0,
        start + count <= result.count
      else { return nil }
      result.replaceSubrange(start..<(start + count), with: SemanticTokenDump.integers(edit["data"]))
    }
    return result
  }

  /// prepareRename, then (on a tag) rename to a new tag, and the edit applied as an
  /// editor does: to open notes through didChange, to other files on disk.
  func renameTag(_ uri: String, _ at: (Int, Int)) async throws {
    guard let prepared = try await ask("textDocument/prepareRename", textDocument(uri, ["position": position(at)])),
      !prepared.isNull
    else { return }
    let name = "renamed\(Int.random(in: 0..<5, using: &rng))"
    guard
      let edit = try await ask(
        "textDocument/rename", textDocument(uri, ["position": position(at), "newName": .string(name)]))
    else { return }
    report.renames += 1
    apply(workspaceEdit: edit)
  }

  /// The first quick fix offered on `range`, applied.
  func quickFix(_ uri: String, _ range: JSONValue) async throws {
    let actions = try await ask(
      "textDocument/codeAction", textDocument(uri, ["range": range, "context": ["diagnostics": []]]))
    guard let edit = actions?[0]?["edit"] else { return }
    report.fixes += 1
    apply(workspaceEdit: edit)
  }

  /// Applies a workspace edit's `documentChanges` as an editor does: all of it, or
  /// nothing when an open note's version is not the one the edit was made for.
  func apply(workspaceEdit: JSONValue) {
    typealias Edit = (range: (Int, Int, Int, Int), text: String)
    var documents: [(uri: String, version: JSONValue?, edits: [Edit])] = []
    for change in workspaceEdit["documentChanges"]?.arrayValue ?? [] {
      guard let uri = change["textDocument"]?["uri"]?.stringValue, let edits = change["edits"]?.arrayValue else {
        fail("a document change without a document or edits: \(change)")
        return
      }
      // Edits refer to the text before all of them: applied from the last.
      let sorted = edits.map { edit -> Edit in
        func number(_ end: String, _ key: String) -> Int { edit["range"]?[end]?[key]?.intValue ?? 0 }
        return (
          (number("start", "line"), number("start", "character"), number("end", "line"), number("end", "character")),
          edit["newText"]?.stringValue ?? ""
        )
      }.sorted { ($0.range.0, $0.range.1) > ($1.range.0, $1.range.1) }
      documents.append((uri, change["textDocument"]?["version"], sorted))
    }
    for document in documents {
      guard let note = open[document.uri], document.version?.intValue != note.version else { continue }
      // Requests see every change sent before them (a rename waits for those to any
      // note), so an edit is never made for an older version.
      fail("an edit of \(document.uri) for version \(document.version ?? .null), open at \(note.version)")
      report.refusedEdits += 1
      return
    }
    for document in documents {
      if var note = open[document.uri] {
        for edit in document.edits { note.text.apply(edit.range, edit.text) }
        note.version += 1
        open[document.uri] = note
        server.change(
          document.uri, version: note.version,
          document.edits.map { ["range": .range($0.range), "text": .string($0.text)] })
      } else if let path = FileURI.path(of: document.uri), let data = FileManager.default.contents(atPath: path) {
        var text = SoakText(String(decoding: data, as: UTF8.self), encoding: options.encoding)
        for edit in document.edits { text.apply(edit.range, edit.text) }
        try? Data(text.bytes).write(to: URL(fileURLWithPath: path))
      }
    }
  }

  // MARK: Checks

  /// Waits for every pending answer, then compares each open note as the server has
  /// it with a fresh server given the client's text.
  func check() async throws {
    for request in pending {
      let response = try await server.waitForResponse(id: request.id)
      _ = accept(response, request)
    }
    pending.removeAll()
    for uri in open.keys.sorted() {
      report.checks += 1
      try await followDelta(uri)
      guard let note = open[uri] else { continue }
      // The same file name in a folder of its own: a note's file name can be its title.
      let referenceURI = "file:///soak-reference/\(batchNumber)/\(URL(fileURLWithPath: uri).lastPathComponent)"
      reference.open(referenceURI, text: note.text.string)
      for method in ["textDocument/semanticTokens/full", "textDocument/documentSymbol", "textDocument/foldingRange"] {
        let fresh = try await reference.request(method, uri: referenceURI)
        guard let mine = try await ask(method, textDocument(uri)) else { continue }
        var same = mine == fresh
        if method == "textDocument/semanticTokens/full" {
          // The tokens kept through deltas too.
          same = mine["data"] == fresh["data"] && SemanticTokenDump.integers(fresh["data"]) == note.tokens
          open[uri]?.tokens = SemanticTokenDump.integers(mine["data"])
          open[uri]?.resultID = mine["resultId"]?.stringValue
        }
        if !same {
          let saved = root.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("booknotes-soak-\(options.seed)-\(batchNumber).md")
          try? Data(note.text.bytes).write(to: saved)
          fail("\(method) of \(uri) differs from a fresh server's (the client's text is in \(saved.path))")
        }
      }
      reference.notify("textDocument/didClose", params: ["textDocument": ["uri": .string(referenceURI)]])
    }
    for message in server.notifications("window/logMessage") where message["type"] == 1 {
      fail("the server logged an error: \(message["message"] ?? .null)")
    }
  }

  /// Runs the whole soak and returns its report.
  func run() async throws -> Report {
    let started = ContinuousClock.now
    try await start()
    let errorsBefore = server.notifications("window/logMessage").filter { $0["type"] == 1 }.count
    if errorsBefore > 0 { fail("\(errorsBefore) errors logged while starting") }
    while report.edits < options.edits {
      batchNumber += 1
      let target = min(options.edits, report.edits + options.batch)
      while report.edits < target {
        if open.isEmpty { openNote() }
        switch Int.random(in: 0..<100, using: &rng) {
        case 0..<60: edit()
        case 60..<97: try await randomRequest()
        case 97: changeDisk()
        case 98:
          if let uri = open.keys.sorted().randomElement(using: &rng) { closeNote(uri) }
          openNote()
        default:
          server.notify("textDocument/didSave", params: textDocument(open.keys.sorted().first ?? ""))
        }
      }
      try await check()
      if report.rss.warm == nil && report.edits >= options.edits / 10 {
        report.rss.warm = Self.residentMemory(of: server)
      }
      if report.failures.count >= 20 { break }
    }
    report.rss.end = Self.residentMemory(of: server)
    _ = try await server.request("shutdown")
    server.notify("exit")
    let status = try await server.waitForExit()
    if status != 0 { fail("the server exited with \(status)") }
    try await reference.shutdownAndExit()
    let elapsed = (ContinuousClock.now - started).components
    report.seconds = Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18
    return report
  }

  /// The resident memory of the client's server process in KiB (Linux), else `nil`.
  static func residentMemory(of client: LSPTestClient) -> Int? {
    guard let pid = client.processIdentifier,
      let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
      let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") })
    else { return nil }
    return Int(line.split(separator: " ").dropFirst().first ?? "")
  }
}
