import Foundation
import Testing

@testable import JSONCore
@testable import LanguageServerProtocol

/// The protocol's messages through JSONCore: params decoded from the parsed tree, answers
/// written by the fast writer as `JSONEncoder` writes them.
@Suite struct WireCodingTests {
  private func parse(_ text: String) throws -> JSONValue { try JSONParser.parse(Array(text.utf8)) }

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
