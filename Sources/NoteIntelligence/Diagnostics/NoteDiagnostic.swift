/// A problem in a note: where (UTF-8 byte offsets), how serious, its stable code and
/// a message that says what to type.
public struct NoteDiagnostic: Sendable, Hashable, CustomStringConvertible {
  public var range: Range<Int>
  public var severity: Severity
  /// The stable code, e.g. `cloze-unclosed-answer`.
  public var code: String
  public var message: String

  public init(range: Range<Int>, severity: Severity, code: String, message: String) {
    self.range = range
    self.severity = severity
    self.code = code
    self.message = message
  }

  public var description: String {
    "\(range.lowerBound)..<\(range.upperBound) \(severity) \(code): \(message)"
  }

  /// How serious a diagnostic is, numbered from the most serious as editors number
  /// severities.
  public enum Severity: Int, Sendable, CaseIterable, CustomStringConvertible {
    case error = 1
    case warning = 2
    case information = 3
    case hint = 4

    /// The lowercase name, as in `error` or `warning`.
    public var description: String {
      switch self {
      case .error: "error"
      case .warning: "warning"
      case .information: "information"
      case .hint: "hint"
      }
    }

    /// The severity named `name` (`error`, `warning`, `information` or `info`, `hint`), case-insensitive.
    public init?(name: String) {
      switch name.lowercased() {
      case "error": self = .error
      case "warning": self = .warning
      case "information", "info": self = .information
      case "hint": self = .hint
      default: return nil
      }
    }
  }
}

/// Which diagnostics to report and how seriously: the `diagnostics` settings of
/// `.booknotes.json` and of the editor.
public struct DiagnosticSettings: Sendable, Equatable {
  /// When false, no diagnostics at all.
  public var enabled: Bool
  /// Per code: a severity replacing the default, or `nil` to turn the code off.
  public var severityOverrides: [String: NoteDiagnostic.Severity?]
  /// Whether every note is expected to hold prompts (a notes folder, with its
  /// `.booknotes.json`): the codes of text that may not be meant as a prompt
  /// (``Diagnostics/reportedWherePromptsAreExpected``) are reported in every note, not
  /// only in notes that have a well-formed prompt of their kind.
  public var promptsExpected: Bool

  public init(
    enabled: Bool = true, severityOverrides: [String: NoteDiagnostic.Severity?] = [:], promptsExpected: Bool = true
  ) {
    self.enabled = enabled
    self.severityOverrides = severityOverrides
    self.promptsExpected = promptsExpected
  }

  /// Every diagnostic on, at its default severity.
  public static let `default` = DiagnosticSettings()

  /// The severity to report `code` with, or `nil` when it is off.
  public func severity(
    for code: String, default defaultSeverity: NoteDiagnostic.Severity
  ) -> NoteDiagnostic.Severity? {
    guard enabled else { return nil }
    if let override = severityOverrides[code] { return override }
    return defaultSeverity
  }
}
