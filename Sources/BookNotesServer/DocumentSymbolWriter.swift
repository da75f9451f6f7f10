import JSONCore
import LanguageServerProtocol
import NoteIntelligence
import NoteSyntax

/// Writes an outline walk as the JSON array of `DocumentSymbol`s, straight into a
/// ``JSONWriter``: no tree of symbols is built, and positions are converted by one
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

  private var writer = JSONWriter(capacity: 64 * 1024)
  private var walker: PositionWalker
  private var open: [Open] = []
  /// Whether the outermost array holds an entry.
  private var hasRoot = false

  init(note: NoteDocument, encoding: PositionEncoding) {
    walker = note.makeWalker(encoding: encoding)
    writer.appendASCII("[")
  }

  private mutating func position(_ offset: Int) -> Position {
    let location = walker.position(of: offset)
    return Position(line: location.line, character: location.column)
  }

  mutating func enter(name: String, detail: String?, kind: OutlineSymbolKind, rangeStart: Int, selection: ByteRange) {
    if let parent = open.indices.last {
      if open[parent].hasChildren {
        writer.appendASCII(",")
      } else {
        writer.appendASCII(",\"children\":[")
        open[parent].hasChildren = true
      }
    } else if hasRoot {
      writer.appendASCII(",")
    }
    hasRoot = true
    writer.appendASCII("{\"name\":")
    func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
    // A name is blank when it has no character but spaces (nearly every name starts with another).
    let blank = name.utf8.first.map(isSpace) ?? true && name.utf8.allSatisfy(isSpace)
    writer.write(blank ? "(\(kind.rawValue))" : name)
    if let detail {
      writer.appendASCII(",\"detail\":")
      writer.write(detail)
    }
    writer.appendASCII(",\"kind\":")
    writer.appendNumber(BookNotesServer.symbolKind(kind).rawValue)
    let start = position(rangeStart)
    open.append(
      Open(
        rangeStart: rangeStart, start: start, selection: selection, selectionStart: position(selection.lowerBound),
        selectionEnd: position(selection.upperBound)))
  }

  mutating func leave(rangeEnd: Int) {
    let entry = open.removeLast()
    if entry.hasChildren { writer.appendASCII("]") }
    let end = position(rangeEnd)
    // The protocol requires the selection inside the range.
    let inside = entry.selection.lowerBound >= entry.rangeStart && entry.selection.upperBound <= rangeEnd
    let selection = inside ? (entry.selectionStart, entry.selectionEnd) : (entry.start, entry.start)
    // `range` and `selectionRange` composed in a buffer and appended at once: a score of
    // small appends cost more than the digits.
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 384) { buffer in
      var out = ByteCursor(base: buffer.baseAddress!)
      out.put(",\"range\":")
      out.put(entry.start, end)
      out.put(",\"selectionRange\":")
      out.put(selection.0, selection.1)
      out.put("}")
      writer.appendRaw(UnsafeBufferPointer(start: buffer.baseAddress!, count: out.count))
    }
  }

  /// The JSON array written so far, closed.
  consuming func finish() -> [UInt8] {
    writer.appendASCII("]")
    return writer.bytes
  }
}

/// Writes ASCII JSON text into a buffer large enough for it.
private struct ByteCursor {
  let base: UnsafeMutablePointer<UInt8>
  /// The bytes written.
  var count = 0

  init(base: UnsafeMutablePointer<UInt8>) { self.base = base }

  mutating func put(_ text: StaticString) {
    (base + count).update(from: text.utf8Start, count: text.utf8CodeUnitCount)
    count += text.utf8CodeUnitCount
  }

  /// A non-negative number (negative ones as 0).
  mutating func put(_ number: Int) {
    var rest = UInt(max(number, 0))
    var digits = 1
    var probe = rest / 10
    while probe > 0 {
      digits += 1
      probe /= 10
    }
    count += digits
    var index = count
    repeat {
      index -= 1
      base[index] = UInt8(truncatingIfNeeded: rest % 10) &+ 48
      rest /= 10
    } while rest > 0
  }

  /// A `Range` object.
  mutating func put(_ start: Position, _ end: Position) {
    put("{\"start\":{\"line\":")
    put(start.line)
    put(",\"character\":")
    put(start.character)
    put("},\"end\":{\"line\":")
    put(end.line)
    put(",\"character\":")
    put(end.character)
    put("}}")
  }
}
