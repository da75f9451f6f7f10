import BookNotesTestSupport
import Foundation
import GoogleBooksStandIn
import JSONCore
import LanguageServerProtocol
import Testing

@testable import BookNotesServer

/// Faults around the real `booknotes lsp`: a client that dies or lies about lengths,
/// huge messages, notes and cache folders the server cannot read or write, and a
/// Google Books that hangs, resets or sends garbage. Each ends in an outcome that is
/// logged and bounded: an answer, a warning, an exit code.
@Suite(.serialized) struct FaultInjectionTests {
  /// Whether the tests run as root, who reads and writes whatever the permissions say.
  static let isRoot = getuid() == 0
  /// Runs a command as `nobody`, so that permissions hold for the server.
  static let setpriv = ["/usr/bin/setpriv", "/bin/setpriv"].first { FileManager.default.isExecutableFile(atPath: $0) }
  /// Whether a file can be made unreadable to the server.
  static let permissionsHold = !isRoot || setpriv != nil

  /// A server whose stderr goes to a file; `prefix` runs before it (a wrapper that
  /// drops privileges or limits file sizes).
  struct Session {
    let client: LSPTestClient
    let log: URL

    init(prefix: [String] = [], logLevel: String = "warning") throws {
      let binary = try #require(
        BinaryLocator.booknotes(), "booknotes binary not found; build it or set BOOKNOTES_BINARY")
      log = FileManager.default.temporaryDirectory.appendingPathComponent("booknotes-fault-\(UUID().uuidString).log")
      _ = FileManager.default.createFile(atPath: log.path, contents: nil)
      let handle = try FileHandle(forWritingTo: log)
      defer { try? handle.close() }
      let command = prefix + [binary, "lsp", "--log-level", logLevel]
      client = try LSPTestClient.launch(
        executable: command[0], arguments: Array(command.dropFirst()), standardError: handle)
    }

    /// What the server wrote to stderr so far.
    var logged: String { (try? String(contentsOf: log, encoding: .utf8)) ?? "" }

    func end() {
      client.terminate()
      try? FileManager.default.removeItem(at: log)
    }
  }

  /// A library folder, readable by everyone, with `notes` notes and a cache folder.
  final class Folder {
    let base: URL
    var root: URL { base.appendingPathComponent("library") }
    var cache: URL { base.appendingPathComponent("cache") }

    init(notes: Int) throws {
      base = FileManager.default.temporaryDirectory.appendingPathComponent("booknotes-fault-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
      try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
      // The server may run as nobody: it must be able to write the cache.
      chmod(cache.path, 0o777)
      for index in 0..<notes {
        try Data("# Note \(index)\n\n#fault word\(index) zeppelin\n".utf8).write(to: url("note-\(index).md"))
      }
    }

    deinit {
      chmod(cache.path, 0o755)
      try? FileManager.default.removeItem(at: base)
    }

    func url(_ name: String) -> URL { root.appendingPathComponent(name) }

    /// `initialize` on this folder with work-done progress (so the end of indexing can
    /// be awaited), `cacheDirectory` set to `cache`.
    func initialize(_ client: LSPTestClient, cache: String? = nil, books: JSONValue? = nil) async throws {
      var options: [String: JSONValue] = [
        "cacheDirectory": .string(cache ?? self.cache.path), "index": ["pollInterval": 100],
      ]
      if let books { options["books"] = books }
      _ = try await client.request(
        "initialize",
        params: [
          "processId": nil, "capabilities": ["window": ["workDoneProgress": true]],
          "workspaceFolders": [["uri": .string(FileURI.uri(ofPath: root.path)), "name": "library"]],
          "initializationOptions": .object(options),
        ])
      client.notify("initialized", params: [:])
    }

    /// Files left in the cache folder.
    func cacheFiles() -> [String] {
      ((try? FileManager.default.contentsOfDirectory(atPath: cache.path)) ?? []).sorted()
    }
  }

  /// The command that runs the server as nobody when the tests run as root.
  static var unprivileged: [String] {
    guard isRoot, let setpriv else { return [] }
    return [setpriv, "--reuid=65534", "--regid=65534", "--clear-groups", "--"]
  }

  // MARK: The client

  @Test func theClientDyingInTheMiddleOfAMessage() async throws {
    for (partial, unfinished) in [
      ("Content-Length: 50\r\n\r\n{\"jsonrpc\":", "a message body of 50 bytes ended after 11"),
      ("Content-Len", "a header block ended after 11 bytes"),
    ] {
      let session = try Session()
      defer { session.end() }
      try await session.client.initialize()
      session.client.sendRaw(Array(partial.utf8))
      session.client.closeOutput()
      #expect(try await session.client.waitForExit() == 1)
      #expect(
        session.logged.contains("[warning] End of input inside a message (\(unfinished)); exiting with code 1"),
        "\(session.logged)")
    }
  }

  @Test func aContentLengthLargerThanWhatFollows() async throws {
    let session = try Session()
    defer { session.end() }
    let client = session.client
    try await client.initialize()
    client.open("file:///short.md", text: "# Short\n")
    // The 80 bytes take the next message's start: the body is not JSON, and what is
    // left of that message is not a header.
    client.sendRaw(Array("Content-Length: 80\r\n\r\n{}".utf8))
    let swallowed = client.sendRequest(
      "textDocument/foldingRange", params: ["textDocument": ["uri": "file:///short.md"]])
    let answered = try await client.request("textDocument/documentSymbol", uri: "file:///short.md")
    #expect(answered[0]?["name"] == "Short")
    // The swallowed request's id was still read from its first bytes: it gets its error.
    let error = try await client.waitForResponse(id: swallowed)
    #expect(error["error"]?["code"] == -32700)
    try await client.shutdownAndExit()
    #expect(try await client.waitForExit() == 0)
    #expect(session.logged.contains("[error] Invalid JSON"))
    #expect(session.logged.contains("[error] Corrupt message header"))
  }

  @Test func hugeMessagesAreReadOrSkippedAndTheSessionGoesOn() async throws {
    let session = try Session()
    defer { session.end() }
    let client = session.client
    try await client.initialize()
    // 100 MB that is not JSON: read whole, answered with a parse error.
    let size = 100_000_000
    var message = Array("Content-Length: \(size)\r\n\r\n".utf8)
    message += [UInt8](repeating: UInt8(ascii: "x"), count: size)
    client.sendRaw(message)
    message = []
    let parseError = try await client.waitForMessage(timeout: .seconds(60)) { $0["error"]?["code"] == -32700 }
    #expect(parseError["id"] == .null)
    // A body announced past the largest the server takes (256 MiB) is skipped as a
    // corrupt header, without reading it into memory.
    client.sendRaw(Array("Content-Length: 300000000\r\n\r\n{\"garbage\": true}".utf8))
    client.open("file:///after.md", text: "# After\n")
    let symbols = try await client.request("textDocument/documentSymbol", uri: "file:///after.md")
    #expect(symbols[0]?["name"] == "After")
    try await client.shutdownAndExit()
    #expect(try await client.waitForExit() == 0)
    #expect(session.logged.contains("[error] Corrupt message header"), "\(session.logged)")
  }

  // MARK: The disk

  @Test(.enabled(if: permissionsHold, "running as root without setpriv: permissions do not hold"))
  func notesDeletedOrUnreadableWhileIndexing() async throws {
    let folder = try Folder(notes: 400)
    chmod(folder.url("note-7.md").path, 0)
    let session = try Session(prefix: Self.unprivileged)
    defer { session.end() }
    let client = session.client
    try await folder.initialize(client)
    // Notes disappear while the first indexing may still read them.
    for index in stride(from: 10, to: 400, by: 10) {
      try? FileManager.default.removeItem(at: folder.url("note-\(index).md"))
    }
    try await client.waitForIndexing(timeout: .seconds(60))
    #expect(session.logged.contains("Not indexing \(folder.url("note-7.md").path): Permission denied"))
    // Whatever the indexing met, the library ends with the notes there are.
    let expected = 400 - 39 - 1
    var found = 0
    for _ in 0..<100 {
      let answer = try? await client.request("booknotes/search", params: ["query": "zeppelin", "limit": 1000])
      found = answer?.arrayValue?.count ?? -1
      if found == expected { break }
      try await Task.sleep(for: .milliseconds(100))
    }
    #expect(found == expected)
    try await client.shutdownAndExit()
    #expect(try await client.waitForExit() == 0)
  }

  enum CacheFault: String, CaseIterable {
    /// `cacheDirectory` names a file.
    case aFile
    /// The folder cannot be written.
    case readOnly
    /// Writes fail after the first 512 bytes, as on a full disk (`ulimit -f 1`).
    case full
  }

  @Test(arguments: CacheFault.allCases)
  func aCacheThatCannotBeWritten(_ fault: CacheFault) async throws {
    if fault == .readOnly && !Self.permissionsHold { return }
    // ThreadSanitizer's runtime dies of SIGBUS at start under `ulimit -f 1`, before
    // the server runs (Fuzz/sanitizers.sh says which sanitizer it runs).
    if fault == .full && ProcessInfo.processInfo.environment["BOOKNOTES_SANITIZER"] == "thread" { return }
    let folder = try Folder(notes: 50)
    var prefix: [String] = []
    var cache = folder.cache.path
    switch fault {
    case .aFile:
      cache = folder.base.appendingPathComponent("cache-file").path
      try Data("not a folder".utf8).write(to: URL(fileURLWithPath: cache))
    case .readOnly:
      chmod(folder.cache.path, 0o555)
      prefix = Self.unprivileged
    case .full:
      // An ignored SIGXFSZ makes a write past the limit fail with EFBIG.
      prefix = ["/bin/sh", "-c", "trap '' XFSZ; ulimit -f 1; exec \"$@\"", "sh"]
    }
    let session = try Session(prefix: prefix)
    defer { session.end() }
    try await folder.initialize(session.client, cache: cache)
    try await session.client.waitForIndexing(timeout: .seconds(60))
    let found = try await session.client.request("booknotes/search", params: ["query": "zeppelin", "limit": 100])
    #expect(found.arrayValue?.count == 50)
    try await session.client.shutdownAndExit()
    #expect(try await session.client.waitForExit() == 0)
    #expect(session.logged.contains("[warning] Cannot write the index cache"), "\(session.logged)")
    // Nothing half written is left behind, and the next start builds the cache.
    #expect(folder.cacheFiles().allSatisfy { !$0.hasSuffix(".tmp") }, "\(folder.cacheFiles())")
    if fault == .aFile { return }
    chmod(folder.cache.path, 0o777)
    let again = try Session(logLevel: "info")
    defer { again.end() }
    try await folder.initialize(again.client)
    try await again.client.waitForIndexing(timeout: .seconds(60))
    try await again.client.shutdownAndExit()
    #expect(try await again.client.waitForExit() == 0)
    #expect(again.logged.contains("Wrote the index cache"), "\(again.logged)")
    #expect(!again.logged.contains("[warning]"), "\(again.logged)")
  }

  // MARK: Google Books

  @Test func googleBooksHangingResettingOrSendingGarbageLeavesCompletionWorking() async throws {
    let books = try FakeGoogleBooks()
    let folder = try Folder(notes: 1)
    let session = try Session(logLevel: "debug")
    defer { session.end() }
    let client = session.client
    try await folder.initialize(
      client,
      books: [
        "endpoint": .string(books.endpoint), "completionBudget": 100, "timeout": 1000, "apiKey": "SECRET-KEY-123",
      ])
    try await client.waitForIndexing()
    let uri = FileURI.uri(ofPath: folder.url("title.md").path)
    client.open(uri, text: "---\ntitle: Java\n---\n")
    var version = 1
    /// Completion at the end of the title after typing `typed`: answered within the
    /// budget whatever Google Books does.
    func complete(_ typed: String) async throws -> JSONValue {
      version += 1
      client.change(uri, version: version, [LSPTestClient.change((1, 11), (1, 100), typed)])
      return try await client.request(
        "textDocument/completion", uri: uri,
        ["position": position(1, 11 + typed.count), "context": ["triggerKind": 1]])
    }
    /// Lookups that ended in an error, each logged once with its request.
    func failures() -> Int { session.logged.components(separatedBy: "(GET http").count - 1 }
    let plans: [(JSONValue, String)] = [
      (["hang": true], "did not answer in time"), (["body": "\u{1}\u{2} not json"], "not its JSON"),
      (["status": 500], "unavailable (500)"), ([:], ""), (["reset": true], "(GET http"),
    ]
    for (plan, logged) in plans {
      try books.plan(plan)
      let before = failures()
      let answer = try await complete(" \(plan)".filter { $0.isLetter } + "\(version)")
      #expect(answer["items"] != nil, "\(plan)")
      if plan == [:] {
        // Once Google Books answers again, its books arrive.
        var labels: [String] = []
        for _ in 0..<100 where !labels.contains("Effective Java") {
          let answer = try await complete(" effective")
          labels = answer["items"]?.arrayValue?.compactMap { $0["label"]?.stringValue } ?? []
          if !labels.contains("Effective Java") { try await Task.sleep(for: .milliseconds(100)) }
        }
        #expect(labels.contains("Effective Java"))
        continue
      }
      // The lookup ends (the hanging one at its time-out) with one log line.
      for _ in 0..<100 where failures() == before { try await Task.sleep(for: .milliseconds(50)) }
      #expect(failures() == before + 1, "\(plan): \(session.logged)")
      #expect(session.logged.contains(logged), "\(plan): \(session.logged)")
    }
    try await client.shutdownAndExit()
    #expect(try await client.waitForExit() == 0)
    #expect(books.requests().allSatisfy { $0["query"]?["key"] == "SECRET-KEY-123" })
    #expect(!session.logged.contains("SECRET-KEY-123"))
  }
}
