/// Where the lines of a note start, with each line's length in UTF-8, UTF-16 and UTF-32.
///
/// Lines are kept in chunks with prefix sums, so finding a line is two binary searches
/// and an edit rewrites the records of the lines it touched plus one small index: text
/// after the edit is never visited. Line breaks are `\n`, `\r\n` and `\r`.
public struct LineIndex: Sendable {
  /// One line, its line break included.
  struct Line: Sendable, Equatable {
    var utf8: Int32
    var utf16: Int32
    var scalars: Int32
    /// Bytes of the line break (0, 1 or 2).
    var breakLength: Int8

    init(utf8: Int32, utf16: Int32, scalars: Int32, breakLength: Int8) {
      self.utf8 = utf8
      self.utf16 = utf16
      self.scalars = scalars
      self.breakLength = breakLength
    }

    /// An ASCII line of `length` bytes, its line break included.
    init(ascii length: Int, breakLength: Int) {
      let length = Int32(length)
      self.init(utf8: length, utf16: length, scalars: length, breakLength: Int8(breakLength))
    }

    /// The line whose content is `content` in `bytes`, followed by a line break of `breakLength` bytes.
    init(_ bytes: UnsafeBufferPointer<UInt8>, _ content: Range<Int>, breakLength: Int) {
      var utf16 = 0
      var scalars = 0
      var i = content.lowerBound
      // Sixteen bytes a step: a scalar per byte that is not a continuation byte
      // (0x80...0xBF), and a second UTF-16 unit per four-byte lead (0xF0...).
      while i + 16 <= content.upperBound {
        let v = ByteScan.loadVector(bytes, i)
        let continuation = unsafeBitCast(v .< ByteScan.Vector(repeating: -64), to: SIMD2<UInt64>.self)
        let fourByteLead = unsafeBitCast(
          (v .>= ByteScan.Vector(repeating: -16)) .& (v .< ByteScan.Vector(repeating: 0)), to: SIMD2<UInt64>.self)
        let lanes = 16 - (continuation[0].nonzeroBitCount + continuation[1].nonzeroBitCount) / 8
        scalars += lanes
        utf16 += lanes + (fourByteLead[0].nonzeroBitCount + fourByteLead[1].nonzeroBitCount) / 8
        i += 16
      }
      for i in i..<content.upperBound {
        let b = bytes[i]
        if b < 0x80 {
          utf16 += 1
          scalars += 1
        } else if b >= 0xC0 {
          scalars += 1
          utf16 += b >= 0xF0 ? 2 : 1
        }
      }
      self.init(
        utf8: Int32(content.count + breakLength), utf16: Int32(utf16 + breakLength),
        scalars: Int32(scalars + breakLength), breakLength: Int8(breakLength))
    }
  }

  final class Chunk: Sendable {
    let lines: [Line]
    /// `starts[i]` is the byte offset of line `i` from the chunk's start; one extra entry at the end.
    let starts: [Int32]
    var byteCount: Int { Int(starts[starts.count - 1]) }

    init(_ lines: [Line]) {
      self.lines = lines
      var starts = [Int32](repeating: 0, count: lines.count + 1)
      var offset: Int32 = 0
      for (i, line) in lines.enumerated() {
        starts[i] = offset
        offset += line.utf8
      }
      starts[lines.count] = offset
      self.starts = starts
    }
  }

  static let chunkSize = 512

  private(set) var chunks: [Chunk]
  /// Byte offset of each chunk; one extra entry holding the text's length.
  private(set) var byteStarts: [Int]
  /// Line number of each chunk's first line; one extra entry holding the line count.
  private(set) var lineStarts: [Int]

  /// The index of lines already cut into chunks (none empty, none over twice the size).
  init(chunks lines: [[Line]]) {
    chunks = lines.map(Chunk.init)
    byteStarts = [0]
    lineStarts = [0]
    rebuildPrefixes(from: 0)
  }

  /// Builds the index of `bytes`.
  public init(bytes: UnsafeBufferPointer<UInt8>) {
    self.init(chunks: Self.chunkedLines(bytes))
  }

  private mutating func rebuildPrefixes(from first: Int) {
    byteStarts.removeSubrange((first + 1)...)
    lineStarts.removeSubrange((first + 1)...)
    var bytes = byteStarts[first]
    var lines = lineStarts[first]
    for c in first..<chunks.count {
      bytes += chunks[c].byteCount
      lines += chunks[c].lines.count
      byteStarts.append(bytes)
      lineStarts.append(lines)
    }
  }

  /// Number of lines: line breaks plus one.
  public var lineCount: Int { lineStarts[lineStarts.count - 1] }

  /// Number of bytes in the text.
  public var byteCount: Int { byteStarts[byteStarts.count - 1] }

  private func line(_ number: Int) -> (chunk: Int, index: Int) {
    let low = lineStarts.lastIndex(atMost: number, among: chunks.count)
    return (low, number - lineStarts[low])
  }

  /// Where line `number` (clamped to the lines) is kept: its chunk and its index there.
  func place(ofLine number: Int) -> (chunk: Int, index: Int) {
    line(min(max(number, 0), lineCount - 1))
  }

  func record(ofLine number: Int) -> Line {
    let (c, i) = line(number)
    return chunks[c].lines[i]
  }

  /// The byte offset where line `number` starts (0-based; clamped to the text).
  public func startOfLine(_ number: Int) -> Int {
    if number >= lineCount { return byteCount }
    if number <= 0 { return 0 }
    let (c, i) = line(number)
    return byteStarts[c] + Int(chunks[c].starts[i])
  }

  /// The line holding byte `offset` (a line break belongs to the line it ends).
  public func lineContaining(_ offset: Int) -> Int {
    if offset >= byteCount { return lineCount - 1 }
    if offset <= 0 { return 0 }
    let low = byteStarts.lastIndex(atMost: offset, among: chunks.count)
    let chunk = chunks[low]
    return lineStarts[low] + chunk.starts.lastIndex(atMost: Int32(offset - byteStarts[low]), among: chunk.lines.count)
  }

  /// The byte range of line `number` without its line break.
  public func contentRange(ofLine number: Int) -> Range<Int> {
    let start = startOfLine(number)
    let line = record(ofLine: number)
    return start..<(start + Int(line.utf8) - Int(line.breakLength))
  }

  /// Whether the line is pure ASCII, so columns in every encoding equal byte counts.
  public func isASCII(line number: Int) -> Bool {
    let line = record(ofLine: number)
    return line.utf8 == line.scalars
  }

  /// The line holding byte `offset` and the offset's column in every encoding at
  /// once: one search for the line, and, when the line is not ASCII, one reading of
  /// its bytes before the offset (sixteen at a time), which `readBytes` hands over
  /// piece by piece (from wherever the text is kept).
  public func lineAndColumns(
    of offset: Int, readBytes: (Range<Int>, (UnsafeBufferPointer<UInt8>) -> Void) -> Void
  ) -> (line: Int, utf8: Int, utf16: Int, utf32: Int) {
    // One search for the chunk and one for the line; the line's start and record are
    // then read from the same chunk (a summary asks for every heading, tag and link).
    let chunkIndex: Int
    let index: Int
    if offset <= 0 {
      (chunkIndex, index) = (0, 0)
    } else if offset >= byteCount {
      chunkIndex = chunks.count - 1
      index = chunks[chunkIndex].lines.count - 1
    } else {
      chunkIndex = byteStarts.lastIndex(atMost: offset, among: chunks.count)
      index = chunks[chunkIndex].starts.lastIndex(
        atMost: Int32(offset - byteStarts[chunkIndex]), among: chunks[chunkIndex].lines.count)
    }
    let chunk = chunks[chunkIndex]
    let line = lineStarts[chunkIndex] + index
    let start = byteStarts[chunkIndex] + Int(chunk.starts[index])
    let record = chunk.lines[index]
    let utf8 = offset - start
    if record.utf8 == record.scalars { return (line, utf8, utf8, utf8) }
    var utf16 = 0
    var utf32 = 0
    readBytes(start..<offset) { piece in
      var i = 0
      while i + 16 <= piece.count {
        let units = ByteScan.units(piece, i)
        utf16 += units.utf16
        utf32 += units.scalars
        i += 16
      }
      for byte in piece[i...] where byte & 0xC0 != 0x80 {
        utf16 += byte >= 0xF0 ? 2 : 1
        utf32 += 1
      }
    }
    return (line, utf8, utf16, utf32)
  }

  /// Lines scanned from `start` in `bytes`: every complete line whose break ends at or
  /// after `stopAfter` ends the scan (that line included); the end of the buffer ends the
  /// last line when `isEnd`.
  static func scanLines(
    _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, stopAfter: Int, isEnd: Bool = true
  ) -> (lines: [Line], end: Int, complete: Bool) {
    var lines: [Line] = []
    var i = start
    let n = bytes.count
    var utf8: Int32 = 0
    var utf16: Int32 = 0
    var scalars: Int32 = 0
    while i < n {
      if i + 16 <= n {
        let lane = Int32(ByteScan.firstBreakOrNonASCIILane(bytes, i))
        utf8 += lane
        utf16 += lane
        scalars += lane
        i += Int(lane)
        if lane == 16 { continue }
        // Text in other scripts: sixteen bytes counted at once when no line break is among them.
        if i + 16 <= n, let units = ByteScan.unitsWithoutBreaks(bytes, i) {
          utf8 += 16
          utf16 += units.utf16
          scalars += units.scalars
          i += 16
          continue
        }
      }
      let b = bytes[i]
      if b == 0x0A || b == 0x0D {
        var breakLength: Int8 = 1
        if b == 0x0D {
          if i + 1 < n {
            if bytes[i + 1] == 0x0A { breakLength = 2 }
          } else if !isEnd {
            return (lines, i - Int(utf8), false)
          }
        }
        let len = Int32(breakLength)
        lines.append(Line(utf8: utf8 + len, utf16: utf16 + len, scalars: scalars + len, breakLength: breakLength))
        i += Int(breakLength)
        utf8 = 0
        utf16 = 0
        scalars = 0
        if i > stopAfter && i < n { return (lines, i, true) }
        continue
      }
      utf8 += 1
      if b < 0x80 {
        utf16 += 1
        scalars += 1
      } else if b >= 0xC0 {
        scalars += 1
        utf16 += b >= 0xF0 ? 2 : 1
      }
      i += 1
    }
    if !isEnd { return (lines, i - Int(utf8), false) }
    lines.append(Line(utf8: utf8, utf16: utf16, scalars: scalars, breakLength: 0))
    return (lines, i, true)
  }

  /// Updates the index for `range` (old offsets) replaced by `newLength` bytes, reading
  /// the new text through `text`.
  mutating func applyEdit(replacing range: Range<Int>, newLength: Int, text: TextStorage) {
    let delta = newLength - range.count
    let firstLine = lineContaining(max(range.lowerBound - 1, 0))
    let scanStart = startOfLine(firstLine)
    let newEnd = range.lowerBound + newLength
    var window = max(4096, newEnd - scanStart + 256)
    var scanned: (lines: [Line], end: Int, complete: Bool)
    while true {
      let upper = min(text.count, scanStart + window)
      let isEnd = upper == text.count
      let bytes = text.bytes(in: scanStart..<upper)
      scanned = bytes.withUnsafeBufferPointer {
        Self.scanLines($0, from: 0, stopAfter: newEnd - scanStart, isEnd: isEnd)
      }
      if scanned.complete && (scanned.end + scanStart > newEnd || isEnd) { break }
      window *= 2
    }
    // The old lines replaced: up to the one ending where the scan ended (or the last).
    let scanEndNew = scanStart + scanned.end
    let lastLine: Int
    if scanEndNew >= text.count {
      lastLine = lineCount - 1
    } else {
      lastLine = lineContaining(scanEndNew - delta - 1)
    }
    replaceLines(firstLine...lastLine, with: scanned.lines)
  }

  /// Updates the index for an edit inside one line's text that neither removes nor
  /// inserts a line break, nor leaves the line empty: the line's lengths change by those
  /// of `removed` and `inserted`, and nothing else is read, however long the line (a
  /// keystroke in a 1 MB paragraph written as one line). Returns `false`, changing
  /// nothing, for any other edit.
  mutating func applyEditInsideLine(replacing range: Range<Int>, removed: [UInt8], inserted: [UInt8]) -> Bool {
    guard !inserted.contains(0x0A) && !inserted.contains(0x0D) else { return false }
    let number = lineContaining(range.lowerBound)
    let start = startOfLine(number)
    let line = record(ofLine: number)
    let contentLength = Int(line.utf8) - Int(line.breakLength)
    guard range.lowerBound >= start, range.upperBound <= start + contentLength,
      contentLength - removed.count + inserted.count > 0
    else { return false }
    func counts(_ bytes: [UInt8]) -> Line {
      bytes.withUnsafeBufferPointer { Line($0, 0..<$0.count, breakLength: 0) }
    }
    let gone = counts(removed)
    let added = counts(inserted)
    let edited = Line(
      utf8: line.utf8 - gone.utf8 + added.utf8, utf16: line.utf16 - gone.utf16 + added.utf16,
      scalars: line.scalars - gone.scalars + added.scalars, breakLength: line.breakLength)
    replaceLines(number...number, with: [edited])
    return true
  }

  private mutating func replaceLines(_ oldLines: ClosedRange<Int>, with newLines: [Line]) {
    let (firstChunk, firstIndex) = line(oldLines.lowerBound)
    let (lastChunk, lastIndex) = line(oldLines.upperBound)
    var merged: [Line] = Array(chunks[firstChunk].lines[..<firstIndex])
    merged.append(contentsOf: newLines)
    merged.append(contentsOf: chunks[lastChunk].lines[(lastIndex + 1)...])
    var replacement: [Chunk] = []
    var i = 0
    repeat {
      let end = merged.count - i <= Self.chunkSize * 2 ? merged.count : i + Self.chunkSize
      replacement.append(Chunk(Array(merged[i..<end])))
      i = end
    } while i < merged.count
    chunks.replaceSubrange(firstChunk...lastChunk, with: replacement)
    rebuildPrefixes(from: firstChunk)
  }
}
