import JSONCore
import NoteIntelligence
import NoteWorkspace

/// `booknotes links NOTE`: a note's outgoing links and its backlinks.
enum LinksCommand: Subcommand {
  static let name = "links"
  static let summary = "list a note's outgoing links and the notes that link to it"
  static let help = """
    usage: booknotes links NOTE [--format text|json] [--root DIR]

    Lists the links of NOTE (Markdown links, wiki links and embeds) with where each
    leads, and every link of the library to NOTE (its backlinks). NOTE is a file's
    path, or a note's name as a wiki link writes it (file name, path or alias).

    text:  the note's title and path, then `outgoing:` and `backlinks:`, a link a
           line: file:line:column, the link, and for an outgoing link where it leads
           (a path, `missing` or `ambiguous: …`)
    json:  {note, title, outgoing: [{line, column, link, target, heading, status,
           leadsTo, candidates}], backlinks: [{file, line, column, link, heading}]};
           status is note, missing, ambiguous or elsewhere; line and column are
           1-based, the column in characters

    options:
      --format FORMAT  text (default) or json
      --root DIR       the library root, whose .booknotes.json sets index.exclude
                       and index.maxFileSize (default: .)
      -h, --help       show this help

    Exits with 0, or 2 on bad usage, a root that cannot be read or a NOTE that is
    not in the library.

    """

  static func run(_ arguments: [String]) -> Int32 {
    guard let (parsed, _, snapshot, names) = LibraryLoading.prepare(arguments, command: name, help: help) else {
      return ExitStatus.usage
    }
    guard parsed.words.count == 1 else {
      Output.error("booknotes links: name one note\n\n\(help)")
      return ExitStatus.usage
    }
    let written = parsed.words[0]
    let asFile = NoteFiles.normalized(NoteFiles.absolutePath(written))
    guard let path = snapshot.note(at: asFile) != nil ? asFile : snapshot.noteNames.notes(named: written).first,
      let note = snapshot.note(at: path)
    else {
      Output.error("booknotes links: no note '\(written)' in the library")
      return ExitStatus.usage
    }
    let outgoing = note.links.filter { !$0.isImage }
    let backlinks = snapshot.backlinks(to: path)
    if parsed.json {
      var writer = JSONWriter()
      writer.beginObject()
      writer.key("note")
      writer.write(names(path))
      writer.key("title")
      writer.write(note.title ?? "")
      writer.key("outgoing")
      writer.beginArray()
      for link in outgoing {
        let resolution = snapshot.resolve(link.use, from: path)
        writer.beginObject()
        point(link.span.start, to: &writer)
        writer.key("link")
        writer.write(shown(link))
        writer.key("target")
        writer.write(link.kind.isWiki ? link.target : String(link.use.path))
        writer.key("heading")
        if let heading = link.heading { writer.write(heading) } else { writer.write(JSONValue.null) }
        writer.key("status")
        writer.write(status(resolution))
        writer.key("leadsTo")
        if let target = resolution.path { writer.write(names(target)) } else { writer.write(JSONValue.null) }
        writer.key("candidates")
        writer.beginArray()
        if case .ambiguous(let paths) = resolution { for candidate in paths { writer.write(names(candidate)) } }
        writer.endArray()
        writer.endObject()
      }
      writer.endArray()
      writer.key("backlinks")
      writer.beginArray()
      for backlink in backlinks {
        writer.beginObject()
        writer.key("file")
        writer.write(names(backlink.source))
        point(backlink.link.span.start, to: &writer)
        writer.key("link")
        writer.write(shown(backlink.link))
        writer.key("heading")
        if let heading = backlink.link.heading { writer.write(heading) } else { writer.write(JSONValue.null) }
        writer.endObject()
      }
      writer.endArray()
      writer.endObject()
      Output.standard(String(decoding: writer.bytes, as: UTF8.self) + "\n")
      return ExitStatus.success
    }
    var text = "\(note.title ?? names(path)) (\(names(path)))\n\noutgoing:\n"
    for link in outgoing {
      let resolution = snapshot.resolve(link.use, from: path)
      var leads: String
      switch resolution {
      case .note(let target): leads = names(target)
      case .ambiguous(let paths): leads = "ambiguous: " + paths.map { names($0) }.joined(separator: ", ")
      case .missing: leads = "missing"
      case .elsewhere: leads = "elsewhere"
      }
      text += "  \(names(path)):\(place(link.span.start))  \(shown(link)) → \(leads)\n"
    }
    text += "\nbacklinks:\n"
    for backlink in backlinks {
      text += "  \(names(backlink.source)):\(place(backlink.link.span.start))  \(shown(backlink.link))\n"
    }
    Output.standard(text)
    return ExitStatus.success
  }

  /// The link as written, near enough: `[[target#heading]]`, `![[…]]` or `(target)`.
  static func shown(_ link: NoteSummary.NoteLink) -> String {
    switch link.kind {
    case .wiki, .embed:
      let inner = link.target + (link.heading.map { "#" + $0 } ?? "")
      return (link.kind == .embed ? "![[" : "[[") + inner + "]]"
    case .link, .image:
      return "(" + link.target + ")"
    }
  }

  static func status(_ resolution: LinkResolution) -> String {
    switch resolution {
    case .note: "note"
    case .ambiguous: "ambiguous"
    case .missing: "missing"
    case .elsewhere: "elsewhere"
    }
  }

  /// `line:column`, 1-based, the column in characters.
  static func place(_ point: NotePoint) -> String { "\(point.line + 1):\(point.utf32 + 1)" }

  static func point(_ point: NotePoint, to writer: inout JSONWriter) {
    writer.key("line")
    writer.write(Int(point.line) + 1)
    writer.key("column")
    writer.write(Int(point.utf32) + 1)
  }
}
