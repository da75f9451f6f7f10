import JSONCore
import NoteIntelligence
import NoteSyntax
import NoteWorkspace

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `booknotes check [PATH…]`: the diagnostics of every note, for scripts and hooks.
enum CheckCommand: Subcommand {
  static let name = "check"
  static let summary = "report problems in notes: prompts, links, duplicate books (exit 1 on errors)"
  static let help = """
    usage: booknotes check [PATH…] [--format text|json] [--root DIR]

    Checks every note (*.md, *.markdown) under the PATHs (folders are searched
    recursively, skipping hidden folders and node_modules; default: the root) and
    prints its diagnostics, sorted by file and position.

    Text that may not be meant as a prompt (cloze-unclosed-hint,
    cloze-missing-answer, qa-missing-answer, qa-orphan-answer) is reported only in
    a note with a well-formed prompt of its kind, or anywhere in a notes folder.

    When it checks a folder (a PATH that is one, or the root), it also reports what
    the library knows: link-missing-note (a link to a note file that does not exist)
    and duplicate-book (another note of the library is about the same book; the
    library is the notes under the root, as the language server indexes them, and
    those checked).

    text:  file:line:column: severity code: message
    json:  an array of {file, line, column, endLine, endColumn, severity, code, message}

    Lines and columns are 1-based; columns count characters. Files that are binary
    or not UTF-8 are skipped with a line on stderr.

    options:
      --format FORMAT  text (default) or json
      --root DIR       the library root (default: .); with a .booknotes.json
                       it is a notes folder, and the file sets diagnostics.enabled
                       and diagnostics.severity
      -h, --help       show this help

    Exits with 1 when any diagnostic is an error, 0 otherwise, 2 on bad usage or a
    missing PATH.

    """

  static func run(_ arguments: [String]) -> Int32 {
    let parsed: LibraryArguments
    switch LibraryArguments.parse(arguments, formats: ["text", "json"]) {
    case .success(let value): parsed = value
    case .failure(let problem):
      Output.error("booknotes check: \(problem.message)\n\n\(help)")
      return ExitStatus.usage
    }
    let sources: SettingsSources
    do {
      let file = try LibraryConfigurationFile.read(root: parsed.root)
      sources = SettingsSources(file: file, environment: SettingsSources.processEnvironment())
    } catch {
      Output.error("booknotes check: \(error)")
      return ExitStatus.usage
    }
    let files: [String]
    switch parsed.noteFiles() {
    case .success(let value): files = value
    case .failure(let problem):
      Output.error("booknotes check: \(problem.message)")
      return ExitStatus.usage
    }
    let options = sources.diagnosticSettings
    let libraryWide = parsed.paths.isEmpty || parsed.paths.contains(where: isFolder)
    let library =
      libraryWide && options.enabled
      ? Self.library(root: parsed.root, checking: files, settings: sources.settings) : nil
    let json = parsed.format == "json"
    var anyError = false
    var output = ListOutput(json: json)
    OrderedBatches.run(files) { path in
      check(path, options: options, json: json, library: library, root: parsed.root)
    } emit: { result in
      if let problem = result.problem { Output.error(problem) }
      anyError = anyError || result.anyError
      output.add(result.output)
    }
    output.finish()
    return anyError ? ExitStatus.failure : ExitStatus.success
  }

  /// What checking one file gave: its report (JSON objects joined by `,\n`, or text
  /// lines), a line for stderr when it was skipped, and whether it has an error.
  struct FileResult: Sendable {
    var output = ""
    var problem: String?
    var anyError = false
  }

  /// Whether `path` is a folder (symbolic links followed).
  static func isFolder(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
  }

  /// The library that library diagnostics compare notes with: the notes under `root`
  /// as the server indexes them (none when the root is the home or file-system folder),
  /// and the `files` checked. Notes are keyed by their resolved absolute paths.
  static func library(root: String, checking files: [String], settings: LibrarySettings) -> LibrarySnapshot {
    var entries: [NoteFiles.Entry] = []
    var known: Set<String> = []
    func add(_ entry: NoteFiles.Entry) {
      var entry = entry
      entry.path = NoteFiles.resolvedPath(entry.path) ?? entry.path
      if known.insert(entry.path).inserted { entries.append(entry) }
    }
    let resolvedRoot = NoteFiles.resolvedPath(root) ?? root
    if !NoteFiles.isTooBroad(resolvedRoot) {
      for entry in NoteFiles.scan(root: resolvedRoot, exclude: settings.index.exclude.map(Glob.init)) { add(entry) }
    }
    for file in files {
      if let entry = NoteFiles.resolvedPath(file).flatMap(NoteFiles.entry) { add(entry) }
    }
    // Files that are not notes are reported when they are checked, not here.
    let library = LibraryEngine(settings: { settings })
    library.read(entries)
    var snapshot = library.snapshot()
    snapshot.roots = [resolvedRoot]
    return snapshot
  }

  /// The diagnostics of the note at `path` (text `note`): the parser's, then the
  /// library's when there is a `library` to compare it with.
  /// A link starting with `/` is relative to `root` (`--root`).
  static func diagnostics(
    of note: NoteDocument, at path: String, options: DiagnosticSettings, library: LibrarySnapshot?, root: String
  ) -> [NoteDiagnostic] {
    let found = Diagnostics.compute(note, options: options)
    guard let library, let resolved = NoteFiles.resolvedPath(path) else { return found }
    let resolvedRoot = NoteFiles.resolvedPath(root) ?? NoteFiles.absolutePath(root)
    let context = LibraryContext(path: resolved, root: resolvedRoot, library: library) { path in
      library.note(at: path) != nil || NoteFiles.exists(path)
    }
    return found + LibraryDiagnostics.compute(note, context: context, options: options)
  }

  static func check(
    _ path: String, options: DiagnosticSettings, json: Bool, library: LibrarySnapshot?, root: String
  ) -> FileResult {
    let name = LibraryArguments.displayName(path)
    var result = FileResult()
    let bytes: [UInt8]
    switch NoteFiles.read(path) {
    case .note(let content): bytes = content
    case .skipped(let reason):
      result.problem = "booknotes check: skipping \(name): \(reason)"
      return result
    }
    let note = NoteDocument(checkedUTF8: bytes)
    let diagnostics = diagnostics(of: note, at: path, options: options, library: library, root: root).enumerated()
      .sorted {
        ($0.element.range.lowerBound, $0.element.range.upperBound, $0.offset)
          < ($1.element.range.lowerBound, $1.element.range.upperBound, $1.offset)
      }
    var columns = CharacterColumns(note: note)
    for (index, diagnostic) in diagnostics.map(\.element).enumerated() {
      if diagnostic.severity == .error { result.anyError = true }
      let start = columns.position(of: diagnostic.range.lowerBound)
      if json {
        let end = columns.position(of: diagnostic.range.upperBound)
        if index > 0 { result.output += ",\n" }
        result.output += jsonObject(name, start, end, diagnostic)
      } else {
        result.output += "\(name):\(start.line):\(start.column): \(diagnostic.severity) \(diagnostic.code): "
        result.output += diagnostic.message + "\n"
      }
    }
    return result
  }

  private static func jsonObject(
    _ file: String, _ start: (line: Int, column: Int), _ end: (line: Int, column: Int),
    _ diagnostic: NoteDiagnostic
  ) -> String {
    var writer = JSONWriter()
    writer.beginObject()
    writer.key("file")
    writer.write(file)
    for (key, value) in [
      ("line", start.line), ("column", start.column), ("endLine", end.line), ("endColumn", end.column),
    ] {
      writer.key(key)
      writer.write(value)
    }
    writer.key("severity")
    writer.write(diagnostic.severity.description)
    writer.key("code")
    writer.write(diagnostic.code)
    writer.key("message")
    writer.write(diagnostic.message)
    writer.endObject()
    return String(decoding: writer.bytes, as: UTF8.self)
  }
}

/// The 1-based line and 1-based column of byte offsets of a note, the column counted in
/// characters (grapheme clusters) of the line before it. Each line is read once, however
/// many offsets fall on it: a line of many diagnostics costs its length, not its length
/// times their number.
struct CharacterColumns {
  let note: NoteDocument
  /// The line last read, where it starts, and the offsets at which its characters start
  /// (empty when the line is ASCII: each byte is then one character).
  private var line = -1
  private var lineStart = 0
  private var characterStarts: [Int] = []

  init(note: NoteDocument) { self.note = note }

  mutating func position(of offset: Int) -> (line: Int, column: Int) {
    let offset = min(max(offset, 0), note.utf8Count)
    let line = note.lines.lineContaining(offset)
    if line != self.line { read(line) }
    if characterStarts.isEmpty { return (line + 1, offset - lineStart + 1) }
    // The characters that start before `offset`.
    var low = 0
    var high = characterStarts.count
    while low < high {
      let middle = (low + high) / 2
      if characterStarts[middle] < offset { low = middle + 1 } else { high = middle }
    }
    return (line + 1, low + 1)
  }

  private mutating func read(_ line: Int) {
    self.line = line
    lineStart = note.lines.startOfLine(line)
    let end = note.lines.startOfLine(line + 1)
    let bytes = note.text.bytes(in: lineStart..<end)
    characterStarts = []
    guard bytes.contains(where: { $0 >= 0x80 }) else { return }
    let text = String(decoding: bytes, as: UTF8.self)
    var offset = lineStart
    for character in text {
      characterStarts.append(offset)
      offset += character.utf8.count
    }
  }
}
