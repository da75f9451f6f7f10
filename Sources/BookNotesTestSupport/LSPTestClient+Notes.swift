public import JSONCore
import LanguageServerProtocol

/// Helpers for talking about notes: open, edit and request by URI.
extension LSPTestClient {
  /// Sends `initialize` (with `trace` when given) and `initialized`; returns the
  /// `initialize` result.
  @discardableResult
  public func initialize(
    capabilities: JSONValue = [:], initializationOptions: JSONValue? = nil, trace: String? = nil
  ) async throws -> JSONValue {
    var params: [String: JSONValue] = ["processId": nil, "rootUri": nil, "capabilities": capabilities]
    if let initializationOptions { params["initializationOptions"] = initializationOptions }
    if let trace { params["trace"] = .string(trace) }
    let result = try await request("initialize", params: .object(params))
    notify("initialized", params: [:])
    return result
  }

  /// Sends `textDocument/didOpen`.
  public func open(_ uri: String, text: String, version: Int = 1) {
    notify(
      "textDocument/didOpen",
      params: [
        "textDocument": [
          "uri": .string(uri), "languageId": "markdown", "version": .int(version), "text": .string(text),
        ]
      ])
  }

  /// One incremental change: replace the range from `start` to `end` (line, character) with `text`.
  public static func change(_ start: (Int, Int), _ end: (Int, Int), _ text: String) -> JSONValue {
    [
      "range": [
        "start": ["line": .int(start.0), "character": .int(start.1)],
        "end": ["line": .int(end.0), "character": .int(end.1)],
      ],
      "text": .string(text),
    ]
  }

  /// Sends `textDocument/didChange` with `changes` in order.
  public func change(_ uri: String, version: Int, _ changes: [JSONValue]) {
    notify(
      "textDocument/didChange",
      params: [
        "textDocument": ["uri": .string(uri), "version": .int(version)], "contentChanges": .array(changes),
      ])
  }

  /// A request whose params are `{"textDocument": {"uri": uri}}` plus `extra`.
  public func request(_ method: String, uri: String, _ extra: [String: JSONValue] = [:]) async throws -> JSONValue {
    var params = extra
    params["textDocument"] = ["uri": .string(uri)]
    return try await request(method, params: .object(params))
  }

  /// `shutdown`, then `exit`.
  public func shutdownAndExit() async throws {
    _ = try await request("shutdown")
    notify("exit")
  }
}

/// A `{"line": …, "character": …}` value.
public func position(_ line: Int, _ character: Int) -> JSONValue {
  ["line": .int(line), "character": .int(character)]
}

/// A `{"start": …, "end": …}` value.
public func range(_ start: (Int, Int), _ end: (Int, Int)) -> JSONValue {
  ["start": position(start.0, start.1), "end": position(end.0, end.1)]
}
