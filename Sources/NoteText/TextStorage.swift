/// The bytes of a note: valid UTF-8 in chunks (arrays, shared between copies), so an
/// edit copies one chunk and a small index, and a snapshot is cheap.
public struct TextStorage: Sendable {
  static let targetChunkSize = 16 * 1024
  static let maxChunkSize = 32 * 1024

  @usableFromInline private(set) var chunks: [[UInt8]]
  /// `starts[i]` is the offset of chunk `i`; `starts.last` is the count.
  @usableFromInline private(set) var starts: [Int]

  /// Makes storage from bytes that are already valid UTF-8.
  public init(validUTF8 bytes: [UInt8]) {
    chunks = Self.chunks(bytes, keepingUpTo: Self.targetChunkSize)
    // Room for every chunk's start, so that the table is filled without growing.
    starts = []
    starts.reserveCapacity(chunks.count + 1)
    starts.append(0)
    rebuildStarts(from: 0)
  }

  /// `bytes` in chunks of ``targetChunkSize``, or as one chunk keeping the array (no
  /// copy) when they are at most `limit`.
  private static func chunks(_ bytes: [UInt8], keepingUpTo limit: Int) -> [[UInt8]] {
    if bytes.count <= limit { return bytes.isEmpty ? [] : [bytes] }
    return stride(from: 0, to: bytes.count, by: targetChunkSize).map {
      Array(bytes[$0..<min(bytes.count, $0 + targetChunkSize)])
    }
  }

  private mutating func rebuildStarts(from first: Int) {
    var offset = starts[first]
    starts.removeSubrange((first + 1)...)
    starts.reserveCapacity(chunks.count + 1)
    for c in first..<chunks.count {
      offset += chunks[c].count
      starts.append(offset)
    }
  }

  public var count: Int { starts[starts.count - 1] }

  /// Index of the chunk holding `offset` (the last chunk for `offset == count`).
  @usableFromInline func chunkIndex(containing offset: Int) -> Int {
    starts.lastIndex(atMost: offset, among: chunks.count)
  }

  public subscript(offset: Int) -> UInt8 {
    let c = chunkIndex(containing: offset)
    return chunks[c][offset - starts[c]]
  }

  /// Copies the bytes in `range`.
  public func bytes(in range: Range<Int>) -> [UInt8] {
    var result: [UInt8] = []
    result.reserveCapacity(range.count)
    forEachPiece(of: range) { result.append(contentsOf: $0) }
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
      chunks[c].withUnsafeBufferPointer { buffer in
        body(UnsafeBufferPointer(rebasing: buffer[(offset - start)..<(end - start)]))
      }
      offset = end
      c += 1
    }
  }

  /// The start of the scalar holding byte `offset` (or `offset` itself on a boundary).
  public func scalarBoundary(atOrBefore offset: Int) -> Int {
    var i = offset
    while i > 0 && i < count && self[i] & 0xC0 == 0x80 { i -= 1 }
    return i
  }

  /// The text in `range` as a string: nearly always decoded where it lies, without a
  /// copy first (``withContiguousBytes(in:_:)``).
  public func string(in range: Range<Int>) -> String {
    guard !range.isEmpty else { return "" }
    return withContiguousBytes(in: range) { String(decoding: $0, as: UTF8.self) }
  }

  /// Replaces the bytes in `range` with `replacement`.
  public mutating func replace(_ range: Range<Int>, with replacement: [UInt8]) {
    if chunks.isEmpty {
      self = TextStorage(validUTF8: replacement)
      return
    }
    let first = chunkIndex(containing: range.lowerBound)
    let last = chunkIndex(containing: range.upperBound)
    let firstBytes = chunks[first]
    let lastBytes = chunks[last]
    var merged: [UInt8] = []
    merged.reserveCapacity(
      range.lowerBound - starts[first] + replacement.count + starts[last] + lastBytes.count - range.upperBound)
    merged.append(contentsOf: firstBytes[0..<(range.lowerBound - starts[first])])
    merged.append(contentsOf: replacement)
    merged.append(contentsOf: lastBytes[(range.upperBound - starts[last])...])
    if first == last && !merged.isEmpty && merged.count <= Self.maxChunkSize {
      // The usual edit: one chunk rewritten, in its place.
      chunks[first] = merged
    } else {
      chunks.replaceSubrange(first...last, with: Self.chunks(merged, keepingUpTo: Self.maxChunkSize))
    }
    rebuildStarts(from: first)
  }
}
