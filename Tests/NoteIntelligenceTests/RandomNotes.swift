import BookNotesTestSupport

/// Random notes that combine CommonMark's and GFM's block rules, from a seed: each line
/// is an indentation (0 to 7 spaces, tabs), container markers (`>` with and without its
/// space, `-`/`*`/`+`/`1.`/`2)` items) or the continuation of the line above's
/// containers, and a block line (paragraph text, an ATX heading, a setext underline, a
/// thematic break, a fence, an HTML block's line, a link reference definition or a part
/// of one, a table's row, a footnote definition, or nothing).
///
/// Left out, as the syntax spec gives them another meaning: `Q:`/`A:` lines (a pair),
/// `Summary:` and `tl;dr:` lines (a summary), `$$` and `%%` lines (math and comments), a
/// `---` first line (front matter), a line opening with `#` that is no heading (`#word`,
/// `#######`: a line of tags, a paragraph of its own), and callouts. A footnote definition
/// is a note's last line, at the top level: cmark-gfm writes each after the document's
/// other blocks, so one in a container cannot be placed, and reads it as a container
/// whose lines indented four columns are its blocks (ours: one paragraph). An empty ATX
/// heading (`#`) is left out too: cmark-gfm 0.29 ends the containers around it on the line
/// before it.
struct RandomNotes {
  /// The same notes from the same seed on every machine.
  private var random: SplitMix

  init(seed: UInt64) { random = SplitMix(seed: seed) }

  /// A number in `range`.
  private mutating func number(_ range: ClosedRange<Int>) -> Int {
    range.lowerBound + Int(random.next() % UInt64(range.count))
  }

  /// Whether an event of probability `percent`% happens.
  private mutating func chance(_ percent: Int) -> Bool { number(0...99) < percent }

  private mutating func pick(_ choices: [String]) -> String { choices[number(0...(choices.count - 1))] }

  /// Indentation before a line's markers: mostly none, else 1 to 7 spaces or tabs.
  static let indentations = [
    "", "", "", "", "", "", " ", "  ", "  ", "   ", "    ", "    ", "     ", "      ", "       ", "\t", "\t",
    " \t", "  \t", "\t ",
  ]

  /// The markers that open containers: quotes and list items of every kind.
  static let containerMarkers = [
    "> ", "> ", ">", "- ", "- ", "* ", "+ ", "1. ", "1. ", "2) ", "3.  ", "-   ", "-\t", "10. ", "- ", ">\t",
  ]

  /// The block lines a line's text may be.
  static let bodies = [
    // Paragraph text.
    "text", "more text", "a lazy line", "some *words* here", "plain words", "next line", "[k] is used",
    "[a]", "x | y",
    // Nothing: a blank line, or one of container markers alone.
    "", "", "",
    // ATX headings (none empty: cmark-gfm 0.29 ends the containers of an empty one, `#`, on
    // the line before it).
    "# Title", "## Part ##", "###### Six",
    // Setext underlines, thematic breaks (some of them items too).
    "===", "---", "- - -", "***", "___", "* * *", "--",
    // Fences, opening and closing.
    "```", "```", "```swift", "~~~", "~~~", "````", "~~~ text", "``` a ` b",
    // HTML blocks of several kinds, and what closes them.
    "<div>", "</div>", "<!-- a comment", "-->", "<!-- one line -->", "<pre>", "</pre>", "<script>", "</script>",
    "<?php", "?>", "<!DOCTYPE html>", "<![CDATA[", "]]>", "<custom-tag>", "<span>", "</p>",
    // Link reference definitions, whole and in parts.
    "[k]: /url", "[k]: /url \"title\"", "[other]: <a b>", "[k]:", "/url", "\"title\"", "'title", "done'",
    "[a", "b]: /u",
    // Table rows.
    "| a | b |", "|---|---|", "a | b", "--- | ---", "| c | d |", "|:-:|", "| one |",
  ]

  /// A footnote definition, which refers to itself: cmark-gfm drops a footnote that nothing refers to.
  static let footnotes = ["[^1]: a note [^1]", "[^n]: note [^n]"]

  /// A note of 2 to 12 lines, each ending with a line break.
  mutating func note() -> String {
    var lines: [String] = []
    var previous = (indentation: "", markers: "")
    let count = number(2...12)
    for index in 0..<count {
      var indentation = ""
      var markers = ""
      if !lines.isEmpty && chance(45) {
        // Going on in the containers of the line above: its quotes again, its items' markers
        // as spaces (or, lazily, fewer of them).
        indentation = previous.indentation
        markers = Self.continuation(of: previous.markers)
        if chance(20) { markers = String(markers.dropLast(number(0...markers.count))) }
        if chance(25) { markers += pick(Self.containerMarkers) }
      } else {
        indentation = pick(Self.indentations)
        for _ in 0..<[0, 0, 0, 1, 1, 1, 2, 3][number(0...7)] {
          markers += pick(Self.containerMarkers)
        }
      }
      var body = pick(Self.bodies)
      // Spaces before a definition's `[` on a line below another: on a lazy line cmark-gfm
      // 0.29 keeps them in the paragraph, so it reads no definition there (CommonMark
      // strips them).
      if body.hasPrefix("["), markers.last == " " || markers.last == "\t" || (markers.isEmpty && !indentation.isEmpty),
        !lines.isEmpty
      {
        markers = markers.trimmingTrailingBlanks
        if markers.isEmpty { indentation = "" }
      }
      if index == count - 1 && indentation.isEmpty && markers.isEmpty && chance(30) { body = pick(Self.footnotes) }
      var line = indentation + markers + body
      // Front matter opens only at offset 0.
      if lines.isEmpty && line.trimmingTrailingBlanks == "---" { line = "text" }
      lines.append(line)
      previous = (indentation, markers)
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The markers of a line that goes on in the containers `markers` opened: the quotes'
  /// `>` again, each item's marker as spaces as wide.
  static func continuation(of markers: String) -> String {
    var out = ""
    var pendingSpaces = 0
    for character in markers {
      switch character {
      case ">", "\t":
        out += String(repeating: " ", count: pendingSpaces) + String(character)
        pendingSpaces = 0
      default: pendingSpaces += 1
      }
    }
    return out + String(repeating: " ", count: pendingSpaces)
  }
}

extension String {
  fileprivate var trimmingTrailingBlanks: String {
    var text = Substring(self)
    while text.last == " " || text.last == "\t" { text.removeLast() }
    return String(text)
  }
}
