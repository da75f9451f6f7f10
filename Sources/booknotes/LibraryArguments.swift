import NoteWorkspace

/// The arguments of a command that reads notes: `[PATH…] [--format F] [--root DIR]`.
struct LibraryArguments {
  var paths: [String] = []
  var format: String
  /// The library root, where `.booknotes.json` is read; the default PATH.
  var root = "."

  /// Parses `arguments`; `formats` lists the accepted `--format` values, the first
  /// being the default. Returns a message for bad usage.
  static func parse(_ arguments: [String], formats: [String]) -> Result<LibraryArguments, UsageError> {
    var result = LibraryArguments(format: formats[0])
    var rest = arguments[...]
    var onlyPaths = false
    while let argument = rest.popFirst() {
      if onlyPaths || !argument.hasPrefix("-") || argument == "-" {
        result.paths.append(argument)
        continue
      }
      let (name, inline) = split(argument)
      switch name {
      case "--":
        onlyPaths = true
      case "--format", "-f":
        guard let value = inline ?? rest.popFirst() else { return .failure(UsageError("--format needs a value")) }
        guard formats.contains(value) else {
          return .failure(
            UsageError("unknown format '\(value)' (expected \(formats.joined(separator: " or ")))"))
        }
        result.format = value
      case "--root":
        guard let value = inline ?? rest.popFirst() else { return .failure(UsageError("--root needs a folder")) }
        result.root = value
      default:
        return .failure(UsageError("unknown option '\(argument)'"))
      }
    }
    return .success(result)
  }

  /// `--name=value` as its name and value; other arguments whole.
  private static func split(_ argument: String) -> (String, String?) {
    guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
    return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
  }

  /// The note files under the paths (the root when none is given), or a message for a
  /// path that does not exist.
  func noteFiles() -> Result<[String], UsageError> {
    do {
      return .success(try NoteFiles.list(paths.isEmpty ? [root] : paths))
    } catch {
      return .failure(UsageError("cannot read \(error)"))
    }
  }

  /// How a note's path is shown: without a leading `./`.
  static func displayName(_ path: String) -> String {
    path.hasPrefix("./") ? String(path.dropFirst(2)) : path
  }
}

/// A command-line mistake, reported with the command's usage.
struct UsageError: Error {
  let message: String
  init(_ message: String) { self.message = message }
}
