import Testing

@testable import BookNotesServer

/// Bytes written through ``ByteOutput`` read back in order, across its growth.
@Suite struct ByteOutputTests {
  @Test func piecesReadBackInOrderAcrossGrowth() {
    var output = ByteOutput(capacity: 16)
    var expected: [UInt8] = []
    for number in [0, 7, 10, 99, 100, 65_535, 1_000_000, -3, Int.max] {
      output.append(number: number)
      expected += Array(String(max(number, 0)).utf8)
    }
    for index in 0..<20_000 {
      output.append("{\"line\":")
      output.append(byte: UInt8(ascii: "x"))
      let piece = Array("piece \(index)".utf8)
      piece.withUnsafeBufferPointer { output.append($0) }
      expected += Array("{\"line\":".utf8) + [UInt8(ascii: "x")] + piece
    }
    #expect(output.count == expected.count)
    #expect(output.bytes == expected)
    #expect(ByteOutput(capacity: 0).bytes == [])
  }
}
