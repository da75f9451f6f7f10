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
  /// The path each note was listed with, by its absolute path.
  fileprivate var listed: [String: String] = [:]

  /// The name to show for the note at `path` (a path of the library).
  func callAsFunction(_ path: String) -> String { LibraryArguments.displayName(listed[path] ?? path) }
}

/// Loads the library under a root for a command: the notes (`*.md`, `*.markdown`) as
/// the server indexes them, with `.booknotes.json`'s `index.exclude` and
/// `index.maxFileSize`; files that are skipped get a line on stderr. As on the
/// server's warm start, the library is made from the index cache the server also uses
/// (the root's, in the user's cache folder or `.booknotes.json`'s `cacheDirectory`):
/// its stored tables, and its unchanged notes' summaries, each decoded when first
/// read. Notes whose files changed are read from disk, and the cache is written back.
enum LibraryLoading {
  static func load(root: String, command: String) -> Result<(LibrarySnapshot, NoteNames), UsageError> {
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
    let listed = NoteFiles.scan(root: root, exclude: settings.index.exclude.map(Glob.init))
    let absoluteRoot = IndexCache.absolutePath(root)
    let prefix = root.hasSuffix("/") ? root.count : root.count + 1
    var names = NoteNames()
    let entries = listed.map { entry in
      var result = entry
      result.path = NoteFiles.join(absoluteRoot, String(entry.path.dropFirst(prefix)))
      names.listed[result.path] = entry.path
      return result
    }
    let host = LibraryHost()
    var records: [IndexCache.Record] = []
    var remaining = entries
    // Whether the cache holds notes no longer listed (written again without them).
    var stale = false
    let cache = IndexCache.library(roots: [absoluteRoot], settings: settings)
    if let cache, case .success(let image) = cache.open() {
      var opened = IndexCache.OpenedLibrary(image)
      if let unchanged = opened.keep(entries) {
        host.install(opened.library)
        remaining = []
        for (entry, record) in zip(entries, unchanged) {
          if let record {
            records.append(IndexCache.Record(entry: entry, box: opened.boxes[record]))
          } else {
            remaining.append(entry)
          }
        }
        stale = records.count != image.count
      }
    }
    LibraryLoader.load(remaining, maxFileSize: settings.index.maxFileSize) { results, _, _ in
      var changes: [LibraryChange] = []
      for (entry, outcome) in results {
        switch outcome {
        case .summary(let summary):
          changes.append(.update(summary))
          records.append(IndexCache.Record(entry: entry, summary: summary))
        case .skipped(let path, let reason):
          Output.error("booknotes \(command): skipping \(names(path)): \(reason)")
        }
      }
      host.apply(changes)
    }
    if let cache, !remaining.isEmpty || stale {
      // A cache that cannot be written only makes the next run slower.
      try? cache.save(records)
    }
    return .success((host.snapshot(), names))
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
