extension TextStorage {
  /// Calls `body` with the whole chunk that holds every byte of `range`, and the note
  /// offset of the chunk's first byte, without copying it, and gives `true`; gives `false`
  /// without calling it when `range` spans two chunks (rarely: a chunk holds about 16 KB).
  /// A reader of many small ranges inside `range` (a name's text nodes) then finds each
  /// one's bytes by subtracting, instead of looking its chunk up per range as
  /// ``forEachPiece(of:_:)`` does.
  public func withChunk(
    holding range: Range<Int>, _ body: (_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int) -> Void
  ) -> Bool {
    guard !chunks.isEmpty else {
      body(UnsafeBufferPointer(start: nil, count: 0), 0)
      return true
    }
    let chunk = chunkIndex(containing: range.lowerBound)
    let start = starts[chunk]
    guard range.upperBound <= starts[chunk + 1] else { return false }
    chunks[chunk].withUnsafeBufferPointer { body($0, start) }
    return true
  }
}

extension TextStorage {
  /// Calls `body` with the bytes in `range`, contiguous: read where they are when one
  /// chunk holds them (nearly always), else copied first. Inlinable, so that a caller's
  /// variables that `body` changes stay on its stack.
  @inlinable
  public func withContiguousBytes<Result>(
    in range: Range<Int>, _ body: (UnsafeBufferPointer<UInt8>) -> Result
  ) -> Result {
    if !chunks.isEmpty {
      let chunk = chunkIndex(containing: range.lowerBound)
      let start = starts[chunk]
      if range.upperBound <= starts[chunk + 1] {
        return chunks[chunk].withUnsafeBufferPointer { buffer in
          body(UnsafeBufferPointer(rebasing: buffer[(range.lowerBound - start)..<(range.upperBound - start)]))
        }
      }
    }
    return bytes(in: range).withUnsafeBufferPointer(body)
  }
}
