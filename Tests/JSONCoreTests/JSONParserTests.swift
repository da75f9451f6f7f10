import Foundation
import Testing

@testable import JSONCore

@Suite struct JSONParserTests {
  private func parse(_ text: String) throws -> JSONValue { try JSONParser.parse(Array(text.utf8)) }

  @Test func valuesOfEveryKind() throws {
    let value = try parse(
      #" {"a": [1, -2, 3.5, 1e3, -0, 0.25E-1, true, false, null], "b": {"c": "d"}, "e": [], "f": {}} "#)
    #expect(
      value == [
        "a": [1, -2, 3.5, 1000.0, 0, 0.025, true, false, nil], "b": ["c": "d"], "e": [], "f": [:],
      ])
    #expect(try parse("9223372036854775807") == .int(Int.max))
    #expect(try parse("9223372036854775808") == .double(9_223_372_036_854_775_808))
  }

  @Test func stringEscapes() throws {
    #expect(try parse(#""a\"b\\c\/d\b\f\n\r\t""#) == .string("a\"b\\c/d\u{08}\u{0C}\n\r\t"))
    #expect(try parse(#""\u00e9\u4e2d\ud83d\ude00""#) == .string("é中😀"))
    // Unpaired surrogates and invalid UTF-8 become U+FFFD.
    #expect(try parse(#""\ud83d x \ude00""#) == .string("\u{FFFD} x \u{FFFD}"))
    #expect(try JSONParser.parse([0x22, 0x61, 0xFF, 0x62, 0x22]) == .string("a\u{FFFD}b"))
    #expect(try parse("\"😀 plain\"") == .string("😀 plain"))
    // Escapes and invalid UTF-8 in one string.
    #expect(try JSONParser.parse([0x22, 0x5C, 0x6E, 0xFF, 0xC3, 0xA9, 0x22]) == .string("\n\u{FFFD}é"))
  }

  @Test func malformedTextIsAnError() {
    for text in [
      "", "{", "[1,]", "{\"a\" 1}", "{\"a\":1,}", "01", "1.", "-", "tru", "\"abc", "\"\\x\"", "\"\\u12G4\"", "[1] 2",
      "\"a\u{01}\"", "{1:2}",
    ] {
      #expect(throws: JSONParseError.self, "\(text)") { try parse(text) }
    }
    let deep = String(repeating: "[", count: JSONParser.maximumDepth + 1) + String(repeating: "]", count: 513)
    #expect(throws: JSONParseError.self) { try parse(deep) }
  }

  @Test func agreesWithJSONDecoder() throws {
    let text = #"{"x":[{"y":"z\n\u0041","n":-12,"d":0.5}],"t":true,"u":null}"#
    let expected = try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
    #expect(try parse(text) == expected)
  }
}
