import LanguageServerProtocol
import NoteIntelligence

/// The settings the server reads, from `initializationOptions` and from the client's
/// `booknotes` settings section (`workspace/didChangeConfiguration` or
/// `workspace/configuration`), all of the shape `{"diagnostics": {...}, ...}`.
///
/// Per key, `initializationOptions` win over the settings section, as the contract
/// orders its sources; a key absent from the options comes from the settings.
struct ServerConfiguration: Sendable, Equatable {
  /// `initializationOptions`, as given.
  var initializationOptions: JSONValue?
  /// The latest `booknotes` settings section.
  var settings: JSONValue?

  /// The value at `path` (e.g. `["diagnostics", "enabled"]`), options first.
  func value(at path: [String]) -> JSONValue? {
    for source in [initializationOptions, settings] {
      var current = source
      for key in path { current = current?[key] }
      if let current, current != .null { return current }
    }
    return nil
  }

  /// `diagnostics.enabled` and `diagnostics.severity` as NoteIntelligence options.
  ///
  /// A severity override is `error`, `warning`, `information` (`info`), `hint`, or
  /// `off`/`none`/`false` to turn a code off; an unknown name is ignored.
  var diagnosticOptions: NoteIntelligence.DiagnosticOptions {
    var options = NoteIntelligence.DiagnosticOptions()
    if case .bool(let enabled)? = value(at: ["diagnostics", "enabled"]) { options.enabled = enabled }
    var overrides: [String: NoteIntelligence.DiagnosticSeverity?] = [:]
    // Settings first, then options, so that the options' entries win per code.
    for source in [settings, initializationOptions] {
      guard case .object(let table)? = source?["diagnostics"]?["severity"] else { continue }
      for (code, value) in table {
        switch value {
        case .string(let name):
          if ["off", "none", "ignore"].contains(name.lowercased()) {
            overrides[code] = .some(nil)
          } else if let severity = NoteIntelligence.DiagnosticSeverity(name: name) {
            overrides[code] = severity
          }
        case .bool(false), .null:
          overrides[code] = .some(nil)
        case .int(let number):
          if let severity = NoteIntelligence.DiagnosticSeverity(rawValue: number) { overrides[code] = severity }
        default:
          break
        }
      }
    }
    options.severityOverrides = overrides
    return options
  }
}
