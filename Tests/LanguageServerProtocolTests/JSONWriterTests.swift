import Foundation
import Testing

@testable import JSONCore
@testable import LanguageServerProtocol

@Suite struct JSONWriterTests {
  @Test func escapesStrings() throws {
    let text = "quote \" backslash \\ slash / newline \n tab \t cr \r bell \u{07} nul \u{0} emoji 🙂 é"
    var writer = JSONWriter()
    writer.write(text)
    let decoded = try JSONDecoder().decode(String.self, from: Data(writer.bytes))
    #expect(decoded == text)
    #expect(String(decoding: writer.bytes, as: UTF8.self).contains("\\u0007"))
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

  @Test func fastPathMatchesJSONEncoder() throws {
    let tokens = SemanticTokens(resultId: "7", data: [0, 1, 2, 3, 4, 1, 0, 5, 1, 0])
    let fast = try JSONDecoder().decode(SemanticTokens.self, from: Data(try encodeJSON(tokens)))
    #expect(fast == tokens)
    let delta = SemanticTokensDeltaResult.delta(
      SemanticTokensDelta(resultId: "8", edits: [SemanticTokensEdit(start: 5, deleteCount: 5, data: [9])]))
    let decoded = try JSONDecoder().decode(SemanticTokensDeltaResult.self, from: Data(try encodeJSON(delta)))
    #expect(decoded == delta)
  }

  /// Every hand-written library answer writes each member `JSONEncoder` writes: a member
  /// added to the type but not to its writer would silently vanish from the wire.
  @Test func libraryAnswersWriteEveryMember() throws {
    func both(_ value: some FastJSONEncodable) throws -> (fast: JSONValue, foundation: JSONValue) {
      var writer = JSONWriter()
      value.writeJSON(to: &writer)
      return (try JSONParser.parse(writer.bytes), try JSONParser.parse(try makeJSONEncoder().encode(value)))
    }
    let range = LanguageServerProtocol.Range(
      start: Position(line: 1, character: 2), end: Position(line: 1, character: 5))
    let edit = TextEdit(range: range, newText: "Java NIO")
    let item = CompletionItem(
      label: "Java NIO", kind: .text, detail: "Ron Hitchens · 2002",
      documentation: MarkupContent(kind: .markdown, value: "**O'Reilly**"), sortText: "0", filterText: "Jav",
      insertTextFormat: .plainText, textEdit: edit, additionalTextEdits: [edit], data: ["googleBooksID": "z7TQ"])
    let list = CompletionList(isIncomplete: true, items: [item, CompletionItem(label: "bare")])
    let location = Location(uri: "file:///lib/a.md", range: range)
    let symbol = SymbolInformation(name: "Chapter 1", kind: .namespace, location: location, containerName: "Book")
    for (fast, foundation) in [try both(list), try both(item), try both(symbol), try both(location), try both(edit)] {
      #expect(fast == foundation)
    }
    #expect(try both(list).fast["items"]?[0]?["data"]?["googleBooksID"] == "z7TQ")
  }
}
