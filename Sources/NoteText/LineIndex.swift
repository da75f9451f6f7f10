/// Each line's length in UTF-8, UTF-16 and UTF-32, in chunks with prefix sums: finding a
/// line is two binary searches, and an edit rewrites the lines it touched and a small
/// index. Line breaks are `\n`, `\r\n` and `\r`.
public struct LineIndex: Sendable {
  /// One line, its line break included.
  public struct Line: Sendable, Equatable {
    public var utf8: Int32
    public var utf16: Int32
    public var scalars: Int32
    /// Bytes of the line break (0, 1 or 2).
    public var breakLength: Int8
  }

  /// A run of lines and their starts (two arrays, no object of its own).
  public struct Chunk: Sendable {
    public let lines: [Line]
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

  public private(set) var chunks: [Chunk]
  /// Byte offset of each chunk; one extra entry holding the text's length.
  private(set) var byteStarts: [Int]
  /// Line number of each chunk's first line; one extra entry holding the line count.
  private(set) var lineStarts: [Int]

  /// The index of lines already cut into chunks (none empty, none over twice the size).
  public init(chunks lines: [[Line]]) {
    chunks = lines.map(Chunk.init)
    byteStarts = Self.prefixStart(count: chunks.count)
    lineStarts = Self.prefixStart(count: chunks.count)
    rebuildPrefixes(from: 0)
  }

  /// A table of prefix sums holding its first entry, 0, with room for the entries of
  /// `count` chunks: it is filled without growing.
  private static func prefixStart(count: Int) -> [Int] {
    var starts: [Int] = []
    starts.reserveCapacity(count + 1)
    starts.append(0)
    return starts
  }

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

  public var byteCount: Int { byteStarts[byteStarts.count - 1] }

  private func line(_ number: Int) -> (chunk: Int, index: Int) {
    let low = lineStarts.lastIndex(atMost: number, among: chunks.count)
    return (low, number - lineStarts[low])
  }

  /// Where line `number` (clamped to the lines) is kept: its chunk and its index there.
  public func place(ofLine number: Int) -> (chunk: Int, index: Int) {
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

  /// The line holding byte `offset` and its column in every encoding: one search, and on
  /// a line that is not ASCII one reading of its bytes before the offset (`readBytes`).
  public func lineAndColumns(
    of offset: Int, readBytes: (Range<Int>, (UnsafeBufferPointer<UInt8>) -> Void) -> Void
  ) -> (line: Int, utf8: Int, utf16: Int, utf32: Int) {
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
      let units = ByteScan.units(piece, in: 0..<piece.count)
      utf16 += units.utf16
      utf32 += units.scalars
    }
    return (line, utf8, utf16, utf32)
  }

  /// Replaces `range` of `text`, whose lines these are (on scalar boundaries), with
  /// `inserted`, and updates the index: a small edit inside a line from the bytes it
  /// removes and inserts, without reading the rest of the line; any other from the text.
  public mutating func replace(_ range: Range<Int>, with inserted: [UInt8], in text: inout TextStorage) {
    // The removed bytes' lengths, counted in place before they go (a long removal is no
    // edit inside a line, but for the longest lines).
    var removed: Line?
    if range.count <= 4096 {
      var lengths = Line(ascii: 0, breakLength: 0)
      text.forEachPiece(of: range) { piece in
        let units = ByteScan.units(piece, in: 0..<piece.count)
        lengths.utf8 += Int32(piece.count)
        lengths.utf16 += Int32(units.utf16)
        lengths.scalars += Int32(units.scalars)
      }
      removed = lengths
    }
    text.replace(range, with: inserted)
    if removed == nil || !applyEditInsideLine(replacing: range, removed: removed!, inserted: inserted) {
      applyEdit(replacing: range, newLength: inserted.count, text: text)
    }
  }

  /// Updates the index for `range` (old offsets) replaced by `newLength` bytes, reading
  /// the new text through `text`: the lines from the edit's first to one ending past it,
  /// read in a window that doubles until it holds such a line.
  mutating func applyEdit(replacing range: Range<Int>, newLength: Int, text: TextStorage) {
    let firstLine = lineContaining(max(range.lowerBound - 1, 0))
    let scanStart = startOfLine(firstLine)
    let newEnd = range.lowerBound + newLength
    var window = max(4096, newEnd - scanStart + 256)
    var lines: [Line]
    var scanEnd: Int
    while true {
      let upper = min(text.count, scanStart + window)
      let chunked = text.withContiguousBytes(in: scanStart..<upper) { Self.chunkedLines($0) }
      lines = chunked.count == 1 ? chunked[0] : chunked.flatMap { $0 }
      if upper < text.count {
        // The window's open line goes on past it, and so may a line ending in `\r` (`\r\n`).
        lines.removeLast()
        if text[upper - 1] == 0x0D { lines.removeLast() }
      }
      scanEnd = lines.reduce(scanStart) { $0 + Int($1.utf8) }
      if upper == text.count || scanEnd > newEnd { break }
      window *= 2
    }
    // The old lines replaced: up to the one ending where the scan ended (or the last).
    let lastLine = scanEnd >= text.count ? lineCount - 1 : lineContaining(scanEnd - (newLength - range.count) - 1)
    replaceLines(firstLine...lastLine, with: lines)
  }

  /// Updates the index for an edit inside one line that adds or removes no line break
  /// and leaves the line non-empty, from the lengths of the `removed` bytes (their line
  /// record) and of `inserted` alone (however long the line); `false`, changing nothing,
  /// for any other edit.
  mutating func applyEditInsideLine(replacing range: Range<Int>, removed gone: Line, inserted: [UInt8]) -> Bool {
    guard !inserted.contains(0x0A) && !inserted.contains(0x0D) else { return false }
    let number = lineContaining(range.lowerBound)
    let start = startOfLine(number)
    let line = record(ofLine: number)
    let contentLength = Int(line.utf8) - Int(line.breakLength)
    guard range.lowerBound >= start, range.upperBound <= start + contentLength,
      contentLength - range.count + inserted.count > 0
    else { return false }
    let added = inserted.withUnsafeBufferPointer { Line($0, 0..<$0.count, breakLength: 0) }
    let edited = Line(
      utf8: line.utf8 - gone.utf8 + added.utf8, utf16: line.utf16 - gone.utf16 + added.utf16,
      scalars: line.scalars - gone.scalars + added.scalars, breakLength: line.breakLength)
    replaceLines(number...number, with: CollectionOfOne(edited))
    return true
  }

  private mutating func replaceLines(_ oldLines: ClosedRange<Int>, with newLines: some Collection<Line>) {
    let (firstChunk, firstIndex) = line(oldLines.lowerBound)
    let (lastChunk, lastIndex) = line(oldLines.upperBound)
    let head = chunks[firstChunk].lines[..<firstIndex]
    let tail = chunks[lastChunk].lines[(lastIndex + 1)...]
    // Made at its size: each growth is an allocation and a copy.
    var merged: [Line] = []
    merged.reserveCapacity(head.count + newLines.count + tail.count)
    merged += head
    merged += newLines
    merged += tail
    guard merged.count > Self.chunkSize * 2 else {
      // One chunk (most edits) takes the array itself.
      chunks.replaceSubrange(firstChunk...lastChunk, with: CollectionOfOne(Chunk(merged)))
      rebuildPrefixes(from: firstChunk)
      return
    }
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

extension LineIndex.Line {
  /// An ASCII line of `length` bytes, its line break included.
  init(ascii length: Int, breakLength: Int) {
    let length = Int32(length)
    self.init(utf8: length, utf16: length, scalars: length, breakLength: Int8(breakLength))
  }

  /// The line whose content is `content` in `bytes`, followed by a line break of `breakLength` bytes.
  init(_ bytes: UnsafeBufferPointer<UInt8>, _ content: Range<Int>, breakLength: Int) {
    let (utf16, scalars) = ByteScan.units(bytes, in: content)
    self.init(
      utf8: Int32(content.count + breakLength), utf16: Int32(utf16 + breakLength),
      scalars: Int32(scalars + breakLength), breakLength: Int8(breakLength))
  }
}
