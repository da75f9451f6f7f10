import BookNotesTestSupport
import Foundation

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
/// may open any line's block (its first line's text a paragraph, an item, a heading or a
/// quote), the lines after it going on in it four columns further in; each has a label of
/// its own and refers to itself (cmark-gfm drops a footnote that nothing refers to, and
/// all but the first of a label). After one, a blank line holds nothing: cmark-gfm 0.29
/// ends a footnote at a line of spaces or `>`s alone (it reads the line's first byte,
/// CommonMark a line of spaces as blank). An empty ATX
/// heading (`#`) is left out too: cmark-gfm 0.29 ends the containers around it on the line
/// before it.
struct RandomNotes {
  /// The same notes from the same seed on every machine.
  private var random: SplitMix
  /// Where footnote definitions go, drawn apart: the other lines stay those of the seed.
  private var footnotes: SplitMix

  init(seed: UInt64) {
    random = SplitMix(seed: seed)
    footnotes = SplitMix(seed: ~seed)
  }

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

  /// What a footnote definition's first line opens (`*` stands for the reference to
  /// itself), and the markers of the containers that opens in it.
  static let footnotes = [
    ("a note *", ""), ("note *", ""), ("- item *", "- "), ("# Title *", ""), ("> quoted *", "> "),
  ]

  /// A note of 2 to 12 lines, each ending with a line break.
  mutating func note() -> String {
    var lines: [String] = []
    var previous = (indentation: "", markers: "")
    let count = number(2...12)
    var hasFootnote = false
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
      var opened = markers
      // A note's last line at the top level may be a footnote's too, drawn from the seed.
      let lastLine = index == count - 1 && indentation.isEmpty && markers.isEmpty && chance(30)
      let footnote = footnotes.next()
      if footnote % 100 < 8 || lastLine {
        // A footnote definition: the lines after it go on in it four columns further in.
        let (text, inner) = Self.footnotes[lastLine ? number(0...1) : Int(footnote >> 32) % Self.footnotes.count]
        let label = "[^f\(index)]"
        body = label + ": " + text.replacingOccurrences(of: "*", with: label)
        opened = markers + "    " + inner
        hasFootnote = true
      } else if hasFootnote && body.isEmpty {
        indentation = ""
        markers = ""
      }
      var line = indentation + markers + body
      // Front matter opens only at offset 0.
      if lines.isEmpty && line.trimmingTrailingBlanks == "---" { line = "text" }
      lines.append(line)
      previous = (indentation, opened)
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
