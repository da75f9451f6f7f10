import JSONCore
import NoteIntelligence
import NoteWorkspace

/// `booknotes symbols QUERY`: books, headings, tags and questions matching a query.
enum SymbolsCommand: Subcommand {
  static let name = "symbols"
  static let summary = "find books, headings, tags and questions by name (fuzzy)"
  static let help = """
    usage: booknotes symbols [QUERY…] [--format text|json] [--limit N] [--root DIR]

    Lists the symbols of the library whose names match QUERY fuzzily (the words are
    joined by spaces; case and accents do not count), best first: books, chapter
    and section headings, #tags and Q: questions. Without a QUERY, every note
    by its title (books and other notes).

    text:  kind  name  — container  file:line   (a book shows its authors and a
           tag its note count in place of the container)
    json:  an array of {kind, name, detail, container, file, line}; kind is book,
           chapter, section, tag or question; line is 1-based, null for a book
           without a title line

    options:
      --format FORMAT  text (default) or json
      --limit N        at most N symbols (default: 50)
      --root DIR       the library root, whose .booknotes.json sets index.exclude
                       and index.maxFileSize (default: .)
      -h, --help       show this help

    Files that are binary or not UTF-8 are skipped with a line on stderr.
    Exits with 0, or 2 on bad usage or a root that cannot be read.

    """

  static func run(_ arguments: [String]) -> Int32 {
    guard let (parsed, limit, snapshot, names) = LibraryLoading.prepare(arguments, command: name, help: help, limit: 50)
    else { return ExitStatus.usage }
    // The library is loaded and no longer changes: the query cannot be superseded.
    let symbols = (try? snapshot.symbols(matching: parsed.words.joined(separator: " "), limit: limit)) ?? []
    var output = ListOutput(json: parsed.json)
    for symbol in symbols {
      let file = names(symbol.path)
      let line = symbol.span.map { Int($0.start.line) + 1 }
      let kind = kindName(symbol.kind)
      if parsed.json {
        var writer = JSONWriter()
        writer.beginObject()
        writer.key("kind")
        writer.write(kind)
        writer.key("name")
        writer.write(symbol.name)
        writer.key("detail")
        symbol.detail.writeJSON(to: &writer)
        writer.key("container")
        symbol.container.writeJSON(to: &writer)
        writer.key("file")
        writer.write(file)
        writer.key("line")
        line.writeJSON(to: &writer)
        writer.endObject()
        output.add(String(decoding: writer.bytes, as: UTF8.self))
      } else {
        var text = kind.padding(to: 9) + " " + symbol.name
        if let context = symbol.container ?? symbol.detail { text += "  — " + context }
        text += "  " + file + (line.map { ":\($0)" } ?? "")
        output.add(text + "\n")
      }
    }
    output.finish()
    return ExitStatus.success
  }

  static func kindName(_ kind: LibrarySymbol.Kind) -> String {
    switch kind {
    case .book: "book"
    case .chapter: "chapter"
    case .section: "section"
    case .tag: "tag"
    case .question: "question"
    case .note: "note"
    }
  }
}
