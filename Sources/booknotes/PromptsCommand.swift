import JSONCore
import NoteIntelligence
import NoteSyntax
import NoteWorkspace

/// `booknotes prompts [PATH…]`: every review prompt, for export to flash-card apps.
enum PromptsCommand: Subcommand {
  static let name = "prompts"
  static let summary = "export review prompts (quotes, clozes, Q:/A:) as JSON or TSV"
  static let help = """
    usage: booknotes prompts [PATH…] [--format json|tsv|anki] [--root DIR]

    Lists every quote, cloze and Q:/A: prompt of the notes (*.md, *.markdown) under
    the PATHs (folders are searched recursively, skipping hidden folders and
    node_modules; default: the root), by file and position. A prompt's id is
    derived from its kind and text, so it survives unrelated edits.

    json:  an array of {id, kind, file, line, book, front, back}; kind is quote,
           cloze or qa; line is 1-based; book is null when the note has no title
    tsv:   one prompt a line, no header: front, back, id, kind, file, line, book;
           tabs and line breaks inside fields become spaces. The first two columns
           are what flash-card apps import; a cloze's front shows [hint] in place
           of its answer.
    anki:  Anki's text import (File > Import): its header lines, then a note a
           line: the prompt id as GUID (importing again updates the cards), the
           note type (Basic; Cloze with {{c1::answer::hint}}), a deck per book
           (BookNotes::Title), front and back as HTML, a tag booknotes::KIND.

    Files that are binary or not UTF-8 are skipped with a line on stderr.

    options:
      --format FORMAT  json (default), tsv or anki
      --root DIR       the library root (default: .)
      -h, --help       show this help

    Exits with 0, or 2 on bad usage or a missing PATH.

    """

  static func run(_ arguments: [String]) -> Int32 {
    let parsed: LibraryArguments
    switch LibraryArguments.parse(arguments, formats: ["json", "tsv", "anki"]) {
    case .success(let value): parsed = value
    case .failure(let problem):
      Output.error("booknotes prompts: \(problem.message)\n\n\(help)")
      return ExitStatus.usage
    }
    let files: [String]
    switch parsed.noteFiles() {
    case .success(let value): files = value
    case .failure(let problem):
      Output.error("booknotes prompts: \(problem.message)")
      return ExitStatus.usage
    }
    let json = parsed.format == "json"
    let anki = parsed.format == "anki"
    var output = ListOutput(json: json)
    if anki { output.add(PromptExport.ankiHeader) }
    OrderedBatches.run(files) { path in
      prompts(path, json: json, anki: anki)
    } emit: { result in
      if let problem = result.problem { Output.error(problem) }
      output.add(result.output)
    }
    output.finish()
    return ExitStatus.success
  }

  /// The prompts of one file (JSON objects joined by `,\n`, or TSV lines), or a line
  /// for stderr when it was skipped.
  static func prompts(_ path: String, json: Bool, anki: Bool = false) -> (output: String, problem: String?) {
    let name = LibraryArguments.displayName(path)
    let note: NoteDocument
    switch NoteFiles.read(path) {
    case .note(let bytes): note = NoteDocument(checkedUTF8: bytes)
    case .skipped(let reason): return ("", "booknotes prompts: skipping \(name): \(reason)")
    }
    var output = ""
    for (index, prompt) in Prompts.prompts(for: note, path: NoteFiles.absolutePath(path)).enumerated() {
      if json {
        var writer = JSONWriter()
        PromptExport.write(prompt, file: name, to: &writer)
        if index > 0 { output += ",\n" }
        output += String(decoding: writer.bytes, as: UTF8.self)
      } else if anki {
        output += PromptExport.ankiLine(prompt)
      } else {
        output += PromptExport.tsvLine(prompt, file: name)
      }
    }
    return (output, nil)
  }
}
