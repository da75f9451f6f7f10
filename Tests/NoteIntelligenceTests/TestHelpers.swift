import NoteSyntax

@testable import NoteIntelligence

/// Readable dumps of analysis results for golden-style assertions.
enum Dump {
  /// One token a line: `line:col len type[mods] "text"` (columns and lengths in bytes).
  static func tokens(_ tokens: [SemanticToken], in doc: NoteDocument) -> String {
    tokens.map { token in
      let position = doc.lineColumn(of: token.start, in: .utf8)
      let mods = token.modifiers.map { "\($0)" }
      let type = "\(token.type)" + (mods.isEmpty ? "" : "[\(mods.joined(separator: ","))]")
      return "\(position.line):\(position.column) \(token.length) \(type) \"\(doc.text.string(in: token.range))\""
    }.joined(separator: "\n")
  }

  /// The tokens of a whole note.
  static func tokens(_ text: String) -> String {
    let doc = NoteDocument(text)
    return tokens(SemanticTokenizer.tokens(for: doc), in: doc)
  }

  /// Findings as `code@"flagged text"`.
  static func findings(_ doc: NoteDocument) -> [String] {
    doc.tree.findings.map { "\($0.code.rawValue)@\(doc.text.string(in: $0.range).debugDescription)" }
  }
}

/// A fixture that should hold a `$0` cursor marker but does not.
struct MissingCursorMarker: Error, CustomStringConvertible {
  let text: String
  var description: String { "no $0 cursor marker in \(text.debugDescription)" }
}

extension String {
  /// The text with its `$0` marker removed, and the byte offset where the marker was.
  /// Throws when there is no marker, so a fixture typed without one fails its test.
  func withCursor() throws -> (text: String, offset: Int) {
    let bytes = Array(utf8)
    let marker = Array("$0".utf8)
    for i in 0..<max(bytes.count - 1, 0) where bytes[i] == marker[0] && bytes[i + 1] == marker[1] {
      return (String(decoding: bytes[..<i] + bytes[(i + 2)...], as: UTF8.self), i)
    }
    throw MissingCursorMarker(text: self)
  }
}
