/// The bytes of a note: valid UTF-8 kept in chunks, so that an edit copies one chunk
/// and a small index instead of the whole text.
///
/// A value type; chunks are immutable and shared between copies, so a snapshot taken
/// before an edit stays valid and cheap.
public struct TextStorage: Sendable {
  final class Chunk: Sendable {
    let bytes: [UInt8]
    init(_ bytes: [UInt8]) { self.bytes = bytes }
  }

  static let targetChunkSize = 16 * 1024
  static let maxChunkSize = 32 * 1024

  private(set) var chunks: [Chunk]
  /// `starts[i]` is the offset of chunk `i`; `starts.last` is the count.
  private(set) var starts: [Int]

  /// Makes storage from bytes that are already valid UTF-8.
  init(validUTF8 bytes: [UInt8]) {
    // A text of one chunk (most notes) keeps its array: no copy.
    if !bytes.isEmpty && bytes.count <= Self.targetChunkSize {
      chunks = [Chunk(bytes)]
      starts = [0, bytes.count]
      return
    }
    chunks = []
    starts = [0]
    var offset = 0
    while offset < bytes.count {
      let end = min(bytes.count, offset + Self.targetChunkSize)
      chunks.append(Chunk(Array(bytes[offset..<end])))
      offset = end
      starts.append(offset)
    }
  }

  /// Number of bytes.
  public var count: Int { starts[starts.count - 1] }

  /// Index of the chunk holding `offset` (the last chunk for `offset == count`).
  func chunkIndex(containing offset: Int) -> Int {
    starts.lastIndex(atMost: offset, among: chunks.count)
  }

  /// The byte at `offset`.
  public subscript(offset: Int) -> UInt8 {
    let c = chunkIndex(containing: offset)
    return chunks[c].bytes[offset - starts[c]]
  }

  /// Copies the bytes in `range`.
  public func bytes(in range: Range<Int>) -> [UInt8] {
    var result: [UInt8] = []
    result.reserveCapacity(range.count)
    guard !range.isEmpty else { return result }
    var c = chunkIndex(containing: range.lowerBound)
    var offset = range.lowerBound
    while offset < range.upperBound {
      let chunk = chunks[c].bytes
      let start = starts[c]
      let end = min(range.upperBound, start + chunk.count)
      result.append(contentsOf: chunk[(offset - start)..<(end - start)])
      offset = end
      c += 1
    }
    return result
  }

  /// Calls `body` with the bytes in `range` without copying them: one contiguous piece
  /// per chunk the range spans, in order.
  public func forEachPiece(of range: Range<Int>, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
    guard !range.isEmpty else { return }
    var c = chunkIndex(containing: range.lowerBound)
    var offset = range.lowerBound
    while offset < range.upperBound {
      let start = starts[c]
      let end = min(range.upperBound, starts[c + 1])
      chunks[c].bytes.withUnsafeBufferPointer { buffer in
        body(UnsafeBufferPointer(rebasing: buffer[(offset - start)..<(end - start)]))
      }
      offset = end
      c += 1
    }
  }

  /// Whether the bytes of `a` and of `b` (ranges of one length) are the same, compared
  /// where they are stored, a stretch at a time.
  func bytesEqual(_ a: Range<Int>, _ b: Range<Int>) -> Bool {
    precondition(a.count == b.count && a.upperBound <= count && b.upperBound <= count)
    var (x, y) = (a.lowerBound, b.lowerBound)
    while x < a.upperBound {
      let (cx, cy) = (chunkIndex(containing: x), chunkIndex(containing: y))
      // The longest stretch inside one chunk on both sides.
      let length = min(a.upperBound - x, starts[cx + 1] - x, starts[cy + 1] - y)
      let same = chunks[cx].bytes.withUnsafeBytes { first in
        chunks[cy].bytes.withUnsafeBytes { second in
          Self.equal(
            UnsafeRawBufferPointer(rebasing: first[(x - starts[cx])...].prefix(length)),
            UnsafeRawBufferPointer(rebasing: second[(y - starts[cy])...].prefix(length)))
        }
      }
      guard same else { return false }
      x += length
      y += length
    }
    return true
  }

  /// Whether two buffers of one length hold the same bytes, eight at a time.
  private static func equal(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Bool {
    var i = 0
    while i + 8 <= a.count {
      guard a.loadUnaligned(fromByteOffset: i, as: UInt64.self) == b.loadUnaligned(fromByteOffset: i, as: UInt64.self)
      else { return false }
      i += 8
    }
    while i < a.count {
      guard a[i] == b[i] else { return false }
      i += 1
    }
    return true
  }

  /// All bytes, contiguous.
  public var allBytes: [UInt8] { bytes(in: 0..<count) }

  /// The text in `range` as a string.
  public func string(in range: Range<Int>) -> String {
    guard !range.isEmpty else { return "" }
    // Nearly always within one chunk: decoded in place, without a copy first.
    let c = chunkIndex(containing: range.lowerBound)
    guard range.upperBound <= starts[c + 1] else { return String(decoding: bytes(in: range), as: UTF8.self) }
    let start = starts[c]
    return chunks[c].bytes.withUnsafeBufferPointer { buffer in
      String(
        decoding: UnsafeBufferPointer(rebasing: buffer[(range.lowerBound - start)..<(range.upperBound - start)]),
        as: UTF8.self)
    }
  }

  /// Replaces the bytes in `range` with `replacement`.
  mutating func replace(_ range: Range<Int>, with replacement: [UInt8]) {
    if chunks.isEmpty {
      self = TextStorage(validUTF8: replacement)
      return
    }
    let first = chunkIndex(containing: range.lowerBound)
    let last = chunkIndex(containing: range.upperBound)
    let firstBytes = chunks[first].bytes
    let lastBytes = chunks[last].bytes
    var merged: [UInt8] = []
    merged.reserveCapacity(
      range.lowerBound - starts[first] + replacement.count + starts[last] + lastBytes.count - range.upperBound)
    merged.append(contentsOf: firstBytes[0..<(range.lowerBound - starts[first])])
    merged.append(contentsOf: replacement)
    merged.append(contentsOf: lastBytes[(range.upperBound - starts[last])...])
    var newChunks: [Chunk] = []
    if merged.count <= Self.maxChunkSize {
      if !merged.isEmpty { newChunks.append(Chunk(merged)) }
    } else {
      var offset = 0
      while offset < merged.count {
        let end = min(merged.count, offset + Self.targetChunkSize)
        newChunks.append(Chunk(Array(merged[offset..<end])))
        offset = end
      }
    }
    chunks.replaceSubrange(first...last, with: newChunks)
    var offset = starts[first]
    starts.removeSubrange((first + 1)...)
    starts.reserveCapacity(chunks.count + 1)
    for c in first..<chunks.count {
      offset += chunks[c].bytes.count
      starts.append(offset)
    }
  }
}
