import NoteSyntax

/// Where a link's target points.
public enum LinkTarget: Sendable, Hashable {
  /// A URI with a scheme (`https:`, `mailto:`, `file:`), kept as written.
  case uri(String)
  /// A file: the absolute path a relative or absolute target names, its `#fragment`
  /// dropped and percent-escapes decoded.
  case file(path: String)

  /// Resolves `target` against `folder` (the absolute path of the note's folder); a
  /// target starting with `/` against `root` (the workspace root the note lies under),
  /// or as an absolute path when there is no root. `nil` for an empty target, a bare
  /// `#fragment`, or a relative target when the note has no folder.
  public static func resolve(_ target: String, relativeTo folder: String?, root: String? = nil) -> LinkTarget? {
    if hasScheme(target) { return .uri(target) }
    var path = Substring(target)
    if let hash = path.utf8.firstIndex(of: UInt8(ascii: "#")) { path = path[..<hash] }
    guard !path.isEmpty else { return nil }
    let decoded = percentDecoded(path)
    if decoded.hasPrefix("/") { return .file(path: normalized((root ?? "") + decoded)) }
    guard let folder else { return nil }
    return .file(path: normalized(folder + "/" + decoded))
  }

  /// The folder of the file at absolute `path`.
  public static func folder(of path: String) -> String? {
    guard let slash = path.lastIndex(of: "/") else { return nil }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }

  /// Whether the target in `range` of `doc` may name a note or one of its headings:
  /// before any `#`, it ends with `.md` or `.markdown` (any case), or it starts with
  /// `#` (a heading of the note itself). Read from the bytes, without making a string.
  static func mayNameNote(_ range: Range<Int>, in doc: NoteDocument) -> Bool {
    // The target ends at its first `#`, found a piece of the text at a time; only its
    // last bytes are copied (a block's links are all asked about on every keystroke).
    var targetEnd: Int?
    var pieceStart = range.lowerBound
    doc.text.forEachPiece(of: range) { piece in
      if targetEnd == nil, let hash = piece.firstIndex(of: UInt8(ascii: "#")) { targetEnd = pieceStart + hash }
      pieceStart += piece.count
    }
    let end = targetEnd ?? range.upperBound
    if !range.isEmpty && end == range.lowerBound { return true }
    let target = doc.text.bytes(in: max(range.lowerBound, end - 9)..<end)
    return TextFolding.isCaseless(target.suffix(3), ".md") || TextFolding.isCaseless(target.suffix(9), ".markdown")
  }

  /// Whether `path` names a note by its extension (`.md`, `.markdown`, any case).
  public static func isNotePath(_ path: String) -> Bool {
    // On bytes, in any ASCII case; a path with other characters as Unicode lowercases
    // it (the Kelvin sign is a `k`).
    let utf8 = path.utf8
    if TextFolding.isCaseless(utf8.suffix(3), ".md") || TextFolding.isCaseless(utf8.suffix(9), ".markdown") {
      return true
    }
    guard utf8.contains(where: { $0 >= 0x80 }) else { return false }
    let lower = path.lowercased()
    return lower.hasSuffix(".md") || lower.hasSuffix(".markdown")
  }

  /// `scheme:` at the start: a letter, then letters, digits, `+`, `-`, `.`; at least two
  /// characters, so a Windows drive letter is not a scheme.
  private static func hasScheme(_ target: String) -> Bool {
    guard let colon = target.firstIndex(of: ":") else { return false }
    let scheme = target[..<colon]
    guard scheme.count >= 2, let first = scheme.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic
    else { return false }
    return scheme.unicodeScalars.allSatisfy {
      $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0))
    }
  }

  /// `text` with `%XX` escapes decoded (invalid UTF-8 repaired); other bytes kept.
  package static func percentDecoded(_ text: Substring) -> String {
    // Most targets have nothing to decode.
    guard text.utf8.contains(UInt8(ascii: "%")) else { return String(text) }
    var bytes: [UInt8] = []
    var utf8 = Array(text.utf8)[...]
    while let byte = utf8.popFirst() {
      if byte == UInt8(ascii: "%"), utf8.count >= 2, let high = hexValue(utf8[utf8.startIndex]),
        let low = hexValue(utf8[utf8.startIndex + 1])
      {
        bytes.append(high << 4 | low)
        utf8 = utf8.dropFirst(2)
      } else {
        bytes.append(byte)
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// An absolute path without empty, `.` and `..` components (`..` at the top stays at
  /// `/`), as written: symbolic links are not followed. A path that has none is
  /// returned as it is (a link's target, on every keystroke).
  public static func normalized(_ path: String) -> String {
    if isNormalized(path) { return path }
    var parts: [Substring] = []
    for part in path.split(separator: "/") {
      switch part {
      case ".": continue
      case "..": _ = parts.popLast()
      default: parts.append(part)
      }
    }
    return "/" + parts.joined(separator: "/")
  }

  /// Whether `path` starts with `/` and has no empty, `.` or `..` component (nor a
  /// final `/`, unless it is `/`).
  static func isNormalized(_ path: String) -> Bool {
    var path = path
    return path.withUTF8 { utf8 in
      guard utf8.first == UInt8(ascii: "/") else { return false }
      guard utf8.count > 1 else { return true }
      // The length of the component read so far, and how many of its bytes are dots.
      var length = 0
      var dots = 0
      for byte in utf8[1...] {
        if byte == UInt8(ascii: "/") {
          if length == 0 || (dots == length && length <= 2) { return false }
          length = 0
          dots = 0
        } else {
          length += 1
          if byte == UInt8(ascii: ".") { dots += 1 }
        }
      }
      return length > 0 && !(dots == length && length <= 2)
    }
  }

  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }
}
