import JSONCore
import LanguageServerProtocol
import NoteIntelligence
import NoteSyntax

/// Writes an outline walk as the JSON array of `DocumentSymbol`s, straight into a
/// ``JSONWriter``: no tree of symbols is built, and positions are converted by one
/// walker, in the (nearly always increasing) order the walk reaches them.
///
/// An entry's `children` are written before its `range`, whose end is known only when
/// the entry is left (a heading's section ends where the next heading starts).
struct DocumentSymbolWriter: OutlineVisitor {
  private struct Open {
    var rangeStart: Int
    var start: Position
    var selection: ByteRange
    var selectionStart: Position
    var selectionEnd: Position
    var hasChildren = false
  }

  private var writer = JSONWriter(capacity: 64 * 1024)
  private var walker: PositionWalker
  private var open: [Open] = []

  init(note: NoteDocument, encoding: PositionEncoding) {
    walker = note.makeWalker(encoding: encoding)
    writer.beginArray()
  }

  private mutating func position(_ offset: Int) -> Position {
    let location = walker.position(of: offset)
    return Position(line: location.line, character: location.column)
  }

  mutating func enter(name: String, detail: String?, kind: OutlineSymbolKind, rangeStart: Int, selection: ByteRange) {
    if let parent = open.indices.last, !open[parent].hasChildren {
      writer.key("children")
      writer.beginArray()
      open[parent].hasChildren = true
    }
    writer.beginObject()
    writer.key("name")
    let blank = name.utf8.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
    writer.write(blank ? "(\(kind.rawValue))" : name)
    if let detail {
      writer.key("detail")
      writer.write(detail)
    }
    writer.key("kind")
    writer.write(BookNotesServer.symbolKind(kind).rawValue)
    let start = position(rangeStart)
    open.append(
      Open(
        rangeStart: rangeStart, start: start, selection: selection, selectionStart: position(selection.lowerBound),
        selectionEnd: position(selection.upperBound)))
  }

  mutating func leave(rangeEnd: Int) {
    let entry = open.removeLast()
    if entry.hasChildren { writer.endArray() }
    let range = LSPRange(start: entry.start, end: position(rangeEnd))
    writer.key("range")
    range.writeJSON(to: &writer)
    // The protocol requires the selection inside the range.
    let inside = entry.selection.lowerBound >= entry.rangeStart && entry.selection.upperBound <= rangeEnd
    writer.key("selectionRange")
    (inside
      ? LSPRange(start: entry.selectionStart, end: entry.selectionEnd)
      : LSPRange(start: entry.start, end: entry.start)).writeJSON(to: &writer)
    writer.endObject()
  }

  /// The JSON array written so far, closed.
  consuming func finish() -> [UInt8] {
    writer.endArray()
    return writer.bytes
  }
}
