public import JSONCore
public import NoteIntelligence

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Where settings come from, highest first: the client's latest `booknotes` section
/// (`workspace/configuration`, `didChangeConfiguration`), `initializationOptions`, the
/// library's `.booknotes.json`, the environment, then defaults. The first three share
/// one shape: `{"books": {…}, "index": {…}, "diagnostics": {…}, "cacheDirectory": …}`.
public struct SettingsSources: Sendable, Equatable {
  /// The client's latest `booknotes` section.
  public var client: JSONValue?
  public var initializationOptions: JSONValue?
  /// `.booknotes.json` at the (first) root.
  public var file: JSONValue?
  /// The environment variables the server reads.
  public var environment: [String: String]

  public init(
    client: JSONValue? = nil, initializationOptions: JSONValue? = nil, file: JSONValue? = nil,
    environment: [String: String] = [:]
  ) {
    self.client = client
    self.initializationOptions = initializationOptions
    self.file = file
    self.environment = environment
  }

  /// The variables read from the environment, and the key each one sets.
  public static let environmentKeys: [(variable: String, path: [String])] = [
    ("GOOGLE_BOOKS_API_KEY", ["books", "apiKey"]),
    ("BOOKNOTES_BOOKS_ENDPOINT", ["books", "endpoint"]),
    ("BOOKNOTES_OPENLIBRARY_ENDPOINT", ["books", "openLibraryEndpoint"]),
  ]

  /// The process's values of ``environmentKeys``.
  public static func processEnvironment() -> [String: String] {
    var result: [String: String] = [:]
    for (variable, _) in environmentKeys {
      if let value = ProcessInfo.processInfo.environment[variable], !value.isEmpty { result[variable] = value }
    }
    return result
  }

  /// The layers that hold JSON, highest first.
  private var layers: [JSONValue?] { [client, initializationOptions, file] }

  /// The value at `path` (e.g. `["diagnostics", "enabled"]`) from the highest source
  /// that sets it.
  public func value(at path: [String]) -> JSONValue? { found(at: path)?.value }

  /// The value at `path` and its source: 0 the client, 1 `initializationOptions`, 2
  /// `.booknotes.json`, 3 the environment.
  private func found(at path: [String]) -> (value: JSONValue, source: Int)? {
    for (index, layer) in layers.enumerated() {
      var current = layer
      for key in path { current = current?[key] }
      if let current, current != .null { return (current, index) }
    }
    for (variable, keyPath) in Self.environmentKeys where keyPath == path {
      if let value = environment[variable] { return (.string(value), 3) }
    }
    return nil
  }

  /// Whether the API key must not be sent: the endpoint comes from the library's
  /// `.booknotes.json` (which whoever wrote the notes folder controls) and the key does
  /// not. A folder could otherwise send the user's key to a server of its choosing.
  public var withholdsKey: Bool {
    guard let endpoint = found(at: ["books", "endpoint"]), endpoint.source == 2,
      let key = found(at: ["books", "apiKey"])
    else { return false }
    return key.source != 2
  }

  /// The settings, resolved.
  public var settings: LibrarySettings {
    var settings = LibrarySettings()
    settings.diagnostics = diagnosticSettings
    if case .bool(let enabled)? = value(at: ["books", "enabled"]) { settings.books.enabled = enabled }
    if case .string(let key)? = value(at: ["books", "apiKey"]), !key.isEmpty, !withholdsKey {
      settings.books.apiKey = key
    }
    if case .string(let endpoint)? = value(at: ["books", "endpoint"]), !endpoint.isEmpty {
      settings.books.endpoint = endpoint
    }
    if case .string(let name)? = value(at: ["books", "provider"]),
      let provider = BookSettings.Provider(rawValue: name.lowercased())
    {
      settings.books.provider = provider
    }
    if case .string(let endpoint)? = value(at: ["books", "openLibraryEndpoint"]), !endpoint.isEmpty {
      settings.books.openLibraryEndpoint = endpoint
    }
    if case .string(let country)? = value(at: ["books", "country"]), !country.isEmpty {
      settings.books.country = country
    }
    if case .string(let language)? = value(at: ["books", "language"]), !language.isEmpty {
      settings.books.language = language
    }
    if case .int(let count)? = value(at: ["books", "maxResults"]) {
      settings.books.maxResults = min(max(count, 1), 40)
    }
    if case .int(let budget)? = value(at: ["books", "completionBudget"]), budget >= 0 {
      settings.books.completionBudget = min(budget, 5000)
    }
    if case .int(let timeout)? = value(at: ["books", "timeout"]), timeout > 0 {
      settings.books.timeout = min(timeout, 60000)
    }
    if case .array(let globs)? = value(at: ["index", "exclude"]) {
      settings.index.exclude = globs.compactMap { if case .string(let glob) = $0 { glob } else { nil } }
    }
    if case .int(let size)? = value(at: ["index", "maxFileSize"]), size > 0 { settings.index.maxFileSize = size }
    if case .int(let interval)? = value(at: ["index", "pollInterval"]), interval > 0 {
      settings.index.pollInterval = max(interval, 50)
    }
    if case .string(let folder)? = value(at: ["cacheDirectory"]), !folder.isEmpty { settings.cacheDirectory = folder }
    if case .int(let limit)? = value(at: ["symbols", "maxResults"]), limit > 0 { settings.maxSymbols = limit }
    if case .array(let folders)? = value(at: ["library", "bookFolders"]) {
      settings.bookFolders = folders.compactMap {
        if case .string(let folder) = $0, !folder.isEmpty { folder } else { nil }
      }
    }
    if case .double(let retention)? = value(at: ["review", "retention"]), retention > 0, retention < 1 {
      settings.review.retention = retention
    }
    if case .int(let size)? = value(at: ["review", "sessionSize"]), size > 0 { settings.review.sessionSize = size }
    if case .int(let count)? = value(at: ["review", "newPerDay"]), count >= 0 { settings.review.newPerDay = count }
    return settings
  }

  /// `diagnostics.enabled` and `diagnostics.severity`, the latter merged per code;
  /// prompts are expected in every note when the library has a `.booknotes.json` (a
  /// notes folder), else only in notes that have one.
  ///
  /// A severity override is `error`, `warning`, `information` (`info`), `hint`, or
  /// `off`/`none`/`false` to turn a code off; an unknown name is ignored.
  public var diagnosticSettings: DiagnosticSettings {
    var options = DiagnosticSettings(promptsExpected: file != nil)
    if case .bool(let enabled)? = value(at: ["diagnostics", "enabled"]) { options.enabled = enabled }
    var overrides: [String: NoteDiagnostic.Severity?] = [:]
    // Lowest first, so that higher sources win per code.
    for source in layers.reversed() {
      guard case .object(let table)? = source?["diagnostics"]?["severity"] else { continue }
      for (code, value) in table {
        switch value {
        case .string(let name):
          if ["off", "none", "ignore"].contains(name.lowercased()) {
            overrides[code] = .some(nil)
          } else if let severity = NoteDiagnostic.Severity(name: name) {
            overrides[code] = severity
          }
        case .bool(false), .null:
          overrides[code] = .some(nil)
        case .int(let number):
          if let severity = NoteDiagnostic.Severity(rawValue: number) { overrides[code] = severity }
        default:
          break
        }
      }
    }
    options.severityOverrides = overrides
    return options
  }
}

/// The settings as the server and the command line use them.
public struct LibrarySettings: Sendable, Equatable {
  public var diagnostics = DiagnosticSettings()
  public var books = BookSettings()
  public var index = IndexSettings()
  /// Where the index and book caches live; `nil` for the platform's user cache folder.
  public var cacheDirectory: String?
  /// The most workspace symbols one query answers.
  public var maxSymbols = 200
  /// Folders whose notes are books (`library.bookFolders`), relative to a root.
  public var bookFolders: [String] = []
  /// `review.retention`, `review.sessionSize`, `review.newPerDay`.
  public var review = ReviewSettings()

  public init() {}

  /// Google Books (``NoteIntelligence/BookSettings``, which the catalog reads too).
  public typealias BookSettings = NoteIntelligence.BookSettings

  /// What the index reads.
  public struct IndexSettings: Sendable, Equatable {
    /// Globs of paths (relative to a root) not to index.
    public var exclude: [String] = []
    /// Larger notes are indexed by name only.
    public var maxFileSize = 2 * 1024 * 1024
    /// How often, in milliseconds, the server looks for changed notes when the
    /// editor does not watch files for it.
    public var pollInterval = 2000
  }
}

/// The optional `.booknotes.json` at a library's root.
public enum LibraryConfigurationFile {
  /// The file's name.
  public static let fileName = ".booknotes.json"

  /// The file could not be used.
  public struct Problem: Error, CustomStringConvertible {
    public let path: String
    public let reason: String
    public var description: String { "\(path): \(reason)" }
  }

  /// The contents of `root/.booknotes.json`, `nil` when there is no such file. Throws
  /// when the file exists but is not a JSON object.
  public static func read(root: String) throws(Problem) -> JSONValue? {
    let path = NoteFiles.join(root, fileName)
    guard FileManager.default.fileExists(atPath: path) else { return nil }
    guard let data = FileManager.default.contents(atPath: path) else {
      throw Problem(path: path, reason: "cannot read")
    }
    let value: JSONValue
    do {
      value = try JSONParser.parse(Array(data))
    } catch {
      throw Problem(path: path, reason: "not valid JSON (\(error))")
    }
    guard case .object = value else { throw Problem(path: path, reason: "not a JSON object") }
    return value
  }
}
