import Foundation
import Testing

@testable import JSONCore

@Suite struct JSONWriterTests {
  @Test func escapesStrings() throws {
    let text = "quote \" backslash \\ slash / newline \n tab \t cr \r bell \u{07} nul \u{0} emoji 🙂 é"
    var writer = JSONWriter()
    writer.write(text)
    let decoded = try JSONDecoder().decode(String.self, from: Data(writer.bytes))
    #expect(decoded == text)
    #expect(String(decoding: writer.bytes, as: UTF8.self).contains("\\u0007"))
  }

  /// Every byte a string escapes is found wherever it stands in the eight-byte words the
  /// writer reads a string by, and texts without one are copied as they are.
  @Test func escapesEveryByteAtEveryPlaceOfAWord() throws {
    for special in ["\"", "\\", "\n", "\u{0}", "\u{1F}"] {
      for length in 1...19 {
        for place in 0..<length {
          let text = String(repeating: "a", count: place) + special + String(repeating: "b", count: length - place - 1)
          var writer = JSONWriter()
          writer.write(text)
          #expect(try JSONDecoder().decode(String.self, from: Data(writer.bytes)) == text)
          #expect(Array(text.utf8).withUnsafeBufferPointer { JSONWriter.needsEscaping($0) })
        }
      }
    }
    for text in ["", "a", "plain words é 🙂 ~ \u{7F}", String(repeating: "x !#$%&'()*+,-./", count: 3)] {
      #expect(Array(text.utf8).withUnsafeBufferPointer { JSONWriter.needsEscaping($0) } == false, "\(text)")
    }
  }

  @Test func writesNestedValues() {
    let value: JSONValue = ["b": [1, -2, 2.5, true, nil], "a": "x", "c": [:]]
    #expect(value.description == #"{"a":"x","b":[1,-2,2.5,true,null],"c":{}}"#)
  }

  @Test func writesNumbers() {
    var writer = JSONWriter()
    writer.beginArray()
    writer.write(0)
    writer.write(Int.min)
    writer.write(UInt32.max)
    writer.write(1.0)
    writer.write(Double.nan)
    writer.write([UInt32]())
    writer.write([1, 20, 300] as [UInt32])
    writer.endArray()
    let expected = "[0,\(Int.min),4294967295,1,null,[],[1,20,300]]"
    #expect(String(decoding: writer.bytes, as: UTF8.self) == expected)
  }

}
