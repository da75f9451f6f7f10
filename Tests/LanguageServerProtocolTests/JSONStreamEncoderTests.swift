import Foundation
import Testing

@testable import JSONCore
@testable import LanguageServerProtocol

/// The streaming encoder writes what `JSONEncoder` writes (member order aside).
@Suite struct JSONStreamEncoderTests {
  private func bothWays(_ value: some Encodable) throws -> (stream: JSONValue, foundation: JSONValue) {
    var writer = JSONWriter()
    try JSONStreamEncoder.write(value, to: &writer)
    return (try JSONParser.parse(writer.bytes), try JSONParser.parse(try makeJSONEncoder().encode(value)))
  }

  private func range(_ line: Int) -> LanguageServerProtocol.Range {
    Range(start: Position(line: line, character: 0), end: Position(line: line, character: 4))
  }

  @Test func nestedStructsArraysAndOptionals() throws {
    let symbols = [
      DocumentSymbol(
        name: "Book \"é\" 😀", detail: "a\nb", kind: .file, range: range(0), selectionRange: range(0),
        children: [
          DocumentSymbol(name: "One", kind: .module, range: range(1), selectionRange: range(1), children: []),
          DocumentSymbol(name: "Two", kind: .module, range: range(2), selectionRange: range(2)),
        ]),
      DocumentSymbol(name: "", kind: .string, range: range(3), selectionRange: range(3)),
    ]
    let (stream, foundation) = try bothWays(symbols)
    #expect(stream == foundation)
    #expect(stream[0]?["children"]?[1]?["children"] == nil)
  }

  @Test func enumsDictionariesAndRawValues() throws {
    let diagnostic = Diagnostic(
      range: range(5), severity: .error, code: "cloze-empty", source: "booknotes", message: "Empty cloze")
    let action = CodeAction(
      title: "Fix", kind: .quickFix, diagnostics: [diagnostic], isPreferred: true,
      edit: WorkspaceEdit(changes: ["file:///a.md": [TextEdit(range: range(5), newText: "()")]]),
      command: Command(title: "Place", command: "booknotes.placeCursor", arguments: ["x", 1, [true, nil]]),
      data: ["k": [1.5, -2]])
    let reports: [DocumentDiagnosticReport] = [
      .full(resultId: "1", items: [diagnostic]), .full(resultId: nil, items: []), .unchanged(resultId: "2"),
    ]
    for (stream, foundation) in [try bothWays(action), try bothWays(reports), try bothWays([action, action])] {
      #expect(stream == foundation)
    }
  }

  @Test func valuesThatWriteNothingOrOnlyNull() throws {
    #expect(try bothWays(EmptyParams()) == (stream: [:], foundation: [:]))
    #expect(try bothWays(NullResponse()).stream == .null)
    #expect(try bothWays([String?.none, "x"]).stream == [nil, "x"])
    #expect(try bothWays(["a": [UInt32(4_000_000_000)], "b": []]).stream == ["a": [4_000_000_000], "b": []])
  }
}
