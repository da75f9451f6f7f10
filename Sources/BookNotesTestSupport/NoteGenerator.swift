/// Random book notes built from the constructs of the spec, with CRLF and emoji mixed in.
public enum NoteGenerator {
  public static let words = [
    "habit", "memory", "the", "of", "recall", "book", "idea", "spacing", "café", "naïve", "中文", "ok",
  ]
  public static let breaks = ["\n", "\n", "\n", "\r\n", "\r"]

  public static func note(_ rng: inout SplitMix) -> String {
    var out = ""
    if Bool.random(using: &rng) {
      out +=
        "---\ntitle: \(words.randomElement(using: &rng)!)\nstatus: reading\nrating: \(Int.random(in: 0...6, using: &rng))\n---\n"
    }
    for _ in 0..<Int.random(in: 3...14, using: &rng) {
      out += block(&rng)
      out += breaks.randomElement(using: &rng)!
      if Int.random(in: 0..<3, using: &rng) == 0 { out += "\n" }
    }
    return out
  }

  public static func inline(_ rng: inout SplitMix) -> String {
    var parts: [String] = []
    for _ in 0..<Int.random(in: 1...8, using: &rng) {
      let w = words.randomElement(using: &rng)!
      switch Int.random(in: 0..<24, using: &rng) {
      case 0: parts.append("**\(w)**")
      case 1: parts.append("*\(w)*")
      case 2: parts.append("_\(w)_")
      case 3: parts.append("`\(w)`")
      case 4: parts.append("?[\(w)](\(w) \(w))")
      case 5: parts.append("#\(w)/sub")
      case 6: parts.append("[\(w)](https://x.org/\(w))")
      case 7: parts.append("😀👨‍👩‍👧")
      case 8: parts.append("?[\(w)]")
      case 9: parts.append("?[\(w)](\(w)")
      case 10: parts.append("🇫🇷")
      case 11: parts.append("==\(w)==")
      case 12: parts.append(["$\(w)$", "$5 and $6", "$$\(w)$$"].randomElement(using: &rng)!)
      case 13: parts.append(["%% \(w) %%", "%%\(w) #\(w) ?[\(w)]%%", "%%open"].randomElement(using: &rng)!)
      case 14: parts.append(["[^\(w)]", "?[^1]", "[^\(w) x]"].randomElement(using: &rng)!)
      case 15:
        parts.append(
          ["[[\(w)]]", "[[\(w)#\(w) x|\(w) \(w)]]", "![[\(w).png]]", "[[#\(w)]]", "[[\(w)#^b1]]", "[[\(w)"]
            .randomElement(using: &rng)!)
      case 16:
        // Links that use a definition (the block snippets define `x` and others), or text.
        parts.append(
          ["[\(w)][x]", "[\(w)][]", "[\(w)]", "![\(w)][x]", "[x]", "[\(w) #\(w)][x]"].randomElement(using: &rng)!)
      default: parts.append(w)
      }
    }
    return parts.joined(separator: " ")
  }

  public static func block(_ rng: inout SplitMix) -> String {
    let br = breaks.randomElement(using: &rng)!
    switch Int.random(in: 0..<13, using: &rng) {
    case 0: return String(repeating: "#", count: Int.random(in: 1...7, using: &rng)) + " " + inline(&rng)
    case 1: return "- " + inline(&rng) + br + "- " + inline(&rng) + br + "  - " + inline(&rng)
    case 2: return "1. " + inline(&rng) + br + "2. " + inline(&rng)
    case 3: return "> " + inline(&rng) + br + "> " + inline(&rng) + " (p. \(Int.random(in: 1...400, using: &rng)))"
    case 4: return "Q: " + inline(&rng) + br + "A: " + inline(&rng)
    case 5: return "Summary: " + inline(&rng)
    case 6: return "Q: " + inline(&rng) + br + br + "A: " + inline(&rng)
    case 7:
      let fence = ["```", "~~~", "````"].randomElement(using: &rng)!
      let info = ["", "sh", " python", "`x`"].randomElement(using: &rng)!
      let body = (0..<Int.random(in: 0...3, using: &rng)).map { _ in
        ["# not a heading", "x = ?[a](b)", "Q: no", inline(&rng), "", "~~", "```js"].randomElement(using: &rng)! + br
      }.joined()
      // Sometimes left open: the block then runs to the end of the note.
      let close =
        Int.random(in: 0..<4, using: &rng) == 0
        ? "" : String(repeating: " ", count: Int.random(in: 0...3, using: &rng)) + fence
      return fence + info + br + body + close
    case 8: return "Q:" + inline(&rng) + br + (Bool.random(using: &rng) ? "A: " : "a:") + inline(&rng)
    case 9, 10: return commonMarkBlock(&rng, br)
    default: return inline(&rng) + br + inline(&rng)
    }
  }

  /// What notes hold that is ours only outside code, HTML, math and comments.
  public static func ours(_ rng: inout SplitMix) -> String {
    [
      "# Heading", "Q: q", "A: a", "#tag", "[l](x.md)", "[[Note]]", "?[hint](answer)", "?[broken", "> quote",
      inline(&rng),
    ]
    .randomElement(using: &rng)!
  }

  /// CommonMark's and GFM's other blocks: HTML blocks, indented code, `$$` and `%%`
  /// blocks, setext headings, thematic breaks, tables, footnote definitions and blocks in
  /// list items and quotes; sometimes left open.
  public static func commonMarkBlock(_ rng: inout SplitMix, _ br: String) -> String {
    let open = Int.random(in: 0..<5, using: &rng) == 0
    switch Int.random(in: 0..<25, using: &rng) {
    case 0: return "<!-- " + ours(&rng) + br + ours(&rng) + (open ? "" : " -->")
    case 1: return "<details>" + br + "<summary>x</summary>" + br + ours(&rng) + br + (open ? "" : "</details>")
    case 2: return "    " + ours(&rng) + br + br + "\t" + ours(&rng)
    case 3: return "$$" + br + ours(&rng) + br + (open ? "" : "$$")
    case 4: return "%%" + br + ours(&rng) + br + (open ? "" : "%%")
    case 5: return inline(&rng) + br + ["===", "---", "-", "= ="].randomElement(using: &rng)!
    case 6: return ["---", "***", "_ _ _", "- - -", "* * *"].randomElement(using: &rng)!
    case 7: return "| a | b |" + br + "|---|:-:|" + br + "| " + inline(&rng) + " | " + ours(&rng) + " |"
    case 8: return "[^1]: " + inline(&rng)
    case 9:
      return "- ## " + inline(&rng) + br + "- " + inline(&rng) + br + "  ```" + br + "  " + ours(&rng) + br
        + (open ? "" : "  ```")
    case 10: return "1. " + inline(&rng) + br + br + "       " + ours(&rng) + br + "   - " + inline(&rng)
    case 11:
      return "[" + inline(&rng) + "]: /" + ours(&rng).filter { $0 != " " } + " '" + ours(&rng) + "'" + br + "[x]:" + br
        + "  <a b> \"" + br + ours(&rng) + "\"" + (open ? "" : br + "===")
    case 12:
      return "Q: " + inline(&rng) + br + inline(&rng) + br + "A:" + br + "```" + br + ours(&rng) + br
        + (open ? "" : "```")
    case 13:
      return "-\t\t" + ours(&rng) + br + "- <div>" + br + "- " + inline(&rng) + br + "  ---" + br + "  " + ours(&rng)
    case 14: return "\\# " + inline(&rng) + " \\*" + inline(&rng) + "\\* \\?[" + inline(&rng) + "](x)"
    case 15:
      return "> ```" + br + "> " + ours(&rng) + br + ">     " + ours(&rng) + br + (open ? "" : "> ```") + br + "> ## "
        + inline(&rng) + br + inline(&rng)
    case 16: return "> <div>" + br + "> " + ours(&rng) + br + ">" + br + ">     " + ours(&rng) + br + "> ---"
    case 17:
      return "- " + inline(&rng) + br + "  > " + ours(&rng) + br + "  > " + inline(&rng) + br + "- > " + inline(&rng)
        + br + inline(&rng)
    case 18:
      return ["- - ", "1. - 2. ", "* * ", "- > "].randomElement(using: &rng)! + inline(&rng) + br + "  - " + ours(&rng)
    case 19:
      return "> [!note] " + inline(&rng) + br + "> | a | b |" + br + "> |---|---|" + br + "> | " + ours(&rng) + " | x |"
        + br + "> $$" + br + "> " + ours(&rng) + br + (open ? "" : "> $$" + br) + "> [^1]: " + inline(&rng) + br
        + "> [x]: /x" + br + "> %%" + br + "> " + ours(&rng)
    case 20:
      return "- " + inline(&rng) + br + br + "  | a | b |" + br + "  |---|---|" + br + "  | " + ours(&rng) + " | x |"
        + br
        + "1.  Q: " + inline(&rng) + br + "    Q: " + inline(&rng) + br + "    " + (open ? "" : "A: ") + ours(&rng)
        + br + "    - [^1]: " + inline(&rng) + br + "      " + ours(&rng) + br + "    - > " + ours(&rng) + br
        + "      > ?[" + inline(&rng) + "](x)" + br + br + "> [^2]: " + inline(&rng) + br + "> " + ours(&rng) + br
        + inline(&rng) + br + "> " + ["===", "---", "| a |"].randomElement(using: &rng)!
    case 21:
      return "> [" + inline(&rng) + "]:" + br + "> /" + ours(&rng).filter { $0 != " " } + br + "> \"" + ours(&rng)
        + "\"" + br + (open ? "" : "> ") + ["===", "---", inline(&rng)].randomElement(using: &rng)! + br + "> - [x]:"
        + br + ">   /x 'y'" + br + inline(&rng)
    case 22:
      return "- Q: " + inline(&rng) + br + "  A: " + ours(&rng) + br + "- " + inline(&rng) + br + "  A: " + ours(&rng)
        + br + (open ? "" : "  ") + "A: " + inline(&rng) + br + br + "  " + inline(&rng) + br + "  Q: " + inline(&rng)
    case 23:
      return "> [!question] " + inline(&rng) + br + "> Q: " + inline(&rng) + br + "> " + inline(&rng) + br
        + (open ? "> " : "> A: ") + ours(&rng) + br + ">" + br + "> **Q:** " + inline(&rng) + br + ">" + br + "> A: "
        + inline(&rng) + br + "> - Q: " + inline(&rng) + br + ">   " + (open ? "" : "A: ") + ours(&rng) + br
        + ">   A: " + inline(&rng) + br + "> > Q: " + ours(&rng) + br + "> A: " + inline(&rng) + br + br + "> Q: "
        + inline(&rng) + br + "> A:" + br + "> ```" + br + "> " + ours(&rng) + br + (open ? "" : "> ```")
    default: return "<div>" + br + ours(&rng) + br + br + ours(&rng)
    }
  }

  /// Snippets that edits insert, heavy on prompt syntax and line breaks.
  public static let snippets = [
    "?[", "](", ")", "]", "[", "(", "Q: ", "A: ", "q:", "\n", "\r\n", "\r", "\n\n", "#", "# ", "## ", "#tag/x", "*",
    "**", "==", "=", "$", "%%", "[^", "[[", "]]", "![[", "|",
    "_", "`", "> ", "- ", "1. ", "---", "---\n", "...", "Summary: ", "tl;dr:", "😀", "👨‍👩‍👧", "\u{200D}", "🇫🇷", "é", "中", " ",
    "\t", "word", "(p. 4)", "— p. 3", "status: x\n", "```", "```\n", "~~~", "\n```sh\n", "`",
    "<!--", "-->", "<details>\n", "</details>", "<div>", "    ", "\n    ", "$$\n", "\n%%\n", "===", "\n---\n", "***",
    "| a |", "|---|", "[^1]: ", "\n- ## ", "\n  ```\n", "\\", "]: /x", "\nA:\n", "\t", "][", "\n[x]: /y\n",
    "\n> [x]:\n> /y\n", "\n  A: ", "\n  Q: ", "\n> Q: ", "\n> A: ", "\n>   A: ",
  ]
}
