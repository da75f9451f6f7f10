import JSONCore
import LanguageServerProtocol
import NoteIntelligence
import NoteSyntax

/// Writes an outline walk as the JSON array of `DocumentSymbol`s, straight into a
/// ``ByteOutput``: no tree of symbols is built, and positions are converted by one
/// walker, in the (nearly always increasing) order the walk reaches them.
///
/// An entry's `children` are written before its `range`, whose end is known only when
/// the entry is left (a heading's section ends where the next heading starts). The
/// members' names and separators are written as they are (a `DocumentSymbol` has one
/// shape), not through the writer's bookkeeping of open containers.
struct DocumentSymbolWriter: OutlineVisitor {
  private struct Open {
    var rangeStart: Int
    var start: Position
    var selection: ByteRange
    var selectionStart: Position
    var selectionEnd: Position
    var hasChildren = false
  }

  private var output = ByteOutput(capacity: 64 * 1024)
  private var walker: PositionWalker
  private var open: [Open] = []
  /// Whether the outermost array holds an entry.
  private var hasRoot = false

  init(note: NoteDocument, encoding: PositionEncoding) {
    walker = note.makeWalker(encoding: encoding)
    open.reserveCapacity(16)
    output.append("[")
  }

  private mutating func position(_ offset: Int) -> Position {
    let location = walker.position(of: offset)
    return Position(line: location.line, character: location.column)
  }

  mutating func enter(name: String, detail: String?, kind: OutlineSymbolKind, rangeStart: Int, selection: ByteRange) {
    if let parent = open.indices.last {
      if open[parent].hasChildren {
        output.append(byte: UInt8(ascii: ","))
      } else {
        output.append(",\"children\":[")
        open[parent].hasChildren = true
      }
    } else if hasRoot {
      output.append(byte: UInt8(ascii: ","))
    }
    hasRoot = true
    output.append("{\"name\":")
    func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
    // A name is blank when it has no character but spaces (nearly every name starts with another).
    let blank = (name.utf8.first.map(isSpace) ?? true) && name.utf8.allSatisfy(isSpace)
    if blank {
      output.append(byte: UInt8(ascii: "\""))
      output.append(byte: UInt8(ascii: "("))
      appendUnescaped(kind.rawValue)
      output.append(")\"")
    } else {
      appendQuoted(name)
    }
    if let detail {
      output.append(",\"detail\":")
      appendQuoted(detail)
    }
    output.append(",\"kind\":")
    output.append(number: BookNotesServer.symbolKind(kind).rawValue)
    let start = position(rangeStart)
    open.append(
      Open(
        rangeStart: rangeStart, start: start, selection: selection, selectionStart: position(selection.lowerBound),
        selectionEnd: position(selection.upperBound)))
  }

  mutating func leave(rangeEnd: Int) {
    let entry = open.removeLast()
    if entry.hasChildren { output.append(byte: UInt8(ascii: "]")) }
    let end = position(rangeEnd)
    // The protocol requires the selection inside the range.
    let inside = entry.selection.lowerBound >= entry.rangeStart && entry.selection.upperBound <= rangeEnd
    let selection = inside ? (entry.selectionStart, entry.selectionEnd) : (entry.start, entry.start)
    output.append(",\"range\":")
    append(entry.start, end)
    output.append(",\"selectionRange\":")
    append(selection.0, selection.1)
    output.append(byte: UInt8(ascii: "}"))
  }

  /// A `Range` object.
  private mutating func append(_ start: Position, _ end: Position) {
    output.append("{\"start\":{\"line\":")
    output.append(number: start.line)
    output.append(",\"character\":")
    output.append(number: start.character)
    output.append("},\"end\":{\"line\":")
    output.append(number: end.line)
    output.append(",\"character\":")
    output.append(number: end.character)
    output.append("}}")
  }

  /// `text` as a JSON string: copied at once when nothing in it needs escaping (nearly
  /// always), else written by ``JSONWriter``.
  private mutating func appendQuoted(_ text: String) {
    var text = text
    let copied = text.withUTF8 { utf8 in
      guard !JSONWriter.needsEscaping(utf8) else { return false }
      output.append(byte: UInt8(ascii: "\""))
      output.append(utf8)
      output.append(byte: UInt8(ascii: "\""))
      return true
    }
    guard !copied else { return }
    var writer = JSONWriter(capacity: text.utf8.count + 16)
    writer.write(text)
    writer.bytes.withUnsafeBufferPointer { output.append($0) }
  }

  /// ASCII `text` that needs no escaping, as it is.
  private mutating func appendUnescaped(_ text: String) {
    var text = text
    text.withUTF8 { output.append($0) }
  }

  /// The JSON array written so far, closed.
  consuming func finish() -> [UInt8] {
    output.append(byte: UInt8(ascii: "]"))
    return output.bytes
  }
}
