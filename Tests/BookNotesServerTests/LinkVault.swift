import BookNotesTestSupport
import Foundation
import JSONCore
import LanguageServerProtocol
import Testing

@testable import BookNotesServer

/// A vault of notes that link to each other, written to a temporary folder: both link
/// styles, nested folders, two notes of the same name, aliases, headings with
/// punctuation and emoji, a CRLF note, a footnote.
final class LinkVault {
  let root: URL
  let cache: URL

  /// The notes, by path relative to the root.
  static let notes: [String: String] = [
    "index.md": """
    # Reading Index

    Start with [[thinking]] and [[noise#Chapter 1: Crime and Noisy Punishment]].
    By path: [noise](books/noise.md#chapter-1-crime-and-noisy-punishment).
    By alias: [[Kahneman's Book]]. Embedded: ![[launch notes]].
    Ideas twice: [[ideas]] and [[work/ideas]].
    Missing: [[Nowhere]] and [[noise#Chaptre 1: Crime and Noisy Punishment]].
    A footnote[^1].

    [^1]: The footnote's text.

    """,
    "books/thinking.md": """
    ---
    title: Thinking, Fast and Slow
    authors: Daniel Kahneman
    aliases: [Kahneman's Book]
    ---
    # Thinking, Fast and Slow

    ## Part 1: Two Systems

    See [[noise]] for the sequel.

    """,
    "books/noise.md": """
    # Noise

    ## Chapter 1: Crime and Noisy Punishment

    Judges differ. Back to the [index](../index.md).

    """,
    "ideas.md": "# Ideas\n\nLoose ideas.\n",
    "work/ideas.md": "# Ideas\n\nWork ideas. Up: [[index]].\n",
    "launch notes.md": """
    # Launch Notes

    ## 🚀 Launch: Day 1!

    Go. See [[#🚀 Launch: Day 1!]] and [here](#-launch-day-1).

    """,
    "crlf.md": "# Windows\r\n\r\nCRLF links to [[noise]] and [[thinking#Part 1: Two Systems]].\r\n",
  ]

  init() throws {
    let base = FileManager.default.temporaryDirectory.appendingPathComponent("booknotes-links-\(UUID().uuidString)")
    root = base.appendingPathComponent("vault")
    cache = base.appendingPathComponent("cache")
    for (path, text) in Self.notes { try write(path, text) }
  }

  deinit {
    try? FileManager.default.removeItem(at: root.deletingLastPathComponent())
  }

  func uri(_ path: String) -> String {
    FileURI.uri(ofPath: root.appendingPathComponent(path).path)
  }

  func write(_ path: String, _ text: String) throws {
    let url = root.appendingPathComponent(path)
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: url)
  }

  func read(_ path: String) throws -> String {
    try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
  }

  /// The path of `uri` relative to the vault.
  func relative(_ uri: String) -> String {
    let path = FileURI.path(of: uri) ?? uri
    let prefix = root.path + "/"
    return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
  }

  /// Starts the real `booknotes lsp` on the vault and waits for its indexing.
  func launch(capabilities extra: JSONValue = [:]) async throws -> LSPTestClient {
    let binary = try #require(BinaryLocator.booknotes(), "booknotes binary not found; build it or set BOOKNOTES_BINARY")
    let client = try LSPTestClient.launch(executable: binary, arguments: ["lsp", "--log-level", "error"])
    var capabilities: [String: JSONValue] = [
      "general": ["positionEncodings": ["utf-16"]], "window": ["workDoneProgress": true],
      "textDocument": ["diagnostic": ["dynamicRegistration": false]],
    ]
    if case .object(let more) = extra { capabilities.merge(more) { _, new in new } }
    let params: JSONValue = [
      "processId": nil, "rootUri": nil, "capabilities": .object(capabilities),
      "workspaceFolders": [["uri": .string(FileURI.uri(ofPath: root.path)), "name": "vault"]],
      "initializationOptions": ["index": ["pollInterval": 100], "cacheDirectory": .string(cache.path)],
    ]
    _ = try await client.request("initialize", params: params)
    client.notify("initialized", params: [:])
    try await client.waitForIndexing()
    return client
  }

  /// `path line:start-end` of each location, sorted.
  func places(_ locations: JSONValue) -> [String] {
    (locations.arrayValue ?? []).map { location in
      let range = location["range"]
      let line = range?["start"]?["line"]?.intValue ?? -1
      let start = range?["start"]?["character"]?.intValue ?? -1
      let end = range?["end"]?["character"]?.intValue ?? -1
      return "\(relative(location["uri"]?.stringValue ?? "")) \(line):\(start)-\(end)"
    }.sorted()
  }

  /// Applies a workspace edit as an editor does: text edits to the files (on their
  /// paths before any rename), then the renames.
  func apply(_ edit: JSONValue) throws {
    var renames: [(String, String)] = []
    var edits: [(String, [JSONValue])] = []
    if let changes = edit["documentChanges"]?.arrayValue {
      for change in changes {
        if change["kind"] == "rename" {
          renames.append(
            (relative(change["oldUri"]?.stringValue ?? ""), relative(change["newUri"]?.stringValue ?? "")))
        } else if change["kind"] == nil {
          edits.append((relative(change["textDocument"]?["uri"]?.stringValue ?? ""), change["edits"]?.arrayValue ?? []))
        }
      }
    } else if case .object(let changes)? = edit["changes"] {
      for (uri, list) in changes { edits.append((relative(uri), list.arrayValue ?? [])) }
    }
    for (path, list) in edits {
      try write(path, try LibraryEdits.apply(list, to: try read(path), encoding: "utf-16"))
    }
    for (old, new) in renames {
      try FileManager.default.moveItem(at: root.appendingPathComponent(old), to: root.appendingPathComponent(new))
    }
  }
}
