import JSONCore
import LanguageServerProtocol
import NoteIntelligence
import NoteSyntax
import NoteText

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

  private var output: ByteOutput
  private var walker: PositionWalker
  private var open: [Open] = []
  /// Whether the outermost array holds an entry.
  private var hasRoot = false

  init(note: NoteDocument, encoding: PositionEncoding) {
    self.init(note: note, encoding: encoding, output: ByteOutput(capacity: Self.expectedSize(of: note)))
  }

  private init(note: NoteDocument, encoding: PositionEncoding, output: ByteOutput) {
    walker = note.makeWalker(encoding: encoding)
    self.output = output
    open.reserveCapacity(16)
    self.output.append("[")
  }

  /// Room for an answer of about 40 % of the note (the 1 MiB corpus note's is), so that a
  /// long outline is not copied as it grows.
  private static func expectedSize(of note: NoteDocument) -> Int { max(64 * 1024, note.text.count / 2) }

  /// The JSON array of the outline `walk` hands the writer, written straight into the
  /// array returned when it fits the room made for it: an answer of hundreds of
  /// kilobytes is neither copied out nor written into pages touched for it twice.
  static func outline(
    of note: NoteDocument, encoding: PositionEncoding, walk: (inout DocumentSymbolWriter) -> Void
  ) -> [UInt8] {
    var moved: [UInt8]?
    let written = [UInt8](unsafeUninitializedCapacity: expectedSize(of: note)) { buffer, count in
      var writer = DocumentSymbolWriter(note: note, encoding: encoding, output: ByteOutput(writingInto: buffer))
      walk(&writer)
      writer.output.append(byte: UInt8(ascii: "]"))
      if writer.output.isInPlace {
        count = writer.output.count
      } else {
        moved = writer.output.bytes
        count = 0
      }
    }
    return moved ?? written
  }

  private mutating func position(_ offset: Int) -> Position {
    let location = walker.position(of: offset)
    return Position(line: location.line, character: location.column)
  }

  mutating func enter(
    name: UnsafeBufferPointer<UInt8>, detail: UnsafeBufferPointer<UInt8>?, kind: OutlineSymbolKind, rangeStart: Int,
    selection: ByteRange
  ) {
    // The separator before the entry: a parent's first child opens its `children`.
    var separator: StaticString = ","
    if let parent = open.indices.last {
      if !open[parent].hasChildren {
        separator = ",\"children\":["
        open[parent].hasChildren = true
      }
    } else if !hasRoot {
      separator = ""
    }
    hasRoot = true
    func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
    // A name is blank when it has no character but spaces (nearly every name starts with another).
    let blank = (name.first.map(isSpace) ?? true) && name.allSatisfy(isSpace)
    let symbolKind = BookNotesServer.symbolKind(kind).rawValue
    // Nearly every entry: written at once into room made for all of it, its name and
    // detail checked for bytes JSON escapes as they are copied; one that holds such a
    // byte is written again below.
    var written = false
    if !blank {
      let target = output.room(64 + name.count + (detail?.count ?? 0))
      var cursor = target
      Self.copy(separator, to: &cursor)
      Self.copy("{\"name\":\"", to: &cursor)
      var plain = Self.copyPlain(name, to: &cursor)
      if plain, let detail {
        Self.copy("\",\"detail\":\"", to: &cursor)
        plain = Self.copyPlain(detail, to: &cursor)
      }
      if plain {
        Self.copy("\",\"kind\":", to: &cursor)
        Self.write(symbolKind, to: &cursor)
        output.advance(by: cursor - target)
        written = true
      }
    }
    if !written {
      output.append(separator)
      output.append("{\"name\":")
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
      output.append(number: symbolKind)
    }
    // A cloze's selection is its range, and a heading's or a quote's starts on its first
    // line: an offset reached again is converted once.
    let start = position(rangeStart)
    let selectionStart = selection.lowerBound == rangeStart ? start : position(selection.lowerBound)
    let selectionEnd = selection.upperBound == selection.lowerBound ? selectionStart : position(selection.upperBound)
    open.append(
      Open(
        rangeStart: rangeStart, start: start, selection: selection, selectionStart: selectionStart,
        selectionEnd: selectionEnd))
  }

  mutating func leave(rangeEnd: Int) {
    let entry = open.removeLast()
    let end = rangeEnd == entry.selection.upperBound ? entry.selectionEnd : position(rangeEnd)
    // The protocol requires the selection inside the range.
    let inside = entry.selection.lowerBound >= entry.rangeStart && entry.selection.upperBound <= rangeEnd
    let selection = inside ? (entry.selectionStart, entry.selectionEnd) : (entry.start, entry.start)
    let target = output.room(32 + 2 * Self.longestRange)
    var cursor = target
    if entry.hasChildren { Self.copy("]", to: &cursor) }
    Self.copy(",\"range\":", to: &cursor)
    Self.write(entry.start, end, to: &cursor)
    Self.copy(",\"selectionRange\":", to: &cursor)
    Self.write(selection.0, selection.1, to: &cursor)
    Self.copy("}", to: &cursor)
    output.advance(by: cursor - target)
  }

  /// Copies `bytes` as ``copy(_:to:)-(UnsafeBufferPointer<UInt8>,_)`` does; whether none
  /// of them is one JSON escapes (a control character, `"` or `\`).
  @inline(__always)
  private static func copyPlain(_ bytes: UnsafeBufferPointer<UInt8>, to cursor: inout UnsafeMutablePointer<UInt8>)
    -> Bool
  {
    guard let source = bytes.baseAddress else { return true }
    let length = bytes.count
    guard length >= 8 else {
      var plain = true
      for index in 0..<length {
        let byte = source[index]
        if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { plain = false }
        cursor[index] = byte
      }
      cursor += length
      return plain
    }
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    // Non-zero when a byte is below 0x20, `"` or `\` (as ``JSONWriter/needsEscaping(_:)`` reads a word).
    func flags(_ word: UInt64) -> UInt64 {
      let quote = word ^ (ones &* 0x22)
      let backslash = word ^ (ones &* 0x5C)
      return ((word &- ones &* 0x20) & ~word | (quote &- ones) & ~quote | (backslash &- ones) & ~backslash) & highs
    }
    let raw = UnsafeRawPointer(source)
    let target = UnsafeMutableRawPointer(cursor)
    var found: UInt64 = 0
    var offset = 0
    while offset + 8 <= length {
      let word = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
      found |= flags(word)
      target.storeBytes(of: word, toByteOffset: offset, as: UInt64.self)
      offset += 8
    }
    if offset < length {
      let word = raw.loadUnaligned(fromByteOffset: length - 8, as: UInt64.self)
      found |= flags(word)
      target.storeBytes(of: word, toByteOffset: length - 8, as: UInt64.self)
    }
    cursor += length
    return found == 0
  }

  /// A `Range` object.
  @inline(__always)
  private static func write(_ start: Position, _ end: Position, to cursor: inout UnsafeMutablePointer<UInt8>) {
    copy("{\"start\":{\"line\":", to: &cursor)
    write(start.line, to: &cursor)
    copy(",\"character\":", to: &cursor)
    write(start.character, to: &cursor)
    copy("},\"end\":{\"line\":", to: &cursor)
    write(end.line, to: &cursor)
    copy(",\"character\":", to: &cursor)
    write(end.character, to: &cursor)
    copy("}}", to: &cursor)
  }

  /// The most bytes a `Range` object takes: its members' names and four numbers of at
  /// most 20 digits.
  private static let longestRange = 64 + 4 * 20

  @inline(__always)
  private static func copy(_ text: StaticString, to cursor: inout UnsafeMutablePointer<UInt8>) {
    copy(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount), to: &cursor)
  }

  /// Copies `bytes`, eight at a time (the last eight overlapping those before) rather
  /// than through a call to copy memory: the pieces here are short.
  @inline(__always)
  private static func copy(_ bytes: UnsafeBufferPointer<UInt8>, to cursor: inout UnsafeMutablePointer<UInt8>) {
    guard let source = bytes.baseAddress else { return }
    let length = bytes.count
    if length >= 8 {
      let raw = UnsafeRawPointer(source)
      let target = UnsafeMutableRawPointer(cursor)
      var offset = 0
      while offset + 8 <= length {
        target.storeBytes(
          of: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self), toByteOffset: offset, as: UInt64.self)
        offset += 8
      }
      if offset < length {
        target.storeBytes(
          of: raw.loadUnaligned(fromByteOffset: length - 8, as: UInt64.self), toByteOffset: length - 8, as: UInt64.self)
      }
    } else {
      for index in 0..<length { cursor[index] = source[index] }
    }
    cursor += length
  }

  /// A non-negative number in decimal (a negative one as 0).
  @inline(__always)
  private static func write(_ number: Int, to cursor: inout UnsafeMutablePointer<UInt8>) {
    ByteOutput.write(number, to: &cursor)
  }

  /// UTF-8 `text` as a JSON string: copied at once when nothing in it needs escaping
  /// (nearly always), else written by ``JSONWriter``.
  private mutating func appendQuoted(_ text: UnsafeBufferPointer<UInt8>) {
    guard JSONWriter.needsEscaping(text) else {
      let target = output.room(text.count + 2)
      target.pointee = UInt8(ascii: "\"")
      if let source = text.baseAddress { (target + 1).update(from: source, count: text.count) }
      target[text.count + 1] = UInt8(ascii: "\"")
      return output.advance(by: text.count + 2)
    }
    var writer = JSONWriter(capacity: text.count + 16)
    writer.write(String(decoding: text, as: UTF8.self))
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
