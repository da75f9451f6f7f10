import BookNotesTestSupport
import Foundation
import LanguageServerProtocol
import NoteSyntax
import Testing

@testable import BookNotesServer

/// Client capabilities offering `encodings` (none when empty) and, optionally, pull diagnostics.
func capabilities(encodings: [String] = [], pull: Bool = false) -> JSONValue {
  var capabilities: [String: JSONValue] = [:]
  if !encodings.isEmpty { capabilities["general"] = ["positionEncodings": .array(encodings.map(JSONValue.string))] }
  var textDocument: [String: JSONValue] = [
    "semanticTokens": ["requests": ["full": ["delta": true], "range": true]]
  ]
  if pull { textDocument["diagnostic"] = ["dynamicRegistration": false] }
  capabilities["textDocument"] = .object(textDocument)
  return .object(capabilities)
}

/// The legend the server advertises.
let legend = (
  types: BookNotesServer.semanticTokensLegend.tokenTypes, modifiers: BookNotesServer.semanticTokensLegend.tokenModifiers
)

extension InProcessServer {
  /// The server's current text of `uri`, after every message sent so far on it.
  func text(of uri: String) async throws -> String {
    _ = try await client.request("textDocument/foldingRange", uri: uri)
    return try server.document(uri).note.string
  }

  /// Whether the server's incrementally edited note has the tree a fresh parse gives.
  func treeMatchesFreshParse(_ uri: String) throws -> Bool {
    let note = try server.document(uri).note
    return note.tree.isStructurallyEqual(to: NoteDocument(note.string).tree)
  }
}

/// Golden files next to this source file; re-recorded when `BOOKNOTES_RECORD=1`.
enum Golden {
  static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

  static var recording: Bool { ProcessInfo.processInfo.environment["BOOKNOTES_RECORD"] == "1" }

  /// Compares `actual` with the golden file `name`, or writes it when recording.
  static func check(_ actual: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let url = directory.appendingPathComponent(name)
    if recording {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      try actual.write(to: url, atomically: true, encoding: .utf8)
      return
    }
    guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
      Issue.record("Missing golden file \(name); run with BOOKNOTES_RECORD=1", sourceLocation: sourceLocation)
      return
    }
    #expect(actual == expected, "golden \(name) differs", sourceLocation: sourceLocation)
  }
}
