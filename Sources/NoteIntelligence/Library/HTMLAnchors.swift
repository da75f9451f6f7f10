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

  /// The anchors of `doc`: its text is searched for `<` once, and only a `<` outside
  /// code is read closely.
  public static func anchors(of doc: NoteDocument) -> [Anchor] {
    var opens: [Int] = []
    var pieceStart = 0
    let lt = UInt8(ascii: "<")
    doc.text.forEachPiece(of: 0..<doc.utf8Count) { piece in
      var index = ByteScan.firstIndex(of: lt, lt, lt, in: piece, from: 0, to: piece.count)
      while index < piece.count {
        opens.append(pieceStart + index)
        index = ByteScan.firstIndex(of: lt, lt, lt, in: piece, from: index + 1, to: piece.count)
      }
      pieceStart += piece.count
    }
    var anchors: [Anchor] = []
    for open in opens {
      guard let block = doc.tree.blockIndex(containing: open) else { continue }
      switch doc.tree.blockKind(at: block) {
      case .codeBlockStart, .codeLines, .codeBlockEnd, .indentedCode, .frontMatter: continue
      default: break
      }
      let lineEnd = doc.lines.contentRange(ofLine: doc.lines.lineContaining(open)).upperBound
      // A tag ends on its line; a longer one than this declares nothing here.
      let bytes = doc.text.bytes(in: open..<min(lineEnd, open + 1024))
      guard let (names, length) = tag(bytes) else { continue }
      for name in names { anchors.append(Anchor(name: name, span: doc.span(of: open..<(open + length)))) }
    }
    return anchors
  }

  /// The opening tag at the start of `bytes` (`<`, a letter, attributes on the same
  /// line, `>`): the values of its `id` and `name` attributes and its length; `nil` when
  /// `bytes` does not start with one.
  static func tag(_ bytes: [UInt8]) -> (names: [String], length: Int)? {
    guard bytes.count > 1, bytes[0] == UInt8(ascii: "<"), isLetter(bytes[1]) else { return nil }
    var index = 1
    while index < bytes.count && (isLetter(bytes[index]) || isDigit(bytes[index])) { index += 1 }
    var names: [String] = []
    // Attributes: a name, and a value after `=` (quoted, or up to a space or `>`).
    while index < bytes.count {
      while index < bytes.count && (bytes[index] == 0x20 || bytes[index] == 0x09) { index += 1 }
      guard index < bytes.count, bytes[index] != UInt8(ascii: ">"), bytes[index] != UInt8(ascii: "/") else { break }
      let nameStart = index
      while index < bytes.count && isAttributeByte(bytes[index]) { index += 1 }
      guard index > nameStart else { return nil }
      let attribute = String(decoding: bytes[nameStart..<index], as: UTF8.self).lowercased()
      guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else { continue }
      index += 1
      var valueStart = index
      var valueEnd = index
      if index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") {
        let quote = bytes[index]
        valueStart = index + 1
        guard let close = bytes[valueStart...].firstIndex(of: quote) else { return nil }
        valueEnd = close
        index = close + 1
      } else {
        while index < bytes.count && !" \t>".utf8.contains(bytes[index]) { index += 1 }
        valueEnd = index
      }
      if (attribute == "id" || attribute == "name") && valueEnd > valueStart {
        names.append(String(decoding: bytes[valueStart..<valueEnd], as: UTF8.self))
      }
    }
    if index < bytes.count && bytes[index] == UInt8(ascii: "/") { index += 1 }
    guard index < bytes.count, bytes[index] == UInt8(ascii: ">") else { return nil }
    return (names, index + 1)
  }

  private static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }
  private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
  private static func isAttributeByte(_ byte: UInt8) -> Bool {
    isLetter(byte) || isDigit(byte) || "-_:".utf8.contains(byte)
  }
}
