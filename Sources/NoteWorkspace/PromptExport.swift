public import JSONCore
public import NoteIntelligence

/// Review prompts as the command line exports them (`booknotes prompts`) and the
/// `booknotes/prompts` request answers them.
public enum PromptExport {
  /// Writes `{id, kind, file, line, book, front, back, …}` with `line` 1-based and
  /// `book` `null` when the note has no title; `extra` appends more members.
  public static func write(
    _ prompt: Prompt, file: String, to writer: inout JSONWriter, extra: (inout JSONWriter) -> Void = { _ in }
  ) {
    writer.beginObject()
    writer.key("id")
    writer.write(prompt.id)
    writer.key("kind")
    writer.write(prompt.kind.rawValue)
    writer.key("file")
    writer.write(file)
    writer.key("line")
    writer.write(prompt.line + 1)
    writer.key("book")
    prompt.book.writeJSON(to: &writer)
    writer.key("front")
    writer.write(prompt.front)
    writer.key("back")
    writer.write(prompt.back)
    extra(&writer)
    writer.endObject()
  }

  /// One TSV line, no header: front, back, id, kind, file, line, book; tabs and line
  /// breaks inside fields become spaces.
  public static func tsvLine(_ prompt: Prompt, file: String) -> String {
    let fields = [
      prompt.front, prompt.back, prompt.id, prompt.kind.rawValue, file, String(prompt.line + 1), prompt.book ?? "",
    ]
    return fields.map(tsvField).joined(separator: "\t") + "\n"
  }

  /// The header lines of Anki's text import: tab-separated HTML fields, each line a
  /// note with its GUID (the prompt id, so importing again updates the card), note
  /// type, deck and tags in the columns named.
  public static let ankiHeader = """
    #separator:tab
    #html:true
    #guid column:1
    #notetype column:2
    #deck column:3
    #tags column:6

    """

  /// One line of Anki's text import: GUID, note type (`Basic`, or `Cloze` with the
  /// cloze as `{{c1::answer::hint}}`), the deck `BookNotes::` and the book's title
  /// (`BookNotes` for a note without one), the two fields and the tag
  /// `booknotes::` and the prompt's kind.
  public static func ankiLine(_ prompt: Prompt) -> String {
    let deck = prompt.book.map { "BookNotes::" + $0.replacing("::", with: ":") } ?? "BookNotes"
    let fields: [String]
    if prompt.kind == .cloze, let markup = prompt.clozeMarkup {
      fields = [prompt.id, "Cloze", deck, html(markup), html(prompt.book ?? "")]
    } else {
      fields = [prompt.id, "Basic", deck, html(prompt.front), html(prompt.back)]
    }
    return (fields + ["booknotes::\(prompt.kind.rawValue)"]).map(tsvField).joined(separator: "\t") + "\n"
  }

  /// `text` as HTML: `&`, `<`, `>` and `"` escaped.
  static func html(_ text: String) -> String {
    var result = ""
    for character in text {
      switch character {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      default: result.append(character)
      }
    }
    return result
  }

  /// A TSV field: tabs and line breaks replaced by spaces.
  static func tsvField(_ text: String) -> String {
    // Tabs, line feeds and carriage returns, and the lead bytes of NEL, LS and PS.
    let special: Set<UInt8> = [0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0xC2, 0xE2]
    guard text.utf8.contains(where: special.contains) else { return text }
    return String(text.map { $0 == "\t" || $0.isNewline ? " " : $0 })
  }
}
