public import JSONCore
public import LanguageServerProtocol

/// Decodes LSP semantic-token integers back to readable lines, for golden files.
public enum SemanticTokenDump {
  /// One token a line: `line:col len type[mods] "text"`, positions and lengths in the
  /// encoding the integers use; `text` is the token's text cut from `document`.
  public static func decode(
    _ data: [Int], legend: (types: [String], modifiers: [String]), document: String,
    encoding: PositionEncodingKind = .utf16
  ) -> String {
    let lines = splitLines(document)
    var line = 0
    var column = 0
    var out: [String] = []
    var index = 0
    while index + 4 < data.count {
      let (deltaLine, deltaStart, length, type, mods) =
        (data[index], data[index + 1], data[index + 2], data[index + 3], data[index + 4])
      index += 5
      line += deltaLine
      column = deltaLine == 0 ? column + deltaStart : deltaStart
      let typeName = type < legend.types.count ? legend.types[type] : "?\(type)"
      let modifierNames = legend.modifiers.indices.filter { mods & (1 << $0) != 0 }.map { legend.modifiers[$0] }
      let text = line < lines.count ? slice(lines[line], from: column, length: length, encoding: encoding) : "?"
      let label = typeName + (modifierNames.isEmpty ? "" : "[\(modifierNames.joined(separator: ","))]")
      out.append("\(line):\(column) \(length) \(label) \(text.debugDescription)")
    }
    return out.joined(separator: "\n") + (out.isEmpty ? "" : "\n")
  }

  /// `data` with a delta's edits applied (in order, as the protocol says).
  public static func apply(_ edits: [JSONValue], to data: [Int]) -> [Int] {
    var result = data
    // Edits refer to the original array; apply from the last so earlier indices hold.
    let sorted = edits.sorted { ($0["start"]?.intValue ?? 0) > ($1["start"]?.intValue ?? 0) }
    for edit in sorted {
      let start = edit["start"]?.intValue ?? 0
      let deleteCount = edit["deleteCount"]?.intValue ?? 0
      let inserted = edit["data"]?.arrayValue?.compactMap { $0.intValue } ?? []
      result.replaceSubrange(start..<(start + deleteCount), with: inserted)
    }
    return result
  }

  /// The integers of a `data` array value. A closure, not a key path: a key path is
  /// applied through the runtime for each integer, and an answer has tens of thousands.
  public static func integers(_ value: JSONValue?) -> [Int] {
    value?.arrayValue?.compactMap { $0.intValue } ?? []
  }

  /// Lines without their line breaks (`\n`, `\r\n` or `\r`).
  static func splitLines(_ text: String) -> [[Unicode.Scalar]] {
    var lines: [[Unicode.Scalar]] = [[]]
    var previousCR = false
    for scalar in text.unicodeScalars {
      if scalar == "\n" {
        if !previousCR { lines.append([]) }
        previousCR = false
      } else if scalar == "\r" {
        lines.append([])
        previousCR = true
      } else {
        lines[lines.count - 1].append(scalar)
        previousCR = false
      }
    }
    return lines
  }

  /// The text `length` units long at `column` of a line, units per `encoding`.
  static func slice(_ line: [Unicode.Scalar], from column: Int, length: Int, encoding: PositionEncodingKind) -> String {
    func width(_ scalar: Unicode.Scalar) -> Int {
      switch encoding {
      case .utf8: UTF8.width(scalar)
      case .utf32: 1
      default: UTF16.width(scalar)
      }
    }
    var units = 0
    var result = String.UnicodeScalarView()
    for scalar in line {
      if units >= column && units < column + length { result.append(scalar) }
      units += width(scalar)
    }
    return String(result)
  }
}
