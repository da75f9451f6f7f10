import Foundation
import NoteIntelligence
import NoteSyntax

/// Keystrokes inside one very large block, in process: a 1 MB paragraph written as one
/// line and as many lines, a 1 MB quote with clozes and a 1 MB list. Each note is a
/// heading, the block and a closing paragraph. Typed: one character at seeded random
/// places inside the block (each then deleted), at the block's start and at its end;
/// then `*`, `?[` and `)` typed in its middle and deleted again (edits that open or
/// close inline constructs). Timed: the edit with its reparse, and the edit with the
/// semantic tokens of the region it reparsed (what a token delta recomputes).
enum LargeBlockBenchmark {
  static let cases: [(name: String, make: @Sendable (Int) -> String)] = [
    ("paragraph, one line", { LargeBlocks.paragraph(bytes: $0, lineBreaks: false) }),
    ("paragraph, lines", { LargeBlocks.paragraph(bytes: $0, lineBreaks: true) }),
    ("quote with clozes", { LargeBlocks.quote(bytes: $0) }),
    ("list", { LargeBlocks.list(bytes: $0) }),
    ("CJK, no spaces", { LargeBlocks.cjk(bytes: $0) }),
    ("after unclosed *", { LargeBlocks.afterUnclosedStar(bytes: $0) }),
    ("stray * throughout", { LargeBlocks.strayStars(bytes: $0) }),
    ("stray [ throughout", { LargeBlocks.strayBrackets(bytes: $0) }),
    ("quote, one line", { LargeBlocks.quoteLine(bytes: $0) }),
    ("list, one item", { LargeBlocks.listItem(bytes: $0) }),
    ("repeated text", { LargeBlocks.repeated(bytes: $0) }),
    ("one word repeated", { LargeBlocks.repeatedWord(bytes: $0) }),
  ]

  static func run() throws {
    print("\nkeystrokes inside one 1 MiB block (in process; edit = replace + reparse, +tokens = and the")
    print("reparsed region's semantic tokens; 300 random places typed and deleted, 50 at start and end)")
    print(
      "block               | parse    | edit median | p99      | +tokens median | p99      | start p99 | end p99  | "
        + "'*' | '?[' | ')'")
    let only = ProcessInfo.processInfo.environment["BOOKNOTES_BENCH_BLOCK"]
    for (name, make) in cases where only.map({ name.hasPrefix($0) }) ?? true {
      let text = make(1024 * 1024)
      let parse = Measure.median((0..<3).map { _ in Measure.seconds { _ = NoteDocument(text) } })
      var document = NoteDocument(text)
      let block = LargeBlocks.blockRange(in: document)
      var random = BenchRandom(state: 5)
      var edits: [Double] = []
      var withTokens: [Double] = []
      let cache = SemanticTokenCache()
      _ = cache.tokens(for: document)
      for round in 0..<300 {
        let at = document.scalarBoundary(atOrBefore: block.lowerBound + random.next(block.count))
        if round % 2 == 0 {
          edits.append(Measure.seconds { document.replace(at..<at, with: "x") })
          edits.append(Measure.seconds { document.replace(at..<(at + 1), with: "") })
        } else {
          withTokens.append(
            Measure.seconds {
              let summary = document.replace(at..<at, with: "x")
              _ = cache.tokens(for: document, in: summary.reparsed)
            })
          withTokens.append(
            Measure.seconds {
              let summary = document.replace(at..<(at + 1), with: "")
              _ = cache.tokens(for: document, in: summary.reparsed)
            })
        }
      }
      let start = block.lowerBound + 2
      let starts = (0..<50).map { _ in Measure.seconds { document.replace(start..<start, with: "x") } }
      let ends = (0..<50).map { i in
        let end = LargeBlocks.blockRange(in: document).upperBound - 2 - i
        return Measure.seconds { document.replace(end..<end, with: "x") }
      }
      let middle = document.scalarBoundary(atOrBefore: (block.lowerBound + block.upperBound) / 2)
      var constructs: [String] = []
      for typed in ["*", "?[", ")"] {
        let open = Measure.seconds { document.replace(middle..<middle, with: typed) }
        let close = Measure.seconds { document.replace(middle..<(middle + typed.utf8.count), with: "") }
        constructs.append("\(Measure.format(open))/\(Measure.format(close))")
      }
      print(
        "\(pad(name, 19)) | \(pad(Measure.format(parse), 8)) | \(pad(Measure.format(Measure.median(edits)), 11)) | "
          + "\(pad(Measure.format(Measure.percentile(edits, 0.99)), 8)) | "
          + "\(pad(Measure.format(Measure.median(withTokens)), 14)) | "
          + "\(pad(Measure.format(Measure.percentile(withTokens, 0.99)), 8)) | "
          + "\(pad(Measure.format(Measure.percentile(starts, 0.99)), 9)) | "
          + "\(pad(Measure.format(Measure.percentile(ends, 0.99)), 8)) | " + constructs.joined(separator: " | "))
    }
  }
}

/// Notes made of one very large block, for the parse and lsp benchmarks: words drawn
/// by a seeded generator, with clozes, emphasis, web links and hashtags among them.
enum LargeBlocks {
  static let words = [
    "memory", "habit", "reader", "attention", "the", "of", "a", "slowly", "because", "mind", "book", "chapter",
    "effort", "and", "thinking", "with", "pattern", "review", "note", "idea", "Kahneman", "system", "lazy",
    "controller", "depletion", "bias", "anchor", "story", "evidence", "fluency",
  ]

  /// About `count` bytes of prose: sentences of 8 to 20 words, now and then a cloze,
  /// emphasis, strong text, a link or a hashtag.
  static func prose(_ random: inout BenchRandom, bytes count: Int, separator: () -> String) -> String {
    var text = ""
    while text.utf8.count < count {
      var sentence: [String] = []
      for _ in 0..<(8 + random.next(13)) {
        let word = words[random.next(words.count)]
        switch random.next(40) {
        case 0: sentence.append("?[\(word)](\(words[random.next(words.count)]))")
        case 1: sentence.append("*\(word)*")
        case 2: sentence.append("**\(word)**")
        // Web links: a link to a missing note would add a diagnostic, sent again with
        // every keystroke.
        case 3: sentence.append("[\(word)](https://example.org/\(word))")
        case 4: sentence.append("#\(word)")
        default: sentence.append(word)
        }
      }
      text += sentence.joined(separator: " ") + "." + separator()
    }
    return text
  }

  static func wrap(_ block: String) -> String { "# A long block\n\n" + block + "\n\nThe end.\n" }

  static func paragraph(bytes: Int, lineBreaks: Bool) -> String {
    var random = BenchRandom(state: 21)
    var sentences = 0
    return wrap(
      prose(&random, bytes: bytes) {
        sentences += 1
        // A line starting with a hashtag or a list marker would end the paragraph.
        return lineBreaks && sentences % 2 == 0 ? "\nand " : " "
      })
  }

  static func quote(bytes: Int) -> String {
    var random = BenchRandom(state: 22)
    var text = ""
    while text.utf8.count < bytes {
      text += "> " + prose(&random, bytes: 60) { " " } + "\n"
    }
    return wrap(text + "> (p. 42)")
  }

  static func list(bytes: Int) -> String {
    var random = BenchRandom(state: 23)
    var text = ""
    while text.utf8.count < bytes {
      text += "- " + prose(&random, bytes: 60) { " " } + "\n"
    }
    return wrap(String(text.dropLast()))
  }

  /// Chinese prose without spaces: characters drawn from a few hundred, a full stop now
  /// and then, and now and then a cloze.
  static func cjk(bytes: Int) -> String {
    var random = BenchRandom(state: 24)
    let characters = (0x4E00..<0x4F2C).compactMap { Unicode.Scalar($0).map(Character.init) }
    var text = ""
    var count = 0
    while count < bytes {
      let sentence = String((0..<(10 + random.next(30))).map { _ in characters[random.next(characters.count)] })
      let piece = random.next(20) == 0 ? "?[\(sentence.prefix(3))](\(sentence.suffix(2)))。" : sentence + "。"
      text += piece
      count += piece.utf8.count
    }
    return wrap(text)
  }

  /// A one-line paragraph whose first `*` is never closed.
  static func afterUnclosedStar(bytes: Int) -> String {
    var random = BenchRandom(state: 25)
    return wrap("*open " + prose(&random, bytes: bytes) { " " }.replacingOccurrences(of: "*", with: "_"))
  }

  /// A one-line paragraph with a `*` that is never closed every 40 KB or so: a
  /// footnote mark, a rating, a pasted list flattened into one line.
  static func strayStars(bytes: Int) -> String {
    var random = BenchRandom(state: 28)
    var text = ""
    while text.utf8.count < bytes {
      text += "*note " + prose(&random, bytes: 40_000) { " " }.replacingOccurrences(of: "*", with: "_") + " "
    }
    return wrap(text)
  }

  /// The same with a link's `[` that is never closed: "[sic" and "see [1" pasted on one line.
  static func strayBrackets(bytes: Int) -> String {
    var random = BenchRandom(state: 29)
    var text = ""
    while text.utf8.count < bytes {
      let words = prose(&random, bytes: 40_000) { " " }
      text +=
        "see [note " + words.replacingOccurrences(of: "[", with: "{").replacingOccurrences(of: "]", with: "}") + " "
    }
    return wrap(text)
  }

  /// A quote of one line.
  static func quoteLine(bytes: Int) -> String {
    var random = BenchRandom(state: 26)
    return wrap("> " + prose(&random, bytes: bytes) { " " } + " (p. 42)")
  }

  /// A list of one item.
  static func listItem(bytes: Int) -> String {
    var random = BenchRandom(state: 27)
    return wrap("- " + prose(&random, bytes: bytes) { " " })
  }

  /// One sentence again and again.
  static func repeated(bytes: Int) -> String {
    let sentence = "All work and no play makes a dull reader. "
    return wrap(String(repeating: sentence, count: bytes / sentence.utf8.count))
  }

  /// One word over and over: text whose hashes pick no place to cut.
  static func repeatedWord(bytes: Int) -> String {
    wrap(String(repeating: "word ", count: bytes / 5))
  }

  /// The byte range of the note's large block: from the line after the heading's blank
  /// line to the blank line before the closing paragraph.
  static func blockRange(in document: NoteDocument) -> Range<Int> {
    let start = "# A long block\n\n".utf8.count
    return start..<(document.utf8Count - "\n\nThe end.\n".utf8.count)
  }
}
