import BookNotesTestSupport
import Foundation
import GoogleBooksStandIn
import JSONCore
import LanguageServerProtocol

@testable import BookNotesServer

/// The soak client's requests, the edits it applies from the server, and its checks.
extension SoakClient {
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
