import BookNotesTestSupport
import Testing

@testable import NoteText

/// `TextStorage.withChunk(holding:_:)` hands over the one chunk that holds a range, and
/// nothing for a range that spans two; `withContiguousBytes(in:_:)` hands over a range's
/// bytes either way.
@Suite(.onThreadsOfItsOwn) struct TextStorageChunkTests {
  /// Three chunks (16 KiB, 16 KiB and the rest) of bytes that differ from their neighbours.
  static let bytes: [UInt8] = (0..<(2 * TextStorage.targetChunkSize + 5_000)).map { UInt8(0x41 + $0 % 26) }

  @Test func aRangeInsideOneChunkReadsItsBytesFromThatChunk() {
    let storage = TextStorage(validUTF8: Self.bytes)
    let size = TextStorage.targetChunkSize
    let ranges = [0..<0, 0..<10, 5..<size, (size - 1)..<size, size..<(size + 1), (2 * size)..<Self.bytes.count]
    for range in ranges {
      var read: [UInt8]?
      var chunkStart = -1
      let held = storage.withChunk(holding: range) { chunk, start in
        chunkStart = start
        read = Array(chunk[(range.lowerBound - start)..<(range.upperBound - start)])
      }
      #expect(held, "\(range)")
      #expect(read == Array(Self.bytes[range]), "\(range)")
      #expect(chunkStart == range.lowerBound / size * size, "\(range)")
    }
  }

  @Test func aRangeAcrossTwoChunksIsNotHanded() {
    let storage = TextStorage(validUTF8: Self.bytes)
    let size = TextStorage.targetChunkSize
    for range in [(size - 1)..<(size + 1), 0..<Self.bytes.count, (2 * size - 10)..<(2 * size + 10)] {
      var called = false
      #expect(!storage.withChunk(holding: range) { _, _ in called = true }, "\(range)")
      #expect(!called, "\(range)")
    }
  }

  @Test func contiguousBytesAreTheRangesBytesInOneChunkOrAcrossSeveral() {
    let storage = TextStorage(validUTF8: Self.bytes)
    let size = TextStorage.targetChunkSize
    let ranges = [
      0..<0, 0..<10, 5..<size, (size - 1)..<(size + 1), (2 * size - 10)..<(2 * size + 10), 0..<Self.bytes.count,
      (2 * size)..<Self.bytes.count,
    ]
    for range in ranges {
      #expect(storage.withContiguousBytes(in: range) { Array($0) } == Array(Self.bytes[range]), "\(range)")
    }
    #expect(TextStorage(validUTF8: []).withContiguousBytes(in: 0..<0) { $0.count } == 0)
  }

  @Test func anEmptyNoteHandsAnEmptyChunk() {
    let storage = TextStorage(validUTF8: [])
    var count = -1
    #expect(storage.withChunk(holding: 0..<0) { chunk, _ in count = chunk.count })
    #expect(count == 0)
  }
}
