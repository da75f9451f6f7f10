import NoteIntelligence
import NoteWorkspace

/// `booknotes import kindle|goodreads|storygraph FILE`: a reading life brought into
/// the library's notes.
enum ImportCommand: Subcommand {
  static let name = "import"
  static let summary = "bring in Kindle highlights and Goodreads or StoryGraph reading lists"
  static let help = """
    usage: booknotes import kindle "My Clippings.txt" [--root DIR] [--dry-run]
           booknotes import goodreads FILE.csv [--root DIR] [--update] [--dry-run]
           booknotes import storygraph FILE.csv [--root DIR] [--update] [--dry-run]

    Writes each book of the file into its note: the note with the same ISBN, else
    with the same title and first author, else a new note under DIR named after
    the title. Nothing the notes say is changed or removed: importing again adds
    only what the notes do not have yet.

    kindle      the Kindle's clippings file: each highlight becomes a quote with
                its citation, (p. 12) or (loc. 140), under a "Highlights"
                heading, in location order, the notes made on it under it. A
                highlight edited on the device counts once; bookmarks and the
                clipping-limit placeholder are skipped and counted.
    goodreads   Goodreads' library export (CSV): title, authors, isbn, published,
                status, finished, rating and shelves as tags fill the front
                matter keys that are missing or empty; the review goes under a
                "Review" heading.
    storygraph  StoryGraph's export (CSV): the same, with started and finished
                from the dates read, and an ASIN as `asin`.

    options:
      --root DIR   the library, where notes are matched and new ones written
                   (default: .)
      --update     rewrite the front matter keys the import writes (not title or
                   authors) where the note says otherwise
      --dry-run    print what would be done and write nothing
      -h, --help   show this help

    Prints a line per book: created, added, filled, updated, unchanged or failed.
    Every file is written whole to a temporary file, then renamed into place.
    Exits with 0, 1 when a note could not be written, 2 on bad usage or a file
    that cannot be read as the export it is said to be.

    """

  static func run(_ arguments: [String]) -> Int32 {
    var words: [String] = []
    var root = "."
    var dryRun = false
    var overwrite = false
    var rest = arguments[...]
    var problem: String?
    while let argument = rest.popFirst() {
      switch argument {
      case "--dry-run": dryRun = true
      case "--update": overwrite = true
      case "--root":
        if let value = rest.popFirst() { root = value } else { problem = "--root needs a folder" }
      case _ where argument.hasPrefix("--root="): root = String(argument.dropFirst("--root=".count))
      case _ where argument.hasPrefix("-") && argument != "-": problem = problem ?? "unknown option '\(argument)'"
      default: words.append(argument)
      }
    }
    let kinds = ["kindle", "goodreads", "storygraph"]
    if problem == nil {
      if words.count != 2 {
        problem = "expected what to import (kindle, goodreads or storygraph) and a file"
      } else if !kinds.contains(words[0]) {
        problem = "unknown kind '\(words[0])' (expected kindle, goodreads or storygraph)"
      } else if overwrite && words[0] == "kindle" {
        problem = "--update is for reading lists (goodreads, storygraph)"
      }
    }
    if let problem {
      Output.error("booknotes import: \(problem)\n\n\(help)")
      return ExitStatus.usage
    }
    let (kind, file) = (words[0], words[1])
    let bytes: [UInt8]
    switch Output.readFile(file) {
    case .success(let value): bytes = value
    case .failure(let error):
      Output.error("booknotes import: cannot read \(error)")
      return ExitStatus.usage
    }
    var books: [ImportedBook]
    var notes: [String] = []
    if kind == "kindle" {
      switch KindleClippings.parse(bytes) {
      case .success(let clippings):
        books = clippings.books
        notes = skippedClippings(clippings)
      case .failure(let error):
        Output.error("booknotes import: cannot import \(file) as a Kindle clippings file: \(error)")
        return ExitStatus.usage
      }
    } else {
      let source: ReadingList.Source = kind == "goodreads" ? .goodreads : .storygraph
      switch ReadingList.parse(bytes, as: source) {
      case .success(let list):
        books = list.books
        for line in list.skipped { Output.error("booknotes import: \(file): \(line); skipped") }
      case .failure(let error):
        Output.error("booknotes import: cannot import \(file) as a \(source.displayName) export: \(error)")
        return ExitStatus.usage
      }
    }
    let snapshot: LibrarySnapshot
    let names: NoteNames
    switch LibraryLoading.load(root: root, command: name) {
    case .success(let (value, listed)):
      snapshot = value
      names = listed
    case .failure(let problem):
      Output.error("booknotes import: \(problem.message)")
      return ExitStatus.usage
    }
    let outcomes = LibraryImport.run(
      books, root: NoteFiles.absolutePath(root), snapshot: snapshot, overwrite: overwrite, dryRun: dryRun)
    var failed = false
    for outcome in outcomes {
      if case .failed = outcome.action { failed = true }
      Output.standard(line(outcome, names: names) + "\n")
      if let warning = outcome.warning, let path = outcome.path {
        Output.error("booknotes import: \(names(path)): \(warning)")
      }
    }
    for note in notes { Output.standard(note + "\n") }
    if dryRun { Output.standard("dry run: nothing written\n") }
    return failed ? ExitStatus.failure : ExitStatus.success
  }

  /// `created thinking-fast-and-slow.md: Thinking, Fast and Slow (2 highlights)`,
  /// `updated …: … (added 1 highlight; filled rating)`, `unchanged …`, `failed …: why`.
  static func line(_ outcome: LibraryImport.Outcome, names: NoteNames) -> String {
    let file = outcome.path.map { names($0) } ?? "-"
    let title = outcome.book.title
    switch outcome.action {
    case .created(let highlights):
      return "created \(file): \(title)" + (highlights > 0 ? " (\(count(highlights, "highlight")))" : "")
    case .updated(let filled, let updated, let highlights, let review):
      var added: [String] = []
      if highlights > 0 { added.append(count(highlights, "highlight")) }
      if review { added.append("the review") }
      var parts: [String] = []
      if !added.isEmpty { parts.append("added " + added.joined(separator: " and ")) }
      if !filled.isEmpty { parts.append("filled " + filled.joined(separator: ", ")) }
      if !updated.isEmpty { parts.append("updated " + updated.joined(separator: ", ")) }
      return "updated \(file): \(title) (" + parts.joined(separator: "; ") + ")"
    case .unchanged:
      return "unchanged \(file): \(title)"
    case .failed(let reason):
      return "failed \(file): \(title): \(reason)"
    }
  }

  /// Lines for the clippings that became no quote.
  static func skippedClippings(_ clippings: KindleClippings) -> [String] {
    var parts: [String] = []
    if clippings.bookmarks > 0 { parts.append(count(clippings.bookmarks, "bookmark")) }
    if clippings.placeholders > 0 { parts.append(count(clippings.placeholders, "clipping-limit placeholder")) }
    if clippings.replaced > 0 { parts.append(count(clippings.replaced, "highlight edited later on the device")) }
    if clippings.unreadable > 0 { parts.append(count(clippings.unreadable, "entry not understood")) }
    return parts.isEmpty ? [] : ["skipped " + parts.joined(separator: ", ")]
  }

  static func count(_ number: Int, _ noun: String) -> String {
    if number == 1 { return "1 \(noun)" }
    if noun == "entry not understood" { return "\(number) entries not understood" }
    if noun.hasPrefix("highlight edited") { return "\(number) highlights edited later on the device" }
    return "\(number) \(noun)s"
  }
}
