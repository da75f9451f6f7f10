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
}
