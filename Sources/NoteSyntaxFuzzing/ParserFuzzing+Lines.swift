import NoteSyntax
import NoteText

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension ParserFuzzing {
  /// The line index against the line breaks of the text: the number of lines, and the
  /// range and the ASCII mark of each line that touches `near` and of the lines either
  /// side of those, and the columns of its end in every encoding, unless it is longer
  /// than ``longLine`` (of every line, and every line's columns, when `near` is `nil`).
  /// `contents` is where the text's lines are found, kept from edit to edit.
  static func lineProblem(
    _ document: NoteDocument, _ text: [UInt8], near: Range<Int>?, _ contents: inout [Range<Int>]
  ) -> String? {
    referenceLines(text, into: &contents)
    let lines = document.lines
    guard lines.lineCount == contents.count else { return "\(lines.lineCount) lines instead of \(contents.count)" }
    guard lines.byteCount == text.count else {
      return "the line index counts \(lines.byteCount) of \(text.count) bytes"
    }
    var checked = contents.indices
    if let near {
      // Each line's range here includes its line break.
      let first = firstIndex(in: contents) { $0.upperBound + 2 >= near.lowerBound } ?? contents.count - 1
      let last = (firstIndex(in: contents) { $0.lowerBound > near.upperBound } ?? contents.count) - 1
      checked = max(0, first - 1)..<min(contents.count, max(first, last) + 2)
    }
    for number in checked {
      let content = contents[number]
      guard lines.contentRange(ofLine: number) == content else {
        return "line \(number) is \(lines.contentRange(ofLine: number)) instead of \(content)"
      }
      let ascii = isASCII(text, content)
      guard lines.isASCII(line: number) == ascii else { return "line \(number) is wrongly marked ASCII or not" }
      guard lines.lineContaining(content.lowerBound) == number, lines.lineContaining(content.upperBound) == number
      else { return "the line containing the ends of line \(number) is wrong" }
      if near != nil && content.count > longLine { continue }
      // The line's end is its width in each encoding: an ASCII line's bytes in all three.
      func endProblem(_ encoding: PositionEncoding, _ width: Int) -> String? {
        guard document.lineColumn(of: content.upperBound, in: encoding) == LineColumn(line: number, column: width)
        else {
          return
            "the end of line \(number) is \(document.lineColumn(of: content.upperBound, in: encoding)) in \(encoding)"
        }
        guard document.offset(of: LineColumn(line: number, column: width), in: encoding) == content.upperBound,
          document.offset(of: LineColumn(line: number, column: width + 1), in: encoding) == content.upperBound
        else { return "column \(width) of line \(number) is not the line's end in \(encoding)" }
        return nil
      }
      if let problem = endProblem(.utf8, content.count) { return problem }
      if !ascii {
        let (utf16, scalars) = unitCounts(text, content)
        if let problem = endProblem(.utf16, utf16) ?? endProblem(.utf32, scalars) { return problem }
      }
    }
    return nil
  }

  /// The UTF-16 code units and the scalars of the well-formed UTF-8 `text[range]`: a scalar
  /// per byte that is not a continuation byte, and two code units for a scalar of four
  /// bytes (its lead byte is `0xF0` or more).
  static func unitCounts(_ text: [UInt8], _ range: Range<Int>) -> (utf16: Int, scalars: Int) {
    var scalars = 0
    var fourByteScalars = 0
    for byte in text[range] {
      if byte & 0xC0 != 0x80 { scalars += 1 }
      if byte >= 0xF0 { fourByteScalars += 1 }
    }
    return (scalars + fourByteScalars, scalars)
  }

  /// The content ranges of the lines of `text`, split at `\r\n`, `\n` and `\r`.
  static func referenceLines(_ text: [UInt8]) -> [Range<Int>] {
    var contents: [Range<Int>] = []
    referenceLines(text, into: &contents)
    return contents
  }

  /// The content ranges of the lines of `text` into `contents` (emptied first, its
  /// storage kept): found with `memchr`, whose loop over the bytes is not instrumented.
  static func referenceLines(_ text: [UInt8], into contents: inout [Range<Int>]) {
    contents.removeAll(keepingCapacity: true)
    text.withUnsafeBufferPointer { buffer in
      guard let base = buffer.baseAddress else {
        contents.append(0..<0)
        return
      }
      let count = buffer.count
      // The offset of the next `byte` at or after `offset`, or `count`.
      func next(_ byte: UInt8, from offset: Int) -> Int {
        guard offset < count, let found = memchr(base + offset, Int32(byte), count - offset) else { return count }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
      }
      var start = 0
      var lineFeed = next(0x0A, from: 0)
      var carriageReturn = next(0x0D, from: 0)
      while start < count {
        if lineFeed < start { lineFeed = next(0x0A, from: start) }
        if carriageReturn < start { carriageReturn = next(0x0D, from: start) }
        let end = min(lineFeed, carriageReturn)
        guard end < count else { break }
        contents.append(start..<end)
        start = end + (end == carriageReturn && end + 1 < count && end + 1 == lineFeed ? 2 : 1)
      }
      contents.append(start..<count)
    }
  }

  /// The first index of the sorted `ranges` whose range satisfies `isAtOrPast` (which
  /// holds from some index on), by halving.
  static func firstIndex(in ranges: [Range<Int>], where isAtOrPast: (Range<Int>) -> Bool) -> Int? {
    var low = 0
    var high = ranges.count
    while low < high {
      let middle = (low + high) / 2
      if isAtOrPast(ranges[middle]) { high = middle } else { low = middle + 1 }
    }
    return low < ranges.count ? low : nil
  }

  /// Whether `text[range]` is ASCII, read eight bytes at a time.
  static func isASCII(_ text: [UInt8], _ range: Range<Int>) -> Bool {
    text.withUnsafeBytes { bytes in
      var offset = range.lowerBound
      var high: UInt64 = 0
      while offset + 8 <= range.upperBound {
        high |= bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
        offset += 8
      }
      while offset < range.upperBound {
        high |= UInt64(bytes[offset])
        offset += 1
      }
      return high & 0x8080_8080_8080_8080 == 0
    }
  }

  /// Whether `storage` holds exactly `text`, compared piece by piece with `memcmp`
  /// (without copying the storage).
  static func sameText(_ storage: TextStorage, _ text: [UInt8]) -> Bool {
    guard storage.count == text.count else { return false }
    var same = true
    var offset = 0
    text.withUnsafeBytes { expected in
      storage.forEachPiece(of: 0..<text.count) { piece in
        if same, let start = piece.baseAddress, memcmp(start, expected.baseAddress! + offset, piece.count) != 0 {
          same = false
        }
        offset += piece.count
      }
    }
    return same
  }

  /// The line index kept up to date by edits against the one of a fresh parse: every
  /// line's record (its lengths in the three encodings and its line break's), in one
  /// pass over both.
  static func sameLines(_ incremental: LineIndex, _ fresh: LineIndex) -> String? {
    guard incremental.lineCount == fresh.lineCount else { return "the line counts differ from a fresh parse" }
    var number = 0
    var freshChunk = 0
    var freshLines = fresh.chunks[0].lines
    var freshIndex = 0
    for chunk in incremental.chunks {
      for line in chunk.lines {
        while freshIndex == freshLines.count {
          freshChunk += 1
          freshLines = fresh.chunks[freshChunk].lines
          freshIndex = 0
        }
        guard line == freshLines[freshIndex] else { return "line \(number) differs from a fresh parse" }
        freshIndex += 1
        number += 1
      }
    }
    return nil
  }
}
