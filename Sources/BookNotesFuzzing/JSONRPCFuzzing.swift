import JSONCore
import LanguageServerProtocol

/// The wire's properties, checked on one input: the bytes a client sends.
///
/// - The framer finds the same messages and errors whether the stream arrives in one
///   read or cut into reads of random sizes (for streams shorter than a header's limit,
///   64 KiB, where an unfinished header is an error only in the second case).
/// - Each body is read as the connection reads it (`IncomingMessage`); a body that is
///   "not JSON" is one the JSON parser refuses.
/// - JSON the parser accepts, written by `JSONWriter`, parses again to the same value
///   (numbers compared by value; the writer writes a number JSON cannot hold as `null`).
/// - The params of every request or notification are decoded as every message type
///   of the protocol; a value that decodes encodes, and decodes from that to itself.
public enum JSONRPCFuzzing {
  /// What is wrong, or `nil` when every property holds.
  public static func check(_ input: some Collection<UInt8>) -> String? {
    let bytes = Array(input)
    var whole = MessageFramer()
    whole.feed(bytes)
    let expected = drain(&whole)
    var random = FuzzRandom(seed: bytes)
    var framer = MessageFramer()
    var events: [FramerEvent] = []
    var position = 0
    while position < bytes.count {
      let end = min(bytes.count, position + 1 + random.below(random.below(4) == 0 ? 8 : 1024))
      framer.feed(bytes[position..<end])
      events += drain(&framer)
      position = end
    }
    guard events == expected else {
      return
        "the framer's events depend on how the stream is cut: \(describe(expected)) whole, \(describe(events)) in reads"
    }
    for case .message(let body) in expected {
      if let problem = checkBody(body) { return problem }
    }
    return nil
  }

  static func drain(_ framer: inout MessageFramer) -> [FramerEvent] {
    var events: [FramerEvent] = []
    while let event = framer.next() { events.append(event) }
    return events
  }

  static func describe(_ events: [FramerEvent]) -> String {
    let parts = events.map { event in
      switch event {
      case .message(let body): "message of \(body.count) bytes"
      case .error(let message): "error \(message.debugDescription)"
      }
    }
    return "[\(parts.joined(separator: ", "))]"
  }

  /// One message body: the connection's reading, the JSON round trip, the params.
  public static func checkBody(_ body: [UInt8]) -> String? {
    let parsed = try? JSONParser.parse(body)
    switch IncomingMessage(body: body) {
    case .parseError:
      guard parsed == nil else { return "a body the parser accepts is read as not JSON" }
    case .request(_, _, let params), .notification(_, let params):
      if let problem = decodeAsEveryType(params) { return problem }
    case .response, .invalid:
      guard parsed != nil else { return "a body the parser refuses is read as JSON" }
    }
    guard let parsed else { return nil }
    var writer = JSONWriter()
    writer.write(parsed)
    guard let again = try? JSONParser.parse(writer.bytes) else {
      return "the writer's text \(String(decoding: writer.bytes, as: UTF8.self).debugDescription) does not parse"
    }
    guard equivalent(parsed, again) else {
      return "\(parsed) written and parsed again is \(again)"
    }
    return nil
  }

  /// Equal (numbers compare by value, ``JSONValue``'s `==`), a number JSON cannot write
  /// standing as `null`.
  static func equivalent(_ a: JSONValue, _ b: JSONValue) -> Bool {
    switch (a, b) {
    case (.array(let x), .array(let y)):
      return x.count == y.count && zip(x, y).allSatisfy { equivalent($0, $1) }
    case (.object(let x), .object(let y)):
      return x.count == y.count && x.allSatisfy { key, value in y[key].map { equivalent(value, $0) } ?? false }
    case (.double(let x), .null): return !x.isFinite
    default: return a == b
    }
  }

  /// Decodes `params` as every message type's params, checking each round trip.
  static func decodeAsEveryType(_ params: JSONValue?) -> String? {
    let types: [(JSONValue?) -> String?] = [
      roundTrip(CancelParams.self), roundTrip(CodeActionParams.self), roundTrip(CompletionItem.self),
      roundTrip(CompletionParams.self), roundTrip(ConfigurationParams.self), roundTrip(DefinitionParams.self),
      roundTrip(DiagnosticRefreshRequest.self), roundTrip(DidChangeConfigurationParams.self),
      roundTrip(DidChangeTextDocumentParams.self), roundTrip(DidChangeWatchedFilesParams.self),
      roundTrip(DidChangeWorkspaceFoldersParams.self), roundTrip(DidCloseTextDocumentParams.self),
      roundTrip(DidOpenTextDocumentParams.self), roundTrip(DidSaveTextDocumentParams.self),
      roundTrip(DocumentDiagnosticParams.self), roundTrip(DocumentLinkParams.self),
      roundTrip(DocumentSymbolParams.self), roundTrip(ExecuteCommandParams.self), roundTrip(ExitNotification.self),
      roundTrip(FoldingRangeParams.self), roundTrip(HoverParams.self), roundTrip(InitializeParams.self),
      roundTrip(InitializedParams.self), roundTrip(LogMessageParams.self), roundTrip(LogTraceParams.self),
      roundTrip(PrepareRenameParams.self), roundTrip(ProgressParams.self), roundTrip(PublishDiagnosticsParams.self),
      roundTrip(ReferenceParams.self), roundTrip(RegistrationParams.self), roundTrip(RenameParams.self),
      roundTrip(SemanticTokensDeltaParams.self), roundTrip(SemanticTokensParams.self),
      roundTrip(SemanticTokensRangeParams.self), roundTrip(SetTraceParams.self), roundTrip(ShowDocumentParams.self),
      roundTrip(ShowMessageParams.self), roundTrip(ShutdownRequest.self), roundTrip(WorkDoneProgressCreateParams.self),
      roundTrip(WorkspaceSymbolParams.self),
    ]
    for decode in types {
      if let problem = decode(params) { return problem }
    }
    return nil
  }

  /// Decodes params as `P` the way the connection does; a value that decodes must
  /// encode, and its encoding must decode to the same value.
  static func roundTrip<P: Codable & Hashable>(_ type: P.Type) -> (JSONValue?) -> String? {
    { params in roundTrip(P.self, params) }
  }

  static func roundTrip<P: Codable & Hashable>(_ type: P.Type, _ params: JSONValue?) -> String? {
    guard let decoded = try? ParamsEnvelope<P>.decode(params: params) else { return nil }
    let encoded: [UInt8]
    do {
      encoded = try encodeJSON(decoded)
    } catch {
      return "\(P.self) decoded from \(params.map { "\($0)" } ?? "no params") does not encode: \(error)"
    }
    let text = String(decoding: encoded, as: UTF8.self).debugDescription
    guard let value = try? JSONParser.parse(encoded) else { return "\(P.self) encodes as \(text), not JSON" }
    do {
      let again = try decodeJSON(P.self, from: value)
      guard again == decoded else { return "\(P.self) encoded as \(text) decodes to \(again), not \(decoded)" }
    } catch {
      return "\(P.self) encoded as \(text) does not decode: \(error)"
    }
    return nil
  }
}
