import Foundation
import JSONCore

extension WorkspaceBenchmark.Session {
  /// Link queries with the whole library indexed: completion after `[[` with a few
  /// letters typed, backlinks (`references` on a note's title) and the edits of a
  /// note moved to another folder (`workspace/willRenameFiles`).
  func linkQueries(library: String) throws {
    let notes = try FileManager.default.contentsOfDirectory(atPath: library).filter { $0.hasSuffix(".md") }.sorted()
    guard notes.count > 40 else { return }
    let prefixes = ["the", "ch", "a", "brain", "little", "power", "design", "sig", "on pers", "x"]
    let scratch = "file://" + library + "/scratch-links.md"
    let lines = prefixes.map { "See [[" + $0 }
    process.notify(
      "textDocument/didOpen",
      [
        "textDocument": [
          "uri": .string(scratch), "languageId": "markdown", "version": 1,
          "text": .string(lines.joined(separator: "\n") + "\n"),
        ]
      ])
    try measure("[[ completion (50)", count: 50) { index in
      let line = index % lines.count
      return (
        "textDocument/completion",
        [
          "textDocument": ["uri": .string(scratch)],
          "position": ["line": .int(line), "character": .int(lines[line].utf16.count)],
        ]
      )
    }
    // Ten notes open, each asked for its backlinks in turn.
    let targets = (0..<10).map { notes[$0 * (notes.count / 10)] }
    for target in targets {
      let text = try String(contentsOfFile: library + "/" + target, encoding: .utf8)
      process.notify(
        "textDocument/didOpen",
        [
          "textDocument": [
            "uri": .string("file://" + library + "/" + target), "languageId": "markdown", "version": 1,
            "text": .string(text),
          ]
        ])
    }
    try measure("backlinks (50)", count: 50) { index in
      (
        "textDocument/references",
        [
          "textDocument": ["uri": .string("file://" + library + "/" + targets[index % targets.count])],
          "position": ["line": 0, "character": 0], "context": ["includeDeclaration": true],
        ]
      )
    }
    try measure("moved note's edits (20)", count: 20) { index in
      let note = notes[(index * 37 + 1) % notes.count]
      return (
        "workspace/willRenameFiles",
        [
          "files": [
            [
              "oldUri": .string("file://" + library + "/" + note),
              "newUri": .string("file://" + library + "/moved/" + note),
            ]
          ]
        ]
      )
    }
    print("peak RSS with the link tables built: " + Measure.megabytes(process.peakResidentBytes))
  }
}
