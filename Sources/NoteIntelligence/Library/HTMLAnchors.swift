public import NoteSyntax
import NoteText

/// The anchors a note's raw HTML declares: the `id` or `name` of a tag
/// (`<a name="setup"></a>`, `<a id="setup">`, `<h2 id="setup">`), which a link's `#setup`
/// names as on GitHub's pages. Tags in code blocks declare nothing.
public enum HTMLAnchors {
  /// An anchor's name and the tag that declares it.
  public struct Anchor: Sendable, Hashable {
    public var name: String
    public var span: NoteSpan

    package init(name: String, span: NoteSpan) {
      self.name = name
      self.span = span
    }
  }

  /// The anchors declared in `block` of `doc`, appended to `anchors`; only a block
  /// holding a `<` is read closely.
  static func append(of block: SyntaxNode, in doc: NoteDocument, to anchors: inout [Anchor]) {
    switch block.kind {
    case .codeBlockStart, .codeLines, .codeBlockEnd, .indentedCode, .frontMatter: return
    default: break
    }
    var holdsTag = false
    doc.text.forEachPiece(of: block.range) { piece in
      let lt = UInt8(ascii: "<")
      if !holdsTag && ByteScan.firstIndex(of: lt, lt, lt, in: piece, from: 0, to: piece.count) < piece.count {
        holdsTag = true
      }
    }
    guard holdsTag else { return }
    let bytes = doc.text.bytes(in: block.range)
    for (name, range) in names(in: bytes) {
      let start = block.range.lowerBound
      anchors.append(Anchor(name: name, span: doc.span(of: (start + range.lowerBound)..<(start + range.upperBound))))
    }
  }

  /// The anchors of `doc`, as the index keeps them, read from its live text.
  public static func anchors(of doc: NoteDocument) -> [Anchor] {
    var anchors: [Anchor] = []
    doc.tree.forEachBlock { append(of: $0, in: doc, to: &anchors) }
    return anchors
  }

  /// The `id` and `name` values of the opening tags in `bytes`, each with its tag's
  /// range: `<` and a letter, attributes on the same line, then `>`.
  static func names(in bytes: [UInt8]) -> [(name: String, range: Range<Int>)] {
    var found: [(name: String, range: Range<Int>)] = []
    var index = 0
    while let open = bytes[index...].firstIndex(of: UInt8(ascii: "<")) {
      index = open + 1
      guard index < bytes.count, isLetter(bytes[index]) else { continue }
      while index < bytes.count && (isLetter(bytes[index]) || isDigit(bytes[index])) { index += 1 }
      var names: [String] = []
      // Attributes: a name, and a value after `=` (quoted, or up to a space or `>`).
      while index < bytes.count {
        while index < bytes.count && (bytes[index] == 0x20 || bytes[index] == 0x09) { index += 1 }
        guard index < bytes.count, bytes[index] != UInt8(ascii: ">"), bytes[index] != UInt8(ascii: "/") else { break }
        let nameStart = index
        while index < bytes.count && isAttributeByte(bytes[index]) { index += 1 }
        guard index > nameStart else { break }
        let attribute = String(decoding: bytes[nameStart..<index], as: UTF8.self).lowercased()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else { continue }
        index += 1
        var valueStart = index
        var valueEnd = index
        if index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") {
          let quote = bytes[index]
          valueStart = index + 1
          guard let close = bytes[valueStart...].firstIndex(where: { $0 == quote || $0 == 0x0A }), bytes[close] == quote
          else { break }
          valueEnd = close
          index = close + 1
        } else {
          while index < bytes.count && !" \t\n\r>".utf8.contains(bytes[index]) { index += 1 }
          valueEnd = index
        }
        if (attribute == "id" || attribute == "name") && valueEnd > valueStart {
          names.append(String(decoding: bytes[valueStart..<valueEnd], as: UTF8.self))
        }
      }
      if index < bytes.count && bytes[index] == UInt8(ascii: "/") { index += 1 }
      guard index < bytes.count, bytes[index] == UInt8(ascii: ">") else { continue }
      for name in names { found.append((name, open..<(index + 1))) }
      index += 1
    }
    return found
  }

  private static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }
  private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
  private static func isAttributeByte(_ byte: UInt8) -> Bool {
    isLetter(byte) || isDigit(byte) || "-_:".utf8.contains(byte)
  }
}
