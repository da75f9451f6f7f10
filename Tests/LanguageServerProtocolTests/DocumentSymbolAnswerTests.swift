import JSONCore
import Testing

@testable import LanguageServerProtocol

/// A `documentSymbol` answer already written as JSON is the response's bytes as they
/// are; one of symbols is written as its values.
@Suite struct DocumentSymbolAnswerTests {
  @Test func aWrittenAnswerIsTheResponseAsItIs() throws {
    let written = Array(#"[{"name":"A \"quoted\" heading","kind":2}]"#.utf8)
    #expect(try DocumentSymbolParams.encode(response: .json(written)) == written)
    let position = Position(line: 1, character: 2)
    let symbols = DocumentSymbolAnswer.symbols([
      DocumentSymbol(
        name: "Chapter", kind: .module, range: Range(start: position, end: position),
        selectionRange: Range(start: position, end: position))
    ])
    var writer = JSONWriter()
    symbols.writeJSON(to: &writer)
    #expect(try DocumentSymbolParams.encode(response: symbols) == writer.bytes)
    #expect(try JSONParser.parse(DocumentSymbolParams.encode(response: symbols))[0]?["name"] == "Chapter")
  }
}
