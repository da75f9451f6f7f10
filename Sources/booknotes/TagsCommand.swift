import JSONCore
import NoteIntelligence
import NoteWorkspace

/// `booknotes tags`: every hashtag of the library as a tree with counts.
enum TagsCommand: Subcommand {
  static let name = "tags"
  static let summary = "list the library's hashtags as a tree with note counts"
  static let help = """
    usage: booknotes tags [--format text|json] [--root DIR]

    Lists every hashtag of the library (in the text and in front matter `tags`),
    nested by `/`, most used first. A tag's count is the number of notes that use
    it or a tag inside it (#books counts the notes tagged #books/2021).

    text:  one tag a line, indented under its parent: #name  N notes
    json:  an array of {name, notes, total, children}: notes use the tag itself,
           total use it or a tag inside it; children are objects of the same shape

    options:
      --format FORMAT  text (default) or json
      --root DIR       the library root, whose .booknotes.json sets index.exclude
                       and index.maxFileSize (default: .)
      -h, --help       show this help

    Files that are binary or not UTF-8 are skipped with a line on stderr.
    Exits with 0, or 2 on bad usage or a root that cannot be read.

    """

  /// A tag with its children, resolved.
  struct Node {
    var tag: TagSummary
    var children: [Node]
  }

  static func run(_ arguments: [String]) -> Int32 {
    guard let (parsed, _, snapshot, _) = LibraryLoading.prepare(arguments, command: name, help: help) else {
      return ExitStatus.usage
    }
    guard parsed.words.isEmpty else {
      Output.error("booknotes tags: unexpected argument '\(parsed.words[0])'\n\n\(help)")
      return ExitStatus.usage
    }
    let roots = tree(snapshot)
    if parsed.json {
      var writer = JSONWriter()
      writer.beginArray()
      for root in roots { write(root, to: &writer) }
      writer.endArray()
      Output.standard(String(decoding: writer.bytes, as: UTF8.self) + "\n")
    } else {
      var text = ""
      func add(_ node: Node, depth: Int) {
        let count = node.tag.totalCount
        text +=
          String(repeating: "  ", count: depth) + "#" + node.tag.name + "  \(count) note" + (count == 1 ? "" : "s")
        text += "\n"
        for child in node.children { add(child, depth: depth + 1) }
      }
      for root in roots { add(root, depth: 0) }
      Output.standard(text)
    }
    return ExitStatus.success
  }

  /// The top-level tags (those without a `/`, including parents that only exist
  /// through their children), most used first, each with its subtree.
  static func tree(_ snapshot: LibrarySnapshot) -> [Node] {
    var seen: Set<String> = []
    var roots: [Node] = []
    for tag in snapshot.tags() {
      let top = String(tag.name.split(separator: "/", omittingEmptySubsequences: false)[0])
      guard seen.insert(TextFolding.folded(top)).inserted, let summary = snapshot.tag(named: top) else { continue }
      roots.append(node(summary, snapshot))
    }
    return roots.sorted { ($1.tag.totalCount, $0.tag.name) < ($0.tag.totalCount, $1.tag.name) }
  }

  private static func node(_ tag: TagSummary, _ snapshot: LibrarySnapshot) -> Node {
    Node(tag: tag, children: tag.children.compactMap { snapshot.tag(named: $0).map { node($0, snapshot) } })
  }

  private static func write(_ node: Node, to writer: inout JSONWriter) {
    writer.beginObject()
    writer.key("name")
    writer.write(node.tag.name)
    writer.key("notes")
    writer.write(node.tag.noteCount)
    writer.key("total")
    writer.write(node.tag.totalCount)
    writer.key("children")
    writer.beginArray()
    for child in node.children { write(child, to: &writer) }
    writer.endArray()
    writer.endObject()
  }
}
