import NoteSyntax

extension InlineText {
  /// Runs `body` with ``chunk`` set to the storage chunk that holds `range` (nearly
  /// always one does), so that each text node of a rendering inside `range` is read by
  /// offset from it rather than looked up in the note's storage.
  mutating func readingChunk<Result>(holding range: Range<Int>, _ body: (inout InlineText) -> Result) -> Result {
    guard chunk == nil, !range.isEmpty else { return body(&self) }
    let text = self.text
    var result: Result?
    let held = text.withChunk(holding: range) { bytes, start in
      chunk = (bytes, start)
      result = body(&self)
      chunk = nil
    }
    if held, let result { return result }
    return body(&self)
  }

  /// The bytes of `range` in ``chunk``, when it holds them.
  @inline(__always)
  func chunkPiece(_ range: Range<Int>) -> UnsafeBufferPointer<UInt8>? {
    guard let chunk, range.lowerBound >= chunk.start, range.upperBound - chunk.start <= chunk.bytes.count else {
      return nil
    }
    return UnsafeBufferPointer(
      rebasing: chunk.bytes[(range.lowerBound - chunk.start)..<(range.upperBound - chunk.start)])
  }
}
