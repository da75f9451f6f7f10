import JSONCore
import NoteIntelligence
import NoteSyntax
import NoteWorkspace

/// `booknotes search WORDS…`: full-text search over the library.
enum SearchCommand: Subcommand {
  static let name = "search"
  static let summary = "search the notes' text (words, \"phrases\", #tags)"
  static let help = """
    usage: booknotes search WORDS… [--format text|json] [--limit N] [--root DIR]

    Finds the notes that contain every word (case and accents do not count; the
    last word also matches as the start of a word), best first. "Words in quotes"
    must follow each other; #tag keeps the notes that use the tag or a tag inside
    it. Code blocks are not searched. Each note is shown once, at its best line.

    text:  file:line: [book › heading] snippet   (matches marked with **)
    json:  an array of {file, book, heading, line, snippet, matches, score}; line
           is 1-based; matches are [start, end] UTF-16 offsets into snippet; book
           and heading are null when the note has none

    options:
      --format FORMAT  text (default) or json
      --limit N        at most N notes (default: 50)
      --root DIR       the library root, whose .booknotes.json sets index.exclude
                       and index.maxFileSize (default: .)
      -h, --help       show this help

    Files that are binary or not UTF-8 are skipped with a line on stderr.
    Exits with 0 when a note matches, 1 when none does, 2 on bad usage or a root
    that cannot be read.

    """

  static func run(_ arguments: [String]) -> Int32 {
    guard let (parsed, limit, snapshot, names) = LibraryLoading.prepare(arguments, command: name, help: help, limit: 50)
    else { return ExitStatus.usage }
    let query = SearchQuery(parsed.words.joined(separator: " "))
    guard !query.isEmpty else {
      Output.error("booknotes search: no words to search for\n\n\(help)")
      return ExitStatus.usage
    }
    // Not run in a task: nothing cancels it.
    let hits =
      (try? snapshot.search(query, limit: limit, parallel: LibraryEngine.parallel) { note in
        // Read on every core, with the note's summary.
        guard case .note(let bytes) = NoteFiles.read(note.path) else { return nil }
        return SearchText(file: bytes, summary: note)
      }) ?? []
    var output = ListOutput(json: parsed.json)
    for hit in hits {
      let file = names(hit.path)
      if parsed.json {
        var writer = JSONWriter()
        SearchExport.write(hit, file: file, firstLine: 1, to: &writer)
        output.add(String(decoding: writer.bytes, as: UTF8.self))
      } else {
        var context: [String] = []
        if let book = hit.book { context.append(book) }
        if let heading = hit.heading, heading != hit.book { context.append(heading) }
        var line = "\(file):\(hit.line + 1): "
        if !context.isEmpty { line += "[" + context.joined(separator: " › ") + "] " }
        line += SearchExport.marked(hit.snippet, matches: hit.matches)
        output.add(line + "\n")
      }
    }
    output.finish()
    return hits.isEmpty ? ExitStatus.failure : ExitStatus.success
  }
}
