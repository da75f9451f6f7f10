import Testing

@testable import JSONCore

@Suite struct JSONValueTests {
  /// A value equals what its written form parses to: the writer writes a whole double
  /// as an integer, which parses as `.int`.
  @Test func aValueEqualsItsWrittenFormParsedAgain() throws {
    let values: [JSONValue] = [
      .double(0), .double(-0.0), .double(1), .double(-3), .double(0.5), .double(1e15), .double(1e300), .int(7),
      .object(["x": .array([.int(1), .double(0), .null])]),
    ]
    for value in values {
      var writer = JSONWriter()
      writer.write(value)
      let parsed = try JSONParser.parse(writer.bytes)
      #expect(parsed == value, "\(value) written as \(String(decoding: writer.bytes, as: UTF8.self))")
      #expect(parsed.hashValue == value.hashValue)
    }
  }

  @Test func numbersCompareByValue() {
    #expect(JSONValue.int(0) == .double(0))
    #expect(JSONValue.double(-0.0) == .int(0))
    #expect(JSONValue.int(2) != .double(2.5))
    #expect(JSONValue.int(9_007_199_254_740_993) != .double(9_007_199_254_740_992))
    #expect(JSONValue.int(1) != .bool(true))
    #expect(JSONValue.string("1") != .int(1))
    #expect(Set<JSONValue>([.int(3), .double(3), .double(3.5)]).count == 2)
  }
}
