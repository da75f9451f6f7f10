import BookNotesTestSupport
import Foundation
import GoogleBooksStandIn
import JSONCore
import LanguageServerProtocol

@testable import BookNotesServer

/// The soak client's random edits: positions inside and past the text, CRLF and emoji splits.
extension SoakClient {
  /// A random position: mostly inside the text, sometimes past a line's end or past
  /// the last line.
  func randomPosition(_ text: SoakText) -> (Int, Int) {
    let lines = text.lines.count
    if Int.random(in: 0..<20, using: &rng) == 0 {
      return (lines + Int.random(in: 0..<3, using: &rng), Int.random(in: 0..<50, using: &rng))
    }
    let line = Int.random(in: 0..<lines, using: &rng)
    let columns = text.columns(ofLine: line)
    let past = Int.random(in: 0..<10, using: &rng) == 0 ? Int.random(in: 1...30, using: &rng) : 0
    return (line, Int.random(in: 0...columns, using: &rng) + past)
  }

  /// A position inside a character of two UTF-16 units or more bytes of UTF-8 (in
  /// UTF-32 there is none: the emoji's own column).
  func splitPosition(_ text: SoakText) -> (Int, Int)? {
    let starts = text.bytes.indices.filter { text.bytes[$0] >= 0xF0 }
    guard let start = starts.randomElement(using: &rng) else { return nil }
    let (line, column) = text.position(of: start)
    return (line, column + (text.encoding == .utf32 ? 0 : 1))
  }

  /// One random change of `text`, applied to it; returns the change to send.
  func randomChange(_ text: inout SoakText) -> JSONValue {
    var range: (Int, Int, Int, Int)?
    var inserted = ""
    func near(_ start: (Int, Int), _ span: Int) -> (Int, Int, Int, Int) {
      let lineSpan = Int.random(in: 0..<8, using: &rng) == 0 ? Int.random(in: 1...3, using: &rng) : 0
      return (start.0, start.1, start.0 + lineSpan, start.1 + Int.random(in: 0...span, using: &rng))
    }
    switch Int.random(in: 0..<100, using: &rng) {
    case 0..<40:
      let at = randomPosition(text)
      range = (at.0, at.1, at.0, at.1)
      inserted = String(SoakWords.typed.randomElement(using: &rng)!)
    case 40..<55:
      range = near(randomPosition(text), 12)
    case 55..<65:
      range = near(randomPosition(text), 20)
      inserted = SoakWords.phrase(&rng)
    case 65..<72:
      let at = randomPosition(text)
      range = (at.0, at.1, at.0, at.1)
      inserted = SoakWords.phrase(&rng, count: 12)
    case 72..<77:
      // Past the end.
      let last = text.lines.count
      range = (last + Int.random(in: -1...2, using: &rng), 1000, last + 5, Int.random(in: 0...2000, using: &rng))
      inserted = Bool.random(using: &rng) ? SoakWords.phrase(&rng) : ""
    case 77..<82:
      let at = randomPosition(text)
      range = (at.0, at.1, at.0, at.1)
    case 82..<90:
      // Line breaks at line ends and starts: a \n after a lone \r joins them, a \r
      // before a \n too, and text typed between splits them again.
      let line = Int.random(in: 0..<text.lines.count, using: &rng)
      let column = Bool.random(using: &rng) ? 0 : text.columns(ofLine: line)
      range = (line, column, line, column)
      inserted = ["\n", "\r", "\r\n", "\nx", "x\r", "\r\n\r\n"].randomElement(using: &rng)!
      if Bool.random(using: &rng) && line > 0 {
        // Join a line with the one before it (deleting its line break, whatever it is).
        range = (line - 1, text.columns(ofLine: line - 1), line, 0)
        inserted = Bool.random(using: &rng) ? "" : "\r"
      }
    case 90..<96:
      guard let at = splitPosition(text) else { return randomChange(&text) }
      let end = Bool.random(using: &rng) ? at : (at.0, at.1 + Int.random(in: 0...3, using: &rng))
      range = (at.0, at.1, end.0, end.1)
      inserted = ["", "!", "😀", "é", "\r\n"].randomElement(using: &rng)!
    case 96..<98:
      if text.bytes.count > 256 * 1024 {
        // Cut most of a large note.
        range = (0, 0, max(1, text.lines.count - 20), 0)
      } else {
        let at = randomPosition(text)
        range = (at.0, at.1, at.0, at.1)
        inserted = String(repeating: SoakWords.note(&rng, lines: 40), count: Int.random(in: 5...40, using: &rng))
      }
    default:
      inserted = SoakWords.note(&rng, lines: Int.random(in: 1...40, using: &rng), crlf: Bool.random(using: &rng))
    }
    text.apply(range, inserted)
    var change: [String: JSONValue] = ["text": .string(inserted)]
    if let range { change["range"] = .range(range) }
    return .object(change)
  }

  /// Sends one didChange of one to four changes to a random open note.
  func edit() {
    guard let uri = open.keys.sorted().randomElement(using: &rng), var note = open[uri] else { return }
    var changes: [JSONValue] = []
    for _ in 0..<(Int.random(in: 0..<10, using: &rng) == 0 ? Int.random(in: 2...4, using: &rng) : 1) {
      changes.append(randomChange(&note.text))
      report.edits += 1
    }
    note.version += 1
    open[uri] = note
    server.change(uri, version: note.version, changes)
  }
}
