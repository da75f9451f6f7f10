/// Building the line index of a whole text in one pass over its bytes.
extension LineIndex {
  /// The lines of `bytes` in chunks of ``chunkSize``, sixteen bytes a step: a step's line
  /// breaks and high bits are read as 16-bit masks, so a line costs its break's bit; only
  /// a line holding a non-ASCII byte is read again, to count its units.
  public static func chunkedLines(_ bytes: UnsafeBufferPointer<UInt8>) -> [[Line]] {
    let count = bytes.count
    // A short text's line breaks are counted first, so that its lines are kept in an
    // array of their size; a long text's chunks are full but the last, and it is not
    // read twice.
    let expectedLines = count <= 65536 ? ByteScan.lineBreakCount(bytes) + 1 : Int.max
    var collector = LineCollector(expectedLines: expectedLines)
    let lf = ByteScan.Vector(repeating: 0x0A)
    let cr = ByteScan.Vector(repeating: 0x0D)
    var lineStart = 0
    // The bytes of the open line's steps before the current one, or-ed together: the
    // line holds a non-ASCII byte if one of their high bits is set.
    var seen: UInt64 = 0
    var i = 0
    while i &+ 16 <= count {
      let v = ByteScan.loadVector(bytes, i)
      let breakWords = unsafeBitCast((v .== lf) .| (v .== cr), to: SIMD2<UInt64>.self)
      let words = unsafeBitCast(v, to: SIMD2<UInt64>.self)
      if breakWords[0] | breakWords[1] == 0 {
        seen |= words[0] | words[1]
        i &+= 16
        continue
      }
      var breaks = ByteScan.laneBits(breakWords[0], breakWords[1])
      let high = ByteScan.laneBits(words[0], words[1])
      // Lanes before `first` belong to lines already taken.
      var first = lineStart &- i
      repeat {
        let lane = breaks.trailingZeroBitCount
        breaks &= breaks &- 1
        // The `\n` of a `\r\n` already taken.
        if lane < first { continue }
        let lanesOfLine = high &>> UInt32(max(first, 0)) & ((1 as UInt32) &<< UInt32(lane &- max(first, 0)) &- 1)
        let position = i &+ lane
        let breakLength = Self.breakLength(bytes, at: position)
        collector.add(
          bytes, lineStart, position, breakLength, ascii: seen & ByteScan.highBits | UInt64(lanesOfLine) == 0)
        lineStart = position &+ breakLength
        first = lane &+ breakLength
        seen = 0
      } while breaks != 0
      // The step's bytes after its last line break belong to the open line.
      if first < 16 && high &>> UInt32(max(first, 0)) != 0 { seen = ByteScan.highBits }
      i &+= 16
    }
    var nonASCII = seen & ByteScan.highBits != 0
    i = max(i, lineStart)
    while i < count {
      let b = bytes[i]
      if b == 0x0A || b == 0x0D {
        let breakLength = Self.breakLength(bytes, at: i)
        collector.add(bytes, lineStart, i, breakLength, ascii: !nonASCII)
        lineStart = i + breakLength
        nonASCII = false
        i = lineStart
        continue
      }
      if b >= 0x80 { nonASCII = true }
      i += 1
    }
    // After a final line break (or in an empty text), the last line is empty.
    collector.add(bytes, lineStart, count, 0, ascii: !nonASCII)
    return collector.finish()
  }

  /// The length of the line break at `position`: 2 for `\r\n`, else 1.
  @inline(__always)
  private static func breakLength(_ bytes: UnsafeBufferPointer<UInt8>, at position: Int) -> Int {
    bytes[position] == 0x0D && position &+ 1 < bytes.count && bytes[position &+ 1] == 0x0A ? 2 : 1
  }

  /// Lines gathered into chunks of ``LineIndex/chunkSize``.
  private struct LineCollector {
    var chunks: [[Line]] = []
    var lines: [Line] = []
    /// The lines expected from the current chunk's first on: each chunk's array is made
    /// with room for as many of them as a chunk holds, and does not grow.
    var expected: Int

    /// A collector of at most `expectedLines` lines (the text's line breaks and one, or
    /// `Int.max` when not counted).
    init(expectedLines: Int) {
      expected = expectedLines
      lines.reserveCapacity(min(expected, LineIndex.chunkSize))
    }

    /// Adds the line whose content is `start..<end`, followed by a break of `breakLength` bytes.
    @inline(__always)
    mutating func add(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, _ breakLength: Int, ascii: Bool) {
      if lines.count == LineIndex.chunkSize {
        chunks.append(lines)
        expected -= LineIndex.chunkSize
        lines = []
        lines.reserveCapacity(min(max(expected, 1), LineIndex.chunkSize))
      }
      if ascii {
        lines.append(Line(ascii: end &- start &+ breakLength, breakLength: breakLength))
      } else {
        lines.append(Line(bytes, start..<end, breakLength: breakLength))
      }
    }

    mutating func finish() -> [[Line]] {
      chunks.append(lines)
      return chunks
    }
  }
}
