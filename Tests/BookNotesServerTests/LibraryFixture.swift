import BookNotesTestSupport
import Foundation
import JSONCore
import LanguageServerProtocol
import Testing

@testable import BookNotesServer

/// A small library of book notes written to a temporary folder, for the workspace
/// features: nested folders, a symbolic link loop, a link leaving the root, a hidden
/// folder, `node_modules`, a binary file, a file that is not UTF-8, a CRLF note, and
/// emoji and CJK tags.
final class LibraryFixture {
  /// The library folder (the workspace root).
  let root: URL
  /// A folder beside the library that a symbolic link points into.
  let outside: URL
  /// The index cache folder.
  let cache: URL

  /// The notes, by path relative to the root.
  static let notes: [String: String] = [
    "thinking.md": """
    ---
    title: Thinking, Fast and Slow
    authors: Daniel Kahneman
    status: finished
    isbn: 9780374533557
    started: 2021-01-04
    finished: 2021-02-20
    rating: 5
    tags: psychology, books/2021
    ---
    # Thinking, Fast and Slow

    #books/2021 #psychology #bias/anchoring

    ## Chapter 1: The Characters of the Story

    System one is fast; the ?[lazy](slow) one checks it. See [the sequel](books/noise.md).

    Q: What does System 2 do?
    A: It checks the work of System 1.

    ### Ego depletion

    > Self-control is tiring. (p. 41)

    """,
    "books/noise.md": """
    ---
    title: Noise
    authors: Daniel Kahneman, Olivier Sibony
    status: reading
    isbn: 9780316451406
    ---
    # Noise

    #books/2022 #psychology #bias

    ## Chapter 1: Crime and Noisy Punishment

    Judges differ. A missing link: [gone](missing.md). An image: ![cover](cover.png)

    Q: What is system noise?
    A: Unwanted variability in judgements.

    """,
    "books/2020/café.md": """
    # Café Society

    #books/2020 #Café #mood/😀 #読書

    ## Première partie

    Une société de café. 東京 の 本.

    """,
    "crlf.md":
      "---\r\ntitle: Windows Notes\r\nstatus: wishlist\r\n---\r\n# Windows Notes\r\n\r\n#psychology #crlf\r\n\r\nQ: Line endings?\r\nA: CRLF.\r\n",
    "dup/thinking-again.md": """
    ---
    title: Thinking Fast and Slow
    authors: Daniel Kahneman
    isbn: 978-0-374-53355-7
    status: reading
    ---
    # Thinking Fast and Slow

    Reread. #books/2021

    """,
    "code.md": """
    # Code Notes

    ```sh
    # not a heading #not-a-tag
    ```

    #programming

    """,
    ".hidden/secret.md": "# Hidden\n\n#hidden-tag\n",
    "node_modules/pkg/readme.md": "# Dependency\n\n#dependency-tag\n",
  ]

  init() throws {
    let base = FileManager.default.temporaryDirectory.appendingPathComponent("booknotes-library-\(UUID().uuidString)")
    root = base.appendingPathComponent("library")
    outside = base.appendingPathComponent("outside")
    cache = base.appendingPathComponent("cache")
    for (path, text) in Self.notes { try write(path, text) }
    try write("binary.md", Data([0x23, 0x20, 0x61, 0x00, 0x62, 0x00]))
    try write("latin1.md", Data([0x23, 0x20, 0x43, 0x61, 0x66, 0xE9, 0x0A]))
    try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
    try Data("# Outside\n\n#outside-tag\n".utf8).write(to: outside.appendingPathComponent("o.md"))
    try FileManager.default.createSymbolicLink(at: root.appendingPathComponent("away"), withDestinationURL: outside)
    try FileManager.default.createSymbolicLink(
      at: root.appendingPathComponent("books/loop"), withDestinationURL: root.appendingPathComponent("books"))
  }

  deinit {
    try? FileManager.default.removeItem(at: root.deletingLastPathComponent())
  }

  /// The file URI of a note by relative path.
  func uri(_ path: String) -> String {
    FileURI.uri(ofPath: root.appendingPathComponent(path).path)
  }

  func write(_ path: String, _ text: String) throws {
    try write(path, Data(text.utf8))
  }

  func write(_ path: String, _ data: Data) throws {
    let url = root.appendingPathComponent(path)
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try data.write(to: url)
  }

  func remove(_ path: String) throws {
    try FileManager.default.removeItem(at: root.appendingPathComponent(path))
  }

  /// Starts `client`'s session on this library with work-done progress (so that the end
  /// of indexing can be awaited) and fast polling, then waits for the indexing;
  /// `afterInitialized` sends what comes right after `initialized` (before indexing);
  /// without `waitingForIndexing`, it returns once `initialized` is sent.
  func initialize(
    _ client: LSPTestClient, encoding: String = "utf-16", capabilities extra: JSONValue = [:],
    options: JSONValue = [:], waitingForIndexing: Bool = true, afterInitialized: (LSPTestClient) -> Void = { _ in }
  ) async throws {
    var capabilities: [String: JSONValue] = [
      "general": ["positionEncodings": [.string(encoding)]], "window": ["workDoneProgress": true],
    ]
    if case .object(let more) = extra { capabilities.merge(more) { _, new in new } }
    var initializationOptions: [String: JSONValue] = [
      "index": ["pollInterval": 100], "cacheDirectory": .string(cache.path),
    ]
    if case .object(let more) = options { initializationOptions.merge(more) { _, new in new } }
    let params: JSONValue = [
      "processId": nil, "rootUri": nil, "capabilities": .object(capabilities),
      "workspaceFolders": [["uri": .string(FileURI.uri(ofPath: root.path)), "name": "library"]],
      "initializationOptions": .object(initializationOptions),
    ]
    _ = try await client.request("initialize", params: params)
    client.notify("initialized", params: [:])
    afterInitialized(client)
    if waitingForIndexing { try await client.waitForIndexing() }
  }
}
