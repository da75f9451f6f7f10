import Foundation
import JSONCore
import Testing

@testable import LanguageServerProtocol

@Suite struct CodecTests {
  private func decode<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
    try JSONDecoder().decode(T.self, from: Data(json.utf8))
  }

  private func encode(_ value: some Encodable) throws -> String {
    String(decoding: try encodeJSON(value), as: UTF8.self)
  }

  @Test func unknownFieldsAreIgnored() throws {
    let params = try decode(
      InitializeParams.self,
      """
      {"processId": 42, "rootUri": "file:///notes", "futureField": {"x": [1]},
       "capabilities": {"general": {"positionEncodings": ["utf-8", "utf-16", "utf-64"]},
         "textDocument": {"semanticTokens": {"requests": {"full": {"delta": true}, "range": true},
           "multilineTokenSupport": false, "somethingNew": 1},
           "diagnostic": {}, "completion": {"completionItem": {"snippetSupport": true}},
           "hover": {"contentFormat": ["markdown", "plaintext"]}},
         "window": {"workDoneProgress": true},
         "workspace": {"configuration": true, "didChangeWatchedFiles": {"dynamicRegistration": true}}},
       "initializationOptions": {"books": {"enabled": false}}, "trace": "verbose"}
      """)
    #expect(params.processId == 42)
    #expect(
      params.capabilities.general?.positionEncodings == [.utf8, .utf16, PositionEncodingKind(rawValue: "utf-64")])
    let tokens = try #require(params.capabilities.textDocument?.semanticTokens?.requests)
    #expect(tokens.supportsFull && tokens.supportsDelta && tokens.supportsRange)
    #expect(params.capabilities.textDocument?.diagnostic != nil)
    #expect(params.capabilities.textDocument?.completion?.completionItem?.snippetSupport == true)
    #expect(params.capabilities.textDocument?.hover?.contentFormat == [.markdown, .plaintext])
    #expect(params.capabilities.workspace?.didChangeWatchedFiles?.dynamicRegistration == true)
    #expect(params.initializationOptions?["books"]?["enabled"] == false)
    #expect(params.trace == .verbose)
  }

  @Test func missingRequiredFieldNamesTheField() throws {
    let body = Data(
      #"{"jsonrpc":"2.0","id":1,"method":"textDocument/hover","params":{"textDocument":{},"position":{"line":0,"character":1}}}"#
        .utf8)
    do {
      _ = try ParamsEnvelope<HoverParams>.decode(from: body)
      Issue.record("decoding should fail")
    } catch {
      #expect(describeParamsProblem(error) == "Missing required field 'textDocument.uri'")
    }
    let changes = Data(#"{"params":{"textDocument":{"uri":"u","version":1},"contentChanges":[{"range":null}]}}"#.utf8)
    do {
      _ = try ParamsEnvelope<DidChangeTextDocumentParams>.decode(from: changes)
      Issue.record("decoding should fail")
    } catch {
      #expect(describeParamsProblem(error) == "Missing required field 'contentChanges[0].text'")
    }
    let wrongType = Data(#"{"params":{"textDocument":{"uri":"u"},"position":{"line":"zero","character":1}}}"#.utf8)
    do {
      _ = try ParamsEnvelope<HoverParams>.decode(from: wrongType)
      Issue.record("decoding should fail")
    } catch {
      #expect(describeParamsProblem(error).contains("'position.line'"))
    }
  }

  @Test func fullTextChangeHasNoRange() throws {
    let params = try decode(
      DidChangeTextDocumentParams.self,
      #"{"textDocument":{"uri":"u","version":2},"contentChanges":[{"text":"all"},{"range":{"start":{"line":0,"character":0},"end":{"line":0,"character":1}},"text":"x"}]}"#
    )
    #expect(params.contentChanges.map(\.isFullText) == [true, false])
  }

  @Test func requestIDsAreIntsOrStrings() throws {
    #expect(try decode(RequestID.self, "7") == .int(7))
    #expect(try decode(RequestID.self, #""abc""#) == .string("abc"))
    #expect(try encode(RequestID.int(7)) == "7")
    #expect(try encode(RequestID.string("abc")) == #""abc""#)
    #expect(throws: (any Error).self) { try decode(RequestID.self, "true") }
  }

  @Test func semanticTokensDeltaIsAnEitherType() throws {
    let delta = try decode(SemanticTokensDeltaResult.self, #"{"resultId":"2","edits":[{"start":0,"deleteCount":5}]}"#)
    #expect(delta == .delta(SemanticTokensDelta(resultId: "2", edits: [SemanticTokensEdit(start: 0, deleteCount: 5)])))
    let full = try decode(SemanticTokensDeltaResult.self, #"{"resultId":"3","data":[0,0,1,2,0]}"#)
    #expect(full == .full(SemanticTokens(resultId: "3", data: [0, 0, 1, 2, 0])))
    #expect(try encode(full) == #"{"resultId":"3","data":[0,0,1,2,0]}"#)
  }

  @Test func diagnosticReportsAreFullOrUnchanged() throws {
    let json = try jsonValue(of: DocumentDiagnosticReport.unchanged(resultId: "9"))
    #expect(json == ["kind": "unchanged", "resultId": "9"])
    let diagnostic = Diagnostic(
      range: Range(start: Position(line: 0, character: 0), end: Position(line: 0, character: 2)), severity: .warning,
      code: "cloze-empty", source: "booknotes", message: "Empty cloze")
    let full = try jsonValue(of: DocumentDiagnosticReport.full(resultId: "1", items: [diagnostic]))
    #expect(full["kind"] == "full")
    #expect(full["items"]?[0]?["code"] == "cloze-empty")
    #expect(full["items"]?[0]?["data"] == nil)
    let roundTrip = try decodeJSON(DocumentDiagnosticReport.self, from: full)
    #expect(roundTrip == .full(resultId: "1", items: [diagnostic]))
  }

  @Test func serverCapabilitiesOmitAbsentFields() throws {
    var capabilities = ServerCapabilities()
    capabilities.positionEncoding = .utf16
    capabilities.textDocumentSync = TextDocumentSyncOptions(openClose: true, change: .incremental, save: SaveOptions())
    capabilities.semanticTokensProvider = SemanticTokensOptions(
      legend: SemanticTokensLegend(tokenTypes: ["heading"], tokenModifiers: ["level1"]),
      full: .init(delta: true), range: true)
    capabilities.diagnosticProvider = DiagnosticOptions(interFileDependencies: false, workspaceDiagnostics: false)
    capabilities.codeActionProvider = CodeActionOptions(codeActionKinds: [.quickFix])
    let json = try jsonValue(
      of: InitializeResult(capabilities: capabilities, serverInfo: ProgramInfo(name: "booknotes")))
    #expect(
      json == [
        "capabilities": [
          "positionEncoding": "utf-16",
          "textDocumentSync": ["openClose": true, "change": 2, "save": [:]],
          "semanticTokensProvider": [
            "legend": ["tokenTypes": ["heading"], "tokenModifiers": ["level1"]], "full": ["delta": true], "range": true,
          ],
          "diagnosticProvider": ["interFileDependencies": false, "workspaceDiagnostics": false],
          "codeActionProvider": ["codeActionKinds": ["quickfix"]],
        ],
        "serverInfo": ["name": "booknotes"],
      ])
  }

  @Test func workDoneProgressEncodesItsKind() throws {
    let begin = try jsonValue(of: ProgressParams(token: "index", value: .begin(title: "Indexing notes", percentage: 0)))
    #expect(begin == ["token": "index", "value": ["kind": "begin", "title": "Indexing notes", "percentage": 0]])
    let end = try jsonValue(of: WorkDoneProgress.end())
    #expect(end == ["kind": "end"])
  }

  @Test func malformedMessagesAreClassified() {
    if case .parseError(let id, _) = IncomingMessage(body: Data(#"{"jsonrpc":"2.0","id":12,"method":"x""#.utf8)) {
      #expect(id == .int(12))
    } else {
      Issue.record("expected a parse error")
    }
    if case .invalid = IncomingMessage(body: Data("[1,2]".utf8)) {
    } else {
      Issue.record("expected an invalid message")
    }
    if case .response(let id, .success(let result)) = IncomingMessage(body: Data(#"{"id":"s","result":null}"#.utf8)) {
      #expect(id == "s" && result == .null)
    } else {
      Issue.record("expected a response")
    }
  }
}
