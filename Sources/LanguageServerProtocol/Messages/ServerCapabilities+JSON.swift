public import JSONCore

/// The `initialize` result written with ``JSONWriter``: the first answer a client waits
/// for goes out without `JSONEncoder`. Members are written in declaration order and
/// `nil` ones are left out, as `JSONEncoder` does.
extension JSONWriter {
  /// Writes `key` and `value` when `value` is not `nil`.
  mutating func member(_ key: String, _ value: (some FastJSONEncodable)?) {
    guard let value else { return }
    self.key(key)
    value.writeJSON(to: &self)
  }
}

extension InitializeResult: FastJSONEncodable {
  public func writeJSON(to writer: inout JSONWriter) {
    writer.beginObject()
    writer.member("capabilities", capabilities)
    writer.member("serverInfo", serverInfo)
    writer.endObject()
  }
}

extension ProgramInfo: FastJSONEncodable {
  public func writeJSON(to writer: inout JSONWriter) {
    writer.beginObject()
    writer.member("name", name)
    writer.member("version", version)
    writer.endObject()
  }
}

extension ServerCapabilities: FastJSONEncodable {
  public func writeJSON(to writer: inout JSONWriter) {
    writer.beginObject()
    writer.member("positionEncoding", positionEncoding)
    writer.member("textDocumentSync", textDocumentSync)
    writer.member("semanticTokensProvider", semanticTokensProvider)
    writer.member("documentSymbolProvider", documentSymbolProvider)
    writer.member("foldingRangeProvider", foldingRangeProvider)
    writer.member("hoverProvider", hoverProvider)
    writer.member("codeActionProvider", codeActionProvider)
    writer.member("diagnosticProvider", diagnosticProvider)
    writer.member("completionProvider", completionProvider)
    writer.member("workspaceSymbolProvider", workspaceSymbolProvider)
    writer.member("definitionProvider", definitionProvider)
    writer.member("referencesProvider", referencesProvider)
    writer.member("renameProvider", renameProvider)
    writer.member("documentLinkProvider", documentLinkProvider)
    writer.member("codeLensProvider", codeLensProvider)
    writer.member("executeCommandProvider", executeCommandProvider)
    writer.member("workspace", workspace)
    writer.member("experimental", experimental)
    writer.endObject()
  }
}

extension TextDocumentSyncOptions: FastJSONEncodable {
  public func writeJSON(to writer: inout JSONWriter) {
    writer.beginObject()
    writer.member("openClose", openClose)
    writer.member("change", change)
    writer.member("save", save)
    writer.endObject()
  }
}

extension SaveOptions: FastJSONEncodable {
  public func writeJSON(to writer: inout JSONWriter) {
    writer.beginObject()
    writer.member("includeText", includeText)
    writer.endObject()
  }
}

extension SemanticTokensLegend: FastJSONEncodable {
  public func writeJSON(to writer: inout JSONWriter) {
    writer.beginObject()
    writer.member("tokenTypes", tokenTypes)
    writer.member("tokenModifiers", tokenModifiers)
    writer.endObject()
  }
}

extension SemanticTokensOptions: FastJSONEncodable {
  public func writeJSON(to writer: inout JSONWriter) {
    writer.beginObject()
    writer.member("legend", legend)
    writer.member("full", full)
    writer.member("range", range)
    writer.endObject()
  }
}

extension SemanticTokensOptions.Full: FastJSONEncodable {
  public func writeJSON(to writer: inout JSONWriter) {
    writer.beginObject()
    writer.member("delta", delta)
    writer.endObject()
  }
}

extension CodeActionOptions: FastJSONEncodable {
  public func writeJSON(to writer: inout JSONWriter) {
    writer.beginObject()
    writer.member("codeActionKinds", codeActionKinds)
    writer.member("resolveProvider", resolveProvider)
    writer.endObject()
  }
}

extension DiagnosticOptions: FastJSONEncodable {
  public func writeJSON(to writer: inout JSONWriter) {
    writer.beginObject()
    writer.member("identifier", identifier)
    writer.member("interFileDependencies", interFileDependencies)
    writer.member("workspaceDiagnostics", workspaceDiagnostics)
    writer.endObject()
  }
}

extension CompletionOptions: FastJSONEncodable {
  public func writeJSON(to writer: inout JSONWriter) {
    writer.beginObject()
    writer.member("triggerCharacters", triggerCharacters)
    writer.member("allCommitCharacters", allCommitCharacters)
    writer.member("resolveProvider", resolveProvider)
    writer.endObject()
  }
}

extension RenameOptions: FastJSONEncodable {
  public func writeJSON(to writer: inout JSONWriter) {
    writer.beginObject()
    writer.member("prepareProvider", prepareProvider)
    writer.endObject()
  }
}

extension DocumentLinkOptions: FastJSONEncodable {
  public func writeJSON(to writer: inout JSONWriter) {
    writer.beginObject()
    writer.member("resolveProvider", resolveProvider)
    writer.endObject()
  }
}

extension WorkspaceServerCapabilities: FastJSONEncodable {
  public func writeJSON(to writer: inout JSONWriter) {
    writer.beginObject()
    writer.member("workspaceFolders", workspaceFolders)
    writer.member("fileOperations", fileOperations)
    writer.endObject()
  }
}

extension WorkspaceServerCapabilities.WorkspaceFolders: FastJSONEncodable {
  public func writeJSON(to writer: inout JSONWriter) {
    writer.beginObject()
    writer.member("supported", supported)
    writer.member("changeNotifications", changeNotifications)
    writer.endObject()
  }
}

extension PositionEncodingKind: FastJSONEncodable {
  public func writeJSON(to writer: inout JSONWriter) { writer.write(rawValue) }
}

extension TextDocumentSyncKind: FastJSONEncodable {
  public func writeJSON(to writer: inout JSONWriter) { writer.write(rawValue) }
}

extension CodeActionKind: FastJSONEncodable {
  public func writeJSON(to writer: inout JSONWriter) { writer.write(rawValue) }
}

extension ExecuteCommandOptions: FastJSONEncodable {
  public func writeJSON(to writer: inout JSONWriter) {
    writer.beginObject()
    writer.member("commands", commands)
    writer.endObject()
  }
}
