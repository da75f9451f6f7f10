import NoteIntelligence
import NoteWorkspace

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The arguments of a command that queries the whole library: words, `--root DIR`,
/// `--format F` and the command's own options, each with a value.
struct LibraryQueryArguments {
  /// The arguments that are not options.
  var words: [String] = []
  var format: String
  /// The library root, where `.booknotes.json` is read.
  var root = "."
  /// The command's own options by name (`--limit` → `10`).
  var options: [String: String] = [:]

  /// Parses `arguments`; `formats` lists the accepted `--format` values, the first
  /// being the default; `options` names the command's own options that take a value.
  static func parse(_ arguments: [String], formats: [String], options: Set<String> = [])
    -> Result<LibraryQueryArguments, UsageError>
  {
    var result = LibraryQueryArguments(format: formats[0])
    var rest = arguments[...]
    var onlyWords = false
    while let argument = rest.popFirst() {
      if onlyWords || !argument.hasPrefix("-") || argument == "-" {
        result.words.append(argument)
        continue
      }
      if argument == "--" {
        onlyWords = true
        continue
      }
      var name = argument
      var inline: String?
      if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
        name = String(argument[..<equals])
        inline = String(argument[argument.index(after: equals)...])
      }
      if name == "-f" { name = "--format" }
      guard name == "--format" || name == "--root" || options.contains(name) else {
        return .failure(UsageError("unknown option '\(argument)'"))
      }
      guard let value = inline ?? rest.popFirst() else { return .failure(UsageError("\(name) needs a value")) }
      switch name {
      case "--format":
        guard formats.contains(value) else {
          return .failure(UsageError("unknown format '\(value)' (expected \(formats.joined(separator: " or ")))"))
        }
        result.format = value
      case "--root":
        result.root = value
      default:
        result.options[name] = value
      }
    }
    return .success(result)
  }

  /// The value of `--limit` (a number, at least 1), or `fallback` when it is not given.
  func limit(default fallback: Int) -> Result<Int, UsageError> {
    guard let text = options["--limit"] else { return .success(fallback) }
    guard let value = Int(text), value > 0 else {
      return .failure(UsageError("--limit needs a positive number, not '\(text)'"))
    }
    return .success(value)
  }

  var json: Bool { format == "json" }
}

/// How a command names the notes of a library it loaded: by their paths under the
/// root as it was given (`notes/a.md` for `--root notes`, `a.md` for the current
/// folder), not by the absolute paths the library and its index cache use.
struct NoteNames {
  /// The root as given, and as the absolute path the library's paths start with.
  fileprivate var root = "."
  fileprivate var absoluteRoot = "/"

  /// The name to show for the note at `path` (a path of the library).
  func callAsFunction(_ path: String) -> String {
    let prefix = NoteFiles.join(absoluteRoot, "")
    guard path.hasPrefix(prefix) else { return LibraryArguments.displayName(path) }
    return LibraryArguments.displayName(NoteFiles.join(root, String(path.dropFirst(prefix.count))))
  }
}

/// Loads the library under a root for a command with the library engine
/// (``LibraryEngine``), as the server does: the notes (`*.md`, `*.markdown`) with
/// `.booknotes.json`'s `index.exclude` and `index.maxFileSize`, from the index cache
/// the server also uses where their files are unchanged (the root's, in the user's
/// cache folder or `.booknotes.json`'s `cacheDirectory`), the rest from disk, and the
/// cache written back. Files that are skipped get a line on stderr.
enum LibraryLoading {
  static func load(root: String, command: String) -> Result<(LibrarySnapshot, NoteNames), UsageError> {
    open(root: root, command: command).map { ($0.0.snapshot(), $0.1) }
  }

  /// The library engine with the library under `root` open, as ``load(root:command:)`` reads it;
  /// without `needsWords`, the notes' words are left in the index cache when it has them all,
  /// and without `needsSummaries` their summaries too (until first read).
  static func open(
    root: String, command: String, needsWords: Bool = true, needsSummaries: Bool = true
  ) -> Result<(LibraryEngine, NoteNames), UsageError> {
    var info = stat()
    guard stat(root, &info) == 0 else {
      return .failure(UsageError("cannot read \(root): \(String(cString: strerror(errno)))"))
    }
    guard info.st_mode & S_IFMT == S_IFDIR else { return .failure(UsageError("\(root) is not a folder")) }
    let settings: LibrarySettings
    do {
      let file = try LibraryConfigurationFile.read(root: root)
      settings = SettingsSources(file: file, environment: SettingsSources.processEnvironment()).settings
    } catch {
      return .failure(UsageError("\(error)"))
    }
    // The library and its cache use absolute paths, as the server's; the commands
    // print the paths the notes were listed with (``NoteNames``).
    let names = NoteNames(root: root, absoluteRoot: NoteFiles.absolutePath(root))
    let library = LibraryEngine(
      settings: { settings },
      report: { event in
        if case .skipped(let path, let reason) = event {
          Output.error("booknotes \(command): skipping \(names(path)): \(reason)")
        }
      })
    // The command waits for the whole library: each file is read once, words and all.
    library.open([names.absoluteRoot], twoPasses: false, needsWords: needsWords, needsSummaries: needsSummaries)
    return .success((library, names))
  }

  /// Parses the arguments and loads the library, or reports bad usage; `nil` then.
  /// With `limit`, the command takes `--limit N` (that number by default), checked
  /// before the library is read.
  static func prepare(
    _ arguments: [String], command: String, help: String, formats: [String] = ["text", "json"],
    options: Set<String> = [], limit defaultLimit: Int? = nil
  ) -> (arguments: LibraryQueryArguments, limit: Int, snapshot: LibrarySnapshot, names: NoteNames)? {
    let parsed: LibraryQueryArguments
    let accepted = defaultLimit == nil ? options : options.union(["--limit"])
    switch LibraryQueryArguments.parse(arguments, formats: formats, options: accepted) {
    case .success(let value): parsed = value
    case .failure(let problem):
      Output.error("booknotes \(command): \(problem.message)\n\n\(help)")
      return nil
    }
    var limit = Int.max
    if let defaultLimit {
      switch parsed.limit(default: defaultLimit) {
      case .success(let value): limit = value
      case .failure(let problem):
        Output.error("booknotes \(command): \(problem.message)")
        return nil
      }
    }
    switch load(root: parsed.root, command: command) {
    case .success(let (snapshot, names)): return (parsed, limit, snapshot, names)
    case .failure(let problem):
      Output.error("booknotes \(command): \(problem.message)")
      return nil
    }
  }
}

/// A text table: columns padded to their widest cell in terminal columns (so CJK and
/// emoji line up), the last one not padded.
struct TextTable {
  var rows: [[String]] = []

  func lines(indent: String = "") -> [String] {
    guard let columns = rows.map(\.count).max() else { return [] }
    var widths = [Int](repeating: 0, count: columns)
    for row in rows {
      for (index, cell) in row.enumerated() { widths[index] = max(widths[index], cell.displayWidth) }
    }
    return rows.map { row in
      var line = indent
      for (index, cell) in row.enumerated() {
        if index == row.count - 1 {
          line += cell
        } else if widths[index] > 0 {
          line += cell + String(repeating: " ", count: widths[index] - cell.displayWidth + 2)
        }
      }
      while line.last == " " { line.removeLast() }
      return line
    }
  }
}
