import Foundation
import Testing

@testable import JSONCore
@testable import LanguageServerProtocol

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

  @Test func decodingFromTheTreeNamesTheField() throws {
    struct Inner: Decodable { var count: UInt32 }
    struct Outer: Decodable {
      var name: String
      var items: [Inner]
      var note: String?
    }
    let decoded = try decodeJSON(Outer.self, from: try parse(#"{"name":"n","items":[{"count":1},{"count":2.0}]}"#))
    #expect(decoded.name == "n" && decoded.items.map(\.count) == [1, 2] && decoded.note == nil)
    for (text, problem) in [
      (#"{"items":[]}"#, "Missing required field 'name'"),
      (#"{"name":"n","items":[{"count":1},{}]}"#, "Missing required field 'items[1].count'"),
      (#"{"name":null,"items":[]}"#, "Missing value for required field 'name'"),
      (#"{"name":"n","items":[{"count":"1"}]}"#, "Invalid type for field 'items[0].count': expected UInt32"),
      (#"{"name":"n","items":[{"count":-1}]}"#, "Invalid value for field 'items[0].count'"),
    ] {
      do {
        _ = try decodeJSON(Outer.self, from: try parse(text))
        Issue.record("\(text) should not decode")
      } catch {
        #expect(describeParamsProblem(error).hasPrefix(problem), "\(text): \(describeParamsProblem(error))")
      }
    }
  }

  @Test func capabilitiesAreWrittenAsJSONEncoderWritesThem() throws {
    var capabilities = ServerCapabilities()
    capabilities.positionEncoding = .utf8
    capabilities.textDocumentSync = TextDocumentSyncOptions(
      openClose: true, change: .incremental, save: SaveOptions(includeText: false))
    capabilities.semanticTokensProvider = SemanticTokensOptions(
      legend: SemanticTokensLegend(tokenTypes: ["heading", "marker"], tokenModifiers: ["level1"]),
      full: .init(delta: true), range: true)
    capabilities.documentSymbolProvider = true
    capabilities.foldingRangeProvider = false
    capabilities.hoverProvider = true
    capabilities.codeActionProvider = CodeActionOptions(codeActionKinds: [.quickFix], resolveProvider: false)
    capabilities.diagnosticProvider = DiagnosticOptions(
      identifier: "booknotes", interFileDependencies: false, workspaceDiagnostics: false)
    capabilities.completionProvider = CompletionOptions(
      triggerCharacters: ["#", "/"], allCommitCharacters: [" "], resolveProvider: true)
    capabilities.workspaceSymbolProvider = true
    capabilities.definitionProvider = true
    capabilities.referencesProvider = true
    capabilities.renameProvider = RenameOptions(prepareProvider: true)
    capabilities.documentLinkProvider = DocumentLinkOptions(resolveProvider: false)
    capabilities.executeCommandProvider = ExecuteCommandOptions(commands: ["booknotes.placeCursor"])
    capabilities.workspace = WorkspaceServerCapabilities(
      workspaceFolders: .init(supported: true, changeNotifications: true))
    capabilities.experimental = ["x": [1, "y"]]
    for result in [
      InitializeResult(capabilities: capabilities, serverInfo: ProgramInfo(name: "booknotes", version: "1")),
      InitializeResult(capabilities: ServerCapabilities()),
    ] {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.withoutEscapingSlashes]
      let slow = try JSONParser.parse(try encoder.encode(result))
      var writer = JSONWriter()
      result.writeJSON(to: &writer)
      #expect(try JSONParser.parse(writer.bytes) == slow)
      #expect(try InitializeParams.encode(response: result) == writer.bytes)
    }
  }
}
