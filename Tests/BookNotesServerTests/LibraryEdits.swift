import BookNotesTestSupport
import Foundation
import JSONCore

/// Applies protocol text edits to a text the way an editor does, for tests of workspace
/// edits: positions are lines (`\n`, `\r\n`, `\r`) and columns in `encoding`.
enum LibraryEdits {
  static func apply(_ edits: [JSONValue], to text: String, encoding: String) throws -> String {
    var bytes = Array(text.utf8)
    let resolved = try edits.map { edit -> (Range<Int>, String) in
      let start = try offset(edit["range"]?["start"], in: bytes, encoding: encoding)
      let end = try offset(edit["range"]?["end"], in: bytes, encoding: encoding)
      return (start..<end, edit["newText"]?.stringValue ?? "")
    }
    for (range, newText) in resolved.sorted(by: { $0.0.lowerBound > $1.0.lowerBound }) {
      bytes.replaceSubrange(range, with: Array(newText.utf8))
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  struct BadPosition: Error {}

  /// The byte offset of a protocol position.
  static func offset(_ position: JSONValue?, in bytes: [UInt8], encoding: String) throws -> Int {
    guard let line = position?["line"]?.intValue, let character = position?["character"]?.intValue else {
      throw BadPosition()
    }
    var start = 0
    var current = 0
    while current < line {
      guard start < bytes.count else { throw BadPosition() }
      if bytes[start] == 0x0D {
        start += start + 1 < bytes.count && bytes[start + 1] == 0x0A ? 2 : 1
        current += 1
      } else if bytes[start] == 0x0A {
        start += 1
        current += 1
      } else {
        start += 1
      }
    }
    var end = start
    while end < bytes.count && bytes[end] != 0x0A && bytes[end] != 0x0D { end += 1 }
    let lineText = String(decoding: bytes[start..<end], as: UTF8.self)
    var column = 0
    var offset = start
    for scalar in lineText.unicodeScalars {
      if column >= character { break }
      let width =
        switch encoding {
        case "utf-8": scalar.utf8.count
        case "utf-32": 1
        default: scalar.utf16.count
        }
      column += width
      offset += scalar.utf8.count
    }
    guard column == character else { throw BadPosition() }
    return offset
  }
}
