import BookNotesTestSupport
import Foundation
import JSONCore
import LanguageServerProtocol
import NoteSyntax
import Testing

@testable import BookNotesServer

/// Client capabilities offering `encodings` (none when empty) and, optionally, pull
/// diagnostics (with `workspace/diagnostic/refresh` unless `refresh` is false).
func capabilities(encodings: [String] = [], pull: Bool = false, refresh: Bool = true) -> JSONValue {
  var capabilities: [String: JSONValue] = [:]
  if !encodings.isEmpty { capabilities["general"] = ["positionEncodings": .array(encodings.map(JSONValue.string))] }
  var textDocument: [String: JSONValue] = [
    "semanticTokens": ["requests": ["full": ["delta": true], "range": true]]
  ]
  if pull { textDocument["diagnostic"] = ["dynamicRegistration": false] }
  capabilities["textDocument"] = .object(textDocument)
  if pull && refresh { capabilities["workspace"] = ["diagnostics": ["refreshSupport": true]] }
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

/// Golden files next to this source file (see ``GoldenFile``).
enum Golden {
  static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

  /// Compares `actual` with the golden file `name`, or writes it when recording.
  static func check(_ actual: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    try GoldenFile.check(actual, against: directory.appendingPathComponent(name), sourceLocation: sourceLocation)
  }
}

/// The names of a `documentSymbol` answer's symbols and their children, depth first.
func outlineNames(_ symbols: JSONValue) -> [String] {
  var names: [String] = []
  for symbol in symbols.arrayValue ?? [] {
    if let name = symbol["name"]?.stringValue { names.append(name) }
    if let children = symbol["children"] { names += outlineNames(children) }
  }
  return names
}
