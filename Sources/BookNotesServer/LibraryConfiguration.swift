import LanguageServerProtocol
public import NoteIntelligence

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The optional `.booknotes.json` at a library's root, as the command line reads it.
/// It has the shape of the editor settings: `{"diagnostics": {"enabled": …,
/// "severity": {code: "error|warning|information|hint|off"}}, …}`.
public enum LibraryConfiguration {
  /// The file's name.
  public static let fileName = ".booknotes.json"

  /// The file could not be used.
  public struct Problem: Error, CustomStringConvertible {
    public let path: String
    public let reason: String
    public var description: String { "\(path): \(reason)" }
  }

  /// The diagnostics options of `root/.booknotes.json`, the defaults when there is no
  /// such file. Throws when the file exists but is not a JSON object.
  public static func diagnosticOptions(root: String) throws(Problem) -> NoteIntelligence.DiagnosticOptions {
    let path = NoteFiles.join(root, fileName)
    guard FileManager.default.fileExists(atPath: path) else { return NoteIntelligence.DiagnosticOptions() }
    guard let data = FileManager.default.contents(atPath: path) else {
      throw Problem(path: path, reason: "cannot read")
    }
    let value: JSONValue
    do {
      value = try JSONDecoder().decode(JSONValue.self, from: data)
    } catch {
      throw Problem(path: path, reason: "not valid JSON")
    }
    guard case .object = value else { throw Problem(path: path, reason: "not a JSON object") }
    return ServerConfiguration(settings: value).diagnosticOptions
  }
}
